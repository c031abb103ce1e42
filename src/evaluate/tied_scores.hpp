#pragma once
// Test rows grouped by tied score, highest score first: the steps of ROC and precision-recall
// curves and of the metrics built on them (scikit-learn's _binary_clf_curve: rows whose scores are
// equal enter at one threshold).
#include <Eigen/Core>
#include <vector>

namespace tsfs {

struct TiedGroup {
  double score = 0.0;
  long long positives = 0;
  long long negatives = 0;
};

// `positive[row]` says whether row is of the positive class; `score` has one entry per row.
std::vector<TiedGroup> tied_groups(const std::vector<bool>& positive,
                                   const Eigen::Ref<const Eigen::VectorXd>& score);

}  // namespace tsfs
