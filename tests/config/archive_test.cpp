#include "config/archive.hpp"

#include <doctest/doctest.h>

#include "config/spec.hpp"
#include "config/spec_test_support.hpp"
#include "support/temporary_folder.hpp"

#include <cstdlib>
#include <fstream>

using tsfs::testing::spec_error;
using tsfs::testing::spec_error_text;
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

namespace {

// A small archive in the layouts tsfs meets: TSV and .ts datasets, gzipped or not, a TRAIN-only
// leftover under _incomplete/, a folder without data files, a data file outside its folder, and
// the README and checksums at the top.
void write_synthetic_archive(const tsfs::testing::TemporaryFolder& archive) {
  archive.write("Alpha/Alpha_TRAIN.tsv", "1\t1\t2\n2\t3\t4\n");
  archive.write("Alpha/Alpha_TEST.tsv", "1\t1\t2\n2\t3\t4\n");
  archive.write("Beta/Beta_TRAIN.ts", "@classLabel true a b\n@data\n1,2:a\n3,4:b\n");
  archive.write("Beta/Beta_TEST.ts.gz", "not read here");
  archive.write("_incomplete/Gamma/Gamma_TRAIN.tsv.gz", "not read here");
  archive.write("Notes/notes.txt", "a folder of notes");
  archive.write("Delta_TRAIN.tsv", "1\t1\n2\t2\n");
  archive.write("README.md", "# archive\n");
  archive.write("SHA256SUMS", "");
}

}  // namespace

TEST_CASE("archive folder: .ts datasets count, other entries are ignored with a note") {
  const tsfs::testing::TemporaryFolder archive("archive");
  write_synthetic_archive(archive);
  CHECK(tsfs::spec_detail::archive_dataset_names(archive.path()) ==
        std::vector<std::string>{"Alpha", "Beta"});
  const auto ignored = tsfs::spec_detail::ignored_archive_entries(archive.path());
  REQUIRE(ignored.size() == 5);
  CHECK(ignored[0].name == "Delta_TRAIN.tsv");
  CHECK(doctest::String(ignored[0].reason.c_str()) ==
        doctest::Contains("a data file at the top of archive"));
  CHECK(ignored[0].in_skipped_csv);
  CHECK(ignored[1].name == "Notes/");
  CHECK(doctest::String(ignored[1].reason.c_str()) ==
        doctest::Contains("not a dataset: no Notes_TRAIN or Notes_TEST file (.tsv, .tsv.gz, .ts "
                          "or .ts.gz) in folder"));
  CHECK(ignored[2].name == "README.md");
  CHECK_FALSE(ignored[2].in_skipped_csv);
  CHECK(ignored[3].name == "SHA256SUMS");
  CHECK(ignored[4].name == "_incomplete/");
  CHECK(ignored[4].in_skipped_csv);

  // The spec loads (nothing refused) and carries the ignored entries to the run.
  const auto spec =
      tsfs::load_spec(write_spec(archive_spec("{archive: " + archive.path().string() + "}")));
  REQUIRE(spec.datasets.size() == 2);
  CHECK(spec.datasets[1].options.name == "Beta");
  CHECK(spec.ignored_archive_entries.size() == 5);
  CHECK(spec_error(archive_spec("{archive: " + archive.path().string() + ", names: [_incomplete]}"))
            .find("no dataset '_incomplete' in archive") != std::string::npos);
}

TEST_CASE("missing: refuse | interpolate, for an archive and for a dataset entry") {
  const tsfs::testing::TemporaryFolder archive("archive");
  write_synthetic_archive(archive);
  const std::string folder = archive.path().string();
  auto spec = tsfs::load_spec(write_spec(archive_spec("{archive: " + folder + "}")));
  CHECK(spec.datasets[0].options.missing == tsfs::MissingValues::refuse);
  CHECK(spec.resolved_yaml.find("missing: refuse") != std::string::npos);
  spec =
      tsfs::load_spec(write_spec(archive_spec("{archive: " + folder + ", missing: interpolate}")));
  CHECK(spec.datasets[0].options.missing == tsfs::MissingValues::interpolate);
  CHECK(spec.datasets[1].options.missing == tsfs::MissingValues::interpolate);
  CHECK(spec.resolved_yaml.find("missing: interpolate") != std::string::npos);

  spec = tsfs::load_spec(write_spec(
      archive_spec("[{name: Alpha, path: " + folder +
                   "/Alpha, missing: interpolate}, {name: Beta, path: " + folder + "/Beta}]")));
  CHECK(spec.datasets[0].options.missing == tsfs::MissingValues::interpolate);
  CHECK(spec.datasets[1].options.missing == tsfs::MissingValues::refuse);

  const std::string where = "spec.yaml:1:" + std::to_string(32 + folder.size());
  CHECK(spec_error(archive_spec("{archive: " + folder + ", missing: interpolat}"))
            .find(where + ": 'missing' must be refuse or interpolate, got 'interpolat' (did you "
                          "mean 'interpolate'?)") != std::string::npos);
  CHECK(spec_error_text(archive_spec("\n  - {name: Alpha, missing: [refuse]}")) ==
        doctest::Contains("spec.yaml:2:28: 'missing' must be refuse or interpolate, got ''"));
  CHECK(spec_error_text(archive_spec("[{name: Alpha, missing: drop}]")) ==
        doctest::Contains("'missing' must be refuse or interpolate, got 'drop'"));
}

TEST_CASE("normalise: none | z, for an archive and for a dataset entry") {
  const tsfs::testing::TemporaryFolder archive("archive");
  write_synthetic_archive(archive);
  const std::string folder = archive.path().string();
  auto spec = tsfs::load_spec(write_spec(archive_spec("{archive: " + folder + "}")));
  CHECK(spec.datasets[0].options.normalise == tsfs::Normalisation::none);
  // Left out of the resolved spec when not set: the specs of earlier runs stay byte-identical.
  CHECK(spec.resolved_yaml.find("normalise") == std::string::npos);
  spec = tsfs::load_spec(write_spec(archive_spec("{archive: " + folder + ", normalise: z}")));
  CHECK(spec.datasets[0].options.normalise == tsfs::Normalisation::z);
  CHECK(spec.datasets[1].options.normalise == tsfs::Normalisation::z);
  CHECK(spec.resolved_yaml.find("normalise: z") != std::string::npos);
  spec = tsfs::load_spec(write_spec(archive_spec(
      "[{name: Alpha, path: " + folder + "/Alpha, normalise: z}, {name: Beta, path: " + folder +
      "/Beta, normalise: none}]")));
  CHECK(spec.datasets[0].options.normalise == tsfs::Normalisation::z);
  CHECK(spec.datasets[1].options.normalise == tsfs::Normalisation::none);
  CHECK(spec_error_text(archive_spec("{archive: " + folder + ", normalise: zscore}")) ==
        doctest::Contains("'normalise' must be none or z, got 'zscore'"));
  CHECK(spec_error_text(archive_spec("\n  - {name: Alpha, normalise: [z]}")) ==
        doctest::Contains("spec.yaml:2:30: 'normalise' must be none or z, got ''"));
}

TEST_CASE(
    "archive: ucr-2018 is $TSFS_UCR_ARCHIVE, else ../shared/data/ucr-archive, else says how") {
  const char* before = std::getenv("TSFS_UCR_ARCHIVE");
  const std::string saved = before ? before : "";
  const auto restore = [&] {
    if (before)
      setenv("TSFS_UCR_ARCHIVE", saved.c_str(), 1);
    else
      unsetenv("TSFS_UCR_ARCHIVE");
  };
  setenv("TSFS_UCR_ARCHIVE", kArchive.c_str(), 1);
  auto found = tsfs::load_spec(write_spec(archive_spec("{archive: ucr-2018, names: [Coffee]}")));
  REQUIRE(found.datasets.size() == 1);
  CHECK(found.datasets[0].options.folder == std::filesystem::path(kArchive) / "Coffee");

  // Without the variable, from a folder with no ../shared beside it: what to do.
  unsetenv("TSFS_UCR_ARCHIVE");
  tsfs::testing::TemporaryFolder elsewhere("archive_elsewhere");
  std::filesystem::create_directories(elsewhere.path() / "clone");
  const auto previous = std::filesystem::current_path();
  std::filesystem::current_path(elsewhere.path() / "clone");
  const std::string error = spec_error(archive_spec("{archive: ucr-2018}"));
  std::filesystem::current_path(previous);
  restore();
  CHECK_MESSAGE(error.find("spec.yaml:1:21: 'archive: ucr-2018' is the UCR 2018 archive, and this "
                           "machine's copy was not found: TSFS_UCR_ARCHIVE is not set and "
                           "../shared/data/ucr-archive does not exist") != std::string::npos,
                error);
  CHECK(error.find("--set datasets.archive=FOLDER") != std::string::npos);
}
