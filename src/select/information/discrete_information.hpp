#pragma once
// Shannon entropies and mutual informations (bits) of discretised feature columns and the class,
// for the information-theoretic selectors (mrmr, jmi, mifs, cife, cmim, icap, disr, fcbf).
//
// They are the plug-in estimates of scikit-feature's utility/entropy_estimators.py (entropyd, midd,
// cmidd), computed with the same arithmetic in the same order: an entropy sums p log p over the
// distinct symbols in the order of their first occurrence, and each identity below adds its terms
// left to right as written. Greedy searches compare sums of these values, and equal candidates are
// common with discrete columns; the same rounding makes them pick the same feature as
// scikit-feature, not a different one of two that differ in the last bit.
#include <Eigen/Core>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "select/filters/discretize.hpp"

namespace tsfs {

// The fit rows as symbols: each feature column discretised into bins, and the class (indices in
// 0 .. classes - 1, one per row: the caller has checked them with check_labels).
class DiscreteColumns {
 public:
  DiscreteColumns(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels, int classes,
                  int bins, Binning binning);

  Eigen::Index features() const { return static_cast<Eigen::Index>(columns_.size()); }
  Eigen::Index rows() const { return labels_.size(); }

  // H(feature), H(feature, class) and H(class), each computed once.
  double entropy(Eigen::Index feature) const { return single_[static_cast<size_t>(feature)]; }
  double entropy_with_class(Eigen::Index feature) const {
    return with_class_[static_cast<size_t>(feature)];
  }
  double class_entropy() const { return class_entropy_; }

  // Joint entropies of two features, H(a, b), and of two features and the class, H(a, b, class).
  // Symmetric in a and b (the order of first occurrence of a pair does not depend on which
  // column comes first). Not thread-safe: the counts are scratch space of this object.
  double pair_entropy(Eigen::Index a, Eigen::Index b) const;
  double pair_with_class_entropy(Eigen::Index a, Eigen::Index b) const;

 private:
  double joint_entropy(Eigen::Index a, Eigen::Index b, bool with_class) const;
  double symbol_entropy(std::int64_t symbol_count) const;  // of codes_

  std::vector<DiscreteColumn> columns_;
  Eigen::VectorXi labels_;
  int classes_ = 0;
  std::vector<double> single_;
  std::vector<double> with_class_;
  double class_entropy_ = 0.0;
  // Scratch: the joint symbol of every row, the count of every symbol (dense when the symbols
  // are few, hashed otherwise) and the symbols in order of first occurrence.
  mutable std::vector<std::int64_t> codes_;
  mutable std::vector<int> dense_counts_;
  mutable std::unordered_map<std::int64_t, int> sparse_counts_;
  mutable std::vector<std::int64_t> first_seen_;
};

// I(x; y) from H(x, y), H(x) and H(y) as midd adds them: -H(x, y) + H(x) + H(y).
inline double mutual_information(double joint, double first, double second) {
  return -joint + first + second;
}

// I(x; y | z) as cmidd(x, y, z) adds it: H(y, z) + H(x, z) - H(x, y, z) - H(z).
inline double conditional_mutual_information(double second_with_condition,
                                             double first_with_condition, double all,
                                             double condition) {
  return second_with_condition + first_with_condition - all - condition;
}

}  // namespace tsfs
