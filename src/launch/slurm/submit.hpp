#pragma once
// `runner submit SPEC --slurm --shards N` and `runner status RUN_DIR`.
#include <filesystem>
#include <string>
#include <vector>

#include "config/spec.hpp"
#include "launch/shard/fold_split.hpp"
#include "launch/slurm/sbatch_scripts.hpp"
#include "sweep/run/run.hpp"

namespace tsfs {

struct SubmitOptions {
  int shards = 0;
  SlurmResources resources;
  bool dry_run = false;                     // print the scripts and the sbatch commands only
  std::filesystem::path calibrate;          // --calibrate RUN (plan_shards)
  std::vector<std::string> runner_options;  // for every job's runner (--no-timings, --set ...)
  ShardSplit split = ShardSplit::groups;    // --split-folds (plan_shards)
};

// Plans the run (plan/), writes <output>/slurm/{artefacts,shards,merge}.sbatch for the shards
// not finished yet and submits them with `sbatch --parsable`, chained with
// --dependency=afterok; records the job ids in <output>/slurm/jobs.txt and prints them. Refuses
// while a job of an earlier submission of the run is queued or running (a merge job left pending
// forever because a shard failed is cancelled instead). The caller holds the output lock.
int submit_to_slurm(const Spec& spec, const std::filesystem::path& spec_file,
                    const SubmitOptions& submit, const RunOptions& options);

// Per shard: state, cells done of its cells; then the jobs of the last submission still in
// squeue (when squeue is available). Exit code 0.
int print_status(const std::filesystem::path& run_folder);

}  // namespace tsfs
