#include "report/html_report.hpp"

#include <doctest/doctest.h>

#include <string>

#include "common/error.hpp"
#include "report/html_page.hpp"
#include "support/dataset_fixtures.hpp"

namespace tsfs {
namespace {

// The page's embedded data: the text of <script type="application/json" id="tsfs-data">.
std::string embedded_data(const std::string& page) {
  const std::string open = "<script type=\"application/json\" id=\"tsfs-data\">";
  const auto begin = page.find(open);
  REQUIRE(begin != std::string::npos);
  const auto end = page.find("</script>", begin);
  REQUIRE(end != std::string::npos);
  return page.substr(begin + open.size(), end - begin - open.size());
}

const char* const kResults =
    "dataset,selector,n_features,protocol,accuracy,accuracy_std,n_folds\n"
    "Coffee,anova,2,stratified_kfold(folds=3;repeats=1;seed=0),0.75,0.1,3\n"
    "Coffee,anova,5,stratified_kfold(folds=3;repeats=1;seed=0),0.875,,3\n";

TEST_CASE("a run's page embeds its tables, the key columns once per value and the band") {
  testing::TemporaryFolder folder("html_run");
  folder.write("results.csv", kResults);
  folder.write("spec.yaml", "name: page  # </script><script>alert(1)</script>\n");
  folder.write("spec.resolved.yaml",
               "plots:\n  - {kind: line, x: n_features, series: [selector]}\n");
  CHECK(write_report(folder.path()) == folder.path() / "report.html");
  const std::string page = testing::read_text(folder.path() / "report.html");
  const std::string data = embedded_data(page);
  // The spec's "</script>" cannot end the data element: '<' is written as an escape.
  CHECK(data.find('<') == std::string::npos);
  CHECK(data.find("\\u003c/script>\\u003cscript>alert(1)") != std::string::npos);
  // Few distinct values: the values once, then a code per row.
  CHECK(data.find("{\"values\": [\"Coffee\"], \"codes\": [0,0]}") != std::string::npos);
  CHECK(data.find("{\"values\": [\"2\", \"5\"], \"codes\": [0,1]}") != std::string::npos);
  // k-fold rows: Nadeau & Bengio's s sqrt(1/J + 1/(k-1)) = 0.1 sqrt(1/3 + 1/2); empty spread,
  // empty.
  CHECK(data.find("\"accuracy_band\"]") != std::string::npos);
  CHECK(data.find("\"values\": [\"0.091287092917527679\", \"\"]") != std::string::npos);
  CHECK(data.find("\"band_error\": \"nadeau_bengio\"") != std::string::npos);
  CHECK(data.find("\"spec\": {\"plots\": [{\"kind\": \"line\", \"x\": \"n_features\", "
                  "\"series\": [\"selector\"]}]}") != std::string::npos);
  CHECK(page.find("Content-Security-Policy") != std::string::npos);
  CHECK(page.find(html::kScript) != std::string::npos);
}

TEST_CASE("report refuses a folder that holds neither a run nor a comparison, naming it") {
  testing::TemporaryFolder folder("html_none");
  CHECK_THROWS_WITH_AS(write_report(folder.path()),
                       doctest::Contains("holds neither a run (results.csv) nor a comparison"),
                       InputError);
  CHECK_THROWS_WITH_AS(write_report(folder.path() / "absent"),
                       doctest::Contains("folder not found"), InputError);
  folder.write("cliques.csv", "bar,methods,best_average_rank,worst_average_rank,size\n");
  CHECK_THROWS_WITH_AS(write_report(folder.path()),
                       doctest::Contains("not a comparison folder: methods.csv is missing"),
                       InputError);
  CHECK_FALSE(std::filesystem::exists(folder.path() / "report.html"));
}

TEST_CASE("a malformed table read back is refused, and no page is written") {
  test::TempFolder folder;
  folder.write("results.csv", "dataset,accuracy\n\"Coffee,0.5\n");
  CHECK_THROWS_AS(write_report(folder.path()), InputError);
  CHECK_FALSE(std::filesystem::exists(folder.path() / "report.html"));
  // Values no run writes, in results.csv or a gzipped folds.csv, are refused as a resume does.
  folder.write("results.csv", std::string(kResults) + "Coffee,anova,9,p,7,,3\n");
  CHECK_THROWS_WITH_AS(write_report(folder.path()),
                       doctest::Contains("results.csv:4: accuracy '7' is outside [0, 1]"),
                       InputError);
  folder.write("results.csv", kResults);
  folder.write_gzipped("folds.csv.gz", "dataset,fold,accuracy\nCoffee,-1,0.5\n");
  CHECK_THROWS_WITH_AS(write_report(folder.path()),
                       doctest::Contains("folds.csv.gz:2: fold '-1' is below 0"), InputError);
  CHECK_FALSE(std::filesystem::exists(folder.path() / "report.html"));
}

TEST_CASE("folder_name is the folder's own name, with or without a trailing slash") {
  CHECK(folder_name("results/run") == "run");
  CHECK(folder_name("results/run/") == "run");
}

}  // namespace
}  // namespace tsfs
