#pragma once
// `datasets: {archive: FOLDER, names: all | [A, B], exclude: [C], split: merged}`: every
// dataset of a UCR-layout archive folder (third_party/ucr), instead of a list of datasets.
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <string>
#include <vector>

#include "config/spec.hpp"
#include "config/yaml_values.hpp"

namespace tsfs::spec_detail {

// The datasets of an archive: every subfolder <Name> holding <Name>_TRAIN.tsv or
// <Name>_TEST.tsv (or their .tsv.gz), sorted by name.
std::vector<std::string> archive_dataset_names(const std::filesystem::path& folder);

// Expands the map `node` (which has an `archive` key) into dataset entries: `names: all` (the
// default) in name order, or the listed names in their order, minus `exclude`. Unknown names
// (in either list), a missing folder or an empty result fail with the node's location.
std::vector<DatasetSpec> read_archive(const YAML::Node& node, const SpecSource& file);

}  // namespace tsfs::spec_detail
