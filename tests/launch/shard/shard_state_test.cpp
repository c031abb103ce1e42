// inspect_shard and the small readers around it, on shard folders written by hand in a temporary
// output folder: each state and why, the counts it reports, and the input errors of a damaged
// plan/shards.csv or results.csv.
#include "launch/shard/shard_state.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <chrono>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/files.hpp"
#include "config/spec.hpp"
#include "launch/shard/plan_files.hpp"
#include "report/manifest.hpp"
#include "support/temporary_folder.hpp"
#include "sweep/store/output_lock.hpp"

namespace tsfs {
namespace shard_state_test {

const ShardId kSecond{2, 3};  // folder shards/2-of-3
const ShardRecord kPlan{"00112233aabbccdd", "study", 0, 3, 12, 100.0};

// A results.csv with `rows` rows that read_checked accepts, of cells s0, s1, ... (their key:
// dataset, selector, protocol), each evaluated on 2 folds.
std::string results_csv(int rows) {
  std::string text = "dataset,selector,protocol,accuracy,n_folds\n";
  for (int r = 0; r < rows; ++r) text += "Coffee,s" + std::to_string(r) + ",cv,0.5,2\n";
  return text;
}

// A folds.csv with `rows` rows: folds 0 and 1 of repeat 0 of cell s0, then of s1, ...
std::string folds_csv(int rows) {
  std::string text = "dataset,selector,protocol,repeat,fold,accuracy\n";
  for (int r = 0; r < rows; ++r) text += fmt::format("Coffee,s{},cv,0,{},0.5\n", r / 2, r % 2);
  return text;
}

// A manifest.json as a run writes it, with `status` and fingerprint 0123456789abcdef.
std::string manifest(const std::string& status) {
  Spec spec;
  spec.name = "study";
  ManifestInfo info{spec, 1, "0123456789abcdef", std::chrono::system_clock::now(), {}, {}, status};
  return manifest_json(info);
}

// shard.json of shard `id` of `kPlan`'s spec with `cells` rows.
void write_shard_record(const std::filesystem::path& output, const ShardId& id, size_t cells,
                        const std::string& hash = kPlan.spec_hash) {
  const auto folder = shard_folder(output, id);
  std::filesystem::create_directories(folder);
  write_file_atomically(folder / "shard.json",
                        shard_record_json({hash, "study", id.index, id.count, cells, 10.0}));
}

// The InputError `action` throws; fails the test when none is thrown.
template <typename Action>
InputError thrown_input_error(Action&& action) {
  try {
    action();
  } catch (const InputError& error) {
    return error;
  }
  FAIL_CHECK("expected an InputError");
  return InputError("", "");
}

}  // namespace shard_state_test

TEST_CASE("state_name: the words runner status prints") {
  CHECK(state_name(ShardState::not_started) == "not started");
  CHECK(state_name(ShardState::foreign) == "foreign");
  CHECK(state_name(ShardState::running) == "running");
  CHECK(state_name(ShardState::finished) == "finished");
  CHECK(state_name(ShardState::stopped) == "stopped");
  CHECK(state_name(ShardState::damaged) == "damaged");
}

TEST_CASE("manifest_status: the status field of a manifest, empty when absent or unreadable") {
  const testing::TemporaryFolder scratch("shard_state_manifest");
  const auto& folder = scratch.path();
  CHECK(manifest_status(folder / "missing.json").empty());
  for (const char* status : {"finished", "running", "interrupted", "failed"})
    CHECK(manifest_status(scratch.write("manifest.json", shard_state_test::manifest(status))) ==
          status);
  CHECK(manifest_status(scratch.write("other.json", "{\"status\": \"finished\"}\n")).empty());
  CHECK(
      manifest_status(scratch.write("upper.json", "{\n  \"status\": \"Finished\",\n}\n")).empty());
}

TEST_CASE("planned_rows: a shard's cells and tuned rows from plan/shards.csv") {
  const testing::TemporaryFolder scratch("shard_state_planned");
  const auto& output = scratch.path();
  // No plan/shards.csv (no `runner plan` yet): nothing planned.
  const PlannedRows none = planned_rows(output, shard_state_test::kSecond);
  CHECK(none.cells == 0);
  CHECK(none.tuned_rows == 0);
  scratch.write("plan/shards.csv",
                "shard,groups,cells,tuned_rows,score_vectors,fits,cost,cost_share\n"
                "1,2,4,1,6,12,10,0.3\n"
                "2,3,5,2,7,15,12,0.4\n"
                "3,1,6,0,3,18,11,0.3\n");
  const PlannedRows second = planned_rows(output, shard_state_test::kSecond);
  CHECK(second.cells == 5);
  CHECK(second.tuned_rows == 2);
  CHECK(planned_rows(output, {3, 3}).cells == 6);
  // A plan older than the tuned_rows column: no tuned rows.
  scratch.write("plan/shards.csv", "shard,cells\n1,4\n2,5\n3,6\n");
  const PlannedRows old = planned_rows(output, shard_state_test::kSecond);
  CHECK(old.cells == 5);
  CHECK(old.tuned_rows == 0);
}

// groups.csv is the plan the shards follow, a hand-moved group included: its sums win over a
// shards.csv that says otherwise.
TEST_CASE("planned_rows sums plan/groups.csv's groups of the shard") {
  const testing::TemporaryFolder scratch("shard_state_planned_groups");
  const auto& output = scratch.path();
  scratch.write("plan/shards.csv", "shard,cells,tuned_rows\n1,4,1\n2,5,2\n3,6,0\n");
  scratch.write("plan/groups.csv",
                "group,cells,tuned_rows,shard,reported_cells\n"
                "0,3,1,2,2\n"
                "1,4,0,1,4\n"
                "2,6,1,2,5\n");
  const PlannedRows second = planned_rows(output, shard_state_test::kSecond);
  CHECK(second.cells == 2 + 5);
  CHECK(second.tuned_rows == 1 + 1);
  CHECK(planned_rows(output, {3, 3}).cells == 0);
  const InputError bad = shard_state_test::thrown_input_error([&] {
    scratch.write("plan/groups.csv", "group,tuned_rows,shard,reported_cells\n0,1,2,x\n");
    planned_rows(output, shard_state_test::kSecond);
  });
  CHECK(bad.where() == (output / "plan" / "groups.csv").string() + ":2");
  CHECK(bad.message() == "reported_cells 'x' is not a count");
  // A plan older than reported_cells: shards.csv.
  scratch.write("plan/groups.csv", "group,cells,tuned_rows,shard\n0,3,1,2\n");
  CHECK(planned_rows(output, shard_state_test::kSecond).cells == 5);
}

TEST_CASE("planned_rows refuses a shards.csv tsfs did not write, naming the file and line") {
  const testing::TemporaryFolder scratch("shard_state_planned_bad");
  const auto& output = scratch.path();
  const std::string path = (output / "plan" / "shards.csv").string();
  const auto error_for = [&](const std::string& text) {
    scratch.write("plan/shards.csv", text);
    return shard_state_test::thrown_input_error(
        [&] { planned_rows(output, shard_state_test::kSecond); });
  };
  const InputError no_cells = error_for("shard,groups\n1,2\n");
  CHECK(no_cells.where() == path);
  CHECK(no_cells.message() == "no shard or cells column: not a file tsfs wrote");
  CHECK(error_for("cells,groups\n1,2\n").message() ==
        "no shard or cells column: not a file tsfs wrote");
  // Line 3 is shard 2's row (the header is line 1).
  const InputError fraction = error_for("shard,cells,tuned_rows\n1,4,0\n2,2.5,0\n");
  CHECK(fraction.where() == path + ":3");
  CHECK(fraction.message() == "cells '2.5' is not a count");
  CHECK(error_for("shard,cells,tuned_rows\n2,-1,0\n").message() == "cells '-1' is not a count");
  CHECK(error_for("shard,cells,tuned_rows\n2,five,0\n").message() == "cells 'five' is not a count");
  const InputError tuned = error_for("shard,cells,tuned_rows\n1,4,0\n2,5,x\n");
  CHECK(tuned.where() == path + ":3");
  CHECK(tuned.message() == "tuned_rows 'x' is not a count");
  // A bad value in another shard's row is not this shard's concern.
  CHECK(planned_rows(output, {1, 3}).cells == 4);
  const InputError missing = error_for("shard,cells\n1,4\n3,6\n");
  CHECK(missing.where() == path);
  CHECK(missing.message() == "no row for shard 2");
}

TEST_CASE("inspect_shard without shard.json: not started, running or a damaged folder") {
  const testing::TemporaryFolder scratch("shard_state_unstarted");
  const auto& output = scratch.path();
  scratch.write("plan/shards.csv", "shard,cells,tuned_rows\n1,4,0\n2,5,2\n3,6,0\n");
  const ShardReport fresh =
      inspect_shard(output, shard_state_test::kSecond, shard_state_test::kPlan);
  CHECK(fresh.state == ShardState::not_started);
  CHECK(fresh.id.index == 2);
  CHECK(fresh.id.count == 3);
  CHECK(fresh.cells == 5 + 2);  // its cells and tuned rows, as planned
  CHECK(fresh.cells_done == 0);
  CHECK(fresh.detail.empty());
  CHECK(fresh.manifest_status.empty());
  CHECK(fresh.fingerprint.empty());

  const auto folder = shard_folder(output, shard_state_test::kSecond);
  std::filesystem::create_directories(folder);
  {
    // A runner that has the lock but has not written shard.json yet.
    const OutputLock lock(folder, "runner run spec.yaml --shard 2/3", "test", false);
    const ShardReport locked =
        inspect_shard(output, shard_state_test::kSecond, shard_state_test::kPlan);
    CHECK(locked.state == ShardState::running);
    CHECK(locked.cells == 7);
  }
  CHECK(inspect_shard(output, shard_state_test::kSecond, shard_state_test::kPlan).state ==
        ShardState::not_started);  // the lock released

  scratch.write("shards/2-of-3/results.csv", shard_state_test::results_csv(2));
  const ShardReport damaged =
      inspect_shard(output, shard_state_test::kSecond, shard_state_test::kPlan);
  CHECK(damaged.state == ShardState::stopped);
  CHECK(damaged.detail ==
        "results.csv without shard.json: the folder was damaged; rerun the shard");
}

TEST_CASE("inspect_shard: a shard.json of another spec or shard is foreign") {
  const testing::TemporaryFolder scratch("shard_state_foreign");
  const auto& output = scratch.path();
  shard_state_test::write_shard_record(output, shard_state_test::kSecond, 4, "ffffeeeeddddcccc");
  scratch.write("shards/2-of-3/manifest.json", shard_state_test::manifest("finished"));
  scratch.write("shards/2-of-3/results.csv", shard_state_test::results_csv(4));
  const ShardReport other_spec =
      inspect_shard(output, shard_state_test::kSecond, shard_state_test::kPlan);
  CHECK(other_spec.state == ShardState::foreign);
  CHECK(other_spec.detail ==
        "computed for another spec (spec hash ffffeeeeddddcccc, the plan's is 00112233aabbccdd)");
  // What the folder holds is still reported.
  CHECK(other_spec.cells == 4);
  CHECK(other_spec.cells_done == 4);
  CHECK(other_spec.manifest_status == "finished");
  CHECK(other_spec.fingerprint == "0123456789abcdef");

  // The record of shard 3/3 copied into 2-of-3, and shard 2 of a plan of 4 shards.
  const auto folder = shard_folder(output, shard_state_test::kSecond);
  write_file_atomically(folder / "shard.json", shard_record_json({shard_state_test::kPlan.spec_hash,
                                                                  "study", 3, 3, 4, 1}));
  CHECK(inspect_shard(output, shard_state_test::kSecond, shard_state_test::kPlan).detail ==
        "shard 3/3, not 2/3");
  write_file_atomically(folder / "shard.json", shard_record_json({shard_state_test::kPlan.spec_hash,
                                                                  "study", 2, 4, 4, 1}));
  const ShardReport other_count =
      inspect_shard(output, shard_state_test::kSecond, shard_state_test::kPlan);
  CHECK(other_count.state == ShardState::foreign);
  CHECK(other_count.detail == "shard 2/4, not 2/3");

  // Foreign is said even while a runner holds the folder.
  const OutputLock lock(folder, "runner run", "test", false);
  CHECK(inspect_shard(output, shard_state_test::kSecond, shard_state_test::kPlan).state ==
        ShardState::foreign);
}

TEST_CASE("inspect_shard: finished when the manifest says so and every cell is written") {
  const testing::TemporaryFolder scratch("shard_state_finished");
  const auto& output = scratch.path();
  shard_state_test::write_shard_record(output, shard_state_test::kSecond, 4);
  scratch.write("shards/2-of-3/manifest.json", shard_state_test::manifest("finished"));
  // Three results.csv records (one with a quoted line break) and one cell that did not converge;
  // a fold row for each of the records' 1 + 2 + 3 folds.
  scratch.write("shards/2-of-3/results.csv",
                "dataset,selector,protocol,accuracy,n_folds\n"
                "Coffee,anova,cv,0.5,1\n"
                "\"Cof\nfee\",anova,cv,0.75,2\n"
                "Coffee,fisher,cv,1,3\n");
  scratch.write("shards/2-of-3/folds.csv", shard_state_test::folds_csv(6));
  scratch.write("shards/2-of-3/cell_status.csv", "dataset,selector,status\nCoffee,spec,x\n");
  const ShardReport report =
      inspect_shard(output, shard_state_test::kSecond, shard_state_test::kPlan);
  CHECK(report.state == ShardState::finished);
  CHECK(report.cells == 4);  // from shard.json, not plan/shards.csv
  CHECK(report.cells_done == 3 + 1);
  CHECK(report.detail.empty());
  CHECK(report.manifest_status == "finished");
  CHECK(report.fingerprint == "0123456789abcdef");

  // Running while locked, whatever the files say.
  {
    const OutputLock lock(shard_folder(output, shard_state_test::kSecond), "runner run", "test",
                          false);
    CHECK(inspect_shard(output, shard_state_test::kSecond, shard_state_test::kPlan).state ==
          ShardState::running);
  }
  // A manifest that is not in the layout manifest_json writes has no fingerprint.
  scratch.write("shards/2-of-3/manifest.json", "{\n  \"status\": \"finished\",\n  \"x\": 1,\n}\n");
  const ShardReport edited =
      inspect_shard(output, shard_state_test::kSecond, shard_state_test::kPlan);
  CHECK(edited.state == ShardState::finished);
  CHECK(edited.fingerprint.empty());
}

TEST_CASE("inspect_shard: stopped, and why") {
  const testing::TemporaryFolder scratch("shard_state_stopped");
  const auto& output = scratch.path();
  const auto inspect = [&] {
    return inspect_shard(output, shard_state_test::kSecond, shard_state_test::kPlan);
  };
  shard_state_test::write_shard_record(output, shard_state_test::kSecond, 3);
  // shard.json written, killed before its first checkpoint.
  const ShardReport bare = inspect();
  CHECK(bare.state == ShardState::stopped);
  CHECK(bare.detail == "manifest status ''");
  CHECK(bare.cells_done == 0);

  scratch.write("shards/2-of-3/results.csv", shard_state_test::results_csv(2));
  scratch.write("shards/2-of-3/manifest.json", shard_state_test::manifest("running"));
  const ShardReport killed = inspect();
  CHECK(killed.state == ShardState::stopped);
  CHECK(killed.detail == "killed (manifest still says running)");
  CHECK(killed.cells_done == 2);

  scratch.write("shards/2-of-3/manifest.json", shard_state_test::manifest("interrupted"));
  CHECK(inspect().detail == "manifest status 'interrupted'");

  // Every cell written but the manifest still says running: stopped (the manifest is the last
  // file a finished run writes).
  scratch.write("shards/2-of-3/results.csv", shard_state_test::results_csv(3));
  scratch.write("shards/2-of-3/manifest.json", shard_state_test::manifest("running"));
  CHECK(inspect().state == ShardState::stopped);

  // Finished with rows lost, or of other cells (a cell that did not converge included): the file
  // was damaged or edited, and a rerun repairs it.
  const std::string results =
      (shard_folder(output, shard_state_test::kSecond) / "results.csv").string();
  const std::string folds =
      (shard_folder(output, shard_state_test::kSecond) / "folds.csv").string();
  scratch.write("shards/2-of-3/manifest.json", shard_state_test::manifest("finished"));
  for (const auto& [rows, repair] :
       {std::pair<int, std::string>{2, "it computes the lost rows again"},
        {4, "it sets rows of cells not its own aside"}}) {
    scratch.write("shards/2-of-3/results.csv", shard_state_test::results_csv(rows));
    const ShardReport off = inspect();
    CHECK(off.state == ShardState::stopped);
    CHECK(off.detail == fmt::format("its manifest says finished but results.csv holds {} rows for "
                                    "3 cells: a file was damaged or edited; rerun the shard ({})",
                                    rows, repair));
  }
  scratch.write("shards/2-of-3/results.csv", shard_state_test::results_csv(3));
  scratch.write("shards/2-of-3/cell_status.csv", "dataset,selector,status\nCoffee,s9,x\n");
  CHECK(inspect().detail.find("results.csv and cell_status.csv hold 4 rows for 3 cells") !=
        std::string::npos);
  std::filesystem::remove(shard_folder(output, shard_state_test::kSecond) / "cell_status.csv");
  // A cell twice, which a rerun refuses: damaged until the user deletes a row. The merge (which
  // checks the rows of a shard with the right count itself) calls it damaged too.
  scratch.write("shards/2-of-3/results.csv",
                shard_state_test::results_csv(3) + "Coffee,s0,cv,0.75,2\n");
  for (const FoldRows fold_rows : {FoldRows::counted, FoldRows::left_to_merge}) {
    const ShardReport twice =
        inspect_shard(output, shard_state_test::kSecond, shard_state_test::kPlan, fold_rows);
    CHECK(twice.state == ShardState::damaged);
    CHECK(twice.detail == results +
                              ":5 repeats the cell of line 2: a rerun refuses the file; delete "
                              "one of the two rows, or rerun the shard afresh (runner run SPEC "
                              "--shard 2/3 --fresh, which computes all of its cells again)");
  }

  // Every cell written, but folds.csv lacks a row of their 3 x 2 folds, or has a row of another
  // cell (a rerun drops it, or computes the cell again), or one fold twice (a rerun refuses it);
  // the merge refuses each.
  scratch.write("shards/2-of-3/results.csv", shard_state_test::results_csv(3));
  scratch.write("shards/2-of-3/folds.csv", shard_state_test::folds_csv(6));
  CHECK(inspect().state == ShardState::finished);
  for (const int rows : {5, 7}) {
    scratch.write("shards/2-of-3/folds.csv", shard_state_test::folds_csv(rows));
    const ShardReport off = inspect();
    CHECK(off.state == ShardState::stopped);
    CHECK(off.detail ==
          fmt::format("its manifest says finished but folds.csv holds {} rows, and results.csv's "
                      "rows were evaluated on 6 folds (their n_folds): a file was damaged or "
                      "edited; rerun the shard (it drops the fold rows of no results.csv row, and "
                      "computes again the cells whose fold rows are not their n_folds)",
                      rows));
    // The merge counts them itself, naming the cell.
    CHECK(inspect_shard(output, shard_state_test::kSecond, shard_state_test::kPlan,
                        FoldRows::left_to_merge)
              .state == ShardState::finished);
  }
  scratch.write("shards/2-of-3/folds.csv",
                shard_state_test::folds_csv(6) + "Coffee,s1,cv,0,1,0.25\n");
  const ShardReport fold_twice = inspect();
  CHECK(fold_twice.state == ShardState::damaged);
  CHECK(fold_twice.detail.find(folds + ":8 repeats the fold row of line 5: a rerun refuses the "
                                       "file") == 0);
  std::filesystem::remove(shard_folder(output, shard_state_test::kSecond) / "folds.csv");
  CHECK(inspect().detail.find("folds.csv holds 0 rows, and results.csv's rows were evaluated on "
                              "6 folds") != std::string::npos);
  // A results.csv without a key's last column (protocol) or n_folds is not a file tsfs wrote.
  scratch.write(
      "shards/2-of-3/results.csv",
      "dataset,selector,accuracy,n_folds\nCoffee,a,0.5,2\nCoffee,b,0.5,2\nCoffee,c,1,2\n");
  CHECK(shard_state_test::thrown_input_error(inspect).message() ==
        "no protocol column: not a file tsfs wrote");
  scratch.write(
      "shards/2-of-3/results.csv",
      "dataset,selector,protocol,accuracy\nCoffee,a,cv,0.5\nCoffee,b,cv,0.5\nCoffee,c,cv,1\n");
  CHECK(shard_state_test::thrown_input_error(inspect).message() ==
        "no n_folds column: not a file tsfs wrote");
}

TEST_CASE("inspect_shard: a finished shard's torn results.csv is refused at its line") {
  const testing::TemporaryFolder scratch("shard_state_torn");
  const auto& output = scratch.path();
  shard_state_test::write_shard_record(output, shard_state_test::kSecond, 3);
  scratch.write("shards/2-of-3/manifest.json", shard_state_test::manifest("finished"));
  const std::string results =
      (shard_folder(output, shard_state_test::kSecond) / "results.csv").string();
  // The third record was cut after its second field.
  scratch.write("shards/2-of-3/results.csv",
                "dataset,selector,accuracy\nCoffee,anova,0.5\nCoffee,anova\n");
  const InputError torn = shard_state_test::thrown_input_error(
      [&] { inspect_shard(output, shard_state_test::kSecond, shard_state_test::kPlan); });
  CHECK(torn.where() == results + ":3");
  CHECK(torn.message() == "expected 3 fields, found 2");
  // A value no run writes.
  scratch.write("shards/2-of-3/results.csv",
                "dataset,selector,accuracy\nCoffee,anova,0.5\nCoffee,anova,1.5\n");
  const InputError value = shard_state_test::thrown_input_error(
      [&] { inspect_shard(output, shard_state_test::kSecond, shard_state_test::kPlan); });
  CHECK(value.where() == results + ":3");
  CHECK(value.message().find("accuracy '1.5' is outside [0, 1]") == 0);
  // A damaged shard.json is refused too, naming it.
  const auto record = shard_folder(output, shard_state_test::kSecond) / "shard.json";
  write_file_atomically(record, "{\n");
  CHECK(shard_state_test::thrown_input_error([&] {
          inspect_shard(output, shard_state_test::kSecond, shard_state_test::kPlan);
        }).where() == record.string());
}

TEST_CASE("foreign_shard_folders: entries of shards/ that are not this plan's shard folders") {
  const testing::TemporaryFolder scratch("shard_state_folders");
  const auto& output = scratch.path();
  CHECK(foreign_shard_folders(output, 3).empty());  // no shards/ yet
  for (const char* name : {"1-of-3", "3-of-3", "1-of-2", "4-of-3"})
    std::filesystem::create_directories(output / "shards" / name);
  scratch.write("shards/notes.txt", "x");
  const auto shards = (output / "shards").string();
  CHECK(foreign_shard_folders(output, 3) ==
        std::vector<std::string>{shards + "/1-of-2", shards + "/4-of-3", shards + "/notes.txt"});
  CHECK(foreign_shard_folders(output, 2) ==
        std::vector<std::string>{shards + "/1-of-3", shards + "/3-of-3", shards + "/4-of-3",
                                 shards + "/notes.txt"});
}

}  // namespace tsfs
