// Every committed comparison (results/**/cliques.csv): no bar of its CD diagram joins two methods
// that pairwise.csv marks significant under the comparison's clique test, and two methods
// adjacent by average rank share a bar exactly when their test is not significant.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "report/csv_table.hpp"

namespace tsfs {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> bar_members(const std::string& methods) {
  std::vector<std::string> members;
  size_t start = 0;
  for (size_t at = methods.find("; "); at != std::string::npos; at = methods.find("; ", start)) {
    members.push_back(methods.substr(start, at - start));
    start = at + 2;
  }
  members.push_back(methods.substr(start));
  return members;
}

TEST_CASE("committed comparisons: no CD bar joins a significant pair") {
  int comparisons = 0, bars = 0;
  for (const auto& entry :
       fs::recursive_directory_iterator(fs::path(TSFS_SOURCE_DIR) / "results")) {
    if (entry.path().filename() != "cliques.csv") continue;
    const fs::path folder = entry.path().parent_path();
    CAPTURE(folder.string());
    const CsvTable cliques = read_csv_table(entry.path());
    const CsvTable pairwise = read_csv_table(folder / "pairwise.csv");
    const CsvTable methods = read_csv_table(folder / "methods.csv");  // by average rank
    std::set<std::pair<std::string, std::string>> significant;
    const size_t method = *pairwise.column("method"), versus = *pairwise.column("versus"),
                 decision = *pairwise.column("clique_test_significant");
    for (const auto& row : pairwise.rows)
      if (row[decision] == "true") significant.insert({row[method], row[versus]});
    std::map<std::string, std::set<long>> bars_of;  // method -> the bars holding it
    for (const auto& bar : cliques.rows) {
      const auto members = bar_members(bar[*cliques.column("methods")]);
      CHECK(members.size() == std::stoul(bar[*cliques.column("size")]));
      for (size_t i = 0; i < members.size(); ++i) {
        bars_of[members[i]].insert(std::stol(bar[*cliques.column("bar")]));
        for (size_t j = i + 1; j < members.size(); ++j) {
          CAPTURE(members[i]);
          CAPTURE(members[j]);
          CHECK(significant.count({members[i], members[j]}) == 0);
        }
      }
      ++bars;
    }
    // Rank-adjacent methods: a shared bar exactly when the test does not separate them.
    const size_t label = *methods.column("method");
    for (size_t m = 0; m + 1 < methods.rows.size(); ++m) {
      const std::string &first = methods.rows[m][label], &second = methods.rows[m + 1][label];
      CAPTURE(first);
      CAPTURE(second);
      std::set<long> shared;
      for (long bar : bars_of[first])
        if (bars_of[second].count(bar)) shared.insert(bar);
      CHECK(shared.empty() == (significant.count({first, second}) == 1));
    }
    ++comparisons;
  }
  // The committed studies hold 12 comparisons (archive, its ties_last, archive-full and its
  // official split, at three n_features each).
  CHECK(comparisons >= 12);
  CHECK(bars > 0);
}

}  // namespace
}  // namespace tsfs
