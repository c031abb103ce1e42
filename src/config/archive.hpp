#pragma once
// `datasets: {archive: FOLDER | ucr-2018, names: all | [A, B], exclude: [C], split: merged,
// missing: refuse}`: every dataset of a UCR-layout archive folder (third_party/ucr), instead of a
// list of datasets. Entries of the folder that are not datasets are ignored with a note.
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <string>
#include <vector>

#include "config/spec.hpp"
#include "config/yaml_values.hpp"

namespace tsfs::spec_detail {

// `archive: ucr-2018`: the UCR 2018 archive of this machine, found through the environment
// variable, else the shared copy beside the repository (run from the repository's root).
inline constexpr const char* kUcr2018Archive = "ucr-2018";
inline constexpr const char* kUcrArchiveVariable = "TSFS_UCR_ARCHIVE";
inline constexpr const char* kSharedUcrArchive = "../shared/data/ucr-archive";

// The datasets of an archive: every subfolder <Name> holding <Name>_TRAIN or <Name>_TEST (.tsv,
// .tsv.gz, .ts or .ts.gz), sorted by name.
std::vector<std::string> archive_dataset_names(const std::filesystem::path& folder);

// The entries of an archive folder that are not datasets, sorted by name: subfolders without a
// TRAIN or TEST file (the shared archive's `_incomplete/`), and files (README.md; a data file
// such as GunPoint_TRAIN.tsv outside its dataset's folder).
std::vector<IgnoredArchiveEntry> ignored_archive_entries(const std::filesystem::path& folder);

// `missing: refuse | interpolate` of a dataset or archive entry (data/dataset.hpp).
MissingValues read_missing_values(const YAML::Node& node, const SpecSource& file);
// `normalise: none | z` of a dataset or archive entry (data/dataset.hpp).
Normalisation read_normalisation(const YAML::Node& node, const SpecSource& file);

// Expands the map `node` (which has an `archive` key) into dataset entries: `names: all` (the
// default) in name order, or the listed names in their order, minus `exclude`. Unknown names
// (in either list), a missing folder or an empty result fail with the node's location. The
// folder's entries that are not datasets are appended to `ignored`.
std::vector<DatasetSpec> read_archive(const YAML::Node& node, const SpecSource& file,
                                      std::vector<IgnoredArchiveEntry>& ignored);

}  // namespace tsfs::spec_detail
