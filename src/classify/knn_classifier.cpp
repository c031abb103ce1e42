// k-nearest-neighbour classifier (registered as "knn"), matching scikit-learn's
// KNeighborsClassifier with uniform weights on standardised features: Euclidean distance,
// majority vote among the k nearest training rows. Its nested-subset fits grow the squared
// distances column by column (growing_distances.hpp) instead of recomputing them for every subset.
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "classify/classifier.hpp"
#include "classify/classifier_inputs.hpp"
#include "classify/growing_distances.hpp"
#include "classify/neighbour_count.hpp"
#include "classify/standardize.hpp"

namespace tsfs {
namespace {

// Majority vote among the k training rows nearest to one test row, from its squared distances
// to every training row. Reuses the caller's buffers across test rows.
class NeighbourVote {
 public:
  NeighbourVote(long long neighbours, const Eigen::VectorXi& train_labels, int classes)
      : train_labels_(train_labels),
        // The runner refuses k above any fold's training rows at plan time (check_k_against_rows,
        // as scikit-learn does); the clamp only keeps a direct call with fewer rows defined.
        k_(static_cast<Eigen::Index>(std::min<long long>(neighbours, train_labels.size()))),
        candidates_(static_cast<size_t>(train_labels.size())),
        votes_(static_cast<size_t>(classes)) {}

  int operator()(const Eigen::Ref<const Eigen::VectorXd>& squared_distances) {
    for (Eigen::Index train_row = 0; train_row < squared_distances.size(); ++train_row)
      candidates_[static_cast<size_t>(train_row)] = {squared_distances(train_row), train_row};
    // Pairs compare by squared distance (same order as distance), then by training row, so
    // equally distant rows are taken in training order.
    std::partial_sort(candidates_.begin(), candidates_.begin() + k_, candidates_.end());
    std::fill(votes_.begin(), votes_.end(), 0);
    for (Eigen::Index rank = 0; rank < k_; ++rank)
      ++votes_[static_cast<size_t>(train_labels_(candidates_[static_cast<size_t>(rank)].second))];
    // max_element returns the first maximum: vote ties go to the smallest class index, as
    // scikit-learn's mode does.
    return static_cast<int>(std::max_element(votes_.begin(), votes_.end()) - votes_.begin());
  }

  // The last vote's share of the neighbours for each class (scikit-learn's predict_proba with
  // uniform weights) as score columns (Predictions::scores): class 1's for two classes.
  void write_scores(Eigen::Ref<Eigen::RowVectorXd, 0, Eigen::InnerStride<>> scores) const {
    const auto share = [&](size_t label) {
      return static_cast<double>(votes_[label]) / static_cast<double>(k_);
    };
    if (votes_.size() == 2) {
      scores(0) = share(1);
      return;
    }
    for (size_t label = 0; label < votes_.size(); ++label)
      scores(static_cast<Eigen::Index>(label)) = share(label);
  }

 private:
  const Eigen::VectorXi& train_labels_;
  Eigen::Index k_;
  std::vector<std::pair<double, Eigen::Index>> candidates_;
  std::vector<int> votes_;
};

void check_neighbours(long long neighbours) {
  if (neighbours < 1) throw std::invalid_argument("knn: k must be >= 1");
}

class NestedKnn final : public NestedSubsetClassifier {
 public:
  explicit NestedKnn(long long neighbours) : neighbours_(neighbours) {
    check_neighbours(neighbours_);
  }

  void fit_predict_nested(const Eigen::MatrixXd& train_features,
                          const Eigen::VectorXi& train_labels, int classes,
                          const Eigen::MatrixXd& test_features,
                          const std::vector<Eigen::Index>& subset_sizes,
                          const Report& report) const override {
    check_classifier_inputs("knn", train_features, train_labels, classes, test_features);
    check_subset_sizes("knn", subset_sizes, train_features.cols());
    const StandardizedRows scaled = standardize(train_features, test_features);
    // Training rows x test rows: each test row's distances are one contiguous column.
    GrowingSquaredDistances squared(scaled.train.rows(), scaled.test.rows());
    NeighbourVote vote(neighbours_, train_labels, classes);
    Predictions predicted{Eigen::VectorXi(test_features.rows()),
                          Eigen::MatrixXd(test_features.rows(), score_columns(classes))};
    Eigen::Index columns = 0;
    for (size_t subset = 0; subset < subset_sizes.size(); ++subset) {
      const Eigen::Index added = subset_sizes[subset] - columns;
      squared.add_columns(scaled.train.middleCols(columns, added),
                          scaled.test.middleCols(columns, added));
      columns = subset_sizes[subset];
      for (Eigen::Index test_row = 0; test_row < predicted.labels.size(); ++test_row) {
        predicted.labels(test_row) = vote(squared.squared().col(test_row));
        vote.write_scores(predicted.scores.row(test_row));
      }
      report(subset, predicted);
    }
  }

 private:
  long long neighbours_;
};

class KnnClassifier final : public Classifier {
 public:
  explicit KnnClassifier(long long neighbours) : neighbours_(neighbours), nested_(neighbours) {
    check_neighbours(neighbours_);
  }

  std::optional<ParamProblem> check_training_rows(long long training_rows) const override {
    return check_neighbours_within_rows("knn", neighbours_, training_rows);
  }

  const NestedSubsetClassifier* nested() const override { return &nested_; }

  Predictions fit_predict_scores(const Eigen::MatrixXd& train_features,
                                 const Eigen::VectorXi& train_labels, int classes,
                                 const Eigen::MatrixXd& test_features) const override {
    check_classifier_inputs("knn", train_features, train_labels, classes, test_features);
    const StandardizedRows scaled = standardize(train_features, test_features);
    // Training rows as columns, so each distance reads one contiguous column.
    const Eigen::MatrixXd train_columns = scaled.train.transpose();
    NeighbourVote vote(neighbours_, train_labels, classes);
    Predictions result{Eigen::VectorXi(test_features.rows()),
                       Eigen::MatrixXd(test_features.rows(), score_columns(classes))};
    Eigen::VectorXd query;
    Eigen::VectorXd squared_distances(train_columns.cols());
    for (Eigen::Index test_row = 0; test_row < test_features.rows(); ++test_row) {
      query = scaled.test.row(test_row).transpose();
      for (Eigen::Index train_row = 0; train_row < train_columns.cols(); ++train_row)
        squared_distances(train_row) = (train_columns.col(train_row) - query).squaredNorm();
      result.labels(test_row) = vote(squared_distances);
      vote.write_scores(result.scores.row(test_row));
    }
    return result;
  }

 private:
  long long neighbours_;
  NestedKnn nested_;
};

ComponentInfo knn_info() {
  ComponentInfo info;
  info.name = "knn";
  info.doc =
      "k-nearest-neighbour classifier: Euclidean distance on standardised features, majority "
      "vote (ties to the smallest class index).";
  info.params.push_back(neighbour_count_param(5));
  return info;
}

std::unique_ptr<Classifier> make_knn(const ParamSet& params) {
  return std::make_unique<KnnClassifier>(params.integer("k"));
}

// The nested path costs a fit no more than the direct one (one pass over the columns either
// way), so it is used as soon as two subsets share a column order.
const Registrar<ClassifierRegistration> knn_registrar{
    ClassifierRegistration{.info = knn_info(),
                           .configure = configured_by_factory<Classifier>(make_knn),
                           .nested = NestedSubsetFits{2}}};

}  // namespace
}  // namespace tsfs
