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
  --direct-fits        fit every feature subset from scratch; by default the subsets of one
                       ranking (n_features sweeps) share their kernel sums, which may round
                       differently in the last bits
  --wait               when another runner is writing into the same output folder, wait for it
                       to finish (default: exit 2 naming its pid and host)
  --rebuild-manifest   resume although manifest.json is missing or corrupt: results.csv and
                       folds.csv are validated row by row and trusted to come from this spec's
                       inputs, and a new manifest is written
  --set KEY.PATH=VALUE override a spec value (repeatable), e.g. --set selectors.0.k=20
  --help               this text
  --version            version and build commit

One runner at a time writes into an output folder: run, features, distances, rankings and plot
hold a lock (<output>/runner.lock, naming the holder's pid and host) while they run; a runner
killed with SIGKILL releases it.

exit codes: 0 done, 1 internal error (a bug in tsfs), 2 bad input (spec, data, command line,
an unwritable or full output folder, a folder in use), 130 interrupted
)";
}

namespace {

constexpr Command kCommands[] = {Command::run, Command::features, Command::distances,
                                 Command::rankings, Command::plot};

std::optional<Command> command_of(const std::string& word) {
  for (Command command : kCommands)
    if (word == command_name(command)) return command;
  return std::nullopt;
}

}  // namespace

std::string command_name(Command command) {
  switch (command) {
    case Command::run:
      return "run";
    case Command::features:
      return "features";
    case Command::distances:
      return "distances";
    case Command::rankings:
      return "rankings";
    case Command::plot:
      return "plot";
  }
  return "run";
}

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
    } else if (arg == "--wait") {
      arguments.run.wait = true;
    } else if (arg == "--rebuild-manifest") {
      arguments.run.rebuild_manifest = true;
    } else if (arg == "--quiet") {
      arguments.run.quiet = true;
    } else if (arg == "--no-timings") {
      arguments.run.timings = false;
    } else if (arg == "--direct-fits") {
      arguments.run.direct_fits = true;
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
