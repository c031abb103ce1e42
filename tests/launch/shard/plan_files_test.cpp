#include "launch/shard/plan_files.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/files.hpp"
#include "config/spec.hpp"
#include "launch/shard/work_groups.hpp"
#include "support/input_error_of.hpp"
#include "support/temporary_folder.hpp"
#include "sweep/run/load.hpp"

namespace tsfs {

TEST_CASE("shard records: written and read back, a damaged one is an input error") {
  const testing::TemporaryFolder scratch("plan_files");
  const auto& folder = scratch.path();
  ShardRecord record{"0123456789abcdef", "a \"quoted\" name", 2, 4, 57, 1.5e9};
  write_file_atomically(folder / "shard.json", shard_record_json(record));
  ShardRecord read = read_shard_record(folder / "shard.json");
  CHECK(read.spec_hash == record.spec_hash);
  CHECK(read.name == record.name);
  CHECK(read.shard == 2);
  CHECK(read.shards == 4);
  CHECK(read.cells == 57);
  CHECK(read.predicted_cost == doctest::Approx(1.5e9));

  std::string text = shard_record_json(record);
  write_file_atomically(folder / "cut.json", text.substr(0, text.find("\"cells\"")));
  CHECK_THROWS_AS(read_shard_record(folder / "cut.json"), InputError);
  text.replace(text.find("57"), 2, "x7");
  write_file_atomically(folder / "edited.json", text);
  CHECK_THROWS_AS(read_shard_record(folder / "edited.json"), InputError);
  CHECK_THROWS_AS(read_shard_record(folder / "missing.json"), InputError);
  std::filesystem::remove_all(folder);
}

TEST_CASE("shard folders: <output>/shards/<I>-of-<N>") {
  CHECK(shard_folder("out", {3, 8}) == std::filesystem::path("out/shards/3-of-8"));
  CHECK(plan_folder("out") == std::filesystem::path("out/plan"));
}

namespace {

using testing::input_error_of;

// groups.csv with field `column` (0-based) of data row `row` (0-based) replaced, or the row
// removed when `value` is null.
void edit_groups(const std::filesystem::path& path, const std::string& original, size_t row,
                 size_t column, const char* value) {
  std::istringstream lines(original);
  std::string line, text;
  for (size_t index = 0; std::getline(lines, line); ++index) {
    if (index == row + 1) {
      if (value == nullptr) continue;
      std::vector<std::string> fields;
      std::istringstream cells(line);
      for (std::string field; std::getline(cells, field, ',');) fields.push_back(field);
      fields.at(column) = value;
      line.clear();
      for (size_t f = 0; f < fields.size(); ++f) line += (f ? "," : "") + fields[f];
    }
    text += line + "\n";
  }
  write_file_atomically(path, text);
}

}  // namespace

TEST_CASE("read_planned_assignment takes each group's shard from plan/groups.csv, checked") {
  const testing::TemporaryFolder folder("plan_files_assignment");
  // Laplacian over 2 distances x 2 sigmas (groups 0-3, each distance's pair of sigmas one
  // bundle of a tuned row), Fisher (group 4): bundles {0, 1}, {2, 3}, {4}.
  const Spec spec = load_spec(
      folder.write("spec.yaml",
                   "name: plan_files\n"
                   "datasets: [{name: Coffee, path: " TSFS_SOURCE_DIR "/third_party/ucr/Coffee}]\n"
                   "features: {extractor: raw}\n"
                   "distances: [{kind: euclidean}, {kind: dtw, window: 4}]\n"
                   "selectors:\n"
                   "  - {kind: laplacian, k: 5, sigma_ratio: [0.5, 1]}\n"
                   "  - {kind: fisher}\n"
                   "n_features: [5]\n"
                   "classifier: {kind: knn, k: 1}\n"
                   "protocol: {kind: stratified_kfold, folds: 3, seed: 1}\n"
                   "tune: {parameters: [laplacian.sigma_ratio], inner: {folds: 2, seed: 2}}\n"
                   "output: " +
                       (folder.path() / "out").string() + "\n"));
  const auto datasets = prepare_datasets(spec, folder.path() / "cache", 1);
  const Plan plan = make_plan(spec, datasets);
  const auto groups = spec_work_groups(spec, datasets, plan);
  REQUIRE(groups.size() == 5);
  const auto assignment = assign_shards(groups, 3);
  write_plan_folder(spec, datasets, plan, groups, assignment, 3);
  CHECK(read_planned_assignment(spec, datasets, groups, 3) == assignment);

  const auto path = plan_folder(spec.output) / "groups.csv";
  const std::string original = read_text_file(path);
  const auto error_after = [&](size_t row, size_t column, const char* value) {
    edit_groups(path, original, row, column, value);
    return input_error_of([&] { read_planned_assignment(spec, datasets, groups, 3); });
  };
  // Fisher's group (row 4) moved to another shard: the shards and the merge follow the plan.
  const int moved = (assignment[4] + 1) % 3;
  edit_groups(path, original, 4, 14, std::to_string(moved + 1).c_str());
  CHECK(read_planned_assignment(spec, datasets, groups, 3)[4] == moved);
  const std::string where = path.string() + ":";
  CHECK(error_after(4, 14, "4") == where + "6: shard '4' is not one of 1 to 3");
  CHECK(error_after(4, 14, "1.5") == where + "6: shard '1.5' is not one of 1 to 3");
  const std::string other = std::to_string((assignment[0] + 1) % 3 + 1);
  CHECK(error_after(1, 14, other.c_str())
            .find(where + "3: shard " + other + " for a group of the bundle of group 0") == 0);
  CHECK(error_after(2, 1, "GunPoint") ==
        where +
            "4: dataset 'GunPoint' where the spec now makes 'Coffee' (changed data or spec?): "
            "run `runner plan` again");
  CHECK(error_after(4, 4, "1").find(where + "6: params '1' where the spec now makes '0'") == 0);
  // A quoted line break in an earlier row (its cost_source, which nothing reads): the error names
  // the line the bad row starts on, not its index.
  edit_groups(path, original, 1, 16, "\"model\nby hand\"");
  const std::string broken = read_text_file(path);
  edit_groups(path, broken, 5, 14, "4");  // data row 4, now on line 7
  CHECK(input_error_of([&] { read_planned_assignment(spec, datasets, groups, 3); }) ==
        where + "7: shard '4' is not one of 1 to 3");
  // A second shard column (which one would the shards read?).
  std::string doubled;
  std::istringstream lines(original);
  for (std::string line; std::getline(lines, line);)
    doubled += (doubled.empty() ? "shard," : "1,") + line + "\n";
  write_file_atomically(path, doubled);
  CHECK(input_error_of([&] { read_planned_assignment(spec, datasets, groups, 3); }) ==
        where + "1: column 'shard' appears twice: not a plan tsfs wrote");
  CHECK(error_after(3, 0, nullptr) ==
        path.string() +
            ": 4 work groups planned, the spec now makes 5 (changed data or spec?): "
            "run `runner plan` again");
  std::filesystem::remove(path);
  CHECK(input_error_of([&] {
          read_planned_assignment(spec, datasets, groups, 3);
        }).find(path.string() + ": missing") == 0);

  // artefacts.csv: the two distance matrices (Euclidean, DTW) in two artefacts tasks (3 shards,
  // but one task per matrix at most), the costlier DTW matrix first to task 1.
  REQUIRE(plan.distance_matrices.size() == 2);
  CHECK(planned_artefact_tasks(spec.output) == 2);
  CHECK(read_artefact_tasks(spec, datasets, plan, 2) == std::vector<int>{2, 1});
  const auto artefacts = plan_folder(spec.output) / "artefacts.csv";
  const std::string planned = read_text_file(artefacts);
  // Its distance labels hold quoted commas: the task, last on each line, edited from the end.
  const size_t third_line_end = planned.find('\n', planned.find('\n', planned.find('\n') + 1) + 1);
  write_file_atomically(
      artefacts, planned.substr(0, third_line_end - 1) + "3" + planned.substr(third_line_end));
  CHECK(input_error_of([&] { read_artefact_tasks(spec, datasets, plan, 2); }) ==
        artefacts.string() + ":3: task '3' is not one of 1 to 2");
  edit_groups(artefacts, planned, 0, 1, "dtw");
  CHECK(input_error_of([&] {
          read_artefact_tasks(spec, datasets, plan, 2);
        }).find(artefacts.string() + ":2: distance 'dtw' where the spec now makes") == 0);
}

}  // namespace tsfs
