// Reading a run's CSVs for plots: filters (one value or alternatives), required columns with a
// suggestion, and series labels.
#include <doctest/doctest.h>

#include "common/error.hpp"
#include "plot/run_tables.hpp"

namespace tsfs {
namespace {

const CsvTable kTable{{"selector", "distance", "sigma_ratio", "accuracy"},
                      {{"laplacian", "ned", "0.001", "0.5"},
                       {"laplacian", "dtw", "0.10000000000000001", "0.6"},
                       {"anova", "", "", "0.7"},
                       {"variance", "", "", "0.8"}}};

std::string error_of(const std::vector<std::string>& filters) {
  try {
    filter_rows(kTable, filters, "curve");
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

TEST_CASE("filter_rows keeps rows matching every filter, a|b matches either value") {
  CHECK(filter_rows(kTable, {}, "curve") == std::vector<size_t>{0, 1, 2, 3});
  CHECK(filter_rows(kTable, {"selector=laplacian"}, "curve") == std::vector<size_t>{0, 1});
  CHECK(filter_rows(kTable, {"selector=laplacian", "distance=dtw"}, "curve") ==
        std::vector<size_t>{1});
  CHECK(filter_rows(kTable, {"selector=anova|variance"}, "curve") == std::vector<size_t>{2, 3});
  CHECK(filter_rows(kTable, {"distance="}, "curve") == std::vector<size_t>{2, 3});
  CHECK(filter_rows(kTable, {"selector=none"}, "curve").empty());
}

TEST_CASE("filter_rows refuses a filter without '=' and an unknown column, naming the plot") {
  CHECK(error_of({"selector"}) == "plot 'curve': filter 'selector' is not column=value");
  const std::string unknown = error_of({"selecter=anova"});
  CHECK(unknown.find("plot 'curve': no column 'selecter' (did you mean 'selector'?)") == 0);
  CHECK(unknown.find("columns: selector, distance, sigma_ratio, accuracy") != std::string::npos);
}

TEST_CASE("require_column finds a column's index") {
  CHECK(require_column(kTable, "accuracy", "curve") == 3);
  CHECK_THROWS_AS(require_column(kTable, "balanced_accuracy", "curve"), InputError);
}

TEST_CASE("key_label joins columns, shortens numbers and leaves out empty values") {
  CHECK(key_label(kTable, 1, {1, 2}) == "distance=dtw, sigma_ratio=0.1");
  CHECK(key_label(kTable, 0, {0, 2}) == "selector=laplacian, sigma_ratio=0.001");
  CHECK(key_label(kTable, 2, {0, 1, 2}) == "selector=anova");
}

}  // namespace
}  // namespace tsfs
