#pragma once
// Archive studies run on whatever they can: a dataset expanded from `datasets: {archive: ...}`
// that a component every cell needs cannot handle (a missing file, n_features > features, the
// classifier's k >= rows, ...) is left out with its reason in skipped.csv instead of stopping the
// study; a selector or distance it rules out (NED on series of unequal lengths, a selector's
// k >= rows) skips only its own cells there. Datasets listed by name in the spec still stop the
// run with the error.
#include <filesystem>
#include <string>
#include <vector>

#include "config/spec.hpp"
#include "sweep/plan/plan.hpp"

namespace tsfs {

struct SkippedDataset {
  std::string dataset;
  std::string reason;                     // the InputError's text, location included
  std::string component = kWholeDataset;  // or what was left out: "distance 'ned'", ...
  static constexpr const char* kWholeDataset = "dataset";
};

// <output>/skipped.csv: dataset, component, reason; the header alone when nothing was skipped.
// skipped.csv: dataset, component, reason.
std::vector<std::string> skipped_header();

void write_skipped(const std::filesystem::path& output, const std::vector<SkippedDataset>& skipped);

}  // namespace tsfs
