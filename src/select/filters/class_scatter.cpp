#include "select/filters/class_scatter.hpp"

#include <algorithm>
#include <vector>

namespace tsfs {

ClassScatter class_scatter(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                           int classes) {
  const Eigen::Index rows = features.rows();
  std::vector<double> counts(static_cast<size_t>(classes), 0.0);
  for (const int label : labels) counts[static_cast<size_t>(label)] += 1.0;
  ClassScatter scatter{Eigen::VectorXd(features.cols()), Eigen::VectorXd(features.cols())};
  std::vector<double> means(counts.size());
  for (Eigen::Index feature = 0; feature < features.cols(); ++feature) {
    const auto column = features.col(feature);
    const double shift = rows > 0 ? column[0] : 0.0;
    std::fill(means.begin(), means.end(), 0.0);
    double total = 0.0;
    for (Eigen::Index row = 0; row < rows; ++row) {
      means[static_cast<size_t>(labels[row])] += column[row] - shift;
      total += column[row] - shift;
    }
    const double grand_mean = total / static_cast<double>(rows);
    double between = 0.0;
    for (size_t label = 0; label < counts.size(); ++label) {
      if (counts[label] == 0.0) continue;
      means[label] /= counts[label];  // class mean (shifted)
      const double offset = means[label] - grand_mean;
      between += counts[label] * offset * offset;
    }
    double within = 0.0;
    for (Eigen::Index row = 0; row < rows; ++row) {
      const double residual = column[row] - shift - means[static_cast<size_t>(labels[row])];
      within += residual * residual;
    }
    scatter.between[feature] = between;
    scatter.within[feature] = within;
  }
  return scatter;
}

}  // namespace tsfs
