#include "config/archive.hpp"

#include <doctest/doctest.h>

#include "config/spec.hpp"
#include "config/spec_test_support.hpp"
#include "support/temporary_folder.hpp"

#include <fstream>

using tsfs::testing::spec_error;
using tsfs::testing::write_spec;

namespace {

const std::string kArchive = std::string(TSFS_SOURCE_DIR) + "/third_party/ucr";

std::string archive_spec(const std::string& datasets_map) {
  return "datasets: " + datasets_map + "\nselectors: [{kind: anova}]\n";
}

}  // namespace

TEST_CASE("archive_dataset_names lists the 16 vendored UCR datasets in name order") {
  const auto names = tsfs::spec_detail::archive_dataset_names(kArchive);
  REQUIRE(names.size() == 16);
  CHECK(names.front() == "ArrowHead");
  CHECK(names.back() == "WormsTwoClass");
  CHECK(std::is_sorted(names.begin(), names.end()));
}

TEST_CASE("datasets: {archive} expands to every dataset, a list of names, minus exclude") {
  auto all = tsfs::load_spec(
      write_spec(archive_spec("{archive: " + kArchive + ", names: all, exclude: [Wafer]}")));
  REQUIRE(all.datasets.size() == 15);
  CHECK(all.datasets[0].options.name == "ArrowHead");
  CHECK(all.datasets[0].options.folder == std::filesystem::path(kArchive) / "ArrowHead");
  CHECK(all.datasets[0].options.split == tsfs::Split::merged);

  auto listed = tsfs::load_spec(write_spec(
      archive_spec("{archive: " + kArchive + ", names: [GunPoint, Coffee], split: train}")));
  REQUIRE(listed.datasets.size() == 2);
  CHECK(listed.datasets[0].options.name == "GunPoint");  // the order given
  CHECK(listed.datasets[1].options.split == tsfs::Split::train);
  CHECK(listed.datasets[1].where.line == 1);
}

TEST_CASE(
    "datasets: {archive} refuses unknown, repeated and contradictory names and a missing folder") {
  CHECK(spec_error(archive_spec("{archive: " + kArchive + ", names: [GunPiont]}"))
            .find("no dataset 'GunPiont' in archive") != std::string::npos);
  CHECK(spec_error(archive_spec("{archive: " + kArchive + ", names: [GunPiont]}"))
            .find("(did you mean 'GunPoint'?)") != std::string::npos);
  CHECK(spec_error(archive_spec("{archive: " + kArchive + ", exclude: [Nope]}"))
            .find("no dataset 'Nope'") != std::string::npos);
  CHECK(spec_error(archive_spec("{archive: /nonexistent/archive}"))
            .find("spec.yaml:1:21: archive folder '/nonexistent/archive' not found") !=
        std::string::npos);
  CHECK(spec_error(archive_spec("{archive: " + kArchive + ", names: [Coffee], exclude: [Coffee]}"))
            .find("'Coffee' is both in names and in exclude") != std::string::npos);
  CHECK(spec_error(archive_spec("{archive: " + kArchive + ", names: [Coffee, Coffee]}"))
            .find("'names' lists 'Coffee' twice") != std::string::npos);
  CHECK(spec_error(archive_spec("{archive: " + kArchive + ", name: [Coffee]}"))
            .find("did you mean 'names'?") != std::string::npos);
}

TEST_CASE("an archive's folder names pass the checks of dataset names written in the spec") {
  const tsfs::testing::TemporaryFolder folder("archive_names");
  auto dataset = [&](const std::string& name) {
    std::filesystem::create_directories(folder.path() / name);
    std::ofstream(folder.path() / name / (name + "_TRAIN.tsv")) << "1\t1\t2\n2\t3\t4\n";
  };
  dataset("Good");
  dataset("Bad\x01Name");
  const std::string archive = "{archive: '" + folder.path().string() + "'";
  CHECK(tsfs::testing::spec_error_text(archive_spec(archive + "}")) ==
        doctest::Contains("spec.yaml:1:21: the dataset folder 'Bad"));
  CHECK(tsfs::testing::spec_error_text(archive_spec(archive + "}")) ==
        doctest::Contains("it holds a control character"));
  CHECK(spec_error(archive_spec(archive + ", names: [Good]}")).empty());
  dataset(std::string(130, 'L'));
  CHECK(tsfs::testing::spec_error_text(
            archive_spec(archive + ", names: [" + std::string(130, 'L') + "]}")) ==
        doctest::Contains("it is 130 bytes long, more than 120"));
  // An archive that is a file: said so.
  std::ofstream(folder.path() / "file") << "x";
  CHECK(tsfs::testing::spec_error_text(
            archive_spec("{archive: '" + (folder.path() / "file").string() + "'}")) ==
        doctest::Contains("is a file, not a folder"));
}
