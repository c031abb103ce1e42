#pragma once
// Command-line overrides of spec values: `--set key.path=value`.
#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace tsfs {

// Applies each "a.b.0.c=value" to `root` (value parsed as YAML, so lists and maps work:
// --set n_features=[10,20]). Map keys are created when missing; list indices must exist.
// Throws InputError("--set a.b.0.c", ...) when the path cannot be followed. Returns every node
// the overrides introduced (values and their items), each with its "--set a.b.0.c" label, so
// later errors about them point at the command line.
std::vector<std::pair<YAML::Node, std::string>> apply_overrides(
    YAML::Node& root, const std::vector<std::string>& overrides);

}  // namespace tsfs
