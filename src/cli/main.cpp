// The runner: `runner [COMMAND] SPEC [options]` (see cli/arguments.cpp for the usage).
#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <filesystem>

#include "cli/arguments.hpp"
#include "cli/compare_command.hpp"
#include "cli/component_list.hpp"
#include "common/error.hpp"
#include "common/version.hpp"
#include "plot/plot.hpp"
#include "spec/spec.hpp"
#include "sweep/export.hpp"
#include "sweep/logging.hpp"
#include "sweep/progress.hpp"
#include "sweep/rankings.hpp"
#include "sweep/run.hpp"

namespace {

// `runner plot RUN_DIR`: the run folder keeps the spec it ran (spec.yaml) next to its CSVs.
int replot(const tsfs::Arguments& arguments) {
  std::filesystem::path run_folder = arguments.spec;
  if (!std::filesystem::is_directory(run_folder) ||
      !std::filesystem::exists(run_folder / "spec.yaml"))
    throw tsfs::InputError(run_folder.string(), "not a run folder (no spec.yaml in it)");
  spdlog::set_default_logger(tsfs::make_logger({}, arguments.run.quiet));
  tsfs::Spec spec = tsfs::load_spec(run_folder / "spec.yaml", arguments.overrides);
  if (spec.plots.empty())
    throw tsfs::InputError((run_folder / "spec.yaml").string(), "the spec has no plots");
  int rendered = tsfs::render_plots(spec, run_folder);
  fmt::print("{} figures in {}\n", rendered, (run_folder / "figures").string());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::vector<std::string> words(argv + 1, argv + argc);
    if (!words.empty() && words.front() == "compare") {
      auto compare = tsfs::parse_compare_arguments({words.begin() + 1, words.end()});
      if (compare.help) {
        fmt::print("{}", tsfs::compare_usage());
        return 0;
      }
      return tsfs::run_compare(compare);
    }
    auto arguments = tsfs::parse_arguments(words);
    if (arguments.help) {
      fmt::print("{}", tsfs::usage());
      return 0;
    }
    if (arguments.version) {
      fmt::print("tsfs runner {} (commit {})\n", tsfs::kTsfsVersion, tsfs::kTsfsGitCommit);
      return 0;
    }
    tsfs::Progress::set_enabled(!arguments.run.quiet);
    if (arguments.list) {
      fmt::print("{}", tsfs::component_list());
      return 0;
    }
    if (arguments.command == tsfs::Command::plot) return replot(arguments);
    tsfs::Spec spec = tsfs::load_spec(arguments.spec, arguments.overrides);
    switch (arguments.command) {
      case tsfs::Command::features:
        return tsfs::export_features(spec, arguments.run);
      case tsfs::Command::distances:
        return tsfs::export_distances(spec, arguments.run);
      case tsfs::Command::rankings:
        return tsfs::export_rankings(spec, arguments.run);
      case tsfs::Command::plot:
      case tsfs::Command::run:
        break;
    }
    return tsfs::run_sweep(spec, arguments.run);
  } catch (const tsfs::InputError& error) {
    fmt::print(stderr, "error: {}\n", error.what());
    return 2;
  } catch (const std::exception& error) {
    fmt::print(stderr, "internal error: {}\n", error.what());
    return 1;
  }
}
