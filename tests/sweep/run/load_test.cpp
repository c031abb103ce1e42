// Archive datasets a component cannot handle are skipped with their reason; datasets listed by
// name stop the run; nothing left is an error listing every reason.
#include <doctest/doctest.h>

#include "common/error.hpp"
#include "config/spec_test_support.hpp"
#include "report/csv_table.hpp"
#include "support/temporary_folder.hpp"
#include "sweep/run/load.hpp"
#include "sweep/store/skipped.hpp"

namespace tsfs {
namespace {

// n_features 200: more than GunPoint's 150 raw columns, fewer than Coffee's 286.
Spec spec_with(const std::string& datasets, const testing::TemporaryFolder& folder) {
  return load_spec(testing::write_spec("datasets: " + datasets +
                                           "\nselectors: [{kind: variance}]\n"
                                           "n_features: [200]\n"
                                           "output: " +
                                           folder.path().string() + "\n",
                                       "skipped_spec.yaml"));
}

const std::string kArchive = TSFS_SOURCE_DIR "/third_party/ucr";

TEST_CASE("an archive dataset that cannot be planned is skipped with its reason") {
  const testing::TemporaryFolder folder("skipped");
  const Spec spec =
      spec_with("{archive: " + kArchive + ", names: [Coffee, GunPoint], split: train}", folder);
  std::vector<SkippedDataset> skipped;
  const auto datasets = prepare_usable_datasets(spec, folder.path() / "cache", 1, skipped);
  REQUIRE(datasets.size() == 1);
  CHECK(datasets[0].data.name == "Coffee");
  REQUIRE(skipped.size() == 1);
  CHECK(skipped[0].dataset == "GunPoint");
  CHECK(skipped[0].reason.find("n_features") != std::string::npos);

  write_skipped(folder.path(), skipped);
  const CsvTable table = read_csv_table(folder.path() / "skipped.csv");
  CHECK(table.header == std::vector<std::string>{"dataset", "component", "reason"});
  REQUIRE(table.rows.size() == 1);
  CHECK(table.rows[0] == std::vector<std::string>{"GunPoint", "dataset", skipped[0].reason});
  write_skipped(folder.path(), {});
  CHECK(testing::read_text(folder.path() / "skipped.csv") == "dataset,component,reason\n");
}

TEST_CASE("a dataset listed by name stops the run, no dataset left lists every reason") {
  const testing::TemporaryFolder folder("skipped_named");
  std::vector<SkippedDataset> skipped;
  const Spec named =
      spec_with("[{name: GunPoint, path: " + kArchive + "/GunPoint, split: train}]", folder);
  CHECK_THROWS_AS(prepare_usable_datasets(named, folder.path() / "cache", 1, skipped), InputError);
  CHECK(skipped.empty());

  const Spec only_unusable =
      spec_with("{archive: " + kArchive + ", names: [GunPoint], split: train}", folder);
  try {
    prepare_usable_datasets(only_unusable, folder.path() / "cache", 1, skipped);
    FAIL("expected an InputError");
  } catch (const InputError& error) {
    const std::string message = error.what();
    CHECK(message.find("every dataset was skipped:\n  GunPoint: ") != std::string::npos);
    CHECK(message.find("skipped_spec.yaml: every dataset was skipped") != std::string::npos);
  }
}

}  // namespace
}  // namespace tsfs
