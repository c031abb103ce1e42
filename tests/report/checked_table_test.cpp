// What tsfs reads back from its own tables is checked as strictly as fresh input: each value
// column has a rule (a number, an integer, a range, empty only where tsfs writes it empty).
#include "report/checked_table.hpp"

#include <doctest/doctest.h>

#include <fstream>

#include "common/error.hpp"
#include "support/temporary_folder.hpp"

namespace tsfs {
namespace {

std::string read_error(const std::filesystem::path& path, const std::string& text,
                       DamageRemedy remedy) {
  std::ofstream(path, std::ios::binary) << text;
  try {
    read_checked(path, nullptr, remedy);
  } catch (const InputError& error) {
    return error.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("ColumnChecks of results tables: ranges, integers, empty fields and `tuned`") {
  auto problem = [](const std::string& column, const std::string& value) {
    return ColumnChecks(CheckedTable::results, {"selector", column}).problem({"any", value});
  };
  CHECK(problem("accuracy", "0.75") == "");
  CHECK(problem("accuracy", "7") == "accuracy '7' is outside [0, 1]");
  CHECK(problem("accuracy", "-3") == "accuracy '-3' is outside [0, 1]");
  CHECK(problem("accuracy", "abc") == "accuracy 'abc' is not a number");
  CHECK(problem("accuracy", "nan") == "accuracy 'nan' is not a number");
  CHECK(problem("accuracy", "") == "accuracy '' is empty");
  CHECK(problem("accuracy_std", "") == "");
  CHECK(problem("n_features", "tuned") == "");
  CHECK(problem("n_folds", "tuned") == "n_folds 'tuned' is not a number");
  CHECK(problem("n_folds", "2.5") == "n_folds '2.5' is not an integer");
  CHECK(problem("n_train", "0") == "n_train '0' is below 1");
  CHECK(problem("roc_auc", "") == "");           // a chosen metric undefined on a fold
  CHECK(problem("selector", "anything") == "");  // a key column has no rule
  CHECK(ColumnChecks(CheckedTable::results, {"dataset", "selector"}).empty());
  // The first column that breaks its rule is named.
  CHECK(ColumnChecks(CheckedTable::results, {"n_folds", "accuracy"}).problem({"x", "7"}) ==
        "n_folds 'x' is not a number");
}

TEST_CASE("ColumnChecks of scores.csv: a score may be nan, a rank is below the vector's length") {
  auto problem = [](const std::string& column, const std::string& value, long long features) {
    return ColumnChecks(CheckedTable::scores, {column}).problem({value}, features);
  };
  CHECK(problem("score", "-2.5e300", 10) == "");
  CHECK(problem("score", "nan", 10) == "");
  CHECK(problem("score", "inf", 10) == "");
  CHECK(problem("score", "abc", 10) == "score 'abc' is not a number");
  CHECK(problem("score", "", 10) == "score '' is empty");
  CHECK(problem("rank", "", 10) == "");  // a selector that did not converge
  CHECK(problem("rank", "9", 10) == "");
  CHECK(problem("rank", "10", 10) == "rank '10' is outside [0, 9]");
  CHECK(problem("rank", "999", -1) == "");  // no length known
  CHECK(problem("rank", "-5", -1) == "rank '-5' is below 0");
  CHECK(problem("rank", "1.5", 10) == "rank '1.5' is not an integer");
  CHECK(problem("feature_index", "-1", 10) == "feature_index '-1' is outside [0, 9]");
  CHECK(problem("repeat", "", 10) == "");  // a selector fitted on all rows
  CHECK(problem("score_std_error", "-1", 10) == "score_std_error '-1' is below 0");
  CHECK(ColumnChecks(CheckedTable::scores, {"dataset", "feature"}).empty());
  CHECK(checked_table_kind("tuned") == CheckedTable::results);
  CHECK(checked_table_kind("scores") == CheckedTable::scores);
  CHECK_FALSE(checked_table_kind("curves").has_value());
}

TEST_CASE("read_checked names the file, line, column and value, and what to do") {
  testing::TemporaryFolder folder("checked_table");
  const auto path = folder.path() / "results.csv";
  const std::string header = "dataset,accuracy,n_folds\n";
  CHECK(read_error(path, header + "A,0.5,2\n\"B\nC\",7,2\n", DamageRemedy::rerun) ==
        path.string() +
            ":3: accuracy '7' is outside [0, 1]; the file is damaged: repair it, or rerun the "
            "run that wrote it");
  CHECK(read_error(path, header + "A,0.5,x\n", DamageRemedy::resume) ==
        path.string() +
            ":2: n_folds 'x' is not a number; the file is damaged: repair or delete the row (its "
            "cell is recomputed), or rerun with --fresh");
  CHECK(read_error(path, "dataset,accuracy,accuracy\nA,0.5,0.5\n", DamageRemedy::resume)
            .find(":1: column 'accuracy' appears twice (columns 2 and 3)") != std::string::npos);
  std::ofstream(path, std::ios::binary) << header + "A,0.5,2\n\"B\nC\",1,2\n";
  std::vector<size_t> lines;
  const CsvTable table = read_checked(path, &lines);
  CHECK(table.rows.size() == 2);
  CHECK(lines == std::vector<size_t>{2, 3});
  // check_table stops at the first bad row in file order, whatever its column.
  const CsvTable two_bad{{"accuracy", "n_folds"}, {{"0.5", "x"}, {"7", "2"}}};
  CHECK_THROWS_WITH_AS(
      check_table(CheckedTable::results, two_bad, "t.csv", {2, 3}, DamageRemedy::rerun),
      doctest::Contains("t.csv:2: n_folds 'x'"), InputError);
}

}  // namespace tsfs
