// "csv": features computed elsewhere (e.g. by a Python feature library), read from a CSV file
// with a header of feature names and one row per series.
#include <fmt/format.h>

#include <memory>
#include <stdexcept>
#include <string>

#include "common/error.hpp"
#include "common/text.hpp"
#include "data/csv_matrix.hpp"
#include "features/feature_extractor.hpp"

namespace tsfs {
namespace {

class CsvExtractor final : public FeatureExtractor {
 public:
  explicit CsvExtractor(std::string path_pattern) : path_pattern_(std::move(path_pattern)) {}

  FeatureMatrix extract(const Dataset& dataset, int /*threads*/) const override {
    std::string path = substitute_dataset(path_pattern_, dataset.name);
    // The reader checks the names: present, printable and unique (they key every report).
    NamedMatrix table = read_numeric_csv(path, /*has_header=*/true);

    FeatureMatrix features;
    features.names = std::move(table.names);
    long long file_rows = table.values.rows();
    if (file_rows == dataset.rows()) {
      features.values = std::move(table.values);
    } else if (file_rows == dataset.merged_rows) {
      // The file covers the whole merged order (TRAIN then TEST); take this dataset's rows.
      const std::vector<long long>& lines = merged_rows_within(dataset, file_rows);
      features.values.resize(dataset.rows(), table.values.cols());
      for (Eigen::Index r = 0; r < dataset.rows(); ++r)
        features.values.row(r) = table.values.row(lines[static_cast<size_t>(r)]);
    } else {
      throw InputError(path,
                       fmt::format("has {} rows, expected {} (the rows of dataset {} as "
                                   "loaded) or {} (all its TRAIN then TEST rows)",
                                   file_rows, dataset.rows(), dataset.name, dataset.merged_rows));
    }
    return features;
  }

  // Reading the CSV is as fast as reading a cache file, and the file may change between runs.
  bool cacheable() const override { return false; }

 private:
  std::string path_pattern_;
};

ExtractorRegistration csv_registration() {
  ParamDeclaration path;
  path.name = "path";
  path.type = ParamType::text;
  path.doc =
      "CSV file with a header of feature names and one row per series (the dataset's rows as "
      "loaded, or all its TRAIN then TEST rows, also under `duplicates: drop`); {dataset} is "
      "replaced by the dataset name.";
  path.check = [](const ParamValue& value) -> std::string {
    const auto* text = std::get_if<std::string>(&value);
    return text ? dataset_pattern_problem(*text) : "";
  };
  path.sweepable = false;

  ExtractorRegistration registration;
  registration.info.name = "csv";
  registration.info.doc = "Precomputed features read from a CSV file.";
  registration.info.params = {path};
  registration.configure = configured_by_factory<FeatureExtractor>(
      [](const ParamSet& params) { return std::make_unique<CsvExtractor>(params.text("path")); });
  return registration;
}

const Registrar<ExtractorRegistration> kRegisterCsv{csv_registration()};

}  // namespace
}  // namespace tsfs
