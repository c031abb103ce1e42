#include "config/archive.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "common/text.hpp"

namespace tsfs::spec_detail {
namespace {

bool has_part(const std::filesystem::path& folder, const std::string& name, const char* part) {
  const std::string stem = name + "_" + part;
  for (const char* extension : {".tsv", ".tsv.gz", ".ts", ".ts.gz"})
    if (std::filesystem::is_regular_file(folder / (stem + extension))) return true;
  return false;
}

bool is_dataset_folder(const std::filesystem::directory_entry& entry) {
  const std::string name = entry.path().filename().string();
  return entry.is_directory() &&
         (has_part(entry.path(), name, "TRAIN") || has_part(entry.path(), name, "TEST"));
}

// "GunPoint_TRAIN.tsv.gz": a data file of the archive layout.
bool is_data_file_name(const std::string& name) {
  for (const char* part : {"_TRAIN", "_TEST"})
    for (const char* extension : {".tsv", ".tsv.gz", ".ts", ".ts.gz"})
      if (name.ends_with(std::string(part) + extension)) return true;
  return false;
}

std::vector<std::string> read_name_list(const YAML::Node& node, const SpecSource& file,
                                        const std::string& key) {
  if (!node.IsSequence()) fail(node, file, fmt::format("'{}' must be a list of names", key));
  std::vector<std::string> names;
  for (const auto& item : node) {
    if (!item.IsScalar()) fail(item, file, fmt::format("'{}' must be a list of names", key));
    if (std::find(names.begin(), names.end(), item.Scalar()) != names.end())
      fail(item, file, fmt::format("'{}' lists '{}' twice", key, printable_excerpt(item.Scalar())));
    names.push_back(item.Scalar());
  }
  return names;
}

// Fails on the first name of `names` that is not in `available`, with a suggestion.
void check_known(const YAML::Node& node, const SpecSource& file,
                 const std::vector<std::string>& names, const std::vector<std::string>& available,
                 const std::string& folder) {
  for (size_t i = 0; i < names.size(); ++i) {
    if (std::find(available.begin(), available.end(), names[i]) != available.end()) continue;
    std::string message = fmt::format("no dataset '{}' in archive '{}'", names[i], folder);
    if (auto suggestion = closest_match(names[i], available))
      message += fmt::format(" (did you mean '{}'?)", *suggestion);
    fail(node[i], file, message + fmt::format("; it holds: {}", fmt::join(available, ", ")));
  }
}

Split read_archive_split(const YAML::Node& node, const SpecSource& file) {
  const std::string text = node.IsScalar() ? node.Scalar() : "";
  if (text == "merged") return Split::merged;
  if (text == "train") return Split::train;
  if (text == "test") return Split::test;
  fail(node, file, fmt::format("'split' must be merged, train or test, got '{}'", text));
}

// `archive: ucr-2018` names the UCR 2018 archive wherever this machine keeps it: the folder in
// $TSFS_UCR_ARCHIVE, else ../shared/data/ucr-archive (beside this repository's clone) when it
// exists. Any other value is a folder.
std::filesystem::path archive_folder(const YAML::Node& node, const SpecSource& file) {
  if (node.Scalar() != kUcr2018Archive) return node.Scalar();
  if (const char* variable = std::getenv(kUcrArchiveVariable); variable && *variable)
    return variable;
  if (std::filesystem::is_directory(kSharedUcrArchive)) return kSharedUcrArchive;
  fail(node, file,
       fmt::format("'archive: {}' is the UCR 2018 archive, and this machine's copy was not "
                   "found: {} is not set and {} does not exist; download the archive "
                   "(https://www.cs.ucr.edu/~eamonn/time_series_data_2018/, one folder per "
                   "dataset with <Name>_TRAIN and <Name>_TEST as .tsv, .tsv.gz, .ts or .ts.gz) and "
                   "set {}=FOLDER, or run with --set datasets.archive=FOLDER",
                   kUcr2018Archive, kUcrArchiveVariable, kSharedUcrArchive, kUcrArchiveVariable));
}

}  // namespace

std::vector<std::string> archive_dataset_names(const std::filesystem::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    if (is_dataset_folder(entry)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<IgnoredArchiveEntry> ignored_archive_entries(const std::filesystem::path& folder) {
  std::vector<IgnoredArchiveEntry> ignored;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (is_dataset_folder(entry)) continue;
    const std::string name = entry.path().filename().string();
    if (entry.is_directory())
      ignored.push_back({name + "/",
                         fmt::format("not a dataset: no {}_TRAIN or {}_TEST file (.tsv, .tsv.gz, "
                                     ".ts or .ts.gz) in folder {}",
                                     name, name, entry.path().string()),
                         true});
    else if (is_data_file_name(name))
      ignored.push_back({name,
                         fmt::format("a data file at the top of archive {}: each dataset must "
                                     "be in its own folder (<Name>/<Name>_TRAIN.tsv)",
                                     folder.string()),
                         true});
    else
      ignored.push_back(
          {name, fmt::format("not a dataset: a file at the top of archive {}", folder.string()),
           false});
  }
  std::sort(ignored.begin(), ignored.end(),
            [](const auto& a, const auto& b) { return a.name < b.name; });
  return ignored;
}

MissingValues read_missing_values(const YAML::Node& node, const SpecSource& file) {
  const std::string text = node.IsScalar() ? node.Scalar() : "";
  if (text == "refuse") return MissingValues::refuse;
  if (text == "interpolate") return MissingValues::interpolate;
  std::string message =
      fmt::format("'missing' must be refuse or interpolate, got '{}'", printable_excerpt(text));
  if (auto suggestion = closest_match(text, {"refuse", "interpolate"}))
    message += fmt::format(" (did you mean '{}'?)", *suggestion);
  fail(node, file, message);
}

Normalisation read_normalisation(const YAML::Node& node, const SpecSource& file) {
  const std::string text = node.IsScalar() ? node.Scalar() : "";
  if (text == "none") return Normalisation::none;
  if (text == "z") return Normalisation::z;
  fail_unknown(node, file,
               fmt::format("'normalise' must be none or z, got '{}'", printable_excerpt(text)),
               text, {"none", "z"});
}

std::vector<DatasetSpec> read_archive(const YAML::Node& node, const SpecSource& file,
                                      std::vector<IgnoredArchiveEntry>& ignored) {
  check_keys(node, {"archive", "names", "exclude", "split", "missing", "normalise"}, file,
             "datasets");
  if (!node["archive"].IsScalar()) fail(node["archive"], file, "'archive' must be a folder");
  const std::filesystem::path folder = archive_folder(node["archive"], file);
  if (!std::filesystem::is_directory(folder))
    fail(node["archive"], file,
         std::filesystem::exists(folder)
             ? fmt::format("the archive '{}' is a file, not a folder", folder.string())
             : fmt::format("archive folder '{}' not found", folder.string()));
  const std::vector<std::string> available = archive_dataset_names(folder);
  for (auto& entry : ignored_archive_entries(folder)) ignored.push_back(std::move(entry));
  std::vector<std::string> names = available;
  const YAML::Node listed = node["names"];
  if (listed && !(listed.IsScalar() && listed.Scalar() == "all")) {
    names = read_name_list(listed, file, "names");
    check_known(listed, file, names, available, folder.string());
  }
  if (const YAML::Node excluded = node["exclude"]) {
    const std::vector<std::string> exclude = read_name_list(excluded, file, "exclude");
    check_known(excluded, file, exclude, available, folder.string());
    // Naming a dataset in both lists is a contradiction, not a way to drop it.
    if (listed && !(listed.IsScalar() && listed.Scalar() == "all"))
      for (const std::string& name : exclude)
        if (std::find(names.begin(), names.end(), name) != names.end())
          fail(excluded, file,
               fmt::format("'{}' is both in names and in exclude; list it in one of them", name));
    std::erase_if(names, [&](const std::string& name) {
      return std::find(exclude.begin(), exclude.end(), name) != exclude.end();
    });
  }
  if (names.empty())
    fail(node, file, fmt::format("no datasets left from archive '{}'", folder.string()));
  // A folder's name becomes a dataset name, and so part of output file names: the same check as a
  // name written in the spec.
  for (const std::string& name : names)
    if (auto problem = file_name_problem(name))
      fail(node["archive"], file,
           fmt::format("the dataset folder '{}' of archive '{}' is part of output file names, so "
                       "it must be a plain file name: {}; rename the folder, or leave it out with "
                       "`exclude` or `names`",
                       printable_excerpt(name), folder.string(), *problem));
  std::vector<DatasetSpec> datasets;
  for (const std::string& name : names) {
    DatasetSpec dataset;
    dataset.where = location_of(node, file);
    dataset.folder_where = dataset.where;
    dataset.options.name = name;
    dataset.options.folder = folder / name;
    dataset.from_archive = true;
    if (node["split"]) dataset.options.split = read_archive_split(node["split"], file);
    if (node["missing"]) dataset.options.missing = read_missing_values(node["missing"], file);
    if (node["normalise"]) dataset.options.normalise = read_normalisation(node["normalise"], file);
    datasets.push_back(std::move(dataset));
  }
  return datasets;
}

}  // namespace tsfs::spec_detail
