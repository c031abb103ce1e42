#pragma once
// Distance stage: a dataset -> an m x m matrix of distances between its series. Distances are
// registered by name (`distances: [{kind: NAME, ...}]`); adding one (e.g. DTW) is one file.
#include <Eigen/Core>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/params.hpp"
#include "common/registry.hpp"
#include "data/dataset.hpp"

namespace tsfs {

// A distance configured from one parameter set, once, when the spec is loaded (DTW's options,
// a precomputed file's path pattern): the stages ask it for its label, whether it fits a dataset,
// what a pair costs and the matrices, never the ParamSet again.
class DistanceMeasure {
 public:
  virtual ~DistanceMeasure() = default;
  // Symmetric, zero diagonal, rows/cols in dataset order.
  virtual Eigen::MatrixXd pairwise(const Dataset& dataset, int threads) const = 0;
  // The distances between the given rows and columns (dataset rows): the block a classifier of
  // distances needs (a protocol's test rows against its training rows), equal to those entries of
  // pairwise(). By default sliced from pairwise(); euclidean and dtw compute the block alone.
  virtual Eigen::MatrixXd block(const Dataset& dataset, const std::vector<int>& rows,
                                const std::vector<int>& columns, int threads) const {
    return pairwise(dataset, threads)(rows, columns);
  }
  // Short label for file names and the `distance` column (e.g. "ned", "dtw-w100-if500").
  virtual std::string label() const = 0;
  // What makes the distance unusable on one dataset (a DTW band that no pair of its series
  // lengths fits, a precomputed file that does not exist), checked when the run is planned so
  // that the run stops before any matrix is computed; nullopt when usable.
  virtual std::optional<ParamProblem> check_dataset(const Dataset& /*dataset*/) const {
    return std::nullopt;
  }
  // The Sakoe-Chiba band on this dataset when the distance is the UCR archive's DTW
  // (distance/ucr_dtw.hpp: symmetric1, squared local cost, no normalisation), whose nearest
  // neighbours a pruned search finds for many bands at once (window_search.hpp); else nullopt.
  virtual std::optional<long long> archive_dtw_band(const Dataset& /*dataset*/) const {
    return std::nullopt;
  }
  // Whether the matrix is worth caching on disk (a precomputed file is not).
  virtual bool cacheable() const { return true; }
  // Whether the distance compares feature vectors (kind `features`) instead of series: it has no
  // matrix per dataset (the plan asks none); each selector fit asks feature_distances() on its
  // fit rows x usable columns, whose scaling depends on those rows.
  virtual bool compares_feature_vectors() const { return false; }
  virtual Eigen::MatrixXd feature_distances(const Eigen::MatrixXd& /*vectors*/) const {
    throw std::logic_error("distance " + label() + " compares series, not feature vectors");
  }
  // Abstract operations for one pair of series of `length` values, for the shards' cost model
  // (launch/shard/work_groups.hpp): a point-by-point distance costs `length`.
  virtual double pair_cost(long long length) const { return static_cast<double>(length); }
};

struct DistanceRegistration {
  ComponentInfo info;
  // The distance for one complete, single-value-checked parameter set, or the combination
  // problem that prevents it; called once per `distances:` entry when the spec is loaded.
  std::function<Configured<DistanceMeasure>(const ParamSet&)> configure;
};
using DistanceRegistry = Registry<DistanceRegistration>;

}  // namespace tsfs
