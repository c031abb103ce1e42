#include "select/information/discrete_information.hpp"

#include <cmath>

namespace tsfs {
namespace {

// Symbols are counted in a dense array up to this many possible values, hashed beyond.
constexpr std::int64_t kDenseSymbols = std::int64_t{1} << 20;

}  // namespace

DiscreteColumns::DiscreteColumns(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                                 int classes, int bins, Binning binning)
    : labels_(labels), classes_(classes) {
  columns_.reserve(static_cast<size_t>(features.cols()));
  for (Eigen::Index feature = 0; feature < features.cols(); ++feature)
    columns_.push_back(discretize(features.col(feature), bins, binning));
  const auto rows = static_cast<size_t>(features.rows());
  codes_.resize(rows);
  for (size_t row = 0; row < rows; ++row) codes_[row] = labels_[static_cast<Eigen::Index>(row)];
  class_entropy_ = symbol_entropy(classes_);
  for (Eigen::Index feature = 0; feature < features.cols(); ++feature) {
    const DiscreteColumn& column = columns_[static_cast<size_t>(feature)];
    for (size_t row = 0; row < rows; ++row) codes_[row] = column.bins[row];
    single_.push_back(symbol_entropy(column.bin_count));
    for (size_t row = 0; row < rows; ++row)
      codes_[row] =
          std::int64_t{column.bins[row]} * classes_ + labels_[static_cast<Eigen::Index>(row)];
    with_class_.push_back(symbol_entropy(std::int64_t{column.bin_count} * classes_));
  }
}

double DiscreteColumns::pair_entropy(Eigen::Index a, Eigen::Index b) const {
  return joint_entropy(a, b, false);
}

double DiscreteColumns::pair_with_class_entropy(Eigen::Index a, Eigen::Index b) const {
  return joint_entropy(a, b, true);
}

double DiscreteColumns::joint_entropy(Eigen::Index a, Eigen::Index b, bool with_class) const {
  const DiscreteColumn& first = columns_[static_cast<size_t>(a)];
  const DiscreteColumn& second = columns_[static_cast<size_t>(b)];
  const std::int64_t classes = with_class ? classes_ : 1;
  for (size_t row = 0; row < codes_.size(); ++row) {
    const std::int64_t pair = std::int64_t{first.bins[row]} * second.bin_count + second.bins[row];
    codes_[row] = with_class ? pair * classes + labels_[static_cast<Eigen::Index>(row)] : pair;
  }
  return symbol_entropy(std::int64_t{first.bin_count} * second.bin_count * classes);
}

// entropyd: -(sum of p log p over the symbols in order of first occurrence) / log 2, with
// p = count / rows and 0 log 0 = 1 log 1 = 0 (elog), summed from 0 left to right.
double DiscreteColumns::symbol_entropy(std::int64_t symbol_count) const {
  first_seen_.clear();
  const bool dense = symbol_count <= kDenseSymbols;
  if (dense) {
    dense_counts_.resize(static_cast<size_t>(symbol_count));
    for (const std::int64_t code : codes_)
      if (dense_counts_[static_cast<size_t>(code)]++ == 0) first_seen_.push_back(code);
  } else {
    sparse_counts_.clear();
    for (const std::int64_t code : codes_)
      if (sparse_counts_[code]++ == 0) first_seen_.push_back(code);
  }
  const auto rows = static_cast<double>(codes_.size());
  double sum = 0.0;
  for (const std::int64_t code : first_seen_) {
    int& count = dense ? dense_counts_[static_cast<size_t>(code)] : sparse_counts_[code];
    const double probability = static_cast<double>(count) / rows;
    if (probability > 0.0 && probability < 1.0) sum += probability * std::log(probability);
    count = 0;  // leaves the dense counts zero for the next call
  }
  return -sum / std::log(2.0);
}

}  // namespace tsfs
