// Selector "mutual_info": scikit-learn 1.2.1 mutual_info_classif(X, y, n_neighbors=3,
// random_state=seed) for continuous features, reproduced step by step:
// 1. every column is divided by its population standard deviation (left as is when that is below
//    10 machine epsilons), sums taken row by row as NumPy reduces axis 0;
// 2. 1e-10 * max(1, mean |column|) * z is added, z = numpy.random.RandomState(seed)
//    .standard_normal((n, p)) drawn row-major (see numpy_compat.hpp);
// 3. per column, the Ross (2014) k-NN estimator for a continuous feature and a discrete class:
//    for each row whose class has n_c > 1 rows, k_i = min(n_neighbors, n_c - 1), r_i = distance to
//    its k_i-th nearest other row of the same class, shrunk to the next double towards 0, and
//    m_i = number of such rows of any class (itself included) with |x_j - x_i| <= r_i; with N
//    the number of such rows, MI = psi(N) + mean psi(k_i) - mean psi(n_c(i)) - mean psi(m_i),
//    clipped at 0 (means with NumPy's pairwise summation, psi = Cephes digamma as in SciPy).
// Exact 1-D distances |x_j - x_i| are used throughout. scikit-learn finds the neighbours with a
// KD-tree, whose 1-D distances are the same doubles, except when n_neighbors >= n_c / 2 for a
// class, where it switches to brute force with the expanded |a|^2 - 2ab + |b|^2 formula; radii
// there may differ in the last bits and so, rarely, may a count. With every class larger than
// 2 n_neighbors the result equals scikit-learn's bit for bit (see the reference test). Rows of a
// class with a single row are left out, as scikit-learn does; no row left gives 0.
// Supervised; larger first.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "common/interrupt.hpp"
#include "select/filters/discretize.hpp"
#include "select/filters/numpy_compat.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

// Distance from sorted[position] to its k-th nearest other value in `sorted`.
double kth_neighbour_distance(const std::vector<double>& sorted, size_t position, int k) {
  const double centre = sorted[position];
  size_t left = position;  // next candidate on the left is left - 1
  size_t right = position + 1;
  double distance = 0.0;
  for (int step = 0; step < k; ++step) {
    const bool has_left = left > 0;
    const bool has_right = right < sorted.size();
    const double left_distance = has_left ? centre - sorted[left - 1] : 0.0;
    const double right_distance = has_right ? sorted[right] - centre : 0.0;
    if (has_left && (!has_right || left_distance <= right_distance)) {
      distance = left_distance;
      --left;
    } else {
      distance = right_distance;
      ++right;
    }
  }
  return distance;
}

double neighbour_mutual_information(const Eigen::Ref<const Eigen::VectorXd>& values,
                                    const Eigen::VectorXi& labels, int classes, int neighbours) {
  std::vector<std::vector<double>> by_class(static_cast<size_t>(classes));
  for (Eigen::Index row = 0; row < values.size(); ++row)
    by_class[static_cast<size_t>(labels[row])].push_back(values[row]);
  for (auto& class_values : by_class) std::sort(class_values.begin(), class_values.end());

  std::vector<double> kept;  // values of the rows kept, in row order
  std::vector<double> psi_k;
  std::vector<double> psi_class;
  std::vector<double> radius;
  for (Eigen::Index row = 0; row < values.size(); ++row) {
    const auto& class_values = by_class[static_cast<size_t>(labels[row])];
    const auto class_size = static_cast<int>(class_values.size());
    if (class_size < 2) continue;
    const int k = std::min(neighbours, class_size - 1);
    const auto position = static_cast<size_t>(
        std::lower_bound(class_values.begin(), class_values.end(), values[row]) -
        class_values.begin());
    kept.push_back(values[row]);
    psi_k.push_back(cephes_digamma(k));
    psi_class.push_back(cephes_digamma(class_size));
    radius.push_back(std::nextafter(kth_neighbour_distance(class_values, position, k), 0.0));
  }
  if (kept.empty()) return 0.0;
  std::vector<double> sorted = kept;
  std::sort(sorted.begin(), sorted.end());
  std::vector<double> psi_m(kept.size());
  for (size_t i = 0; i < kept.size(); ++i) {
    const double centre = kept[i];
    const double reach = radius[i];
    const auto first = std::partition_point(sorted.begin(), sorted.end(), [&](double value) {
      return value < centre && centre - value > reach;
    });
    const auto last = std::partition_point(first, sorted.end(), [&](double value) {
      return value <= centre || value - centre <= reach;
    });
    psi_m[i] = cephes_digamma(static_cast<double>(last - first));
  }
  const double estimate = cephes_digamma(static_cast<double>(kept.size())) + numpy_mean(psi_k) -
                          numpy_mean(psi_class) - numpy_mean(psi_m);
  return std::max(0.0, estimate);
}

class MutualInfoSelector final : public Selector {
 public:
  MutualInfoSelector(int neighbours, std::uint32_t seed, ScoreOrder order)
      : neighbours_(neighbours), seed_(seed), order_(order) {}

  SelectorScores score(const SelectionProblem& problem) const override {
    check_labels("mutual_info selector", problem.labels, problem.classes, problem.features.rows());
    Eigen::MatrixXd values = problem.features;
    mutual_info_preprocess(values, seed_);
    SelectorScores result;
    result.scores.resize(values.cols());
    for (Eigen::Index feature = 0; feature < values.cols(); ++feature) {
      throw_if_interrupted();  // a kNN estimate per feature: Ctrl-C within one feature's time
      result.scores[feature] = neighbour_mutual_information(values.col(feature), *problem.labels,
                                                            problem.classes, neighbours_);
    }
    return result;
  }

  ScoreOrder order() const override { return order_; }

 private:
  int neighbours_;
  std::uint32_t seed_;
  ScoreOrder order_;
};

SelectorRegistration mutual_info_registration() {
  SelectorRegistration registration;
  registration.info.name = "mutual_info";
  registration.info.doc =
      "k-NN estimate of the mutual information between each feature and the class "
      "(scikit-learn mutual_info_classif, reproduced bit for bit for a given seed); larger first";
  registration.info.params = {
      ParamDeclaration{.name = "n_neighbors",
                       .type = ParamType::integer,
                       .default_value = ParamValue{3LL},
                       .doc = "neighbours of the k-NN estimator",
                       .check = at_least(1)},
      ParamDeclaration{
          .name = "seed",
          .type = ParamType::integer,
          .default_value = ParamValue{0LL},
          .doc = "numpy RandomState seed of the 1e-10 noise (scikit-learn's random_state)",
          .check = between(0.0, 4294967295.0)},
      order_param("descending"),
  };
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure = configured_by([](const ParamSet& params) -> std::unique_ptr<Selector> {
    return std::make_unique<MutualInfoSelector>(int_param(params, "n_neighbors"),
                                                static_cast<std::uint32_t>(params.integer("seed")),
                                                order_of(params));
  });
  return registration;
}

const Registrar<SelectorRegistration> mutual_info_registrar{mutual_info_registration()};

}  // namespace
}  // namespace tsfs
