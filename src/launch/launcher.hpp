#pragma once
// Where the cells of a spec's grid run. Planning the grid (sweep/plan), computing cells
// (sweep/run) and the run folder's files (sweep/store) are the same for every launcher; a launcher
// only decides where the work happens, as Hydra separates launchers from sweepers:
//   local  every cell in this process, into the spec's output folder (`runner SPEC`);
//   shard  the cells of shard I of N in this process, into <output>/shards/I-of-N/, on any machine
//          that shares the output folder (`runner run SPEC --shard I/N`; `runner merge` joins
//          them);
//   slurm  an artefacts job, an array of shard jobs and a merge job (`runner submit SPEC --slurm`).
#include <filesystem>
#include <memory>
#include <string>

#include "config/spec.hpp"
#include "launch/shard/assignment.hpp"
#include "launch/slurm/submit.hpp"
#include "sweep/run/run.hpp"

namespace tsfs {

class Launcher {
 public:
  virtual ~Launcher() = default;
  // The folder the launcher writes into; the caller holds its lock while launch() runs.
  virtual std::filesystem::path folder(const Spec& spec) const { return spec.output; }
  // What the lock records of the command besides `runner <command> SPEC` (e.g. "--shard 2/4").
  virtual std::string command_suffix() const { return {}; }
  // Runs or submits the grid. Returns the exit code (130: interrupted, finished cells saved).
  virtual int launch(const Spec& spec, const RunOptions& options) const = 0;
};

std::unique_ptr<Launcher> local_launcher();
std::unique_ptr<Launcher> shard_launcher(const ShardId& shard);
// `run SPEC --artefacts-only --shard I/T`: task I's distance matrices (compute_artefacts), in the
// folder artefacts_task_folder.
std::unique_ptr<Launcher> artefacts_task_launcher(const ShardId& task);
// `spec_file` as given on the command line: the jobs' runners read it again.
std::unique_ptr<Launcher> slurm_launcher(const std::filesystem::path& spec_file,
                                         const SubmitOptions& submit);

}  // namespace tsfs
