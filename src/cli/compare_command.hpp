#pragma once
// `runner compare RUN_DIR... [options]`: the statistical comparison of methods across datasets
// from finished runs (see compare/ and compare_usage()).
#include <filesystem>
#include <string>
#include <vector>

#include "compare/collate.hpp"
#include "compare/comparison.hpp"

namespace tsfs {

struct CompareArguments {
  compare::CollateOptions collate;
  compare::ComparisonOptions statistics;  // alpha, clique test, zero method, margins, Bayes
  // One comparison per value of this column, Holm-adjusted as one family (empty: one comparison).
  std::string family;
  // empty: <first run>/comparison (with --family: .../COLUMN=VALUE); with --family, "{}" in it is
  // replaced by the value, else the members go to DIR/COLUMN=VALUE.
  std::filesystem::path output;
  bool wait = false;  // for another runner writing into the output folder
  bool help = false;
};

// `args` are the words after "compare". Throws InputError("command line", ...) on bad options.
CompareArguments parse_compare_arguments(const std::vector<std::string>& args);

std::string compare_usage();

// A comparison folder written: the --family value it holds (empty without --family) and where.
struct WrittenComparison {
  std::string family_value;
  std::filesystem::path folder;
};

// Collates, tests and writes the comparison folders (one per --family value), printing a line
// for each when `print_summary` (the runner; the Python package reads the files instead).
// Nothing is written when the inputs are refused (InputError).
std::vector<WrittenComparison> run_compare(const CompareArguments& arguments,
                                           bool print_summary = true);

}  // namespace tsfs
