#pragma once
// The files of a comparison folder (see docs/comparing.md): tidy CSVs, a Markdown
// summary, and the critical-difference and multiple-comparison figures.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "compare/collate.hpp"
#include "compare/comparison.hpp"

namespace tsfs::compare {

// One choice of the comparison's procedure, as printed in procedure.csv and summary.md.
struct ProcedureSetting {
  std::string name;
  std::string value;
  std::string meaning;
};

// Every choice: metric, rows, tests, zero method, correction and its family, alpha, clique test,
// tie margin, the Bayesian test's rope, prior, draws and seed.
std::vector<ProcedureSetting> procedure_settings(const CollateOptions& options,
                                                 const Collated& collated,
                                                 const Comparison& comparison);

// "the N pairs of this comparison" or "the pairs of the comparisons at COLUMN = V1, V2 together".
std::string family_description(const Comparison& comparison);

// File name -> contents of per_dataset.csv, methods.csv, friedman.csv, pairwise.csv,
// procedure.csv and summary.md. Numbers with 17 significant digits; NaN (no test possible) as an
// empty field.
std::map<std::string, std::string> comparison_tables(const CollateOptions& options,
                                                     const Collated& collated,
                                                     const Comparison& comparison);

// summary.md: the runs, metric and grouping compared, the procedure, the methods by average rank
// with their per-dataset differences to the best-ranked, the Friedman and Iman-Davenport tests,
// the clique test, the significant pairs and the Bayesian signed-rank test of every pair.
std::string comparison_summary(const CollateOptions& options, const Collated& collated,
                               const Comparison& comparison);

// Writes the tables and renders cd_diagram and comparison_matrix (PNG, SVG, .gp, .dat) into
// `folder` (created). Each file is written atomically. Returns false when gnuplot is missing
// (the .gp and .dat files are still written).
bool write_comparison(const std::filesystem::path& folder, const CollateOptions& options,
                      const Collated& collated, const Comparison& comparison);

}  // namespace tsfs::compare
