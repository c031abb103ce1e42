#pragma once
// Collating finished runs for a comparison of methods across datasets: one score per
// (dataset, method), read from each run's results.csv.
//
// A method is identified by the values of the `by` columns of results.csv (default: selector;
// e.g. "selector,n_features" or "selector,distance,k"). The pseudo-column `run` is the run
// folder's name (run_name), so the same configuration from two runs (say, two feature
// extractors) can be told apart. Within one run, a method must match exactly one row
// per dataset: rows differing in other configuration columns are refused, naming those columns
// (add them to `by`). A method present in several runs (the same spec run with other seeds) is
// averaged over them, each run a replicate.
#include <Eigen/Core>

#include <filesystem>
#include <string>
#include <vector>

namespace tsfs::compare {

struct CollateOptions {
  std::vector<std::filesystem::path> runs;  // run folders holding results.csv
  std::string metric = "accuracy";          // a results.csv column, higher = better
  std::vector<std::string> by = {"selector"};
  // Only the rows whose column equals the value, for every (column, value) pair.
  std::vector<std::pair<std::string, std::string>> where = {};
  // Like `where`, but not applied to the runs in `beside`: a --family member's (column, value).
  std::vector<std::pair<std::string, std::string>> family_where = {};
  // Runs (also in `runs`) compared in every member of a --family whatever their value of its
  // column: baselines that do not vary with it (1-NN has no n_features to choose).
  std::vector<std::filesystem::path> beside = {};
  // A selector with rows marked `tuned` (nested CV) is represented by those rows alone, not by
  // the grid cells they choose among.
  bool tuned = false;
  // Compare on the datasets every run and every method has a row for, leaving out the others
  // (Collated::left_out says why), instead of refusing runs or methods that lack one.
  bool common_datasets = false;
};

// A dataset --common-datasets left out, and the first method or run lacking it.
struct LeftOutDataset {
  std::string dataset;
  std::string reason;
};

struct Method {
  std::vector<std::string> values;  // one per `by` column (empty where a run lacks it)
  std::string label;                // first value bare, the others "column=value"
  std::vector<std::string> runs;    // the runs holding it
};

struct Collated {
  std::vector<std::string> datasets;     // order of first appearance in the first run
  std::vector<Method> methods;           // order of first appearance (runs, then rows)
  Eigen::MatrixXd scores;                // datasets x methods: metric, mean over the runs
  std::vector<LeftOutDataset> left_out;  // with common_datasets, in name order
};

// Reads every run's results.csv. Throws InputError naming the run (and dataset, method) when a
// run is not a finished run folder, the runs hold different datasets, a method lacks a dataset,
// a metric value is missing, a method is ambiguous (see above) or a column is unknown.
Collated collate_runs(const CollateOptions& options);

// The distinct values of `column` among the rows kept by `where` and `tuned` in every run but
// those `beside`, in
// order of first appearance, or ascending when all are numbers (the members of a --family).
// Throws InputError like collate_runs (unknown column, no row kept).
std::vector<std::string> column_values(const CollateOptions& options, const std::string& column);

// Name of a run among the compared `runs` (which hold it), in messages and in the `run` column:
// the last components of the folder's full path, as few as tell it from the other runs
// (`selection`, or `a/selection` beside `b/selection`). Names, and so the methods' labels and the
// Bayesian test's seeds mixed from them, do not depend on the directory compare runs in or on how
// a folder is spelt.
std::string run_name(const std::filesystem::path& run,
                     const std::vector<std::filesystem::path>& runs);

}  // namespace tsfs::compare
