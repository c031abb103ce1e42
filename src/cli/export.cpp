#include "cli/export.hpp"

#include <fmt/format.h>

#include "cache/artefacts.hpp"
#include "common/error.hpp"
#include "common/files.hpp"
#include "common/logging.hpp"
#include "common/text.hpp"
#include "distance/distance.hpp"
#include "sweep/plan/plan.hpp"
#include "sweep/plan/work_units.hpp"
#include "sweep/run/load.hpp"

namespace tsfs {
namespace {

std::string matrix_csv(const Eigen::MatrixXd& values, const std::vector<std::string>& header) {
  std::string text;
  for (size_t c = 0; c < header.size(); ++c) {
    if (c) text += ',';
    text += csv_field(header[c]);
  }
  if (!header.empty()) text += '\n';
  for (Eigen::Index r = 0; r < values.rows(); ++r) {
    for (Eigen::Index c = 0; c < values.cols(); ++c) {
      if (c) text += ',';
      text += format_double(values(r, c));
    }
    text += '\n';
  }
  return text;
}

std::vector<PreparedDataset> prepare(const Spec& spec, const RunOptions& options) {
  spdlog::set_default_logger(make_logger({}, options.quiet));
  return prepare_datasets(spec, spec.cache, options.threads);
}

}  // namespace

int export_features(const Spec& spec, const RunOptions& options) {
  auto datasets = prepare(spec, options);
  for (const auto& dataset : datasets) {
    if (!dataset.feature_cache_key.empty() && !dataset.features_from_cache)
      save_cached_features(spec.cache, dataset.feature_cache_key, dataset.features);
    auto path = spec.output / "features" / (dataset.data.name + ".csv");
    write_file_atomically(path, matrix_csv(dataset.features.values, dataset.features.names));
    fmt::print("{}: {} series x {} features -> {}\n", dataset.data.name,
               dataset.features.values.rows(), dataset.features.values.cols(), path.string());
  }
  return 0;
}

int export_distances(const Spec& spec, const RunOptions& options) {
  if (spec.distances.empty())
    throw InputError(spec.file.string(), "the spec has no 'distances' to compute");
  auto datasets = prepare(spec, options);
  for (const auto& dataset : datasets) {
    for (const auto& distance : spec.distances) {
      // A distance of feature vectors has no matrix of its own; exported, it is the one a
      // selector fitted on every row would build (scaled over all rows, usable columns only).
      const auto& features = dataset.features.values;
      const auto rows = all_row_indices(features.rows());
      Eigen::MatrixXd values =
          distance.measure->compares_feature_vectors()
              ? distance.measure->feature_distances(features(rows, usable_columns(features, rows)))
              : distance_matrix(dataset.data, distance, spec.cache, options.threads);
      auto path =
          spec.output / "distances" / fmt::format("{}_{}.csv", dataset.data.name, distance.label);
      write_file_atomically(path, matrix_csv(values, {}));
      fmt::print("{} {}: {}x{} -> {}\n", dataset.data.name, distance.label, values.rows(),
                 values.cols(), path.string());
    }
  }
  return 0;
}

}  // namespace tsfs
