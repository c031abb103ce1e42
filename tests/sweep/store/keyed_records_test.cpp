// holds_rows_of tells a table written whole from one with a row lost, added, reordered or torn;
// ScoreVectorCheck a score vector's rows as a run writes them from edited ones; KeyedRecords reads
// quoted fields across line breaks as one record.
#include "sweep/store/keyed_records.hpp"

#include <doctest/doctest.h>

#include <fstream>

#include "common/error.hpp"
#include "support/temporary_folder.hpp"

namespace {

void write(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

}  // namespace

TEST_CASE("holds_rows_of: the keys' rows in order, of the header's width, and nothing else") {
  tsfs::testing::TemporaryFolder folder("keyed_records");
  const auto path = folder.path() / "table.csv";
  const std::vector<std::string> header = {"dataset", "fold", "value"};
  const std::vector<tsfs::KeyRows> keys = {{tsfs::key_prefix({"A", "0"}), 2},
                                           {tsfs::key_prefix({"A", "1"}), -1},
                                           {tsfs::key_prefix({"B", "0"}), 1}};
  const std::string whole = "dataset,fold,value\nA,0,1\nA,0,2\nA,1,3\nB,0,\"x,\ny\"\n";
  CHECK_FALSE(tsfs::holds_rows_of(path, header, keys));  // no file
  write(path, whole);
  CHECK(tsfs::holds_rows_of(path, header, keys));
  CHECK_FALSE(tsfs::holds_rows_of(path, {"dataset", "fold", "score"}, keys));
  write(path, "dataset,fold,value\nA,0,1\nA,1,3\nB,0,4\n");  // a row of A,0 lost
  CHECK_FALSE(tsfs::holds_rows_of(path, header, keys));
  write(path, whole + "C,0,5\n");  // a row of no key
  CHECK_FALSE(tsfs::holds_rows_of(path, header, keys));
  write(path, "dataset,fold,value\nA,1,3\nA,0,1\nA,0,2\nB,0,4\n");  // out of order
  CHECK_FALSE(tsfs::holds_rows_of(path, header, keys));
  write(path, "dataset,fold,value\nA,0,1\nA,0,2,9\nA,1,3\nB,0,4\n");  // a row too wide
  CHECK_FALSE(tsfs::holds_rows_of(path, header, keys));
  write(path, "dataset,fold,value\nA,0,1\nA,0,2\nA,1,3\nB,0,\"torn\n");  // torn quoted field
  CHECK_FALSE(tsfs::holds_rows_of(path, header, keys));
  // Any number of rows for a key with rows < 0, none included.
  write(path, "dataset,fold,value\nA,0,1\nA,0,2\nB,0,4\n");
  CHECK(tsfs::holds_rows_of(path, header, keys));
}

TEST_CASE("holds_rows_of: a score-vector table's values are checked (a damaged one is rewritten)") {
  tsfs::testing::TemporaryFolder folder("keyed_records_scores");
  const auto path = folder.path() / "scores.csv";
  const std::vector<std::string> header = {"dataset", "feature_index", "feature", "score", "rank"};
  const std::vector<tsfs::KeyRows> keys = {{tsfs::key_prefix({"A"}), 2}};
  const std::string top = "dataset,feature_index,feature,score,rank\nA,0,\"mean, x\",0.5,1\n";
  write(path, top + "A,1,max,nan,0\n");
  CHECK(tsfs::holds_rows_of(path, header, keys));
  write(path, top + "A,1,max,abc,0\n");
  CHECK_FALSE(tsfs::holds_rows_of(path, header, keys));
  write(path, top + "A,1,max,0.25,2\n");  // a rank past the 2 features
  CHECK_FALSE(tsfs::holds_rows_of(path, header, keys));

  tsfs::RecordCheck check(header);
  CHECK(check.problem("A,1,max,0.25,1\n", 2) == "");
  CHECK(check.problem("A,1,max,0.25,999\n", 2) == "rank '999' is outside [0, 1]");
  CHECK(check.problem("A,x,max,0.25,1\n", 2) == "feature_index 'x' is not a number");
  CHECK(check.problem("A,1,\"m,a,x\",0.25\n", 2) == "4 fields, not 5");
  // A table without checked values (selection_measures.csv): only its width.
  tsfs::RecordCheck measures({"dataset", "measure", "value"});
  CHECK(measures.problem("A,x,\"y,\"\"z\"\"\"\n", 2) == "");
  CHECK(measures.problem("A,x\n", 2) == "2 fields, not 3");
}

TEST_CASE("ScoreVectorCheck: row i is feature i, the ranks a permutation or all empty") {
  const std::vector<std::string> header = {"dataset", "feature_index", "feature", "score", "rank"};
  const std::vector<std::string> names = {"mean, x", "max \"y\"", "min"};
  tsfs::RecordCheck record(header);
  tsfs::ScoreVectorCheck vector(header);
  // The first problem of a vector's rows; "" when all are fine.
  const auto problem = [&](const std::vector<std::string>& rows) {
    vector.start(names);
    for (const std::string& row : rows) {
      REQUIRE(record.problem(row, 3) == "");
      if (auto found = vector.row_problem(record.fields()); !found.empty()) return found;
    }
    return std::string();
  };
  const std::string first = "A,0,\"mean, x\",0.5,2\n", second = "A,1,\"max \"\"y\"\"\",0.25,0\n";
  CHECK(problem({first, second, "A,2,min,0.1,1\n"}) == "");
  // A solver that did not converge: nan scores, no rank.
  CHECK(problem({"A,0,\"mean, x\",nan,\n", "A,1,\"max \"\"y\"\"\",nan,\n", "A,2,min,nan,\n"}) ==
        "");
  CHECK(problem({first, "A,1,\"max \"\"y\"\"\",0.25,2\n"}) ==
        "rank 2 is feature 0's too: a rank is given once");
  CHECK(problem({first, "A,1,\"max \"\"y\"\"\",0.25,\n"}) ==
        "no rank where feature 0 has one: a vector's ranks are all given, or all empty (its "
        "solver did not converge)");
  CHECK(problem({"A,0,\"mean, x\",nan,\n", second}) ==
        "a rank where feature 0 has none: a vector's ranks are all given, or all empty (its "
        "solver did not converge)");
  CHECK(problem({first, "A,2,min,0.1,1\n"}) ==
        "feature_index 2 where feature 1 comes (a vector's rows are in feature order)");
  CHECK(problem({first, "A,1,min,0.25,0\n"}) ==
        "feature 'min' where the dataset's feature 1 is 'max \"y\"' (the features were renamed "
        "since the file was written, or it was edited)");

  // holds_rows_of with the vector's names: a table whose ranks repeat is not whole.
  tsfs::testing::TemporaryFolder folder("keyed_records_vector");
  const auto path = folder.path() / "scores.csv";
  const std::vector<tsfs::KeyRows> keys = {{tsfs::key_prefix({"A"}), 3, &names}};
  const std::string top = "dataset,feature_index,feature,score,rank\n" + first + second;
  write(path, top + "A,2,min,0.1,1\n");
  CHECK(tsfs::holds_rows_of(path, header, keys));
  write(path, top + "A,2,min,0.1,0\n");
  CHECK_FALSE(tsfs::holds_rows_of(path, header, keys));
  write(path, top + "A,2,median,0.1,1\n");
  CHECK_FALSE(tsfs::holds_rows_of(path, header, keys));
  write(path, top + "A,2,min,0.1,\n");
  CHECK_FALSE(tsfs::holds_rows_of(path, header, keys));
  write(path,
        "dataset,feature_index,feature,score,rank\nA,0,\"mean, x\",nan,\n"
        "A,1,\"max \"\"y\"\"\",nan,\nA,2,min,nan,\n");
  CHECK(tsfs::holds_rows_of(path, header, keys));
}

TEST_CASE("KeyedRecords: the header checked, records one ahead, prefixes matched whole") {
  tsfs::testing::TemporaryFolder folder("keyed_records_reader");
  const auto path = folder.path() / "table.csv";
  write(path, "a,b\nA1,1\nA,2\n");
  CHECK_THROWS_AS(tsfs::KeyedRecords(path, "a,c\n"), tsfs::InputError);
  CHECK_THROWS_AS(tsfs::KeyedRecords(folder.path() / "none.csv", "a,b\n"), tsfs::InputError);
  tsfs::KeyedRecords records(path, "a,b\n");
  CHECK_FALSE(records.next_starts_with(tsfs::key_prefix({"A"})));  // "A1," is not "A,"
  CHECK(records.next() == "A1,1\n");
  CHECK(records.next_line() == 2);
  records.advance();
  CHECK(records.next_line() == 3);
  CHECK(records.next_starts_with(tsfs::key_prefix({"A"})));
  records.advance();
  CHECK(records.exhausted());
}
