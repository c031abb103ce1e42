#include "cli/export.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "report/csv_table.hpp"
#include "support/dataset_fixtures.hpp"
#include "sweep/run/load.hpp"
#include "sweep/small_sweep.hpp"

namespace {

tsfs::RunOptions export_quiet_options() {
  tsfs::RunOptions options;
  options.threads = 1;
  options.quiet = true;
  return options;
}

}  // namespace

TEST_CASE("export_features writes every series' raw features with their names") {
  tsfs::test::TempFolder folder;
  const auto spec = tsfs::testing::small_sweep_spec(folder.path());
  CHECK(tsfs::export_features(spec, export_quiet_options()) == 0);
  const auto table = tsfs::read_csv_table(spec.output / "features" / "Coffee.csv");
  const auto datasets = tsfs::prepare_datasets(spec, spec.cache, 1);
  const auto& coffee = datasets.front();
  CHECK(table.header == coffee.features.names);
  REQUIRE(table.rows.size() == 56);
  // Raw features are the series' values; %.17g round-trips every double exactly.
  for (Eigen::Index r : {0, 27, 55})
    for (Eigen::Index c : {0, 100, 285})
      CHECK(std::stod(table.rows[static_cast<size_t>(r)][static_cast<size_t>(c)]) ==
            coffee.data.values(r, c));
}

TEST_CASE("export_distances writes a symmetric matrix with a zero diagonal per distance") {
  tsfs::test::TempFolder folder;
  const auto spec = tsfs::testing::small_sweep_spec(folder.path());
  CHECK(tsfs::export_distances(spec, export_quiet_options()) == 0);
  const auto path = spec.output / "distances" / "Coffee_euclidean.csv";
  const auto text = tsfs::testing::read_text(path);
  REQUIRE_FALSE(text.empty());
  // No header: the first line is already numbers, 56 of them.
  const auto first_line = text.substr(0, text.find('\n'));
  CHECK(std::count(first_line.begin(), first_line.end(), ',') == 55);
  CHECK(std::count(text.begin(), text.end(), '\n') == 56);
  const auto datasets = tsfs::prepare_datasets(spec, spec.cache, 1);
  const auto& values = datasets.front().data.values;
  const double expected = (values.row(3) - values.row(10)).norm();
  // Row 3, column 10 of the file.
  size_t start = 0;
  for (int line = 0; line < 3; ++line) start = text.find('\n', start) + 1;
  std::vector<std::string> fields;
  std::string line = text.substr(start, text.find('\n', start) - start);
  for (size_t from = 0;;) {
    size_t comma = line.find(',', from);
    fields.push_back(line.substr(from, comma - from));
    if (comma == std::string::npos) break;
    from = comma + 1;
  }
  REQUIRE(fields.size() == 56);
  CHECK(std::stod(fields[3]) == 0.0);
  CHECK(std::stod(fields[10]) == doctest::Approx(expected).epsilon(1e-12));
}

TEST_CASE("export_distances refuses a spec without distances") {
  tsfs::test::TempFolder folder;
  auto spec = tsfs::testing::small_sweep_spec(folder.path(), "selectors: [{kind: fisher}]\n");
  spec.distances.clear();
  const auto text =
      tsfs::test::input_error_text([&] { tsfs::export_distances(spec, export_quiet_options()); });
  CHECK(text == doctest::Contains("spec.yaml"));
  CHECK(text == doctest::Contains("no 'distances'"));
  CHECK_FALSE(std::filesystem::exists(spec.output / "distances"));
}
