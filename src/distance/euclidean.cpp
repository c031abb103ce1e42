// "euclidean" and "ned" (normalised Euclidean distance: Euclidean between z-normalised series).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <vector>

#include "common/error.hpp"
#include "common/parallel.hpp"
#include "data/z_normalise.hpp"
#include "distance/distance.hpp"

namespace tsfs {
namespace {

// Both distances compare series point by point, so every series must have the same true length.
long long common_length(const Dataset& dataset) {
  if (dataset.rows() == 0) return 0;
  int shortest = dataset.lengths.minCoeff();
  int longest = dataset.lengths.maxCoeff();
  if (shortest != longest)
    throw InputError(dataset.name,
                     fmt::format("series of dataset {} have unequal lengths ({} to {}); the "
                                 "Euclidean distance needs equal lengths, use an elastic distance "
                                 "such as DTW",
                                 dataset.name, shortest, longest));
  return longest;
}

// A direct sum of squared differences per pair (not |a|^2 + |b|^2 - 2ab, which cancels
// catastrophically for close series). Row i computes its pairs (i, j > i) with the same arithmetic
// whichever thread runs it, so the result does not depend on the thread count. Rows are handed
// out one at a time because row i has count - i - 1 pairs: fixed blocks would leave threads idle.
double distance_between(const double* a, const double* b, long long length) {
  double sum = 0.0;
  for (long long k = 0; k < length; ++k) sum += (a[k] - b[k]) * (a[k] - b[k]);
  return std::sqrt(sum);
}

Eigen::MatrixXd pairwise_distances(const std::vector<double>& series, long long count,
                                   long long length, int threads) {
  Eigen::MatrixXd distances = Eigen::MatrixXd::Zero(count, count);
  parallel_for(static_cast<size_t>(count), threads, [&](size_t row) {
    auto i = static_cast<long long>(row);
    for (long long j = i + 1; j < count; ++j) {
      double distance =
          distance_between(series.data() + i * length, series.data() + j * length, length);
      distances(i, j) = distance;
      distances(j, i) = distance;
    }
  });
  return distances;
}

class EuclideanDistance final : public DistanceMeasure {
 public:
  // One contiguous block per series (z-normalised for ned): the inner loop then streams memory
  // instead of striding through the column-major dataset matrix.
  std::vector<double> contiguous(const Dataset& dataset, long long length) const {
    std::vector<double> series(static_cast<size_t>(dataset.rows() * length));
    for (long long row = 0; row < dataset.rows(); ++row) {
      double* target = series.data() + row * length;
      for (long long k = 0; k < length; ++k) target[k] = dataset.values(row, k);
      if (normalise_) z_normalise(target, length);
    }
    return series;
  }

  EuclideanDistance(std::string name, bool normalise)
      : name_(std::move(name)), normalise_(normalise) {}

  Eigen::MatrixXd pairwise(const Dataset& dataset, int threads) const override {
    const long long length = common_length(dataset);
    return pairwise_distances(contiguous(dataset, length), dataset.rows(), length, threads);
  }

  // The same arithmetic per pair as the matrix, so the same doubles.
  Eigen::MatrixXd block(const Dataset& dataset, const std::vector<int>& rows,
                        const std::vector<int>& columns, int threads) const override {
    const long long length = common_length(dataset);
    const std::vector<double> series = contiguous(dataset, length);
    Eigen::MatrixXd distances(rows.size(), columns.size());
    parallel_for(rows.size(), threads, [&](size_t i) {
      const double* a = series.data() + rows[i] * length;
      for (size_t j = 0; j < columns.size(); ++j)
        distances(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) =
            distance_between(a, series.data() + columns[j] * length, length);
    });
    return distances;
  }

  std::string label() const override { return name_; }

  // Point-by-point distances need series of one length; refused when the run is planned (an
  // archive study then skips the dataset with this reason) instead of when the matrix is computed.
  std::optional<ParamProblem> check_dataset(const Dataset& dataset) const override {
    if (dataset.rows() == 0 || dataset.lengths.minCoeff() == dataset.lengths.maxCoeff())
      return std::nullopt;
    return ParamProblem{"", fmt::format("{} compares series of one length only, and {} has "
                                        "series of lengths {} to {}; use dtw",
                                        name_, dataset.name, dataset.lengths.minCoeff(),
                                        dataset.lengths.maxCoeff())};
  }

 private:
  std::string name_;
  bool normalise_;
};

DistanceRegistration registration(const std::string& name, const std::string& doc, bool normalise) {
  DistanceRegistration result;
  result.info.name = name;
  result.info.doc = doc;
  result.configure = [name, normalise](const ParamSet&) -> Configured<DistanceMeasure> {
    return std::make_shared<const EuclideanDistance>(name, normalise);
  };
  return result;
}

const Registrar<DistanceRegistration> kRegisterEuclidean{registration(
    "euclidean", "Euclidean distance between the raw series (equal lengths only).", false)};
const Registrar<DistanceRegistration> kRegisterNed{
    registration("ned",
                 "Normalised Euclidean distance: each series z-normalised with its own mean and "
                 "population standard deviation, then Euclidean (equal lengths only).",
                 true)};

}  // namespace
}  // namespace tsfs
