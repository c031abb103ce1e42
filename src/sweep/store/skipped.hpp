#pragma once
// Archive studies run on whatever datasets they can: a dataset expanded from
// `datasets: {archive: ...}` that a component cannot handle (a missing file, k >= rows,
// n_features > features, ...) is left out with its reason in skipped.csv instead of stopping
// the study. Datasets listed by name in the spec still stop the run with the error.
#include <filesystem>
#include <string>
#include <vector>

#include "config/spec.hpp"
#include "sweep/plan/plan.hpp"

namespace tsfs {

struct SkippedDataset {
  std::string dataset;
  std::string reason;  // the InputError's text, location included
};

// <output>/skipped.csv: dataset, reason; the header alone when nothing was skipped.
void write_skipped(const std::filesystem::path& output, const std::vector<SkippedDataset>& skipped);

}  // namespace tsfs
