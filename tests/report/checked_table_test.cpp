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

TEST_CASE("result_field_problem: ranges, integers, empty fields and `tuned`") {
  CHECK(result_field_problem("accuracy", "0.75") == "");
  CHECK(result_field_problem("accuracy", "7") == "is outside [0, 1]");
  CHECK(result_field_problem("accuracy", "-3") == "is outside [0, 1]");
  CHECK(result_field_problem("accuracy", "abc") == "is not a number");
  CHECK(result_field_problem("accuracy", "nan") == "is not a number");
  CHECK(result_field_problem("accuracy", "") == "is empty");
  CHECK(result_field_problem("accuracy_std", "") == "");
  CHECK(result_field_problem("n_features", "tuned") == "");
  CHECK(result_field_problem("n_folds", "tuned") == "is not a number");
  CHECK(result_field_problem("n_folds", "2.5") == "is not an integer");
  CHECK(result_field_problem("n_train", "0") == "is below 1");
  CHECK(result_field_problem("selector", "anything") == "");  // a key column has no rule
}

TEST_CASE("score_field_problem: a score may be nan, a rank is below the vector's length") {
  CHECK(score_field_problem("score", "-2.5e300", 10) == "");
  CHECK(score_field_problem("score", "nan", 10) == "");
  CHECK(score_field_problem("score", "inf", 10) == "");
  CHECK(score_field_problem("score", "abc", 10) == "is not a number");
  CHECK(score_field_problem("score", "", 10) == "is empty");
  CHECK(score_field_problem("rank", "", 10) == "");  // a selector that did not converge
  CHECK(score_field_problem("rank", "9", 10) == "");
  CHECK(score_field_problem("rank", "10", 10) == "is outside [0, 9]");
  CHECK(score_field_problem("rank", "999", -1) == "");  // no length known
  CHECK(score_field_problem("rank", "1.5", 10) == "is not an integer");
  CHECK(score_field_problem("feature_index", "-1", 10) == "is outside [0, 9]");
  CHECK(score_field_problem("repeat", "", 10) == "");  // a selector fitted on all rows
  CHECK(score_field_problem("score_std_error", "-1", 10) == "is below 0");
  CHECK(is_score_column("rank"));
  CHECK_FALSE(is_score_column("feature"));
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
  CHECK(is_result_table("folds"));
  CHECK_FALSE(is_result_table("scores"));
}

}  // namespace tsfs
