// Selector "permutation_importance" (Breiman 2001; scikit-learn's permutation_importance with
// accuracy as the score): the drop in a linear model's validation accuracy when one feature's
// validation values are shuffled. The fit rows are split once, stratified: each class's rows
// (in fit order) are shuffled with the generator protocol_generator(seed, 0) (classes in index
// order) and the first round(validation_fraction x class rows), at most class rows - 1, become
// validation rows. The model (linear_estimator.hpp) is fitted on the other rows, standardised with
// their statistics, and scored on the validation rows; then, feature by feature and repeat by
// repeat, one generator protocol_generator(seed, 1) shuffles that feature's validation column
// (Fisher-Yates, evaluate/shuffle.hpp) and the accuracy is taken again. score = baseline accuracy
// - mean permuted accuracy (larger first). A shuffled column changes the decision values by
// (x_shuffled - x) w_j only, which is how they are updated; predictions follow predict_linear's
// rule. Cost: one fit plus features x repeats x validation rows x classes operations.
// Deterministic for a seed, whatever the thread count. Supervised.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include "classify/standardize.hpp"
#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "evaluate/shuffle.hpp"
#include "select/linear_estimator.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

struct InnerSplit {
  std::vector<int> train;
  std::vector<int> validation;
};

InnerSplit stratified_split(const Eigen::VectorXi& labels, int classes, double fraction,
                            std::uint64_t seed) {
  std::mt19937_64 generator = protocol_generator(seed, 0);
  InnerSplit split;
  for (int label = 0; label < classes; ++label) {
    std::vector<int> rows;
    for (Eigen::Index row = 0; row < labels.size(); ++row)
      if (labels[row] == label) rows.push_back(static_cast<int>(row));
    if (rows.empty()) continue;
    shuffle_in_place(rows, generator);
    const auto wanted =
        static_cast<size_t>(std::llround(fraction * static_cast<double>(rows.size())));
    const size_t validation = std::min(wanted, rows.size() - 1);
    split.validation.insert(split.validation.end(), rows.begin(), rows.begin() + validation);
    split.train.insert(split.train.end(), rows.begin() + validation, rows.end());
  }
  std::sort(split.train.begin(), split.train.end());
  std::sort(split.validation.begin(), split.validation.end());
  return split;
}

// Correct predictions among the rows of `decisions` (rows x coefficient rows), by
// predict_linear's rule: two classes, the larger when the value is > 0; otherwise the first
// largest.
long long correct(const Eigen::MatrixXd& decisions, const LinearModel& model,
                  const Eigen::VectorXi& truth) {
  long long hits = 0;
  for (Eigen::Index row = 0; row < decisions.rows(); ++row) {
    Eigen::Index best = 0;
    if (model.classes.size() == 2)
      best = decisions(row, 0) > 0.0 ? 1 : 0;
    else
      decisions.row(row).maxCoeff(&best);
    if (model.classes[static_cast<size_t>(best)] == truth[row]) ++hits;
  }
  return hits;
}

class PermutationImportanceSelector final : public Selector {
 public:
  PermutationImportanceSelector(LiblinearOptions options, int repeats, std::uint64_t seed,
                                double validation_fraction)
      : options_(options), repeats_(repeats), seed_(seed), fraction_(validation_fraction) {}

  SelectorScores score(const SelectionProblem& problem) const override {
    require_two_classes(problem, "permutation_importance selector");
    const Eigen::VectorXi& labels = *problem.labels;
    const InnerSplit split = stratified_split(labels, problem.classes, fraction_, seed_);
    const Eigen::VectorXi train_labels = labels(split.train);
    const Eigen::VectorXi validation_labels = labels(split.validation);
    if (split.validation.empty() || (train_labels.array() == train_labels[0]).all())
      throw InputError("", fmt::format("permutation_importance selector: validation_fraction "
                                       "{} of {} fit rows leaves no validation rows or fewer "
                                       "than two classes to train on",
                                       fraction_, labels.size()));
    const StandardizedRows scaled = standardize(problem.features(split.train, Eigen::all),
                                                problem.features(split.validation, Eigen::all));
    const LinearModel model = fit_liblinear(scaled.train, train_labels, problem.classes, options_);
    const Eigen::MatrixXd baseline = linear_decision_values(model, scaled.test);
    const auto rows = static_cast<double>(validation_labels.size());
    const double baseline_accuracy =
        static_cast<double>(correct(baseline, model, validation_labels)) / rows;

    std::mt19937_64 generator = protocol_generator(seed_, 1);
    std::vector<int> order(split.validation.size());
    SelectorScores result;
    result.scores.resize(scaled.test.cols());
    Eigen::MatrixXd decisions(baseline.rows(), baseline.cols());
    for (Eigen::Index feature = 0; feature < scaled.test.cols(); ++feature) {
      throw_if_interrupted();  // Ctrl-C within one feature's repeats
      const auto column = scaled.test.col(feature);
      double permuted_sum = 0.0;
      for (int repeat = 0; repeat < repeats_; ++repeat) {
        std::iota(order.begin(), order.end(), 0);
        shuffle_in_place(order, generator);
        for (Eigen::Index row = 0; row < baseline.rows(); ++row) {
          const double change = column[order[static_cast<size_t>(row)]] - column[row];
          decisions.row(row) =
              baseline.row(row) + change * model.coefficients.col(feature).transpose();
        }
        permuted_sum += static_cast<double>(correct(decisions, model, validation_labels)) / rows;
      }
      result.scores[feature] = baseline_accuracy - permuted_sum / repeats_;
    }
    return result;
  }

  ScoreOrder order() const override { return ScoreOrder::descending; }

 private:
  LiblinearOptions options_;
  int repeats_;
  std::uint64_t seed_;
  double fraction_;
};

SelectorRegistration permutation_importance_registration() {
  SelectorRegistration registration;
  registration.info.name = "permutation_importance";
  registration.info.doc =
      "drop in a linear model's accuracy on an inner stratified validation split when one "
      "feature's validation values are shuffled (mean over repeats); larger first";
  registration.info.params = linear_estimator_params();
  registration.info.params.push_back(ParamSpec{.name = "repeats",
                                               .type = ParamType::integer,
                                               .default_value = ParamValue{5LL},
                                               .doc = "shuffles per feature",
                                               .check = between(1.0, 100000.0)});
  registration.info.params.push_back(ParamSpec{.name = "seed",
                                               .type = ParamType::integer,
                                               .default_value = ParamValue{0LL},
                                               .doc = "seed of the inner split and of the shuffles",
                                               .check = between(0.0, 4294967295.0)});
  registration.info.params.push_back(ParamSpec{
      .name = "validation_fraction",
      .type = ParamType::real,
      .default_value = ParamValue{0.25},
      .doc = "share of each class's fit rows held out to measure accuracy (rounded; every "
             "class keeps a training row)",
      .check = [](const ParamValue& value) -> std::string {
        const auto* real = std::get_if<double>(&value);
        if (real != nullptr && *real > 0.0 && *real < 1.0) return {};
        return "must be a fraction in (0, 1)";
      }});
  registration.info.validate = check_linear_estimator;
  registration.supervised = true;
  registration.uses_distance = false;
  registration.make = [](const ParamSet& params) -> std::unique_ptr<Selector> {
    return std::make_unique<PermutationImportanceSelector>(
        linear_estimator_options(params), int_param(params, "repeats"),
        static_cast<std::uint64_t>(params.integer("seed")), params.real("validation_fraction"));
  };
  return registration;
}

const Registrar<SelectorRegistration> permutation_importance_registrar{
    permutation_importance_registration()};

}  // namespace
}  // namespace tsfs
