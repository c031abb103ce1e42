#include "launch/slurm/sbatch_scripts.hpp"

#include <doctest/doctest.h>

#include "common/error.hpp"

namespace tsfs {
namespace {

SlurmRun example() {
  return {"/opt/tsfs/runner",
          "/home/u/study.yaml",
          "/home/u",
          "/scratch/u/study",
          "my study",
          {"--no-timings", "--set", "selectors.0.k=5"},
          4,
          {1, 3, 4},
          {"debug", "0:10:00", "2G", 2}};
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("array_ranges: Slurm's --array syntax") {
  CHECK(array_ranges({1, 2, 3, 5, 7, 8}) == "1-3,5,7-8");
  CHECK(array_ranges({4}) == "4");
  CHECK(array_ranges({}) == "");
}

TEST_CASE("shell_quote: plain words as they are, others single-quoted") {
  CHECK(shell_quote("selectors.0.k=5") == "selectors.0.k=5");
  CHECK(shell_quote("a b") == "'a b'");
  CHECK(shell_quote("it's") == "'it'\\''s'");
  CHECK(shell_quote("") == "''");
}

TEST_CASE("shards_script: the unfinished shards as a requeueable array, resources, options") {
  std::string script = shards_script(example());
  CHECK(script.rfind("#!/bin/bash\n", 0) == 0);
  CHECK(contains(script, "#SBATCH --array=1,3-4\n"));
  CHECK(contains(script, "#SBATCH --requeue\n"));
  CHECK(contains(script, "#SBATCH --job-name=tsfs-my_study-shards\n"));
  CHECK(contains(script, "#SBATCH --chdir=/home/u\n"));
  CHECK(contains(script, "#SBATCH --output=/scratch/u/study/slurm/logs/shard-%a.out\n"));
  CHECK(contains(script,
                 "#SBATCH --cpus-per-task=2\n#SBATCH --time=0:10:00\n#SBATCH --mem=2G\n"
                 "#SBATCH --partition=debug\n"));
  CHECK(contains(script,
                 "exec /opt/tsfs/runner run /home/u/study.yaml --shard "
                 "\"${SLURM_ARRAY_TASK_ID}/4\" --threads \"${SLURM_CPUS_PER_TASK:-1}\" "
                 "--quiet --wait --no-timings --set selectors.0.k=5\n"));
}

TEST_CASE("artefacts and merge scripts, defaults leave resources to the partition") {
  SlurmRun run = example();
  run.resources = {};
  std::string artefacts = artefacts_script(run);
  CHECK(contains(artefacts, "run /home/u/study.yaml --artefacts-only"));
  CHECK_FALSE(contains(artefacts, "--time"));
  CHECK_FALSE(contains(artefacts, "--partition"));
  CHECK_FALSE(contains(artefacts, "--array"));
  // Split over tasks (plan/artefacts.csv), each task computes its own matrices.
  run.artefact_tasks = 3;
  const std::string tasks = artefacts_script(run);
  CHECK(contains(tasks, "#SBATCH --array=1-3\n"));
  CHECK(contains(tasks, "#SBATCH --output=/scratch/u/study/slurm/logs/artefacts-%a.out\n"));
  CHECK(contains(tasks, "--artefacts-only --shard \"${SLURM_ARRAY_TASK_ID}/3\""));
  std::string merge = merge_script(run);
  CHECK(contains(merge, "exec /opt/tsfs/runner merge /scratch/u/study "));
  CHECK(contains(merge, "#SBATCH --output=/scratch/u/study/slurm/logs/merge-%j.out\n"));
}

TEST_CASE("check_sbatch_path refuses blanks and quotes") {
  CHECK_NOTHROW(check_sbatch_path("/scratch/u/study"));
  CHECK_THROWS_AS(check_sbatch_path("/scratch/my study"), InputError);
  CHECK_THROWS_AS(check_sbatch_path("/scratch/it's"), InputError);
}

}  // namespace tsfs
