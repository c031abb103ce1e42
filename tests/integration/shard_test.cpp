// Sharded runs with the shards as local processes (the `slurm` tests run them as Slurm jobs):
// plan -> shards side by side -> merge gives a single run's bytes; merge refuses missing,
// unfinished and foreign shards; a killed shard resumes from its own cells.
#include <doctest/doctest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>

#include "support/run_helpers.hpp"

using namespace tsfs::testing;
using tsfs::CsvTable;
using tsfs::read_csv_table;

namespace {

const std::string kShardSpec = "tests/integration/specs/shard_sweep.yaml";
const char* const kComparedFiles[] = {
    "results.csv", "folds.csv",          "scores.csv",       "duplicates.csv",
    "skipped.csv", "tables/GunPoint.md", "tables/Coffee.md", "figures/accuracy.dat",
    "curves.csv"};

std::string with_output(const std::string& arguments, const std::filesystem::path& output) {
  return arguments + " --quiet --no-timings --set output=" + output.string();
}

void run_ok(const std::string& arguments) {
  auto result = run_runner(arguments);
  REQUIRE_MESSAGE(result.exit_code == 0, arguments, "\n", result.err);
}

// `runner merge` of `output` refuses (exit 2), naming `expected`, and writes nothing (the streamed
// scores.csv is put in place only once every table is checked); its error output.
std::string merge_refused(const std::filesystem::path& output, const std::string& expected) {
  const auto merged = run_runner("merge " + output.string());
  CHECK(merged.exit_code == 2);
  CHECK_MESSAGE(contains(merged.err, expected), merged.err);
  CHECK_FALSE(std::filesystem::exists(output / "results.csv"));
  CHECK_FALSE(std::filesystem::exists(output / "scores.csv"));
  return merged.err;
}

void check_same_files(const std::filesystem::path& single, const std::filesystem::path& merged) {
  for (const char* file : kComparedFiles) {
    REQUIRE_MESSAGE(std::filesystem::exists(merged / file), file);
    CHECK_MESSAGE(read_text(single / file) == read_text(merged / file), file);
  }
}

// The four shards at once, as an array job runs them; they share the cache.
void run_shards_side_by_side(const std::filesystem::path& output, int shards) {
  std::vector<std::unique_ptr<BackgroundRunner>> runners;
  for (int i = 1; i <= shards; ++i)
    runners.push_back(std::make_unique<BackgroundRunner>(
        with_output("run " + kShardSpec + " --threads 1 --shard " + std::to_string(i) + "/" +
                        std::to_string(shards),
                    output)));
  for (auto& runner : runners) {
    auto result = runner->wait();
    CHECK_MESSAGE(result.exit_code == 0, result.err);
  }
}

// `spec` run as one process into `folder`/single, then planned in 3 shards into `folder`/sharded;
// the plan's result.
RunResult single_run_and_plan(const std::filesystem::path& folder, const std::string& spec) {
  run_ok(with_output(spec + " --threads 2", folder / "single"));
  auto plan = run_runner(with_output("plan " + spec + " --shards 3", folder / "sharded"));
  REQUIRE_MESSAGE(plan.exit_code == 0, plan.err);
  return plan;
}

// The 3 shards of `folder`/sharded run one after another, all finished, then merged.
void run_three_shards_and_merge(const std::filesystem::path& folder, const std::string& spec) {
  const auto output = folder / "sharded";
  for (const char* shard : {"1/3", "2/3", "3/3"})
    run_ok(with_output("run " + spec + " --threads 1 --shard " + shard, output));
  auto status = run_runner("status " + output.string());
  CHECK_MESSAGE(contains(status.out, "3 of 3 shards finished"), status.out);
  run_ok("merge " + output.string() + " --quiet");
}

}  // namespace

TEST_CASE("4 shards run side by side and merged give the single run's files byte for byte") {
  TemporaryFolder folder("shards");
  run_ok(with_output(kShardSpec + " --threads 2", folder.path() / "single"));
  auto output = folder.path() / "sharded";
  auto plan = run_runner(with_output("plan " + kShardSpec + " --shards 4", output));
  REQUIRE_MESSAGE(plan.exit_code == 0, plan.err);
  CHECK(contains(plan.out, "60 cells in 20 work groups"));
  CHECK(contains(read_text(output / "plan/shards.csv"),
                 "shard,groups,cells,tuned_rows,score_vectors,fits"));
  // No artefacts step: the shards miss the cache together and share the matrices through it.
  run_shards_side_by_side(output, 4);
  auto status = run_runner("status " + output.string());
  CHECK(contains(status.out, "4 of 4 shards finished"));
  run_ok("merge " + output.string() + " --quiet");
  check_same_files(folder.path() / "single", output);
  // work_seconds.csv: each group's row from its shard (seconds empty with --no-timings).
  const std::string work_seconds = read_text(folder.path() / "single/work_seconds.csv");
  CHECK(read_text(output / "work_seconds.csv") == work_seconds);
  CHECK(contains(read_text(output / "manifest.json"), "\"status\": \"finished\""));
  // The merged folder is an ordinary finished run: a single-process rerun resumes every cell,
  // and keeps each group's row of work_seconds.csv (it measured nothing).
  auto rerun = run_runner(with_output(kShardSpec, output));
  CHECK_MESSAGE(rerun.exit_code == 0, rerun.err);
  check_same_files(folder.path() / "single", output);
  CHECK(read_text(output / "work_seconds.csv") == work_seconds);
  // A row recomputed (its results.csv line deleted): the earlier whole measurement of its group
  // stands, not this run's partial one.
  const std::string results = read_text(output / "results.csv");
  write_text(output / "results.csv",
             results.substr(0, results.rfind('\n', results.size() - 2) + 1));
  CHECK(run_runner(with_output(kShardSpec, output)).exit_code == 0);
  CHECK(read_text(output / "results.csv") == results);
  CHECK(read_text(output / "work_seconds.csv") == work_seconds);
  CHECK(contains(run_runner("status " + output.string()).out, "merge: done"));
  // A merge whose results were deleted since is not done, whatever its manifest says.
  std::filesystem::remove(output / "results.csv");
  CHECK(contains(run_runner("status " + output.string()).out,
                 "merge: results.csv is missing: run `runner merge` again"));
}

// The shards and the merge take each group's shard from plan/groups.csv (a plan made by another
// version of the cost model keeps its assignment): a group moved there by hand is run by the
// shard it names, and the merge is unchanged.
TEST_CASE("a group moved to another shard in plan/groups.csv runs there, the merge is unchanged") {
  TemporaryFolder folder("shard_moved");
  run_ok(with_output(kShardSpec + " --threads 2", folder.path() / "single"));
  auto output = folder.path() / "sharded";
  run_ok(with_output("plan " + kShardSpec + " --shards 3", output));
  CsvTable groups = read_csv_table(output / "plan/groups.csv");
  const size_t shard = *groups.column("shard"), cells = *groups.column("cells");
  // The last group (an unbundled one: the spec tunes nothing) moves to the next shard.
  auto& moved = groups.rows.back();
  moved[shard] = std::to_string(std::stoi(moved[shard]) % 3 + 1);
  write_text(output / "plan/groups.csv", groups.str());
  std::vector<size_t> planned_cells(3, 0);
  for (const auto& row : groups.rows)
    planned_cells[static_cast<size_t>(std::stoi(row[shard]) - 1)] += std::stoul(row[cells]);
  // Before any shard ran, the merge counts each shard's cells from groups.csv too.
  const auto early = run_runner("merge " + output.string());
  CHECK(early.exit_code == 2);
  CHECK_MESSAGE(contains(early.err, "shard 1/3 is not started (0 of " +
                                        std::to_string(planned_cells[0]) + " cells)"),
                early.err);
  for (int i = 1; i <= 3; ++i) {
    const std::string id = std::to_string(i) + "/3";
    run_ok(with_output("run " + kShardSpec + " --threads 1 --shard " + id, output));
    const auto rows =
        read_csv_table(output / ("shards/" + std::to_string(i) + "-of-3") / "results.csv")
            .rows.size();
    CHECK_MESSAGE(rows == planned_cells[static_cast<size_t>(i - 1)], "shard ", id);
  }
  run_ok("merge " + output.string() + " --quiet");
  check_same_files(folder.path() / "single", output);
}

TEST_CASE("merge refuses missing, unfinished and foreign shards, naming them") {
  TemporaryFolder folder("shards_refused");
  auto output = folder.path() / "sharded";
  run_ok(with_output("plan " + kShardSpec + " --shards 4", output));
  run_ok(with_output("run " + kShardSpec + " --artefacts-only", output));
  for (int i : {1, 3, 4})
    run_ok(with_output("run " + kShardSpec + " --shard " + std::to_string(i) + "/4", output));
  // A shard not started yet counts the cells plan/shards.csv gives it.
  merge_refused(output, "shards/2-of-4: shard 2/4 is not started (0 of 9 cells)");

  // A finished shard whose results.csv was damaged is named with what is wrong, or its line.
  const auto shard_one = output / "shards/1-of-4";
  const std::string results = read_text(shard_one / "results.csv");
  const std::string first_row = results.substr(
      results.find('\n') + 1, results.find('\n', results.find('\n') + 1) - results.find('\n'));
  write_text(shard_one / "results.csv", results + first_row);
  merge_refused(output, "shards/1-of-4: shard 1/4 is damaged (10 of 9 cells), " +
                            (shard_one / "results.csv").string() +
                            ":11 repeats the cell of line 2: a rerun refuses the file");
  // As it says: its rerun refuses the file, and changes nothing.
  const auto refused =
      run_runner(with_output("run " + kShardSpec + " --shard 1/4 --threads 1", output));
  CHECK(refused.exit_code == 2);
  CHECK_MESSAGE(contains(refused.err, "results.csv:11: the same cell is already on line 2"),
                refused.err);
  CHECK(read_text(shard_one / "results.csv") == results + first_row);
  // A row of another shard's cell is no damage a rerun refuses: it sets the row aside.
  const std::string other_row = read_text(output / "shards/3-of-4/results.csv");
  write_text(shard_one / "results.csv",
             results + other_row.substr(
                           other_row.find('\n') + 1,
                           other_row.find('\n', other_row.find('\n') + 1) - other_row.find('\n')));
  const auto foreign_row = run_runner("status " + output.string());
  CHECK_MESSAGE(contains(foreign_row.out, "shard     1/4: stopped         10 of      9 cells"),
                foreign_row.out);
  run_ok(with_output("run " + kShardSpec + " --shard 1/4", output));
  CHECK(read_text(shard_one / "results.csv") == results);
  std::filesystem::remove(shard_one / "results.stale.csv");
  write_text(shard_one / "results.csv", results.substr(0, results.size() - 10));
  merge_refused(output, "shards/1-of-4/results.csv:10: expected");
  write_text(shard_one / "results.csv", results);
  const std::string record = read_text(shard_one / "shard.json");
  std::filesystem::remove(shard_one / "shard.json");
  auto no_record = run_runner("status " + output.string());
  CHECK_MESSAGE(contains(no_record.out, "results.csv without shard.json"), no_record.out);
  write_text(shard_one / "shard.json", record);
  // A finished shard whose results.csv is gone is stopped, not a failure of `runner status`.
  std::filesystem::remove(shard_one / "results.csv");
  auto no_results = run_runner("status " + output.string());
  CHECK_MESSAGE(no_results.exit_code == 0, no_results.err);
  CHECK_MESSAGE(contains(no_results.out, "results.csv is missing; rerun the shard (it computes"),
                no_results.out);
  // As it says, a rerun computes them again, the same bytes.
  run_ok(with_output("run " + kShardSpec + " --shard 1/4", output));
  CHECK(read_text(shard_one / "results.csv") == results);

  run_ok(with_output("run " + kShardSpec + " --shard 2/4", output));
  // An accuracy its fold rows do not give is refused as a rerun of the shard refuses it.
  const auto shard_rows = tsfs::read_csv_table(shard_one / "results.csv");
  const std::string accuracy = shard_rows.rows[0][*shard_rows.column("accuracy")];
  REQUIRE(accuracy != "0.5");
  std::string edited_row = first_row;
  edited_row.replace(edited_row.find("," + accuracy + ","), accuracy.size() + 2, ",0.5,");
  write_text(shard_one / "results.csv",
             results.substr(0, results.find('\n') + 1) + edited_row +
                 results.substr(results.find('\n') + 1 + first_row.size()));
  const std::string edited =
      merge_refused(output, "shards/1-of-4/results.csv:2: the row of cell (");
  CHECK_MESSAGE(contains(edited, "says accuracy = 0.5, but its"), edited);
  write_text(shard_one / "results.csv", results);
  // A fold row deleted: the merge names the file and the cell, `runner status` the counts.
  const std::string folds = read_text(shard_one / "folds.csv");
  const size_t first_fold = folds.find('\n') + 1;
  write_text(shard_one / "folds.csv",
             folds.substr(0, first_fold) + folds.substr(folds.find('\n', first_fold) + 1));
  const std::string no_fold = merge_refused(
      output, "shards/1-of-4/folds.csv: cell 1 of the grid has 2 fold rows, not its 3");
  // (The merge recomputes nothing: the resuming run's warning is not its.)
  CHECK_FALSE(contains(no_fold, "recomputing"));
  const auto status = run_runner("status " + output.string());
  CHECK_MESSAGE(contains(status.out, "its manifest says finished but folds.csv holds"), status.out);
  write_text(shard_one / "folds.csv", folds);
  std::filesystem::create_directories(output / "shards/2-of-3");
  merge_refused(output, "shards/2-of-3: not a shard of this 4-shard plan");
  std::filesystem::remove(output / "shards/2-of-3");
  // A shard's scores.csv short of a feature's row, or with a row of no score vector of its own.
  const std::string scores = read_text(shard_one / "scores.csv");
  const size_t last_row = scores.rfind('\n', scores.size() - 2) + 1;
  write_text(shard_one / "scores.csv", scores.substr(0, last_row));
  const std::string short_scores = merge_refused(output, "shards/1-of-4/scores.csv: ");
  CHECK_MESSAGE(contains(short_scores, "not one per feature"), short_scores);
  write_text(shard_one / "scores.csv", scores + "Stray,row\n");
  // Named at its line: the file's last.
  const auto score_lines = std::count(scores.begin(), scores.end(), '\n');
  merge_refused(output, "shards/1-of-4/scores.csv:" + std::to_string(score_lines + 1) +
                            ": a row of no score vector of the shard's, or out of the plan's "
                            "order: Stray,row");
  // A score that is not a number, or a rank past the vector's features, named at its line.
  const size_t score_row_at = scores.find('\n') + 1;
  const size_t score_row_end = scores.find('\n', score_row_at);
  std::string row = scores.substr(score_row_at, score_row_end - score_row_at);
  const size_t rank_at = row.rfind(',') + 1, score_at = row.rfind(',', rank_at - 2) + 1;
  write_text(shard_one / "scores.csv", scores.substr(0, score_row_at) + row.substr(0, score_at) +
                                           "abc" + row.substr(rank_at - 1) +
                                           scores.substr(score_row_end));
  merge_refused(output, "shards/1-of-4/scores.csv:2: score 'abc' is not a number");
  write_text(shard_one / "scores.csv", scores.substr(0, score_row_at) + row.substr(0, rank_at) +
                                           "999" + scores.substr(score_row_end));
  merge_refused(output, "shards/1-of-4/scores.csv:2: rank '999' is outside [0, ");
  // The second row's rank given to the first, or another feature's name: not the rows a run writes.
  const size_t second_row_end = scores.find('\n', score_row_end + 1);
  const std::string second_rank =
      scores.substr(scores.rfind(',', second_row_end) + 1,
                    second_row_end - scores.rfind(',', second_row_end) - 1);
  write_text(shard_one / "scores.csv", scores.substr(0, score_row_at) + row.substr(0, rank_at) +
                                           second_rank + scores.substr(score_row_end));
  merge_refused(output, "shards/1-of-4/scores.csv:3: rank " + second_rank +
                            " is feature 0's too: a rank is given once; rerun the shard");
  write_text(shard_one / "scores.csv", scores.substr(0, score_row_at) + row.substr(0, rank_at) +
                                           scores.substr(score_row_end));
  merge_refused(output, "shards/1-of-4/scores.csv:3: a rank where feature 0 has none");
  const size_t feature_at = row.rfind(',', score_at - 2) + 1;
  write_text(shard_one / "scores.csv", scores.substr(0, score_row_at) + row.substr(0, feature_at) +
                                           "zz" + scores.substr(score_row_at + score_at - 1));
  merge_refused(output,
                "shards/1-of-4/scores.csv:2: feature 'zz' where the dataset's feature 0 is '");
  write_text(shard_one / "scores.csv", scores);
  // A shard's damaged work_seconds.csv is named at its line before the merge writes anything.
  const std::string seconds = read_text(shard_one / "work_seconds.csv");
  write_text(shard_one / "work_seconds.csv", seconds + "GunPoint,x\n");
  merge_refused(output, "shards/1-of-4/work_seconds.csv:");
  // Its first two rows swapped: valid rows out of the plan's order, named at their line.
  const size_t second = seconds.find('\n', seconds.find('\n') + 1) + 1;
  const size_t third = seconds.find('\n', second) + 1;
  const size_t header_end = seconds.find('\n') + 1;
  write_text(shard_one / "work_seconds.csv",
             seconds.substr(0, header_end) + seconds.substr(second, third - second) +
                 seconds.substr(header_end, second - header_end) + seconds.substr(third));
  merge_refused(output, "shards/1-of-4/work_seconds.csv:2: no row for the work group");
  // A row whose counts are not its group's work in the plan: an edited `rows`, and, split by work
  // groups (a shard computes a group's score vectors whole), an edited `score_vectors`.
  for (const auto& edit :
       {std::pair<std::string, std::string>{"rows", "999"}, {"score_vectors", "7"}}) {
    write_text(shard_one / "work_seconds.csv", seconds);
    CsvTable edited_seconds = read_csv_table(shard_one / "work_seconds.csv");
    edited_seconds.rows.front()[*edited_seconds.column(edit.first)] = edit.second;
    write_text(shard_one / "work_seconds.csv", edited_seconds.str());
    merge_refused(output, "shards/1-of-4/work_seconds.csv:2: " + edit.first + " '" + edit.second +
                              "' for the work group");
  }
  write_text(shard_one / "work_seconds.csv", seconds);
  // Shards that agree with each other but not with the data the merge reads now.
  for (int i = 1; i <= 4; ++i) {
    auto manifest = output / ("shards/" + std::to_string(i) + "-of-4/manifest.json");
    std::string text = read_text(manifest);
    auto at = text.find("\"fingerprint\": \"") + 16;
    write_text(manifest, text.replace(at, 16, std::string(16, '0')));
  }
  merge_refused(output,
                "computed from other data, features, distances or protocol than the spec's now");

  // A shard run with other overrides than the plan is refused before it computes anything...
  auto other =
      run_runner(with_output("run " + kShardSpec + " --shard 1/4 --set n_features=[10]", output));
  CHECK(other.exit_code == 2);
  CHECK_MESSAGE(contains(other.err, "planned for another spec"), other.err);
  auto count = run_runner(with_output("run " + kShardSpec + " --shard 1/3", output));
  CHECK(count.exit_code == 2);
  CHECK_MESSAGE(contains(count.err, "planned for 4 shards, not 3"), count.err);
  // ... a plan for another spec is refused while the shards exist (it would leave them out)...
  const std::string planned = read_text(output / "plan/plan.json");
  auto replanned =
      run_runner(with_output("plan " + kShardSpec + " --shards 4 --set n_features=[10]", output));
  CHECK(replanned.exit_code == 2);
  CHECK_MESSAGE(contains(replanned.err, "were planned for 4 shards of another spec"),
                replanned.err);
  CHECK(read_text(output / "plan/plan.json") == planned);
  // ... and shards put back under a plan remade for another spec are foreign to it.
  std::filesystem::rename(output / "shards", folder.path() / "shards_aside");
  run_ok(with_output("plan " + kShardSpec + " --shards 4 --set n_features=[10]", output));
  std::filesystem::rename(folder.path() / "shards_aside", output / "shards");
  const std::string foreign =
      merge_refused(output, "shards/1-of-4: foreign shard, computed for another spec");
  for (int i = 2; i <= 4; ++i)
    CHECK_MESSAGE(contains(foreign, "shards/" + std::to_string(i) +
                                        "-of-4: foreign shard, computed for another spec"),
                  foreign);
}

TEST_CASE("a killed shard resumes from its own finished cells, the merge is unchanged") {
  TemporaryFolder folder("shard_killed");
  run_ok(with_output(kShardSpec + " --threads 2", folder.path() / "single"));
  auto output = folder.path() / "sharded";
  run_ok(with_output("plan " + kShardSpec + " --shards 4", output));
  // The artefacts as a job array's tasks would compute them: each its own distance matrix (4
  // matrices, 4 shards: 4 tasks, plan/artefacts.csv); another task count is refused.
  const auto wrong =
      run_runner(with_output("run " + kShardSpec + " --artefacts-only --shard 1/3", output));
  CHECK(wrong.exit_code == 2);
  CHECK_MESSAGE(contains(wrong.err, "splits its 4 distance matrices into 4 artefacts tasks, not 3"),
                wrong.err);
  for (int i = 1; i <= 4; ++i) {
    const std::string task = std::to_string(i) + "/4";
    const auto computed = run_runner(
        with_output("run " + kShardSpec + " --artefacts-only --quiet --shard " + task, output));
    REQUIRE_MESSAGE(computed.exit_code == 0, computed.err);
    CHECK_MESSAGE(contains(computed.out, "1 distance matrices of 4 (task " + task + ") (0 already"),
                  computed.out);
    // Its lock and log in a folder of its own, not a shard's (the tasks run side by side).
    CHECK(std::filesystem::exists(output / "artefacts" / (std::to_string(i) + "-of-4")));
  }
  CHECK_FALSE(std::filesystem::exists(output / "shards"));
  for (int i : {1, 2, 4})
    run_ok(with_output("run " + kShardSpec + " --shard " + std::to_string(i) + "/4", output));
  auto shard = output / "shards/3-of-4";
  {  // Killed at whatever point it has reached: the rerun completes it.
    BackgroundRunner runner(with_output("run " + kShardSpec + " --threads 1 --shard 3/4", output));
    REQUIRE(wait_for_file(shard / "manifest.json", 30));
    runner.signal(SIGKILL);
    runner.wait();
  }
  run_ok(with_output("run " + kShardSpec + " --shard 3/4", output));
  // Killed after its first checkpoint: keep 5 of its 21 cells, as the kill would have left them.
  std::string results = read_text(shard / "results.csv");
  size_t end = 0;
  for (int line = 0; line < 6; ++line) end = results.find('\n', end) + 1;
  write_text(shard / "results.csv", results.substr(0, end));
  std::string manifest = read_text(shard / "manifest.json");
  manifest.replace(manifest.find("\"finished\""), 10, "\"running\"");
  write_text(shard / "manifest.json", manifest);
  auto status = run_runner("status " + output.string());
  CHECK_MESSAGE(contains(status.out, "3/4: stopped          5 of     21 cells"), status.out);
  auto merge = run_runner("merge " + output.string());
  CHECK(merge.exit_code == 2);
  CHECK_MESSAGE(contains(merge.err, "shard 3/4 is stopped (5 of 21 cells)"), merge.err);

  auto resumed = run_runner("run " + kShardSpec + " --no-timings --set output=" + output.string() +
                            " --shard 3/4");
  REQUIRE_MESSAGE(resumed.exit_code == 0, resumed.err);
  CHECK_MESSAGE(contains(resumed.err, "resuming: 5 of 21 cells already in results.csv"),
                resumed.err);
  run_ok("merge " + output.string() + " --quiet");
  check_same_files(folder.path() / "single", output);
}

TEST_CASE("submit --dry-run writes the sbatch scripts, the array holds the unfinished shards") {
  TemporaryFolder folder("shard_submit");
  auto output = folder.path() / "sharded";
  auto submit = "submit " + kShardSpec + " --slurm --shards 4 --partition debug --time 0:05:00 " +
                "--cpus 2 --mem 1G --dry-run";
  auto first = run_runner(with_output(submit, output));
  REQUIRE_MESSAGE(first.exit_code == 0, first.err);
  std::string shards = read_text(output / "slurm/shards.sbatch");
  CHECK(contains(shards, "#SBATCH --array=1-4\n"));
  CHECK(contains(shards, "#SBATCH --partition=debug\n"));
  CHECK(contains(shards, "#SBATCH --mem=1G\n"));
  CHECK(contains(shards, "--shard \"${SLURM_ARRAY_TASK_ID}/4\""));
  CHECK(contains(shards, "--no-timings --set output=" + output.string()));
  CHECK(contains(read_text(output / "slurm/artefacts.sbatch"), "--artefacts-only"));
  CHECK(contains(read_text(output / "slurm/merge.sbatch"), "merge " + output.string()));
  CHECK(contains(first.out, "== sbatch --parsable --dependency=afterok:<artefacts job> " +
                                (output / "slurm/shards.sbatch").string()));
  CHECK(contains(first.out, "--dependency=afterok:<shards job>"));
  CHECK_FALSE(std::filesystem::exists(output / "slurm/jobs.txt"));

  for (int i : {1, 3})
    run_ok(with_output("run " + kShardSpec + " --shard " + std::to_string(i) + "/4", output));
  REQUIRE(run_runner(with_output(submit, output)).exit_code == 0);
  CHECK(contains(read_text(output / "slurm/shards.sbatch"), "#SBATCH --array=2,4\n"));
  // A finished shard with a row twice is not resubmitted (its rerun would refuse the file): the
  // submission stops, naming it, before writing anything.
  const auto shard_results = output / "shards/1-of-4/results.csv";
  const std::string results = read_text(shard_results);
  write_text(shard_results, results + results.substr(results.find('\n') + 1));
  std::filesystem::remove_all(output / "slurm");
  auto damaged = run_runner(with_output(submit, output));
  CHECK(damaged.exit_code == 2);
  CHECK_MESSAGE(contains(damaged.err,
                         "nothing submitted: a resubmitted shard would refuse its "
                         "files:\n  " +
                             (output / "shards/1-of-4").string() + ": " + shard_results.string() +
                             ":11 repeats the cell of line 2"),
                damaged.err);
  CHECK_FALSE(std::filesystem::exists(output / "slurm/shards.sbatch"));
  const auto status = run_runner("status " + output.string());
  CHECK_MESSAGE(contains(status.out, "shard     1/4: damaged "), status.out);
  write_text(shard_results, results);
  // Another shard count while shard folders exist is refused.
  auto other =
      run_runner(with_output("submit " + kShardSpec + " --slurm --shards 3 --dry-run", output));
  CHECK(other.exit_code == 2);
  CHECK_MESSAGE(contains(other.err, "were planned for 4 shards of this spec"), other.err);
  auto no_scheduler = run_runner(with_output("submit " + kShardSpec + " --shards 4", output));
  CHECK(no_scheduler.exit_code == 2);
  CHECK(contains(no_scheduler.err, "runner submit needs a scheduler: --slurm"));
}

// Nested CV: a shard takes every candidate of its tuned rows (their groups are one bundle), so it
// chooses as the single run does; the merge puts the tuned rows and tuned.csv back in order.
TEST_CASE("a tuned spec in 3 shards merges to the single run's files, tuned.csv included") {
  TemporaryFolder folder("shards_tuned");
  const std::string spec = "tests/integration/specs/tuned_subset.yaml";
  const auto single = folder.path() / "single", output = folder.path() / "sharded";
  const auto plan = single_run_and_plan(folder.path(), spec);
  // Per dataset: the Laplacian score's six parameter sets are the candidates of one tuned row (one
  // bundle of six groups), ANOVA's group those of another; 4 bundles over 3 shards.
  CHECK_MESSAGE(contains(plan.out, "28 cells in 14 work groups"), plan.out);
  CHECK_MESSAGE(contains(plan.out, "shard 1/3: 12 cells and 1 tuned row,"), plan.out);
  CHECK_MESSAGE(contains(plan.out, "shard 3/3: 4 cells and 2 tuned rows,"), plan.out);
  const std::string groups = read_text(output / "plan/groups.csv");
  CHECK(contains(groups, "tuned_rows,bundle,score_cost,fit_cost,tuning_cost,cost,shard"));
  run_three_shards_and_merge(folder.path(), spec);
  for (const char* file : {"results.csv", "folds.csv", "tuned.csv", "duplicates.csv", "skipped.csv",
                           "tables/Coffee.md", "tables/GunPoint.md", "work_seconds.csv"}) {
    REQUIRE_MESSAGE(std::filesystem::exists(output / file), file);
    CHECK_MESSAGE(read_text(single / file) == read_text(output / file), file);
  }
  CHECK(contains(read_text(output / "results.csv"), "tuned"));
  // A shard's tuned.csv missing a tuned row's folds is named, and nothing is merged.
  std::filesystem::remove(output / "results.csv");
  std::filesystem::remove(output / "tuned.csv");
  for (int i = 1; i <= 3; ++i) {
    const auto tuned = output / ("shards/" + std::to_string(i) + "-of-3/tuned.csv");
    if (!std::filesystem::exists(tuned) ||
        read_text(tuned).find('\n') + 1 == read_text(tuned).size())
      continue;
    const std::string text = read_text(tuned);
    write_text(tuned, text.substr(0, text.rfind('\n', text.size() - 2) + 1));
    auto torn = run_runner("merge " + output.string());
    CHECK(torn.exit_code == 2);
    CHECK_MESSAGE(contains(torn.err, "tuned.csv: 1 rows for the tuned row"), torn.err);
    CHECK_FALSE(std::filesystem::exists(output / "results.csv"));
    CHECK_FALSE(std::filesystem::exists(output / "tuned.csv"));
    break;
  }
}

// tune.outer: chosen: the candidates are no rows of results.csv, so a shard's expected row count
// (shard.json, plan/shards.csv) and the merge leave them out. Tuning sigma_ratio and k only keeps
// ANOVA's cells and the Laplacian score's n_features as grid rows beside the tuned ones.
TEST_CASE("tune.outer: chosen in 3 shards merges to the single run's files") {
  TemporaryFolder folder("shards_tuned_chosen");
  const std::string spec =
      "tests/integration/specs/tuned_subset.yaml --set tune.outer=chosen --set 'plots=[]' "
      "--set 'tune.parameters=[laplacian.sigma_ratio, laplacian.k]'";
  const auto single = folder.path() / "single", output = folder.path() / "sharded";
  const auto plan = single_run_and_plan(folder.path(), spec);
  // Per dataset: 2 tuned rows (one per n_features) over the Laplacian score's 12 candidate cells,
  // and ANOVA's 2 cells; 4 bundles over 3 shards.
  CHECK_MESSAGE(contains(plan.out, "28 cells in 14 work groups"), plan.out);
  CHECK_MESSAGE(contains(plan.out, "shard 1/3: 0 cells and 2 tuned rows,"), plan.out);
  CHECK_MESSAGE(contains(plan.out, "shard 3/3: 4 cells and 0 tuned rows,"), plan.out);
  run_three_shards_and_merge(folder.path(), spec);
  for (const char* file : {"results.csv", "folds.csv", "tuned.csv", "tables/Coffee.md"}) {
    REQUIRE_MESSAGE(std::filesystem::exists(output / file), file);
    CHECK_MESSAGE(read_text(single / file) == read_text(output / file), file);
  }
  std::istringstream results(read_text(output / "results.csv"));
  int tuned = 0, anova = 0, laplacian = 0;
  for (std::string line; std::getline(results, line);) {
    tuned += contains(line, "tuned");
    anova += contains(line, "anova");
    laplacian += contains(line, "laplacian");
  }
  CHECK(tuned == 4);
  CHECK(anova == 4);
  CHECK(laplacian == 4);  // the tuned rows only
}

// The seconds of a work_seconds.csv row: score, fit and tuning.
double measured_seconds(const CsvTable& table, size_t row) {
  double total = 0;
  for (const char* column : {"score_seconds", "fit_seconds", "tuning_seconds"})
    total += std::stod(table.rows[row][*table.column(column)]);
  return total;
}

// A run measures each work group (work_seconds.csv); `plan --calibrate` plans on those seconds.
TEST_CASE("plan --calibrate costs each work group by the seconds a run measured") {
  TemporaryFolder folder("shard_calibrate");
  const auto measured = folder.path() / "measured", output = folder.path() / "sharded";
  run_ok(kShardSpec + " --quiet --threads 2 --set output=" + measured.string());
  CsvTable seconds = read_csv_table(measured / "work_seconds.csv");
  REQUIRE(seconds.rows.size() == 20);
  const size_t rows = *seconds.column("rows"), resumed = *seconds.column("rows_resumed");
  double total = 0;
  for (size_t r = 0; r < seconds.rows.size(); ++r) {
    CHECK(seconds.rows[r][rows] == "3");  // n_features 5, 10, 40
    CHECK(seconds.rows[r][resumed] == "0");
    total += measured_seconds(seconds, r);
  }
  CHECK(total > 0);
  // Coffee's groups as if resumed: not measured whole, so costed by the model at the measured
  // groups' seconds per unit.
  for (auto& row : seconds.rows)
    if (row[0] == "Coffee") row[resumed] = "1";
  write_text(measured / "work_seconds.csv", seconds.str());
  const std::string calibrate = "plan " + kShardSpec + " --shards 3 --calibrate ";
  const auto plan = run_runner(with_output(calibrate + measured.string(), output));
  REQUIRE_MESSAGE(plan.exit_code == 0, plan.err);
  CHECK_MESSAGE(contains(plan.out, "10 of 20 work groups measured"), plan.out);
  const CsvTable groups = read_csv_table(output / "plan/groups.csv");
  REQUIRE(groups.rows.size() == 20);
  for (size_t g = 0; g < groups.rows.size(); ++g) {
    const auto& row = groups.rows[g];
    REQUIRE(row[*groups.column("dataset")] == seconds.rows[g][0]);
    const bool gunpoint = seconds.rows[g][0] == "GunPoint";
    CHECK(row[*groups.column("cost_source")] == (gunpoint ? "measured" : "model"));
    if (gunpoint)
      CHECK(std::stod(row[*groups.column("cost")]) ==
            doctest::Approx(measured_seconds(seconds, g)).epsilon(1e-9));
  }
  // Once a shard of the plan has started, a calibrated plan would move its groups: refused. A
  // plain plan (a resubmission) keeps the plan the shards follow.
  run_ok(with_output("run " + kShardSpec + " --shard 1/3", output));
  const std::string planned = read_text(output / "plan/groups.csv");
  const auto again = run_runner(with_output(calibrate + measured.string(), output));
  CHECK(again.exit_code == 2);
  CHECK_MESSAGE(contains(again.err, "shards of an earlier plan have started"), again.err);
  const auto kept = run_runner(with_output("plan " + kShardSpec + " --shards 3", output));
  CHECK_MESSAGE(contains(kept.out, "plan is kept as it is"), kept.out);
  CHECK(read_text(output / "plan/groups.csv") == planned);
  // Another shard count would leave shard 1's finished cells out of every shard: refused.
  const auto other = run_runner(with_output("plan " + kShardSpec + " --shards 4", output));
  CHECK(other.exit_code == 2);
  CHECK_MESSAGE(contains(other.err, "were planned for 3 shards of this spec"), other.err);
  CHECK(read_text(output / "plan/groups.csv") == planned);
  // The measured folder run again with --no-timings: its rows kept, their seconds left empty.
  run_ok(with_output(kShardSpec, measured));
  const CsvTable untimed = read_csv_table(measured / "work_seconds.csv");
  for (size_t r = 0; r < untimed.rows.size(); ++r) {
    CHECK(untimed.rows[r][resumed] == seconds.rows[r][resumed]);
    CHECK(untimed.rows[r][*untimed.column("score_seconds")].empty());
  }
  // A folder without work_seconds.csv is named.
  const auto missing =
      run_runner(with_output(calibrate + folder.path().string(), folder.path() / "other"));
  CHECK(missing.exit_code == 2);
  CHECK_MESSAGE(contains(missing.err, (folder.path() / "work_seconds.csv").string() + ": missing"),
                missing.err);
}

TEST_CASE("a shard needs its plan") {
  TemporaryFolder folder("shards_unplanned");
  auto unplanned =
      run_runner(with_output("run " + kShardSpec + " --shard 1/2", folder.path() / "none"));
  CHECK(unplanned.exit_code == 2);
  CHECK_MESSAGE(contains(unplanned.err,
                         "no plan for this output folder: run `runner plan SPEC "
                         "--shards 2` first"),
                unplanned.err);
  CHECK_FALSE(std::filesystem::exists(folder.path() / "none" / "shards"));
  // More shards than work groups would be empty jobs: refused, nothing written.
  auto too_many =
      run_runner(with_output("plan " + kShardSpec + " --shards 100000", folder.path() / "many"));
  CHECK(too_many.exit_code == 2);
  CHECK_MESSAGE(contains(too_many.err, "error: --shards: 100000 shards for "), too_many.err);
  CHECK_MESSAGE(contains(too_many.err, "shards would get no work; use --shards "), too_many.err);
  CHECK_FALSE(std::filesystem::exists(folder.path() / "many" / "plan"));
}

// skipped.csv's reasons leave out the spec's own place: the merge reads the spec from
// plan/spec.yaml (re-emitted, other lines), and must still write the single run's file.
TEST_CASE("a sharded archive study that skips a dataset and a selector merges to the same files") {
  TemporaryFolder folder("shards_skipping");
  const std::string spec = "tests/integration/specs/archive_skip.yaml";
  run_ok(with_output(spec + " --threads 2", folder.path() / "single"));
  const auto output = folder.path() / "sharded";
  run_ok(with_output("plan " + spec + " --shards 2", output));
  for (const char* shard : {"1/2", "2/2"})
    run_ok(with_output("run " + spec + " --threads 1 --shard " + shard, output));
  run_ok("merge " + output.string() + " --quiet");
  const std::string skipped = read_text(folder.path() / "single" / "skipped.csv");
  CHECK(contains(skipped, "Wafer,dataset"));
  CHECK(contains(skipped, "BeetleFly,selector 'laplacian'"));
  CHECK(read_text(output / "skipped.csv") == skipped);
  CHECK(read_text(output / "results.csv") == read_text(folder.path() / "single" / "results.csv"));
}

// --split-folds: a shard takes outer folds of datasets (every group of the dataset on those
// folds), so nested CV spreads past its bundles; each shard writes rows of its folds only and the
// merge builds every results.csv row from all of them, as the single run computes it.
TEST_CASE("a tuned spec split by folds into 3 shards merges to the single run's files") {
  TemporaryFolder folder("shards_folds");
  const std::string spec = "tests/integration/specs/tuned_subset.yaml";
  const auto single = folder.path() / "single", output = folder.path() / "sharded";
  run_ok(with_output(spec + " --threads 2", single));
  const auto plan = run_runner(with_output("plan " + spec + " --shards 3 --split-folds", output));
  REQUIRE_MESSAGE(plan.exit_code == 0, plan.err);
  // 2 datasets x 2 outer folds (2 repeats of one split): GunPoint's two folds cost the most, each
  // alone in a shard; Coffee's two share the third. Every shard holding a dataset has its rows.
  CHECK_MESSAGE(contains(plan.out, "shard 1/3: 14 cells and 2 tuned rows, 39.3%"), plan.out);
  CHECK_MESSAGE(contains(plan.out, "shard 3/3: 14 cells and 2 tuned rows, 21.3%"), plan.out);
  CHECK(contains(read_text(output / "plan/plan.json"), "\"split\": \"folds\""));
  CHECK(read_text(output / "plan/folds.csv") ==
        "dataset,repeat,fold,cost,shard\nCoffee,0,0,984148,3\nCoffee,1,0,984148,3\n"
        "GunPoint,0,0,3634264,1\nGunPoint,1,0,3634264,2\n");
  CHECK_FALSE(contains(read_text(output / "plan/groups.csv"), ",shard,"));
  // Another split over it is another plan: refused once its shards have started.
  run_ok(with_output("run " + spec + " --threads 1 --shard 1/3", output));
  const auto replanned = run_runner(with_output("plan " + spec + " --shards 3", output));
  CHECK(replanned.exit_code == 2);
  CHECK_MESSAGE(contains(replanned.err,
                         "planned for 3 shards of this spec, split by folds; "
                         "plan or resubmit with --shards 3 --split-folds"),
                replanned.err);
  CHECK(contains(read_text(output / "plan/plan.json"), "\"split\": \"folds\""));
  for (const char* shard : {"2/3", "3/3"})
    run_ok(with_output("run " + spec + " --threads 1 --shard " + shard, output));
  // A shard's results.csv row covers its own folds only; the merge recomputes every row.
  CHECK(read_text(output / "shards/1-of-3/results.csv") != read_text(single / "results.csv"));
  const auto status = run_runner("status " + output.string());
  CHECK_MESSAGE(contains(status.out,
                         "28 cells and 4 tuned rows in 3 shards (split by outer "
                         "folds)"),
                status.out);
  CHECK_MESSAGE(contains(status.out, "3 of 3 shards finished"), status.out);
  // A shard's count is its results.csv rows: cells and tuned rows.
  CHECK_MESSAGE(contains(status.out, " rows (cells and tuned rows)"), status.out);
  run_ok("merge " + output.string() + " --quiet");
  for (const char* file :
       {"results.csv", "folds.csv", "tuned.csv", "scores.csv", "duplicates.csv", "skipped.csv",
        "tables/Coffee.md", "tables/GunPoint.md", "work_seconds.csv"}) {
    REQUIRE_MESSAGE(std::filesystem::exists(output / file), file);
    CHECK_MESSAGE(read_text(single / file) == read_text(output / file), file);
  }

  // A shard's rows are checked before anything is merged: a fold row edited (its results.csv
  // row no longer agrees), deleted, or one of another shard's folds.
  std::filesystem::remove(output / "results.csv");
  std::filesystem::remove(output / "scores.csv");
  const auto shard_two = output / "shards/2-of-3";
  const std::string folds = read_text(shard_two / "folds.csv");
  const auto table = tsfs::read_csv_table(shard_two / "folds.csv");
  const std::string accuracy = table.rows[0][*table.column("accuracy")];
  std::string edited = folds;
  edited.replace(edited.find("," + accuracy + ","), accuracy.size() + 2, ",0.125,");
  write_text(shard_two / "folds.csv", edited);
  merge_refused(output, "shards/2-of-3/results.csv:2: the row of cell (GunPoint");
  const size_t second_line = folds.find('\n') + 1;
  write_text(shard_two / "folds.csv",
             folds.substr(0, second_line) + folds.substr(folds.find('\n', second_line) + 1));
  merge_refused(output, "shards/2-of-3/folds.csv: cell 15 of the grid has 0 fold rows, not its 1");
  // Nor does `runner status` call the shard finished (`runner submit` resubmits it).
  const auto damaged = run_runner("status " + output.string());
  CHECK_MESSAGE(contains(damaged.out, "2 of 3 shards finished"), damaged.out);
  CHECK_MESSAGE(contains(damaged.out,
                         "its manifest says finished but folds.csv holds 15 rows, and "
                         "results.csv's rows were evaluated on 16 folds"),
                damaged.out);
  write_text(shard_two / "folds.csv", folds);
  // An edited n_folds is named in results.csv, whose field it is.
  const std::string results = read_text(shard_two / "results.csv");
  auto results_table = tsfs::read_csv_table(shard_two / "results.csv");
  results_table.rows.front()[*results_table.column("n_folds")] = "9";
  write_text(shard_two / "results.csv", results_table.str());
  merge_refused(
      output,
      "shards/2-of-3/results.csv: cell 15 of the grid says n_folds 9, not the 1 the shard "
      "computed");
  write_text(shard_two / "results.csv", results);
  // Shard 1 holds GunPoint's repeat 0; shard 2 repeat 1: its first row, renumbered.
  std::string foreign = folds;
  const size_t fold_field = foreign.find(",1,0,", second_line);
  REQUIRE(fold_field != std::string::npos);
  foreign.replace(fold_field, 5, ",0,0,");
  write_text(shard_two / "folds.csv", foreign);
  merge_refused(output, "repeat 0 fold 0 is not a fold of the plan's protocol for GunPoint");
  write_text(shard_two / "folds.csv", folds);
  // A tuned.csv row whose outer result its folds.csv row does not give, as a rerun refuses it.
  const std::string tuned = read_text(shard_two / "tuned.csv");
  const auto tuned_table = tsfs::read_csv_table(shard_two / "tuned.csv");
  const std::string tuned_accuracy = tuned_table.rows[0][*tuned_table.column("accuracy")];
  std::string edited_tuned = tuned;
  edited_tuned.replace(edited_tuned.find("," + tuned_accuracy + ","), tuned_accuracy.size() + 2,
                       ",0.125,");
  write_text(shard_two / "tuned.csv", edited_tuned);
  merge_refused(output, "shards/2-of-3/tuned.csv:2: accuracy 0.125 disagrees with folds.csv");
  write_text(shard_two / "tuned.csv", tuned);
  // A work_seconds.csv row's dataset size edited (its score_vectors are the shard's share).
  const std::string seconds = read_text(shard_two / "work_seconds.csv");
  auto seconds_table = tsfs::read_csv_table(shard_two / "work_seconds.csv");
  seconds_table.rows.front()[*seconds_table.column("dataset_rows")] = "12";
  write_text(shard_two / "work_seconds.csv", seconds_table.str());
  merge_refused(output, "shards/2-of-3/work_seconds.csv:2: dataset_rows '12' for the work group");
  write_text(shard_two / "work_seconds.csv", seconds);
  run_ok("merge " + output.string() + " --quiet");
  CHECK(read_text(single / "results.csv") == read_text(output / "results.csv"));
}

// Split by folds with a score vector fitted on all rows (variance, fit_on: all), which every
// shard holding its dataset computes and the merge writes once; the curves are refitted.
TEST_CASE("4 shards split by folds side by side merge to the single run's files byte for byte") {
  TemporaryFolder folder("shards_folds_side");
  run_ok(with_output(kShardSpec + " --threads 2", folder.path() / "single"));
  auto output = folder.path() / "sharded";
  const auto too_many =
      run_runner(with_output("plan " + kShardSpec + " --shards 7 --split-folds", output));
  CHECK(too_many.exit_code == 2);
  CHECK_MESSAGE(contains(too_many.err,
                         "--shards: 7 shards for 6 outer folds of datasets: 1 "
                         "shards would get no work; use --shards 6 or fewer"),
                too_many.err);
  // What a single run refuses before computing, the plan refuses before any shard runs.
  const auto no_curves = run_runner(with_output(
      "plan " + kShardSpec + " --shards 4 --split-folds --set 'curves.where={n_features: 7}'",
      output));
  CHECK(no_curves.exit_code == 2);
  CHECK_MESSAGE(contains(no_curves.err, "curves.where"), no_curves.err);
  CHECK_FALSE(std::filesystem::exists(output / "plan/plan.json"));
  run_ok(with_output("plan " + kShardSpec + " --shards 4 --split-folds", output));
  run_shards_side_by_side(output, 4);
  run_ok("merge " + output.string() + " --quiet");
  check_same_files(folder.path() / "single", output);
  CHECK(read_text(output / "work_seconds.csv") ==
        read_text(folder.path() / "single/work_seconds.csv"));
  // A fit_on: all vector that differs between two shards is a damaged file, not merged.
  std::filesystem::remove(output / "scores.csv");
  for (int i = 1; i <= 4; ++i) {
    const auto scores = output / ("shards/" + std::to_string(i) + "-of-4/scores.csv");
    const std::string text = read_text(scores);
    const size_t all_rows = text.find(",variance,all,");
    if (all_rows == std::string::npos || i == 1) continue;
    // Its first row's score (the field before the rank) changed: a vector a run could write.
    const size_t rank_comma = text.rfind(',', text.find('\n', all_rows));
    const size_t score_comma = text.rfind(',', rank_comma - 1);
    write_text(scores, text.substr(0, score_comma + 1) + "0.5" + text.substr(rank_comma));
    const auto merged = run_runner("merge " + output.string());
    CHECK(merged.exit_code == 2);
    CHECK_MESSAGE(contains(merged.err, "fitted on all rows are not those of shard"), merged.err);
    break;
  }
}

// Feature names are not in the inputs' fingerprint (their values are): a features file whose
// columns were renamed after the shards ran passes the merge's input check, and its score vectors
// are refused at their first row, naming the old name and the new.
TEST_CASE("a features file renamed after its shards ran: the merge names both names") {
  TemporaryFolder folder("shard_renamed");
  std::string values;
  for (int r = 0; r < 200; ++r)  // GunPoint's 50 TRAIN then 150 TEST series
    values += std::to_string(r % 7) + "," + std::to_string(r % 5) + "," +
              std::to_string(r * 3 % 11) + "," + std::to_string(r % 2) + "\n";
  const auto features = write_text(folder.path() / "features.csv", "f0,f1,f2,f3\n" + values);
  const auto output = folder.path() / "run";
  const auto spec =
      write_text(folder.path() / "spec.yaml",
                 "name: renamed\ndatasets: [{name: GunPoint, path: third_party/ucr/GunPoint}]\n"
                 "features: {extractor: csv, path: " +
                     features.string() +
                     "}\nselectors: [{kind: anova}, {kind: variance}]\nn_features: [2]\n"
                     "protocol: {kind: stratified_kfold, folds: 3, seed: 0}\noutput: " +
                     output.string() + "\n");
  run_ok("plan " + spec.string() + " --shards 2 --quiet");
  for (const char* shard : {"1/2", "2/2"})
    run_ok("run " + spec.string() + " --quiet --shard " + shard);
  write_text(features, "first,f1,f2,f3\n" + values);
  merge_refused(output,
                "shards/1-of-2/scores.csv:2: feature 'f0' where the dataset's feature 0 "
                "is 'first' (the features were renamed since the file was written");
}
