// The runner: `runner [COMMAND] SPEC [options]` (see cli/arguments.cpp for the usage).
#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>

#include "cli/arguments.hpp"
#include "cli/compare_command.hpp"
#include "cli/component_list.hpp"
#include "cli/export.hpp"
#include "cli/rankings.hpp"
#include "cli/runner_allocator.hpp"
#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "common/logging.hpp"
#include "common/progress.hpp"
#include "common/version.hpp"
#include "config/spec.hpp"
#include "config/spec_keys.hpp"
#include "launch/launcher.hpp"
#include "launch/shard/merge.hpp"
#include "launch/shard/shard_commands.hpp"
#include "launch/slurm/submit.hpp"
#include "plot/plot.hpp"
#include "report/html_report.hpp"
#include "sweep/run/run.hpp"
#include "sweep/store/output_folder.hpp"
#include "sweep/store/output_tables.hpp"

namespace {

// `runner plot RUN_DIR`: the run folder keeps the spec it ran (spec.yaml) next to its CSVs.
int replot(const tsfs::Arguments& arguments) {
  std::filesystem::path run_folder = arguments.spec;
  if (std::filesystem::exists(run_folder) && !std::filesystem::is_directory(run_folder))
    throw tsfs::InputError(run_folder.string(), "is a file, not a run folder");
  if (!std::filesystem::exists(run_folder))
    throw tsfs::InputError(run_folder.string(), "run folder not found");
  if (!std::filesystem::exists(run_folder / "spec.yaml"))
    throw tsfs::InputError(run_folder.string(), "not a run folder (no spec.yaml in it)");
  tsfs::Spec spec = tsfs::load_spec(run_folder / "spec.yaml", arguments.overrides);
  if (spec.plots.empty())
    throw tsfs::InputError((run_folder / "spec.yaml").string(), "the spec has no plots");
  tsfs::OutputCommand output{run_folder, run_folder.string(), "runner plot " + run_folder.string(),
                             arguments.run.wait};
  output.output_option.clear();
  return tsfs::run_in_output_folder(output, [&] {
    int rendered = tsfs::render_plots(spec, run_folder);
    fmt::print("{} figures in {}\n", rendered, (run_folder / "figures").string());
    return 0;
  });
}

// `runner report FOLDER...`: each folder's page, written holding the folder's lock.
int write_reports(const std::vector<std::string>& folders) {
  if (folders.empty()) throw tsfs::InputError("runner report", "needs one or more folders");
  for (const auto& folder : folders) {
    if (folder.empty()) throw tsfs::InputError("runner report", "a folder given is empty ('')");
    if (!std::filesystem::is_directory(folder))
      throw tsfs::InputError(
          folder, std::filesystem::exists(folder) ? "is a file, not a folder" : "folder not found");
    tsfs::OutputCommand output{folder, folder, "runner report " + folder};
    output.output_option.clear();
    tsfs::run_in_output_folder(output, [&] {
      fmt::print("{}\n", tsfs::write_report(folder).string());
      return 0;
    });
  }
  return 0;
}

// `runner merge RUN_DIR` and `runner status RUN_DIR`: the run folder of a sharded run.
int run_folder_command(const tsfs::Arguments& arguments) {
  std::filesystem::path run_folder = arguments.spec;
  tsfs::check_run_folder(run_folder);
  if (arguments.command == tsfs::Command::status) return tsfs::print_status(run_folder);
  tsfs::OutputCommand output{run_folder, run_folder.string(), "runner merge " + run_folder.string(),
                             arguments.run.wait};
  output.output_option.clear();
  return tsfs::run_in_output_folder(output,
                                    [&] { return tsfs::merge_shards(run_folder, arguments.run); });
}

// What the jobs of `runner submit` pass on to every runner they start.
std::vector<std::string> passed_on_options(const tsfs::Arguments& arguments) {
  std::vector<std::string> options;
  if (!arguments.run.timings) options.push_back("--no-timings");
  if (arguments.run.direct_fits) options.push_back("--direct-fits");
  for (const auto& override_text : arguments.overrides) {
    options.push_back("--set");
    options.push_back(override_text);
  }
  return options;
}

// The launcher of `runner SPEC`, `runner run SPEC --shard I/N` and `runner submit SPEC --slurm`.
std::unique_ptr<tsfs::Launcher> launcher_for(const tsfs::Arguments& arguments) {
  const auto& cluster = arguments.cluster;
  if (arguments.command == tsfs::Command::submit)
    return tsfs::slurm_launcher(
        arguments.spec, {cluster.shards, cluster.resources, arguments.run.dry_run,
                         cluster.calibrate, passed_on_options(arguments),
                         cluster.split_folds ? tsfs::ShardSplit::folds : tsfs::ShardSplit::groups});
  if (cluster.shard && cluster.artefacts_only) return tsfs::artefacts_task_launcher(*cluster.shard);
  if (cluster.shard) return tsfs::shard_launcher(*cluster.shard);
  return tsfs::local_launcher();
}

int run_command(const tsfs::Arguments& arguments, const tsfs::Spec& spec,
                const tsfs::Launcher& launcher) {
  switch (arguments.command) {
    case tsfs::Command::plan:
      return tsfs::plan_shards(
          spec, arguments.cluster.shards, arguments.run, arguments.cluster.calibrate,
          arguments.cluster.split_folds ? tsfs::ShardSplit::folds : tsfs::ShardSplit::groups);
    case tsfs::Command::features:
      return tsfs::export_features(spec, arguments.run);
    case tsfs::Command::distances:
      return tsfs::export_distances(spec, arguments.run);
    case tsfs::Command::rankings:
      return tsfs::export_rankings(spec, arguments.run);
    case tsfs::Command::run:
      if (arguments.cluster.artefacts_only && !arguments.cluster.shard)
        return tsfs::compute_artefacts(spec, arguments.run);
      break;
    case tsfs::Command::submit:
    case tsfs::Command::merge:
    case tsfs::Command::status:
    case tsfs::Command::plot:
      break;
  }
  return launcher.launch(spec, arguments.run);
}

// Every command but a dry run writes into the launcher's folder, holding its lock.
int run_spec(const tsfs::Arguments& arguments) {
  tsfs::Spec spec = tsfs::load_spec(arguments.spec, arguments.overrides);
  const auto launcher = launcher_for(arguments);
  if (arguments.command == tsfs::Command::run && arguments.run.dry_run)
    return launcher->launch(spec, arguments.run);
  std::string command =
      fmt::format("runner {} {}", tsfs::command_name(arguments.command), arguments.spec);
  if (arguments.command == tsfs::Command::run) command += launcher->command_suffix();
  return tsfs::run_in_output_folder({launcher->folder(spec), spec.output_where.str(), command,
                                     arguments.run.wait, spec.cache, spec.cache_where.str()},
                                    [&] { return run_command(arguments, spec, *launcher); });
}

}  // namespace

int main(int argc, char** argv) {
  tsfs::configure_runner_allocator();
  try {
    std::vector<std::string> words(argv + 1, argv + argc);
    if (!words.empty() && words.front() == "compare") {
      auto compare = tsfs::parse_compare_arguments({words.begin() + 1, words.end()});
      if (compare.help) {
        fmt::print("{}", tsfs::compare_usage());
        return 0;
      }
      tsfs::InterruptHandlers interrupts;
      tsfs::run_compare(compare);
      return 0;
    }
    if (!words.empty() && words.front() == "report") {
      tsfs::InterruptHandlers interrupts;
      return write_reports({words.begin() + 1, words.end()});
    }
    auto arguments = tsfs::parse_arguments(words);
    if (arguments.help) {
      fmt::print("{}", tsfs::usage());
      return 0;
    }
    if (arguments.version) {
      fmt::print("tsfs runner {} (commit {})\nallocator: {}\n", tsfs::kTsfsVersion,
                 tsfs::kTsfsGitCommit, tsfs::runner_allocator());
      return 0;
    }
    tsfs::Progress::set_enabled(arguments.run.show_progress());
    if (arguments.list) {
      fmt::print("{}", arguments.spec_keys  ? tsfs::spec_keys_markdown()
                       : arguments.outputs  ? tsfs::output_tables_markdown()
                       : arguments.markdown ? tsfs::component_list_markdown()
                                            : tsfs::component_list());
      return 0;
    }
    spdlog::set_default_logger(tsfs::make_logger({}, arguments.run.quiet));
    // Installed for every command, so that feature extraction, the first stage, is interruptible.
    tsfs::InterruptHandlers interrupts;
    if (arguments.command == tsfs::Command::plot) return replot(arguments);
    if (arguments.command == tsfs::Command::merge || arguments.command == tsfs::Command::status)
      return run_folder_command(arguments);
    return run_spec(arguments);
  } catch (const tsfs::Interrupted&) {
    fmt::print(stderr, "interrupted; rerun the same command to continue\n");
    return 130;
  } catch (const tsfs::InputError& error) {
    fmt::print(stderr, "error: {}\n", error.what());
    return 2;
  } catch (const std::exception& error) {
    fmt::print(stderr, "internal error: {}\n", error.what());
    return 1;
  }
}
