#pragma once
// The files of a comparison folder (see docs/comparing.md): tidy CSVs, a Markdown
// summary, and the critical-difference and multiple-comparison figures.
#include <filesystem>
#include <map>
#include <string>

#include "compare/collate.hpp"
#include "compare/comparison.hpp"

namespace tsfs::compare {

// File name -> contents of per_dataset.csv, methods.csv, friedman.csv, pairwise.csv and
// summary.md. Numbers with 17 significant digits; NaN (no test possible) as an empty field.
std::map<std::string, std::string> comparison_tables(const CollateOptions& options,
                                                     const Collated& collated,
                                                     const Comparison& comparison);

// summary.md: the runs, metric and grouping compared, the methods by average rank, the Friedman
// and Iman-Davenport tests, the Nemenyi critical difference and the significant pairs.
std::string comparison_summary(const CollateOptions& options, const Collated& collated,
                               const Comparison& comparison);

// Writes the tables and renders cd_diagram and comparison_matrix (PNG, SVG, .gp, .dat) into
// `folder` (created). Each file is written atomically. Returns false when gnuplot is missing
// (the .gp and .dat files are still written).
bool write_comparison(const std::filesystem::path& folder, const CollateOptions& options,
                      const Collated& collated, const Comparison& comparison);

}  // namespace tsfs::compare
