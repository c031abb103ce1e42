// read_work_seconds checks every row as untrusted input and names the line a row starts on, even
// after a quoted field holding a line break.
#include "sweep/store/work_seconds.hpp"

#include <doctest/doctest.h>

#include <functional>

#include "common/error.hpp"
#include "common/files.hpp"
#include "support/input_error_of.hpp"
#include "support/temporary_folder.hpp"

namespace tsfs {
namespace {

using testing::input_error_of;

const std::string kHeader =
    "dataset,distance,selector,rows,rows_resumed,score_vectors,dataset_rows,dataset_features,"
    "classifier,score_seconds,fit_seconds,tuning_seconds\n";

}  // namespace

TEST_CASE("read_work_seconds: counts, seconds and the header checked, lines named") {
  const testing::TemporaryFolder folder("work_seconds");
  const auto path = folder.path() / "work_seconds.csv";
  // The first row's dataset holds a line break: the second row starts on line 4.
  const std::string first = "\"Two\nlines\",ned,laplacian,3,0,3,56,286,svc,0.5,0.25,0\n";
  const auto error_with = [&](const std::string& second) {
    write_file_atomically(path, kHeader + first + second);
    return input_error_of([&] { read_work_seconds(path); });
  };
  write_file_atomically(path, kHeader + first + "Coffee,,anova,3,1,3,56,286,svc,,,\n");
  const WorkSecondsFile file = read_work_seconds(path);
  REQUIRE(file.table.rows.size() == 2);
  CHECK(file.lines == std::vector<size_t>{2, 4});
  CHECK(file.key_columns() == 3);
  CHECK(file.table.rows[0][0] == "Two\nlines");

  const std::string at = path.string() + ":4: ";
  CHECK(error_with("Coffee,,anova,3,4,3,56,286,svc,1,1,1\n") ==
        at + "rows_resumed 4 is more than rows 3");
  CHECK(error_with("Coffee,,anova,3,0,2.5,56,286,svc,1,1,1\n") ==
        at + "score_vectors '2.5' is not a count");
  CHECK(error_with("Coffee,,anova,-3,0,3,56,286,svc,1,1,1\n") == at + "rows '-3' is not a count");
  CHECK(error_with("Coffee,,anova,3.0,0,3,56,286,svc,1,1,1\n") == at + "rows '3.0' is not a count");
  CHECK(error_with("Coffee,,anova,03,0,3,56,286,svc,1,1,1\n") == at + "rows '03' is not a count");
  CHECK(error_with("Coffee,,anova,3,0,3,56,286,svc,1e300,1,1\n") ==
        at + "score_seconds '1e300' is not a number of seconds (0 to 1e+09)");
  CHECK(error_with(first) == at + "a work group listed twice: not a file tsfs wrote");
  CHECK(error_with("Coffee,,anova,3,0,3,56,286,svc,1,nan,1\n") ==
        at + "fit_seconds 'nan' is not a number of seconds (0 to 1e+09)");
  CHECK(error_with("Coffee,,anova,3,0,3,56,286,svc,1,inf,1\n") ==
        at + "fit_seconds 'inf' is not a number of seconds (0 to 1e+09)");
  CHECK(error_with("Coffee,,anova,3,0,3,56,286,svc,1,,1\n")
            .find(at + "some seconds given and some empty") == 0);
  CHECK(error_with("Coffee,,anova,3,0,3,56,286,svc,1,1\n") == at + "expected 12 fields, found 11");

  write_file_atomically(path, "dataset,rows,seconds\nCoffee,1,2\n");
  CHECK(input_error_of([&] { read_work_seconds(path); }).find(path.string() + ":1: the header") ==
        0);
  std::filesystem::remove(path);
  CHECK(input_error_of([&] { read_work_seconds(path); }) == path.string() + ": missing");
}

TEST_CASE(
    "earlier_work_seconds: rows by their non-empty key fields, whatever the header's columns") {
  const testing::TemporaryFolder folder("work_seconds_earlier");
  CHECK(earlier_work_seconds(folder.path()).empty());  // no file
  // An earlier spec's file with a parameter column this spec no longer has, empty in the row.
  write_file_atomically(folder.path() / "work_seconds.csv",
                        "dataset,retired,selector,k,rows,rows_resumed,score_vectors,dataset_rows,"
                        "dataset_features,classifier,score_seconds,fit_seconds,tuning_seconds\n"
                        "Coffee,,laplacian,5,3,0,3,56,286,svc,0.5,0.25,0\n");
  const auto earlier = earlier_work_seconds(folder.path());
  REQUIRE(earlier.size() == 1);
  const std::string key = work_group_match_key({"dataset", "selector", "k", "new_column"},
                                               {"Coffee", "laplacian", "5", ""});
  REQUIRE(earlier.count(key) == 1);
  CHECK(earlier.at(key) ==
        std::vector<std::string>{"3", "0", "3", "56", "286", "svc", "0.5", "0.25", "0"});
  CHECK(work_group_match_key({"dataset", "k"}, {"Coffee", "7"}) != key);
  // A damaged file stops the run, saying what it holds and what to do.
  write_file_atomically(folder.path() / "work_seconds.csv", "dataset,rows\n");
  CHECK(input_error_of([&] {
          earlier_work_seconds(folder.path());
        }).find("; it holds timings only: remove it and rerun") != std::string::npos);
}

}  // namespace tsfs
