// The sequential selector end to end on GunPoint's raw series (150 columns, 2-fold CV) around the
// spec's SVC: forward, floating forward and backward searches, the same bytes at 1 and 2 threads,
// accuracies pinned (regression values of this version); a cell asking for more features than the
// forward search selected gets those (n_features_used); fits and inner scores land in
// selection_measures.csv; a budget above max_fits is refused when the run is planned.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

std::string spec_text(const std::filesystem::path& output, const std::string& selectors) {
  return "name: sequential\n"
         "datasets: [{name: GunPoint, path: " TSFS_SOURCE_DIR
         "/third_party/ucr/GunPoint}]\n"
         "features: {extractor: raw}\n"
         "selectors:\n" +
         selectors +
         "n_features: [2, 3, 5]\n"
         "classifier: {kind: svc}\n"
         "protocol: {kind: stratified_kfold, folds: 2, seed: 0}\n"
         "output: " +
         output.string() + "\n";
}

}  // namespace

TEST_CASE("sequential: forward, floating and backward around SVC, the same at 1 and 2 threads") {
  TemporaryFolder folder("sequential");
  const auto spec = folder.path() / "spec.yaml";
  write_text(spec, spec_text(folder.path() / "run",
                             "  - {kind: sequential, n_features_to_select: 3, cv: 3, floating: "
                             "[false, true]}\n"
                             "  - {kind: sequential, direction: backward, n_features_to_select: "
                             "147, cv: 3}\n"));
  run_at_1_and_2_threads(spec, folder.path());
  for (const char* file : {"results.csv", "scores.csv", "folds.csv", "selection_measures.csv"})
    CHECK(read_text(folder.path() / "1" / file) == read_text(folder.path() / "2" / file));

  // Run again, finished: no search is made again (each took as long as the first run) and every
  // file stays byte for byte; a damaged scores.csv (a row lost) is written anew, the same bytes.
  const char* const kept[] = {"results.csv", "scores.csv", "folds.csv", "selection_measures.csv"};
  std::map<std::string, std::string> before;
  for (const char* file : kept) before[file] = read_text(folder.path() / "1" / file);
  const std::string again =
      spec.string() + " --no-timings --set output=" + (folder.path() / "1").string();
  auto rerun = run_runner(again);
  REQUIRE_MESSAGE(rerun.exit_code == 0, rerun.err);
  CHECK_MESSAGE(contains(rerun.err, "no distance or score vector is computed"), rerun.err);
  for (const char* file : kept)
    CHECK_MESSAGE(read_text(folder.path() / "1" / file) == before[file], file);
  const std::string& scores = before["scores.csv"];
  write_text(folder.path() / "1" / "scores.csv",
             scores.substr(0, scores.rfind('\n', scores.size() - 2) + 1));
  auto repaired = run_runner(again);
  REQUIRE_MESSAGE(repaired.exit_code == 0, repaired.err);
  CHECK_FALSE(contains(repaired.err, "no distance or score vector is computed"));
  for (const char* file : kept)
    CHECK_MESSAGE(read_text(folder.path() / "1" / file) == before[file], file);
  // So is one whose first row has the second's rank (each row's last field): a rank twice.
  const auto rank_field = [&](size_t line_start) {  // [begin, end) of the line's last field
    const size_t end = scores.find('\n', line_start);
    return std::pair{scores.rfind(',', end) + 1, end};
  };
  const auto [first_rank, first_end] = rank_field(scores.find('\n') + 1);
  const auto [second_rank, second_end] = rank_field(first_end + 1);
  REQUIRE(scores.substr(first_rank, first_end - first_rank) !=
          scores.substr(second_rank, second_end - second_rank));
  write_text(folder.path() / "1" / "scores.csv",
             scores.substr(0, first_rank) + scores.substr(second_rank, second_end - second_rank) +
                 scores.substr(first_end));
  auto rank_twice = run_runner(again);
  REQUIRE_MESSAGE(rank_twice.exit_code == 0, rank_twice.err);
  CHECK_FALSE(contains(rank_twice.err, "no distance or score vector is computed"));
  CHECK(read_text(folder.path() / "1" / "scores.csv") == scores);

  const auto results = tsfs::read_csv_table(folder.path() / "1" / "results.csv");
  std::map<std::string, std::string> accuracy;
  std::map<std::string, std::string> used;
  for (const auto& row : results.rows) {
    const std::string key = row[*results.column("direction")] + "/" +
                            row[*results.column("floating")] + "/" +
                            row[*results.column("n_features")];
    accuracy[key] = row[*results.column("accuracy")];
    used[key] = row[*results.column("n_features_used")];
  }
  const std::map<std::string, std::string> expected = {
      {"forward/false/2", "0.91500000000000004"},  {"forward/false/3", "0.93500000000000005"},
      {"forward/false/5", "0.93500000000000005"},  {"forward/true/2", "0.91500000000000004"},
      {"forward/true/3", "0.93500000000000005"},   {"forward/true/5", "0.93500000000000005"},
      {"backward/false/2", "0.72999999999999998"}, {"backward/false/3", "0.76500000000000001"},
      {"backward/false/5", "0.80500000000000005"}};
  for (const auto& entry : expected) {
    const auto& key = std::get<0>(entry);
    const auto& value = std::get<1>(entry);
    CAPTURE(key);
    CHECK(accuracy.at(key) == value);
  }
  CHECK(accuracy.size() == 9);
  CHECK(used.at("forward/false/5") == "3");  // the search stopped at 3
  CHECK(used.at("backward/false/5") == "5");

  // Per fold and search: its fits, its subset's inner score and one score per size reached.
  const auto measures = tsfs::read_csv_table(folder.path() / "1" / "selection_measures.csv");
  std::map<std::string, int> fits_rows;
  for (const auto& row : measures.rows)
    if (row[*measures.column("measure")] == "fits")
      ++fits_rows[row[*measures.column("direction")] + "/" + row[*measures.column("floating")]];
  CHECK(fits_rows == std::map<std::string, int>{
                         {"backward/false", 2}, {"forward/false", 2}, {"forward/true", 2}});
  // Plain forward: (150 + 149 + 148) subsets x 3 inner folds, on either outer fold.
  CHECK(cell(measures, {{"direction", "forward"}, {"floating", "false"}, {"measure", "fits"}},
             "value") == "1341");
}

TEST_CASE("sequential: a search above max_fits is refused at plan time with the spec line") {
  TemporaryFolder folder("sequential_budget");
  const auto spec = folder.path() / "spec.yaml";
  write_text(spec, spec_text(folder.path() / "run",
                             "  - {kind: sequential, n_features_to_select: 20, max_fits: 1000}\n"));
  auto run = run_runner(spec.string() + " --quiet");
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("spec.yaml:5:60: a forward search to 20 of 150 features with cv 5 makes 14050 "
                     "classifier fits, above max_fits 1000") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(folder.path() / "run"));
}
