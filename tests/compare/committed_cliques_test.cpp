// Every committed comparison (results/**/cliques.csv) holds exactly the bars that
// statistics::cliques_in_rank_order draws from its own pairwise.csv decisions in its methods.csv
// rank order, and none of them joins two methods that pairwise.csv marks significant under the
// comparison's clique test.
#include <doctest/doctest.h>

#include <filesystem>
#include <set>
#include <string>
#include <utility>

#include "report/csv_table.hpp"
#include "statistics/cliques.hpp"

namespace tsfs {
namespace {

namespace fs = std::filesystem;

std::string joined_members(const std::vector<std::string>& labels, int first, int last) {
  std::string text;
  for (int position = first; position <= last; ++position)
    text += (position > first ? "; " : "") + labels[static_cast<size_t>(position)];
  return text;
}

size_t required_column(const CsvTable& table, const std::string& name) {
  const auto column = table.column(name);
  REQUIRE_MESSAGE(column.has_value(), name);
  return *column;
}

TEST_CASE(
    "committed comparisons: the CD bars are the maximal ones, none joins a significant pair") {
  int comparisons = 0, bars = 0;
  for (const auto& entry :
       fs::recursive_directory_iterator(fs::path(TSFS_SOURCE_DIR) / "results")) {
    if (entry.path().filename() != "cliques.csv") continue;
    const fs::path folder = entry.path().parent_path();
    CAPTURE(folder.string());
    const CsvTable cliques = read_csv_table(entry.path());
    const CsvTable pairwise = read_csv_table(folder / "pairwise.csv");
    const CsvTable methods = read_csv_table(folder / "methods.csv");  // by average rank
    const CsvTable procedure = read_csv_table(folder / "procedure.csv");
    for (const auto& row : procedure.rows)
      if (row[0] == "cd_bars") CHECK(row[1] == "maximal");
    std::set<std::pair<std::string, std::string>> significant;
    const size_t method = required_column(pairwise, "method"),
                 versus = required_column(pairwise, "versus"),
                 decision = required_column(pairwise, "clique_test_significant");
    for (const auto& row : pairwise.rows)
      if (row[decision] == "true") significant.insert({row[method], row[versus]});
    std::vector<std::string> labels;
    for (const auto& row : methods.rows) labels.push_back(row[required_column(methods, "method")]);
    const auto expected = statistics::cliques_in_rank_order(
        static_cast<int>(labels.size()), [&](int first, int second) {
          return significant.count({labels[static_cast<size_t>(first)],
                                    labels[static_cast<size_t>(second)]}) == 1;
        });
    REQUIRE(cliques.rows.size() == expected.size());
    for (size_t b = 0; b < expected.size(); ++b) {
      const auto [first, last] = expected[b];
      CHECK(cliques.rows[b][required_column(cliques, "methods")] ==
            joined_members(labels, first, last));
      CHECK(std::stoi(cliques.rows[b][required_column(cliques, "size")]) == last - first + 1);
      for (int i = first; i <= last; ++i)
        for (int j = i + 1; j <= last; ++j)
          CHECK(significant.count(
                    {labels[static_cast<size_t>(i)], labels[static_cast<size_t>(j)]}) == 0);
      ++bars;
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
