// k nearest neighbours on the cell's distance matrix (registered as "nearest_neighbour"): the
// UCR archive's 1-NN baselines with `euclidean` or `dtw` (Dau et al. 2019), any other
// `distances:` entry alike. No features, no standardisation: each test row takes the k training
// rows nearest to it under the distance and votes. Ties follow the UCR convention, the first
// training row in file order wins: equally near training rows rank in file order, and among
// classes with equally many votes the class of the first of their voters in file order wins.
// (`knn` is scikit-learn's classifier of standardised feature columns; see docs/methods.md.)
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <vector>

#include "classify/classifier.hpp"
#include "classify/neighbour_count.hpp"

namespace tsfs {
namespace {

class NearestNeighbours final : public DistanceClassifier {
 public:
  explicit NearestNeighbours(long long neighbours) : neighbours_(neighbours) {}

  std::optional<ParamProblem> check_training_rows(long long training_rows) const override {
    return check_neighbours_within_rows("nearest_neighbour", neighbours_, training_rows);
  }

  Predictions predict(const Eigen::MatrixXd& test_to_train, const Eigen::VectorXi& train_labels,
                      int classes) const override {
    if (test_to_train.cols() != train_labels.size() || train_labels.size() == 0)
      throw std::invalid_argument(
          fmt::format("nearest_neighbour: {} training rows for {} distance columns",
                      train_labels.size(), test_to_train.cols()));
    if (test_to_train.hasNaN()) throw std::invalid_argument("nearest_neighbour: NaN distance");
    const auto k = static_cast<Eigen::Index>(std::min<long long>(neighbours_, train_labels.size()));
    Predictions result{Eigen::VectorXi(test_to_train.rows()),
                       Eigen::MatrixXd::Zero(test_to_train.rows(), score_columns(classes))};
    std::vector<Eigen::Index> order(static_cast<size_t>(train_labels.size()));
    std::vector<int> votes(static_cast<size_t>(classes));
    for (Eigen::Index test = 0; test < test_to_train.rows(); ++test) {
      const auto distances = test_to_train.row(test);
      std::iota(order.begin(), order.end(), 0);
      std::partial_sort(order.begin(), order.begin() + k, order.end(),
                        [&](Eigen::Index a, Eigen::Index b) {
                          return distances(a) != distances(b) ? distances(a) < distances(b) : a < b;
                        });
      std::fill(votes.begin(), votes.end(), 0);
      for (Eigen::Index rank = 0; rank < k; ++rank)
        ++votes[static_cast<size_t>(train_labels(order[static_cast<size_t>(rank)]))];
      const int most = *std::max_element(votes.begin(), votes.end());
      // The voters in file order: the first whose class has the most votes.
      std::sort(order.begin(), order.begin() + k);
      const auto winner = std::find_if(order.begin(), order.begin() + k, [&](Eigen::Index row) {
        return votes[static_cast<size_t>(train_labels(row))] == most;
      });
      result.labels(test) = train_labels(*winner);
      const auto share = [&](int label) {
        return static_cast<double>(votes[static_cast<size_t>(label)]) / static_cast<double>(k);
      };
      if (classes == 2)
        result.scores(test, 0) = share(1);
      else
        for (int label = 0; label < classes; ++label) result.scores(test, label) = share(label);
    }
    return result;
  }

 private:
  long long neighbours_;
};

ComponentInfo nearest_neighbour_info() {
  ComponentInfo info;
  info.name = "nearest_neighbour";
  info.doc =
      "k nearest neighbours on the cell's distance matrix (any `distances:` entry), majority "
      "vote; no features, no standardisation; needs selectors: [{kind: none}]. Ties: the first "
      "training row in file order wins (UCR convention).";
  info.params.push_back(neighbour_count_param(1));
  return info;
}

std::unique_ptr<DistanceClassifier> make_nearest_neighbours(const ParamSet& params) {
  return std::make_unique<NearestNeighbours>(params.integer("k"));
}

const Registrar<ClassifierRegistration> nearest_neighbour_registrar{
    ClassifierRegistration{.info = nearest_neighbour_info(),
                           .configure_from_distances =
                               configured_by_factory<DistanceClassifier>(make_nearest_neighbours)}};

}  // namespace
}  // namespace tsfs
