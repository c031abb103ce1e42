// "precomputed": a distance matrix computed elsewhere, read from a headerless CSV file.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

#include "common/error.hpp"
#include "common/text.hpp"
#include "data/csv_matrix.hpp"
#include "distance/distance.hpp"

namespace tsfs {
namespace {

constexpr double kSymmetryTolerance = 1e-9;  // relative, for text written with limited digits

std::string place(const std::string& file, Eigen::Index row) {
  return fmt::format("{}:{}", file, row + 1);  // no header: file line = matrix row + 1
}

// Rejects anything that is not a distance matrix, naming the first offending entry by its line
// and column in the file. A file that fails here is usually the wrong file (a similarity or
// feature matrix, another dataset), which is worth stopping for.
void check_distance_matrix(const Eigen::MatrixXd& matrix, const std::string& file) {
  if (matrix.rows() != matrix.cols())
    throw InputError(file, fmt::format("is {} x {}; a distance matrix must be square",
                                       matrix.rows(), matrix.cols()));
  for (Eigen::Index i = 0; i < matrix.rows(); ++i) {
    for (Eigen::Index j = 0; j < matrix.cols(); ++j) {
      double value = matrix(i, j);
      if (!std::isfinite(value))
        throw InputError(place(file, i), fmt::format("column {}: distance is {}, must be finite",
                                                     j + 1, format_double(value)));
      if (value < 0)
        throw InputError(place(file, i), fmt::format("column {}: distance {} is negative", j + 1,
                                                     format_double(value)));
    }
  }
  double largest = matrix.size() == 0 ? 0.0 : matrix.maxCoeff();
  for (Eigen::Index i = 0; i < matrix.rows(); ++i) {
    if (matrix(i, i) > kSymmetryTolerance * largest)
      throw InputError(place(file, i),
                       fmt::format("column {}: diagonal entry is {}; a series is at distance 0 "
                                   "from itself",
                                   i + 1, format_double(matrix(i, i))));
    for (Eigen::Index j = i + 1; j < matrix.cols(); ++j) {
      double upper = matrix(i, j), lower = matrix(j, i);
      if (std::abs(upper - lower) > kSymmetryTolerance * std::max(upper, lower))
        throw InputError(
            place(file, i),
            fmt::format("column {}: {} differs from {} at line {}, column {}; the "
                        "matrix must be symmetric",
                        j + 1, format_double(upper), format_double(lower), j + 1, i + 1));
    }
  }
}

class PrecomputedDistance final : public DistanceMeasure {
 public:
  explicit PrecomputedDistance(std::string path_pattern) : path_pattern_(std::move(path_pattern)) {}

  Eigen::MatrixXd pairwise(const Dataset& dataset, int /*threads*/) const override {
    std::string path = substitute_dataset(path_pattern_, dataset.name);
    Eigen::MatrixXd matrix = read_numeric_csv(path, /*has_header=*/false).values;
    check_distance_matrix(matrix, path);

    const Eigen::Index size = matrix.rows();
    const Eigen::Index count = dataset.rows();
    // The file covers these rows, or the whole merged order (TRAIN then TEST): then take this
    // dataset's rows and columns.
    std::vector<long long> lines(static_cast<size_t>(count));
    if (size == count) {
      for (Eigen::Index i = 0; i < count; ++i) lines[static_cast<size_t>(i)] = i;
    } else if (size == dataset.merged_rows) {
      lines = merged_rows_within(dataset, size);
    } else {
      throw InputError(path, fmt::format("is {} x {}, expected {} x {} (the rows of dataset {} as "
                                         "loaded) or {} x {} (all its TRAIN then TEST rows)",
                                         size, size, count, count, dataset.name,
                                         dataset.merged_rows, dataset.merged_rows));
    }

    // Averaging mirrored entries makes the result exactly symmetric (a + b == b + a in floating
    // point); the diagonal is exactly zero by definition.
    Eigen::MatrixXd distances(count, count);
    for (Eigen::Index i = 0; i < count; ++i) {
      distances(i, i) = 0.0;
      const long long row = lines[static_cast<size_t>(i)];
      for (Eigen::Index j = i + 1; j < count; ++j) {
        const long long column = lines[static_cast<size_t>(j)];
        double value = 0.5 * (matrix(row, column) + matrix(column, row));
        distances(i, j) = value;
        distances(j, i) = value;
      }
    }
    return distances;
  }

  // Reading the file is as cheap as reading a cache, and the file may change between runs.
  bool cacheable() const override { return false; }

  std::string label() const override { return "precomputed"; }

  std::optional<ParamProblem> check_dataset(const Dataset& dataset) const override {
    const std::string file = substitute_dataset(path_pattern_, dataset.name);
    std::error_code error;
    if (std::filesystem::is_regular_file(file, error)) return std::nullopt;
    return ParamProblem{"path", fmt::format("distance file {} (dataset {}) does not exist or is "
                                            "not a regular file",
                                            file, dataset.name)};
  }

 private:
  std::string path_pattern_;
};

DistanceRegistration precomputed_registration() {
  ParamDeclaration path;
  path.name = "path";
  path.type = ParamType::text;
  path.doc =
      "Headerless CSV file holding an m x m distance matrix, m = the dataset's rows as loaded or "
      "all its TRAIN then TEST rows (also under `duplicates: drop`, each kept row taking its "
      "own); {dataset} is replaced by the dataset name.";
  path.check = [](const ParamValue& value) -> std::string {
    const auto* text = std::get_if<std::string>(&value);
    return text ? dataset_pattern_problem(*text) : "";
  };
  path.sweepable = false;

  DistanceRegistration registration;
  registration.info.name = "precomputed";
  registration.info.doc = "A distance matrix read from a CSV file.";
  registration.info.params = {path};
  registration.configure = [](const ParamSet& params) -> Configured<DistanceMeasure> {
    return std::make_shared<const PrecomputedDistance>(params.text("path"));
  };
  return registration;
}

const Registrar<DistanceRegistration> kRegisterPrecomputed{precomputed_registration()};

}  // namespace
}  // namespace tsfs
