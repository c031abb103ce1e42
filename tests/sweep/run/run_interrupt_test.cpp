// run_sweep interrupted (as by SIGINT) in the tuning stage, after the grid's cells were evaluated
// in several batches: every finished cell is in results.csv though the last periodic checkpoint
// was before the last batches, and the rerun resumes to the files of an uninterrupted run.
#include <doctest/doctest.h>

#include <Eigen/Core>
#include <atomic>
#include <filesystem>
#include <memory>

#include "common/files.hpp"
#include "common/interrupt.hpp"
#include "config/spec.hpp"
#include "report/csv_table.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"
#include "support/temporary_folder.hpp"
#include "sweep/run/run.hpp"

namespace {

// When set, scoring on fewer than 30 rows (an inner fold of Coffee's 3-fold outer training rows;
// outer training rows are about 37) requests an interrupt, as a signal during tuning would.
std::atomic<bool> interrupt_inner_fits{false};

class InterruptingSelector final : public tsfs::Selector {
 public:
  tsfs::SelectorScores score(const tsfs::SelectionProblem& problem) const override {
    if (interrupt_inner_fits && problem.features.rows() < 30) tsfs::request_interrupt();
    const Eigen::MatrixXd centred = problem.features.rowwise() - problem.features.colwise().mean();
    tsfs::SelectorScores scored;
    scored.scores = centred.colwise().squaredNorm().transpose();
    scored.zero_weight_fraction = 0.0;
    return scored;
  }
  tsfs::ScoreOrder order() const override { return tsfs::ScoreOrder::descending; }
};

tsfs::SelectorRegistration interrupting_selector() {
  tsfs::SelectorRegistration registration;
  registration.info.name = "test_interrupting";
  registration.info.doc = "variance; requests an interrupt on inner folds when told (tests only)";
  registration.info.params = {tsfs::ParamDeclaration{
      .name = "level", .type = tsfs::ParamType::integer, .default_value = 0LL, .doc = "unused"}};
  registration.configure =
      tsfs::configured_by([](const tsfs::ParamSet&) -> std::unique_ptr<tsfs::Selector> {
        return std::make_unique<InterruptingSelector>();
      });
  return registration;
}

const tsfs::Registrar<tsfs::SelectorRegistration> kRegisterInterrupting{interrupting_selector()};

tsfs::Spec tuned_spec(const std::filesystem::path& folder, const std::string& output) {
  std::filesystem::create_directories(folder);
  return tsfs::load_spec(tsfs::testing::write_text(
      folder / (output + ".yaml"),
      "name: interrupted_tuning\n"
      "datasets: [{name: Coffee, path: " TSFS_SOURCE_DIR
      "/third_party/ucr/Coffee}]\n"
      "features: {extractor: raw}\n"
      "selectors:\n"
      "  - {kind: variance}\n"
      "  - {kind: test_interrupting, level: [0, 1]}\n"
      "n_features: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n"
      "classifier: {kind: knn, k: [1, 3]}\n"
      "protocol: {kind: stratified_kfold, folds: 3, seed: 1}\n"
      "tune: {parameters: [test_interrupting.level], inner: {folds: 2, seed: 2}}\n"
      "output: " +
          (folder / output).string() + "\ncache: " + (folder / "cache").string() + "\n"));
}

tsfs::RunOptions run_interrupt_quiet_options() {
  tsfs::RunOptions options;
  options.threads = 1;
  options.quiet = true;
  options.timings = false;
  return options;
}

}  // namespace

TEST_CASE("an interrupt in the tuning stage saves every finished cell, and the rerun resumes") {
  const tsfs::testing::TemporaryFolder folder("run_interrupted_tuning");
  // 3 selector settings x 10 n_features x 2 k = 60 grid cells: four batches of 16, so the last
  // batches finish well within a second of the first checkpoint.
  interrupt_inner_fits = true;
  tsfs::clear_interrupt();
  const int code = tsfs::run_sweep(tuned_spec(folder.path(), "out"), run_interrupt_quiet_options());
  interrupt_inner_fits = false;
  tsfs::clear_interrupt();
  REQUIRE(code == 130);
  const auto out = folder.path() / "out";
  CHECK(tsfs::read_csv_table(out / "results.csv").rows.size() == 60);
  CHECK(tsfs::read_csv_table(out / "folds.csv").rows.size() == 60 * 3);
  CHECK(tsfs::read_text_file(out / "manifest.json").find("\"status\": \"interrupted\"") !=
        std::string::npos);

  REQUIRE(tsfs::run_sweep(tuned_spec(folder.path(), "out"), run_interrupt_quiet_options()) == 0);
  REQUIRE(tsfs::run_sweep(tuned_spec(folder.path(), "whole"), run_interrupt_quiet_options()) == 0);
  for (const char* file : {"results.csv", "folds.csv", "tuned.csv"})
    CHECK_MESSAGE(
        tsfs::read_text_file(out / file) == tsfs::read_text_file(folder.path() / "whole" / file),
        file);
  CHECK(tsfs::read_csv_table(out / "results.csv").rows.size() == 60 + 10 * 2);
}
