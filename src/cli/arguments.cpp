#include "cli/arguments.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <filesystem>
#include <regex>

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
  list [--markdown]    every extractor, distance, selector, reducer, classifier and plot kind
                       with its parameters (no SPEC); --markdown: as docs/components.md
  list --spec-keys     every top-level key of a spec, as docs/spec.md's table of keys
  list --outputs       every CSV table a run writes, as docs/outputs.md's tables
  plot RUN_DIR         re-render the figures of a finished run from its CSVs and spec.yaml
  plan SPEC --shards N cut the sweep into N shards of about equal estimated cost:
                       <output>/plan/ (work groups, their costs, the shard of each); with
                       --calibrate RUN, the costs are the seconds RUN's work_seconds.csv measured;
                       with --split-folds, a shard takes outer folds of datasets (every method
                       of the dataset on those folds) rather than whole work groups
  run SPEC --shard I/N run shard I's cells into <output>/shards/I-of-N/ (a rerun resumes it);
                       the features and distance matrices come from <output>/cache
  run SPEC --artefacts-only [--shard I/T]
                       only the features and distance matrices, into <output>/cache; with
                       --shard, the matrices plan/artefacts.csv gives task I of T
  merge RUN_DIR        combine the finished shards into RUN_DIR's results.csv, folds.csv,
                       scores.csv, tables and figures (as a single run writes them)
  submit SPEC --slurm --shards N [--partition P] [--time T] [--cpus C] [--mem M] [--dry-run]
         [--calibrate RUN] [--split-folds]
                       write <output>/slurm/*.sbatch (artefacts job, shard array, merge job) and
                       submit them with sbatch; a rerun submits the unfinished shards only
  status RUN_DIR       shards finished, running, stopped, damaged; queued jobs (squeue)
  compare RUN_DIR...   compare methods across datasets (ranks, Friedman, Nemenyi, Wilcoxon-Holm)
                       from finished runs into RUN_DIR/comparison/ (runner compare --help)
  report FOLDER...     write FOLDER/report.html for finished runs and comparisons (a run and a
                       comparison write theirs when they finish): one self-contained page

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
  --progress           with --quiet, still show each stage's progress (done/total, rate, time left)
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

constexpr Command kCommands[] = {Command::run,      Command::features, Command::distances,
                                 Command::rankings, Command::plot,     Command::plan,
                                 Command::merge,    Command::submit,   Command::status};

// What a command reads: a spec, or the folder of a run.
const char* command_operand(Command command) {
  switch (command) {
    case Command::plot:
    case Command::merge:
    case Command::status:
      return "a RUN_DIR (the output folder of a run)";
    default:
      return "a SPEC file";
  }
}

std::optional<Command> command_of(const std::string& word) {
  for (Command command : kCommands)
    if (word == command_name(command)) return command;
  return std::nullopt;
}

// 1 to a million: checked as a double before the cast, which is undefined past int's range.
int positive_integer(const std::string& text, const std::string& option, WordReader& words) {
  auto value = parse_double(text);
  if (!value || !(*value >= 1 && *value <= 1e6) || *value != std::floor(*value))
    words.fail(fmt::format("{} needs an integer from 1 to 1000000, got '{}'", option,
                           printable_excerpt(text)));
  return static_cast<int>(*value);
}

// The options of sharded and Slurm runs; false when `arg` is none of them.
// Values copied into #SBATCH lines: checked against Slurm's formats (sbatch(1)), so that a blank
// or a line break cannot change what the script asks for.
const std::regex kPartition("[A-Za-z0-9_.-]+");
// Minutes and seconds below 60, hours after a day count below 24; counts short enough for Slurm's
// integers (a 20-digit --mem overflowed them, 1:99:99 is no time).
const std::regex kTime(
    "[0-9]{1,9}(:[0-5]?[0-9])?|[0-9]{1,9}:[0-5]?[0-9]:[0-5]?[0-9]|"
    "[0-9]{1,5}-([01]?[0-9]|2[0-3])(:[0-5]?[0-9]){0,2}|UNLIMITED|INFINITE");
const std::regex kMemory("[0-9]{1,9}[KMGT]?");

std::string sbatch_value(WordReader& words, const char* option, const std::regex& format,
                         const char* expected) {
  std::string value = words.value(option);
  if (!std::regex_match(value, format))
    words.fail(fmt::format("{} needs {}, got '{}'", option, expected, printable_excerpt(value)));
  return value;
}

bool parse_cluster_option(const std::string& arg, WordReader& words, ClusterArguments& cluster) {
  if (arg == "--shards") {
    cluster.shards = positive_integer(words.value("--shards"), "--shards", words);
  } else if (arg == "--shard") {
    cluster.shard = parse_shard_id(words.value("--shard"));
  } else if (arg == "--calibrate") {
    cluster.calibrate = words.value("--calibrate");
  } else if (arg == "--split-folds") {
    cluster.split_folds = true;
  } else if (arg == "--artefacts-only") {
    cluster.artefacts_only = true;
  } else if (arg == "--slurm") {
    cluster.slurm = true;
  } else if (arg == "--partition") {
    cluster.resources.partition =
        sbatch_value(words, "--partition", kPartition, "a partition name (letters, digits, _ . -)");
  } else if (arg == "--time") {
    cluster.resources.time = sbatch_value(
        words, "--time", kTime, "Slurm's minutes, MM:SS, HH:MM:SS, D-HH[:MM[:SS]] or UNLIMITED");
  } else if (arg == "--mem") {
    cluster.resources.memory =
        sbatch_value(words, "--mem", kMemory, "a size in megabytes or with K, M, G or T");
  } else if (arg == "--cpus") {
    cluster.resources.cpus = positive_integer(words.value("--cpus"), "--cpus", words);
  } else {
    return false;
  }
  return true;
}

// Which command takes which cluster option.
template <typename Fail>
void check_cluster_options(const Arguments& arguments, Fail fail) {
  const auto& cluster = arguments.cluster;
  Command command = arguments.command;
  bool takes_shards = command == Command::plan || command == Command::submit;
  if (takes_shards && cluster.shards == 0 && !arguments.help)
    fail(fmt::format("runner {} needs --shards N", command_name(command)));
  if (!takes_shards && cluster.shards != 0) fail("--shards goes with plan or submit");
  if (!takes_shards && !cluster.calibrate.empty()) fail("--calibrate goes with plan or submit");
  if (!takes_shards && cluster.split_folds) fail("--split-folds goes with plan or submit");
  if ((cluster.shard || cluster.artefacts_only) && command != Command::run)
    fail("--shard and --artefacts-only go with run");
  if (command == Command::submit && !cluster.slurm && !arguments.help)
    fail("runner submit needs a scheduler: --slurm");
  bool resources = cluster.slurm || !cluster.resources.partition.empty() ||
                   !cluster.resources.time.empty() || !cluster.resources.memory.empty() ||
                   cluster.resources.cpus != 1;
  if (resources && command != Command::submit)
    fail("--slurm, --partition, --time, --cpus and --mem go with submit");
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
    case Command::plan:
      return "plan";
    case Command::merge:
      return "merge";
    case Command::submit:
      return "submit";
    case Command::status:
      return "status";
  }
  return "run";
}

namespace {

// The flag an option that takes no value switches on, or nullptr.
bool* switch_of(const std::string& arg, Arguments& arguments) {
  const std::pair<const char*, bool*> switches[] = {
      {"--help", &arguments.help},
      {"-h", &arguments.help},
      {"--version", &arguments.version},
      {"--dry-run", &arguments.run.dry_run},
      {"--fresh", &arguments.run.fresh},
      {"--wait", &arguments.run.wait},
      {"--rebuild-manifest", &arguments.run.rebuild_manifest},
      {"--quiet", &arguments.run.quiet},
      {"--progress", &arguments.run.progress},
      {"--direct-fits", &arguments.run.direct_fits},
      {"--markdown", &arguments.markdown},
      {"--spec-keys", &arguments.spec_keys},
      {"--outputs", &arguments.outputs}};
  for (const auto& [name, flag] : switches)
    if (arg == name) return flag;
  return nullptr;
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
    if (bool* flag = switch_of(arg, arguments)) {
      *flag = true;
    } else if (arg == "--no-timings") {
      arguments.run.timings = false;
    } else if (arg == "--threads") {
      arguments.run.threads = positive_integer(value("--threads"), "--threads", words);
    } else if (parse_cluster_option(arg, words, arguments.cluster)) {
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
    } else if (arguments.list) {
      fail(fmt::format("unexpected argument '{}': list takes none", arg));
    } else if (arguments.spec.empty()) {
      // A lone command word is a spec of that name only if such a file exists (runner features).
      std::error_code status;
      if (positional == 0 && command_of(arg) && !std::filesystem::exists(arg, status))
        fail(fmt::format("{} needs {}", arg, command_operand(*command_of(arg))));
      arguments.spec = arg;
      ++positional;
    } else {
      // `runner bogus SPEC`: the first word was meant as a command unless it is a file.
      std::error_code status;
      if (positional == 1 && !std::filesystem::exists(arguments.spec, status)) {
        std::vector<std::string> names;
        for (Command command : kCommands) names.push_back(command_name(command));
        names.push_back("list");
        names.push_back("compare");
        names.push_back("report");
        auto suggestion = closest_match(arguments.spec, names);
        fail(fmt::format("unknown command '{}'{} (commands: {})", arguments.spec,
                         suggestion ? fmt::format(", did you mean '{}'?", *suggestion) : "",
                         fmt::join(names, ", ")));
      }
      fail(fmt::format("unexpected argument '{}': one spec per run", arg));
    }
  }
  if (arguments.spec.empty() && !arguments.help && !arguments.version && !arguments.list)
    fail("missing SPEC");
  if (arguments.markdown && !arguments.list) fail("--markdown goes with list");
  if (arguments.spec_keys && !arguments.list) fail("--spec-keys goes with list");
  if (arguments.outputs && !arguments.list) fail("--outputs goes with list");
  check_cluster_options(arguments, fail);
  return arguments;
}

}  // namespace tsfs
