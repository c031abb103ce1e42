#include "launch/shard/calibration.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/files.hpp"
#include "report/csv_table.hpp"
#include "support/input_error_of.hpp"
#include "support/temporary_folder.hpp"
#include "sweep/plan/tuned_cells.hpp"
#include "sweep/run/load.hpp"
#include "sweep/store/result_layout.hpp"
#include "sweep/store/work_seconds.hpp"

namespace tsfs {
namespace {

using testing::input_error_of;

// A measured group's row: the key columns, the work a run of the spec describes (with `resumed`
// and, when given, another `classifier`), then the seconds.
struct Measured {
  size_t group = 0;
  std::string resumed = "0";
  std::vector<std::string> seconds;  // score, fit, tuning
  std::string classifier;            // empty: the spec's
};

// RUN/work_seconds.csv holding `measured`, in a header with an extra key column (a parameter of
// an earlier spec's selector, empty in every row), placed after fit_on.
void write_work_seconds(const std::filesystem::path& run, const Spec& spec,
                        const std::vector<PreparedDataset>& datasets, const Plan& plan,
                        const std::vector<WorkGroup>& groups,
                        const std::vector<Measured>& measured) {
  const ResultLayout layout(spec, datasets);
  const auto tuned = tuned_cells(spec, plan);
  const auto work = work_group_rows(plan, tuned, reported_cells(spec, plan, tuned));
  CsvTable table{layout.work_seconds_header(), {}};
  table.header.insert(table.header.begin() + 4, "retired_parameter");
  for (const Measured& row : measured) {
    const size_t first_unit = groups[row.group].first_unit;
    auto fields = layout.work_group_key(plan.score_units[first_unit]);
    fields.insert(fields.begin() + 4, "");
    const auto group = std::find_if(work.begin(), work.end(), [&](const WorkGroupRows& rows) {
      return rows.first_unit == first_unit;
    });
    auto values = work_values(spec, datasets, plan, *group, 0);
    values[kRowsResumed] = row.resumed;
    if (!row.classifier.empty()) values[kClassifier] = row.classifier;
    fields.insert(fields.end(), values.begin(), values.end());
    fields.insert(fields.end(), row.seconds.begin(), row.seconds.end());
    table.rows.push_back(std::move(fields));
  }
  write_file_atomically(run / "work_seconds.csv", table.str());
}

}  // namespace

TEST_CASE("calibrate_costs: measured groups cost their seconds, the others the model's at a rate") {
  const testing::TemporaryFolder folder("calibration");
  // Groups: the Laplacian score at two sigmas (0, 1), Fisher (2), ANOVA (3).
  const Spec spec = load_spec(folder.write("spec.yaml",
                                           "name: calibration\n"
                                           "datasets: [{name: Coffee, path: " TSFS_SOURCE_DIR
                                           "/third_party/ucr/Coffee}]\n"
                                           "features: {extractor: raw}\n"
                                           "distances: [{kind: euclidean}]\n"
                                           "selectors:\n"
                                           "  - {kind: laplacian, k: 5, sigma_ratio: [0.5, 1]}\n"
                                           "  - {kind: fisher}\n"
                                           "  - {kind: anova}\n"
                                           "n_features: [5, 10]\n"
                                           "protocol: {kind: stratified_kfold, folds: 3, seed: 1}\n"
                                           "output: " +
                                               (folder.path() / "out").string() + "\n"));
  const auto datasets = prepare_datasets(spec, folder.path() / "cache", 1);
  const Plan plan = make_plan(spec, datasets);
  const auto model = spec_work_groups(spec, datasets, plan);
  REQUIRE(model.size() == 4);
  const auto run = folder.path() / "run";
  std::filesystem::create_directories(run);
  // Laplacian sigma 0.5 and Fisher measured whole; Laplacian sigma 1 resumed (not whole); ANOVA
  // not run.
  write_work_seconds(
      run, spec, datasets, plan, model,
      {{0, "0", {"2", "1", "0"}}, {1, "1", {"9", "9", "0"}}, {2, "0", {"0.5", "0.25", "0.25"}}});
  auto groups = model;
  const Calibration calibration = calibrate_costs(spec, datasets, plan, groups, run);
  CHECK(calibration.measured == 2);
  CHECK(calibration.measured_seconds == doctest::Approx(4));
  const double laplacian_rate = 3 / model[0].cost();
  const double overall_rate = 4 / (model[0].cost() + model[2].cost());
  CHECK(calibration.seconds_per_unit == doctest::Approx(overall_rate));
  CHECK(groups[0].measured);
  CHECK(groups[0].score_cost == 2);
  CHECK(groups[0].fit_cost == 1);
  CHECK(groups[0].cost() == 3);
  CHECK(groups[2].cost() == 1);
  CHECK(groups[2].tuning_cost == 0.25);
  // The resumed Laplacian group at its selector's rate; ANOVA, whose kind has none, at the overall.
  CHECK_FALSE(groups[1].measured);
  CHECK(groups[1].cost() == doctest::Approx(model[1].cost() * laplacian_rate));
  CHECK(groups[1].score_cost == doctest::Approx(model[1].score_cost * laplacian_rate));
  CHECK_FALSE(groups[3].measured);
  CHECK(groups[3].cost() == doctest::Approx(model[3].cost() * overall_rate));

  // A row of other work (RUN had another classifier) is no measurement of the group.
  write_work_seconds(run, spec, datasets, plan, model,
                     {{0, "0", {"2", "1", "0"}}, {2, "0", {"0.5", "0.25", "0.25"}, "knn k=1"}});
  groups = model;
  CHECK(calibrate_costs(spec, datasets, plan, groups, run).measured == 1);
  CHECK_FALSE(groups[2].measured);
  CHECK(groups[2].cost() == doctest::Approx(model[2].cost() * laplacian_rate));

  // Nothing measured whole, a damaged value, no file: each named.
  const auto path = (run / "work_seconds.csv").string();
  write_work_seconds(run, spec, datasets, plan, model,
                     {{0, "1", {"2", "1", "0"}}, {2, "0", {"", "", ""}}});
  groups = model;
  CHECK(input_error_of([&] {
          calibrate_costs(spec, datasets, plan, groups, run);
        }).find(path + ": measures no work group of this spec whole") == 0);
  write_work_seconds(run, spec, datasets, plan, model,
                     {{0, "0", {"2", "1", "0"}}, {2, "0", {"-1", "0", "0"}}});
  CHECK(input_error_of([&] { calibrate_costs(spec, datasets, plan, groups, run); }) ==
        path + ":3: score_seconds '-1' is not a number of seconds (0 to 1e+09)");
  std::filesystem::remove(path);
  CHECK(input_error_of([&] {
          calibrate_costs(spec, datasets, plan, groups, run);
        }).find(path + ": missing") == 0);
}

}  // namespace tsfs
