#pragma once
// `runner compare RUN_DIR... [--metric M] [--by COLUMNS] [--alpha A] [--output DIR]`: the
// statistical comparison of methods across datasets from finished runs (see compare/).
#include <filesystem>
#include <string>
#include <vector>

#include "compare/collate.hpp"

namespace tsfs {

struct CompareArguments {
  compare::CollateOptions collate;
  double alpha = 0.05;
  std::filesystem::path output;  // empty: <first run>/comparison
  bool help = false;
};

// `args` are the words after "compare". Throws InputError("command line", ...) on bad options.
CompareArguments parse_compare_arguments(const std::vector<std::string>& args);

std::string compare_usage();

// Collates, tests and writes the comparison folder; returns the exit code. Nothing is written
// when the inputs are refused (InputError).
int run_compare(const CompareArguments& arguments);

}  // namespace tsfs
