#include "launch/slurm/submit.hpp"

#include <fmt/format.h>
#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "common/error.hpp"
#include "common/files.hpp"
#include "common/text.hpp"
#include "launch/shard/plan_files.hpp"
#include "launch/shard/shard_commands.hpp"
#include "launch/shard/shard_state.hpp"

namespace tsfs {
namespace {

struct CommandOutput {
  int exit_code = -1;
  std::string text;  // stdout and stderr
};

CommandOutput run_command(const std::string& command) {
  CommandOutput output;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return output;
  char buffer[4096];
  size_t read = 0;
  while ((read = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) output.text.append(buffer, read);
  int status = ::pclose(pipe);
  output.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return output;
}

bool have_command(const std::string& name) {
  return run_command("command -v " + name + " >/dev/null").exit_code == 0;
}

std::filesystem::path jobs_file(const std::filesystem::path& output) {
  return output / "slurm" / "jobs.txt";
}

// jobs.txt: "<role> <job id>" per line (artefacts, shards, merge).
std::vector<std::pair<std::string, std::string>> read_jobs(const std::filesystem::path& output) {
  std::vector<std::pair<std::string, std::string>> jobs;
  if (!std::filesystem::exists(jobs_file(output))) return jobs;
  std::istringstream lines(read_text_file(jobs_file(output)));
  std::string role, id;
  while (lines >> role >> id)
    if (std::all_of(id.begin(), id.end(), ::isdigit)) jobs.emplace_back(role, id);
  return jobs;
}

// squeue lines "<job id> <state> <reason>" of the given jobs (array tasks as <id>_<task>).
std::vector<std::string> queued(const std::vector<std::pair<std::string, std::string>>& jobs) {
  std::vector<std::string> lines;
  if (jobs.empty() || !have_command("squeue")) return lines;
  std::vector<std::string> ids;
  for (const auto& job : jobs) ids.push_back(job.second);
  auto output = run_command(fmt::format("squeue -h -o '%i %T %r' -j {}", fmt::join(ids, ",")));
  std::istringstream text(output.text);
  for (std::string line; std::getline(text, line);)
    if (!line.empty() && std::isdigit(static_cast<unsigned char>(line.front())))
      lines.push_back(line);
  return lines;
}

// A merge job of an earlier submission that can never start (a shard it waited for failed or
// was cancelled) is cancelled; any other queued job of the run stops the submission.
void settle_earlier_jobs(const std::filesystem::path& output, bool dry_run) {
  auto jobs = read_jobs(output);
  std::string merge_id;
  for (const auto& [role, id] : jobs)
    if (role == "merge") merge_id = id;
  std::vector<std::string> blocking;
  for (const auto& line : queued(jobs)) {
    if (!merge_id.empty() && line.rfind(merge_id + " ", 0) == 0 &&
        line.find("DependencyNeverSatisfied") != std::string::npos) {
      fmt::print(
          "cancelling merge job {} of the earlier submission (a shard it waited for "
          "failed)\n",
          merge_id);
      if (!dry_run) run_command("scancel " + merge_id);
      continue;
    }
    blocking.push_back(line);
  }
  if (!blocking.empty())
    throw InputError(output.string(),
                     fmt::format("jobs of an earlier submission are still queued or running:\n  "
                                 "{}\nwait for them (runner status {}) or scancel them first",
                                 fmt::join(blocking, "\n  "), output.string()));
}

std::string sbatch(const std::filesystem::path& script, const std::string& after) {
  std::string command = "sbatch --parsable";
  if (!after.empty()) command += " --dependency=afterok:" + after;
  auto result = run_command(command + " " + shell_quote(script.string()));
  auto id = result.text.substr(0, result.text.find_first_of(";\n"));
  if (result.exit_code != 0 || id.empty() || !std::all_of(id.begin(), id.end(), ::isdigit))
    throw InputError(script.string(),
                     fmt::format("sbatch failed (exit {}): {}", result.exit_code, result.text));
  return id;
}

SlurmRun slurm_run(const Spec& spec, const std::filesystem::path& spec_file,
                   const SubmitOptions& submit, std::vector<int> tasks) {
  SlurmRun run{std::filesystem::read_symlink("/proc/self/exe"),
               std::filesystem::absolute(spec_file),
               std::filesystem::current_path(),
               std::filesystem::absolute(spec.output).lexically_normal(),
               spec.name,
               submit.runner_options,
               submit.shards,
               std::move(tasks),
               submit.resources};
  for (const auto& path : {run.runner, run.spec, run.working_folder, run.output})
    check_sbatch_path(path);
  return run;
}

// The shards a new submission must run; a running shard, a damaged one (whose rerun would
// refuse its files) or a plan of another shard count with shard folders present stops it.
std::vector<int> unfinished_shards(const Spec& spec, int shards) {
  auto record_path = plan_folder(spec.output) / "plan.json";
  ShardRecord plan = read_shard_record(record_path);
  std::vector<int> tasks;
  std::vector<std::string> damaged;
  for (int i = 1; i <= shards; ++i) {
    ShardReport report = inspect_shard(spec.output, {i, shards}, plan);
    if (report.state == ShardState::running)
      throw InputError(shard_folder(spec.output, report.id).string(),
                       "this shard is running (its folder is locked); wait for it");
    if (report.state == ShardState::damaged)
      damaged.push_back(
          fmt::format("{}: {}", shard_folder(spec.output, report.id).string(), report.detail));
    if (report.state != ShardState::finished) tasks.push_back(i);
  }
  if (!damaged.empty())
    throw InputError(shards_folder(spec.output).string(),
                     fmt::format("nothing submitted: a resubmitted shard would refuse its "
                                 "files:\n  {}",
                                 fmt::join(damaged, "\n  ")));
  return tasks;
}

}  // namespace

int submit_to_slurm(const Spec& spec, const std::filesystem::path& spec_file,
                    const SubmitOptions& submit, const RunOptions& options) {
  if (!submit.dry_run && !have_command("sbatch"))
    throw InputError("command line",
                     "sbatch not found: runner submit --slurm needs a Slurm "
                     "client on this machine (or use --dry-run)");
  // Before any scancel.
  refuse_replanning_started_shards(spec, submit.shards, submit.split);
  refuse_calibration_of_started_shards(spec, submit.calibrate);
  settle_earlier_jobs(spec.output, submit.dry_run);
  plan_shards(spec, submit.shards, options, submit.calibrate, submit.split);
  SlurmRun run = slurm_run(spec, spec_file, submit, unfinished_shards(spec, submit.shards));
  run.artefact_tasks = planned_artefact_tasks(spec.output);
  auto folder = spec.output / "slurm";
  std::filesystem::create_directories(folder / "logs");
  std::vector<std::pair<std::string, std::string>> scripts;
  if (!run.array_tasks.empty()) {
    scripts.emplace_back("artefacts", artefacts_script(run));
    scripts.emplace_back("shards", shards_script(run));
  }
  scripts.emplace_back("merge", merge_script(run));
  std::string after, jobs;
  for (const auto& [role, text] : scripts) {
    auto path = folder / (role + ".sbatch");
    write_file_atomically(path, text);
    std::filesystem::permissions(path, std::filesystem::perms::owner_exec,
                                 std::filesystem::perm_options::add);
    if (submit.dry_run) {
      fmt::print("== {}\n{}== sbatch --parsable{} {}\n", path.string(), text,
                 after.empty() ? "" : " --dependency=afterok:<" + after + " job>", path.string());
      after = role;
      continue;
    }
    after = sbatch(path, after);
    jobs += fmt::format("{} {}\n", role, after);
    const std::string array = role == "shards" ? array_ranges(run.array_tasks)
                              : role == "artefacts" && run.artefact_tasks > 1
                                  ? fmt::format("1-{}", run.artefact_tasks)
                                  : "";
    fmt::print("{} job {}{}\n", role, after, array.empty() ? "" : " (array " + array + ")");
  }
  if (!submit.dry_run) write_file_atomically(jobs_file(spec.output), jobs);
  if (run.array_tasks.empty()) fmt::print("every shard is finished: only the merge submitted\n");
  return 0;
}

int print_status(const std::filesystem::path& run_folder) {
  ShardRecord plan = read_shard_record(plan_folder(run_folder) / "plan.json");
  std::vector<ShardReport> reports;
  size_t finished = 0, tuned_rows = 0;
  for (int i = 1; i <= plan.shards; ++i) {
    reports.push_back(inspect_shard(run_folder, {i, plan.shards}, plan));
    if (reports.back().state == ShardState::finished) ++finished;
    tuned_rows += planned_rows(run_folder, {i, plan.shards}).tuned_rows;
  }
  if (plan.split == ShardSplit::folds) tuned_rows = planned_tuned_rows(run_folder);
  // A shard's count is its results.csv rows: its cells and, under tune:, its tuned rows.
  fmt::print("{}: {} cells{} in {} shards{}\n", run_folder.string(), plan.cells,
             tuned_rows > 0 ? fmt::format(" and {} tuned rows", tuned_rows) : "", plan.shards,
             plan.split == ShardSplit::folds ? " (split by outer folds)" : "");
  const std::string counted = tuned_rows > 0 ? "rows (cells and tuned rows)" : "cells";
  for (const ShardReport& report : reports)
    fmt::print("  shard {:>7}: {:<11} {:>6} of {:>6} {}{}\n", report.id.text(),
               state_name(report.state), report.cells_done, report.cells, counted,
               report.detail.empty() ? "" : "  (" + report.detail + ")");
  for (const auto& folder : foreign_shard_folders(run_folder, plan.shards))
    fmt::print("  {}: not a shard of this plan\n", folder);
  // The merge is done when its manifest says so and its results are there.
  std::string merged = manifest_status(run_folder / "manifest.json");
  const bool results = std::filesystem::exists(run_folder / "results.csv");
  fmt::print("{} of {} shards finished; merge: {}\n", finished, plan.shards,
             merged != "finished" ? "not yet"
             : results            ? "done"
                                  : "results.csv is missing: run `runner merge` again");
  for (const auto& line : queued(read_jobs(run_folder))) fmt::print("  squeue: {}\n", line);
  return 0;
}

}  // namespace tsfs
