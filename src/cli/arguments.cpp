#include "cli/arguments.hpp"

#include <fmt/format.h>

#include "cli/word_reader.hpp"
#include "common/error.hpp"
#include "common/text.hpp"

namespace tsfs {

std::string usage() {
  return R"(usage: runner [COMMAND] SPEC [options]

commands:
  run (default)        the whole sweep, see below
  features             write <output>/features/<dataset>.csv for every dataset, no sweep
  distances            write <output>/distances/<dataset>_<label>.csv for every dataset and
                       distance, no sweep
  rankings             write <output>/rankings/<dataset>_kendall.csv: Kendall tau-b between the
                       rankings of every selector parameter set (and distance), each fitted on
                       the first fold's training rows (fit_on: all: on all rows), no sweep
  list                 every extractor, distance, selector, classifier and plot kind with its
                       parameters (no SPEC)
  plot RUN_DIR         re-render the figures of a finished run from its CSVs and spec.yaml
  compare RUN_DIR...   compare methods across datasets (ranks, Friedman, Nemenyi, Wilcoxon-Holm)
                       from finished runs into RUN_DIR/comparison/ (runner compare --help)

`runner SPEC` runs the experiment described by the YAML spec SPEC: loads its datasets, extracts features,
computes distances, scores features with every selector over the sweep grid, evaluates the
classifier under the protocol, and writes results.csv, folds.csv, scores.csv, tables/,
spec.resolved.yaml, manifest.json and run.log into the spec's output folder. A rerun resumes:
cells already in results.csv are kept.

options:
  --threads N          worker threads (default: all cores); results do not depend on it
  --dry-run            print the grid size and the distinct work units, compute nothing
  --fresh              ignore earlier results in the output folder and start over
  --quiet              no progress or info lines on stderr (run.log keeps them)
  --no-timings         leave fit_seconds empty so every CSV is byte-reproducible
  --set KEY.PATH=VALUE override a spec value (repeatable), e.g. --set selectors.0.k=20
  --help               this text
  --version            version and build commit

exit codes: 0 done, 1 internal error, 2 bad input (spec, data, command line), 130 interrupted
)";
}

namespace {

std::optional<Command> command_of(const std::string& word) {
  if (word == "run") return Command::run;
  if (word == "features") return Command::features;
  if (word == "distances") return Command::distances;
  if (word == "rankings") return Command::rankings;
  if (word == "plot") return Command::plot;
  return std::nullopt;
}

}  // namespace

Arguments parse_arguments(const std::vector<std::string>& args) {
  Arguments arguments;
  size_t positional = 0;
  WordReader words(args, "runner --help");
  auto fail = [&](const std::string& message) { words.fail(message); };
  while (words.more()) {
    const std::string& arg = words.next();
    auto value = [&](const char* option) { return words.value(option); };
    if (arg == "--help" || arg == "-h") {
      arguments.help = true;
    } else if (arg == "--version") {
      arguments.version = true;
    } else if (arg == "--dry-run") {
      arguments.run.dry_run = true;
    } else if (arg == "--fresh") {
      arguments.run.fresh = true;
    } else if (arg == "--quiet") {
      arguments.run.quiet = true;
    } else if (arg == "--no-timings") {
      arguments.run.timings = false;
    } else if (arg == "--threads") {
      std::string text = value("--threads");
      auto threads = parse_double(text);
      if (!threads || *threads < 1 || *threads != static_cast<int>(*threads))
        fail(fmt::format("--threads needs a positive integer, got '{}'", text));
      arguments.run.threads = static_cast<int>(*threads);
    } else if (arg == "--set") {
      arguments.overrides.push_back(value("--set"));
    } else if (arg.rfind("--set=", 0) == 0) {
      arguments.overrides.push_back(arg.substr(6));
    } else if (arg == "list" && positional == 0) {
      arguments.list = true;
      ++positional;
    } else if (arg.rfind("-", 0) == 0) {
      fail(fmt::format("unknown option '{}'", arg));
    } else if (positional == 0 && command_of(arg) && words.more()) {
      arguments.command = *command_of(arg);
      ++positional;
    } else if (arguments.spec.empty()) {
      arguments.spec = arg;
      ++positional;
    } else {
      fail(fmt::format("unexpected argument '{}': one spec per run", arg));
    }
  }
  if (arguments.spec.empty() && !arguments.help && !arguments.version && !arguments.list)
    fail("missing SPEC");
  return arguments;
}

}  // namespace tsfs
