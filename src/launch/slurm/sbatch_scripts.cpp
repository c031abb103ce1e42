#include "launch/slurm/sbatch_scripts.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/error.hpp"

namespace tsfs {
namespace {

// A job name sbatch and squeue print as one word.
std::string job_name(const SlurmRun& run, const std::string& part) {
  std::string name = "tsfs-" + run.name + "-" + part;
  std::replace_if(
      name.begin(), name.end(),
      [](char c) {
        return !(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.');
      },
      '_');
  return name;
}

std::string header(const SlurmRun& run, const std::string& part, const std::string& log) {
  std::string text = "#!/bin/bash\n";
  text += fmt::format(
      "# tsfs {} job of spec {} (written by runner submit, which resubmits unfinished shards)\n",
      part, run.spec.string());
  text += fmt::format("#SBATCH --job-name={}\n", job_name(run, part));
  text += fmt::format("#SBATCH --chdir={}\n", run.working_folder.string());
  text += fmt::format("#SBATCH --output={}\n", (run.output / "slurm" / "logs" / log).string());
  text += "#SBATCH --ntasks=1\n";
  text += fmt::format("#SBATCH --cpus-per-task={}\n", run.resources.cpus);
  if (!run.resources.time.empty()) text += fmt::format("#SBATCH --time={}\n", run.resources.time);
  if (!run.resources.memory.empty())
    text += fmt::format("#SBATCH --mem={}\n", run.resources.memory);
  if (!run.resources.partition.empty())
    text += fmt::format("#SBATCH --partition={}\n", run.resources.partition);
  return text;
}

// The runner command line; `command_words` are already shell words.
std::string runner_line(const SlurmRun& run, const std::string& command_words) {
  std::string line = fmt::format("exec {} {}", shell_quote(run.runner.string()), command_words);
  line += " --threads \"${SLURM_CPUS_PER_TASK:-1}\" --quiet --wait";
  for (const auto& option : run.runner_options) line += " " + shell_quote(option);
  return line + "\n";
}

}  // namespace

std::string array_ranges(const std::vector<int>& tasks) {
  std::vector<std::string> ranges;
  for (size_t i = 0; i < tasks.size();) {
    size_t j = i;
    while (j + 1 < tasks.size() && tasks[j + 1] == tasks[j] + 1) ++j;
    ranges.push_back(i == j ? std::to_string(tasks[i]) : fmt::format("{}-{}", tasks[i], tasks[j]));
    i = j + 1;
  }
  return fmt::format("{}", fmt::join(ranges, ","));
}

std::string shell_quote(const std::string& word) {
  bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) ||
           std::string_view("-_./=:,+@%").find(c) != std::string_view::npos;
  });
  if (plain) return word;
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

void check_sbatch_path(const std::filesystem::path& path) {
  std::string text = path.string();
  if (text.find_first_of(" \t\n\"'\\") != std::string::npos)
    throw InputError(text,
                     "runner submit needs paths without blanks or quotes (sbatch's #SBATCH "
                     "lines take them unquoted); move or rename it");
}

std::string artefacts_script(const SlurmRun& run) {
  const std::string command = "run " + shell_quote(run.spec.string()) + " --artefacts-only";
  if (run.artefact_tasks <= 1)
    return header(run, "artefacts", "artefacts-%j.out") + "set -euo pipefail\n" +
           runner_line(run, command);
  // Each task computes the distance matrices plan/artefacts.csv gives it; the features are
  // already in the cache (runner submit's plan extracted them), so tasks do not repeat them.
  return header(run, "artefacts", "artefacts-%a.out") +
         fmt::format("#SBATCH --array=1-{}\nset -euo pipefail\n", run.artefact_tasks) +
         runner_line(run, fmt::format("{} --shard \"${{SLURM_ARRAY_TASK_ID}}/{}\"", command,
                                      run.artefact_tasks));
}

std::string shards_script(const SlurmRun& run) {
  std::string text = header(run, "shards", "shard-%a.out");
  text += fmt::format("#SBATCH --array={}\n", array_ranges(run.array_tasks));
  // Preempted or on a failed node: Slurm runs the task again, and it resumes from the cells its
  // shard folder already holds. The log is appended to, so every attempt stays readable.
  text += "#SBATCH --requeue\n#SBATCH --open-mode=append\nset -euo pipefail\n";
  return text + runner_line(run, fmt::format("run {} --shard \"${{SLURM_ARRAY_TASK_ID}}/{}\"",
                                             shell_quote(run.spec.string()), run.shards));
}

std::string merge_script(const SlurmRun& run) {
  return header(run, "merge", "merge-%j.out") + "set -euo pipefail\n" +
         runner_line(run, "merge " + shell_quote(run.output.string()));
}

}  // namespace tsfs
