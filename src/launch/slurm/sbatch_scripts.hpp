#pragma once
// The sbatch scripts of a sharded run (`runner submit SPEC --slurm`): the shared artefacts (one
// job, or a job array whose tasks split the distance matrices as plan/artefacts.csv says), a job
// array with one task per unfinished shard (afterok every artefacts task,
// requeued on preemption or node failure: the task resumes from its shard's checkpoint), and a
// merge job afterok the array. Pure text: submit.hpp writes and submits them.
#include <filesystem>
#include <string>
#include <vector>

namespace tsfs {

struct SlurmResources {
  std::string partition;  // empty: the cluster's default partition
  std::string time;       // --time; empty: the partition's default
  std::string memory;     // --mem per task; empty: the partition's default
  int cpus = 1;           // --cpus-per-task, passed to the runner as --threads
};

struct SlurmRun {
  std::filesystem::path runner;             // absolute path of the runner binary
  std::filesystem::path spec;               // absolute path of the spec
  std::filesystem::path working_folder;     // where relative paths in the spec resolve
  std::filesystem::path output;             // absolute output folder
  std::string name;                         // the spec's name, in job names
  std::vector<std::string> runner_options;  // passed to every runner command (--no-timings, --set)
  int shards = 1;
  std::vector<int> array_tasks;  // the shards to run (1-based)
  SlurmResources resources;
  int artefact_tasks = 1;  // tasks of the artefacts job (plan/artefacts.csv)
};

// "1-3,5,7-8" for {1,2,3,5,7,8} (Slurm's --array syntax).
std::string array_ranges(const std::vector<int>& tasks);

// A word for a POSIX shell: single-quoted unless plain.
std::string shell_quote(const std::string& word);

// Throws InputError when a path holds whitespace or a quote (sbatch's #SBATCH lines do not quote).
void check_sbatch_path(const std::filesystem::path& path);

std::string artefacts_script(const SlurmRun& run);
std::string shards_script(const SlurmRun& run);
std::string merge_script(const SlurmRun& run);

}  // namespace tsfs
