#pragma once
// Distance stage: a dataset -> an m x m matrix of distances between its series. Distances are
// registered by name (`distances: [{kind: NAME, ...}]`); adding one (e.g. DTW) is one file.
#include <Eigen/Core>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "common/params.hpp"
#include "common/registry.hpp"
#include "data/dataset.hpp"

namespace tsfs {

class DistanceMeasure {
 public:
  virtual ~DistanceMeasure() = default;
  // Symmetric, zero diagonal, rows/cols in dataset order.
  virtual Eigen::MatrixXd pairwise(const Dataset& dataset, int threads) const = 0;
  // Whether the matrix is worth caching on disk (a precomputed file is not).
  virtual bool cacheable() const { return true; }
};

struct DistanceRegistration {
  ComponentInfo info;
  std::function<std::unique_ptr<DistanceMeasure>(const ParamSet&)> make;
  // Short label for file names and the `distance` column, derived from the parameters
  // (e.g. "ned", "dtw-symmetric2-w100").
  std::function<std::string(const ParamSet&)> label;
  // Optional: what makes the distance unusable on one dataset (a DTW band that no pair of its
  // series lengths fits, a precomputed file that does not exist), checked when the run is planned
  // so that the run stops before any matrix is computed; nullopt when usable.
  std::function<std::optional<ParamProblem>(const ParamSet&, const Dataset&)> check_dataset;
};
using DistanceRegistry = Registry<DistanceRegistration>;

}  // namespace tsfs
