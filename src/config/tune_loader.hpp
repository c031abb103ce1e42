#pragma once
// The `tune:` section of a spec (nested cross-validation), read and checked against the rest of
// the spec once at load time:
//   tune:
//     parameters: [laplacian.sigma_ratio, laplacian.k, n_features]   # component.parameter
//     inner: {kind: stratified_kfold, folds: 3, repeats: 1, seed: 0}   # the default
//     metric: accuracy                                                 # or balanced_accuracy
// A component is a selector kind of the spec or `classifier`; every named parameter must be
// swept (two or more values) by at least one entry of that component.
#include <yaml-cpp/yaml.h>

#include "config/spec.hpp"
#include "config/yaml_values.hpp"

namespace tsfs::spec_detail {

// Needs the spec's selectors, n_features and classifier already read. Throws InputError with
// file:line:col naming the offending key.
TuneSpec read_tune(const YAML::Node& node, const SpecSource& file, const Spec& spec);

}  // namespace tsfs::spec_detail
