#pragma once
// Command-line arguments of the runner.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "launch/shard/assignment.hpp"
#include "launch/slurm/sbatch_scripts.hpp"
#include "sweep/run/run.hpp"

namespace tsfs {

// What the runner is asked to do.
enum class Command { run, features, distances, rankings, plot, plan, merge, submit, status };

// Options of a sharded run (see shard/shard_commands.hpp and slurm/submit.hpp).
struct ClusterArguments {
  int shards = 0;                   // plan, submit: --shards N
  std::filesystem::path calibrate;  // plan, submit: --calibrate RUN (empty: the cost model)
  bool split_folds = false;         // plan, submit: --split-folds (fold_split.hpp)
  std::optional<ShardId> shard;     // run: --shard I/N
  bool artefacts_only = false;      // run: --artefacts-only
  bool slurm = false;               // submit: --slurm (the only scheduler so far)
  SlurmResources resources;         // submit: --partition, --time, --cpus, --mem
};

struct Arguments {
  Command command = Command::run;
  std::string spec;
  std::vector<std::string> overrides;  // --set key.path=value
  RunOptions run;
  ClusterArguments cluster;
  bool help = false;
  bool version = false;
  bool list = false;       // `runner list`
  bool markdown = false;   // `runner list --markdown`
  bool spec_keys = false;  // `runner list --spec-keys`
  bool outputs = false;    // `runner list --outputs`
};

// Throws InputError("command line", ...) on unknown options or missing values.
Arguments parse_arguments(const std::vector<std::string>& args);

std::string usage();

std::string command_name(Command command);  // as typed on the command line

}  // namespace tsfs
