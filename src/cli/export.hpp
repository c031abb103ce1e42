#pragma once
// Stage outputs without a sweep: `runner features SPEC` and `runner distances SPEC`.
#include "config/spec.hpp"
#include "sweep/run/run.hpp"

namespace tsfs {

// Writes <output>/features/<dataset>.csv for every dataset: a header of feature names, one row
// per series in the dataset's row order, values as %.17g. Uses and fills the feature cache.
int export_features(const Spec& spec, const RunOptions& options);

// Writes <output>/distances/<dataset>_<label>.csv (m x m, no header, %.17g) for every dataset
// and distance of the spec, printing each file and label. Uses and fills the distance cache.
int export_distances(const Spec& spec, const RunOptions& options);

}  // namespace tsfs
