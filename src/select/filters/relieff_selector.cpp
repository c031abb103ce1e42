// Selector "relieff": ReliefF (Kononenko 1994) as Robnik-Sikonja and Kononenko (2003, "Theoretical
// and empirical analysis of ReliefF and RReliefF", Machine Learning 53, Fig. 3) state it, with
// every fit row as an instance R_i (m = n, no random draw), or `instances` = m of them drawn
// without replacement (seeded) to bound the cost, which is m n p:
//   W[A] = sum_i [ - sum_j diff(A, R_i, H_j) / (m k_hit)
//                  + sum_{C != class(R_i)} P(C) / (1 - P(class(R_i))) sum_j diff(A, R_i, M_j(C)) /
//                  (m k_C) ]
// diff(A, a, b) = |a_A - b_A| / (max A - min A) over the fit rows; the neighbours H_j (same class)
// and M_j(C) (class C) are the k nearest other fit rows by the sum of diffs over all features
// (ties to the lower row); a class with fewer than k other rows contributes all of them, averaged
// over their number (k_hit, k_C). Supervised; larger first.
// scikit-feature's reliefF (similarity_based/reliefF.py, commit 48cffad4; m = n) omits the 1/n and
// the range (it takes Manhattan distances of the raw values) and DIVIDES each class's miss term by
// P(C) / (1 - P(class(R_i))) where ReliefF multiplies: with two classes that factor is 1, so on
// features scaled to [0, 1] its scores are n times these
// (tests/select/filters/relieff_selector_test.cpp pins it); with more classes it weighs rare
// classes up, not down.
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <optional>
#include <random>
#include <vector>

#include "common/interrupt.hpp"
#include "evaluate/shuffle.hpp"
#include "select/filters/discretize.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

class ReliefFSelector final : public Selector {
 public:
  ReliefFSelector(int neighbours, std::optional<long long> instances, std::uint64_t seed)
      : neighbours_(neighbours), instances_(instances), seed_(seed) {}

  SelectorScores score(const SelectionProblem& problem) const override {
    const Eigen::Index rows = problem.features.rows();
    check_labels("relieff selector", problem.labels, problem.classes, rows);
    const Eigen::VectorXi& labels = *problem.labels;
    // Each column scaled to [0, 1] over the fit rows, so |difference| is diff(A, ., .).
    const Eigen::RowVectorXd low = problem.features.colwise().minCoeff();
    const Eigen::RowVectorXd range = problem.features.colwise().maxCoeff() - low;
    const Eigen::MatrixXd scaled =
        (problem.features.rowwise() - low).array().rowwise() / range.array();
    std::vector<double> class_share(static_cast<size_t>(problem.classes), 0.0);
    for (const int label : labels)
      class_share[static_cast<size_t>(label)] += 1.0 / static_cast<double>(rows);

    const std::vector<int> sampled = instances(rows);
    const auto sampled_count = static_cast<double>(sampled.size());
    Eigen::VectorXd weights = Eigen::VectorXd::Zero(problem.features.cols());
    std::vector<Eigen::Index> others(static_cast<size_t>(rows));
    for (const int row : sampled) {
      throw_if_interrupted();  // a pass over every row per instance: Ctrl-C within one instance
      const Eigen::VectorXd distance =
          (scaled.rowwise() - scaled.row(row)).cwiseAbs().rowwise().sum();
      std::iota(others.begin(), others.end(), Eigen::Index{0});
      std::stable_sort(others.begin(), others.end(),
                       [&](Eigen::Index a, Eigen::Index b) { return distance[a] < distance[b]; });
      // Per class: the sum of |differences| to its nearest rows, and how many were taken.
      Eigen::MatrixXd sums = Eigen::MatrixXd::Zero(problem.features.cols(), problem.classes);
      std::vector<int> taken(static_cast<size_t>(problem.classes), 0);
      for (const Eigen::Index other : others) {
        if (other == row) continue;
        const int label = labels[other];
        if (taken[static_cast<size_t>(label)] == neighbours_) continue;
        ++taken[static_cast<size_t>(label)];
        sums.col(label) += (scaled.row(other) - scaled.row(row)).cwiseAbs().transpose();
      }
      const int own = labels[row];
      const double others_share = 1.0 - class_share[static_cast<size_t>(own)];
      for (int label = 0; label < problem.classes; ++label) {
        const int count = taken[static_cast<size_t>(label)];
        if (count == 0) continue;
        const double per_neighbour = 1.0 / (sampled_count * count);
        if (label == own)
          weights -= per_neighbour * sums.col(label);
        else
          weights += class_share[static_cast<size_t>(label)] / others_share * per_neighbour *
                     sums.col(label);
      }
    }
    SelectorScores result;
    result.scores = std::move(weights);
    return result;
  }

  ScoreOrder order() const override { return ScoreOrder::descending; }

 private:
  // The instances R_i: every row in order, or the first m of a seeded shuffle, ascending.
  std::vector<int> instances(Eigen::Index rows) const {
    std::vector<int> all(static_cast<size_t>(rows));
    std::iota(all.begin(), all.end(), 0);
    if (!instances_ || *instances_ >= rows) return all;
    std::mt19937_64 generator = protocol_generator(seed_, 0);
    shuffle_in_place(all, generator);
    all.resize(static_cast<size_t>(*instances_));
    std::sort(all.begin(), all.end());
    return all;
  }

  int neighbours_;
  std::optional<long long> instances_;
  std::uint64_t seed_;
};

SelectorRegistration relieff_registration() {
  SelectorRegistration registration;
  registration.info.name = "relieff";
  registration.info.doc =
      "ReliefF (Robnik-Sikonja and Kononenko 2003) over every fit row: how much more a feature "
      "differs towards the k nearest rows of other classes than of the own class; larger first";
  registration.info.params.push_back(ParamDeclaration{
      .name = "neighbours",
      .type = ParamType::integer,
      .default_value = ParamValue{10LL},
      .doc = "k nearest hits and misses per class (10, as Robnik-Sikonja and Kononenko advise; "
             "scikit-feature's default is 5)",
      .check = at_least(1.0)});
  registration.info.params.push_back(ParamDeclaration{
      .name = "instances",
      .type = ParamType::optional_integer,
      .default_value = ParamValue{std::monostate{}},
      .doc = "m, the rows drawn (seeded, without replacement) as instances; none: every fit row. "
             "The cost is m x rows x features",
      .check = none_or(at_least(1.0))});
  registration.info.params.push_back(ParamDeclaration{.name = "seed",
                                                      .type = ParamType::integer,
                                                      .default_value = ParamValue{0LL},
                                                      .doc = "seed of the draw of instances",
                                                      .check = at_least(0.0)});
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure = configured_by([](const ParamSet& params) -> std::unique_ptr<Selector> {
    return std::make_unique<ReliefFSelector>(int_param(params, "neighbours"),
                                             params.optional_integer("instances"),
                                             static_cast<std::uint64_t>(params.integer("seed")));
  });
  return registration;
}

const Registrar<SelectorRegistration> relieff_registrar{relieff_registration()};

}  // namespace
}  // namespace tsfs
