#pragma once
// The `curves:` key of a spec: ROC and precision-recall curves of chosen grid cells, written to
// curves.csv. Either the kinds alone (every grid cell)
//   curves: [pr, roc]
// or the kinds and the cells, by the values of results.csv key columns (each entry must match;
// a list matches any of its values; numbers match numerically):
//   curves: {kinds: [pr, roc], where: {selector: anova, n_features: [10, 30], dataset: GunPoint}}
#include <yaml-cpp/yaml.h>

#include "config/spec.hpp"
#include "config/yaml_values.hpp"

namespace tsfs::spec_detail {

// Needs the spec's selectors and classifier already read (they name the key columns). Throws
// InputError with file:line:col for an unknown kind or column (with a suggestion), a kind listed
// twice, or a malformed entry.
CurvesSpec read_curves(const YAML::Node& node, const SpecSource& file, const Spec& spec);

}  // namespace tsfs::spec_detail
