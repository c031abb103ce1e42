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
#include "select/selector.hpp"
#include "select/selector_params.hpp"
#include "select/wrappers/linear_estimator.hpp"
#include "select/wrappers/validation_split.hpp"

namespace tsfs {
namespace {

class PermutationImportanceSelector final : public Selector {
 public:
  PermutationImportanceSelector(LiblinearOptions options, int repeats, std::uint64_t seed,
                                double validation_fraction)
      : options_(options), repeats_(repeats), seed_(seed), fraction_(validation_fraction) {}

  SelectorScores score(const SelectionProblem& problem) const override {
    const ValidationSplit split =
        validation_split(problem, fraction_, seed_, "permutation_importance selector");
    const Eigen::VectorXi& validation_labels = split.validation_labels;
    const StandardizedRows scaled{split.train_features, split.validation_features};
    const LinearModel model =
        fit_liblinear(scaled.train, split.train_labels, problem.classes, options_);
    const Eigen::MatrixXd baseline = linear_decision_values(model, scaled.test);
    const auto rows = static_cast<double>(validation_labels.size());
    const double baseline_accuracy =
        static_cast<double>(correct_predictions(baseline, model, validation_labels)) / rows;

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
        permuted_sum +=
            static_cast<double>(correct_predictions(decisions, model, validation_labels)) / rows;
      }
      result.scores[feature] = baseline_accuracy - permuted_sum / repeats_;
    }
    return result;
  }

  ScoreOrder order() const override { return ScoreOrder::descending; }

  std::optional<ParamProblem> check_fit_classes(
      const std::vector<long long>& rows_per_class) const override {
    return check_validation_split(fraction_, rows_per_class);
  }

  // One fit on the inner training rows; each feature's repeats then change one column of the
  // validation rows' decision values, counted as predictions of one column.
  std::vector<InnerFits> inner_fits(long long rows, long long columns) const override {
    // About as many validation rows as the split's per-class rounding gives.
    const auto validation =
        static_cast<long long>(class_validation_rows(fraction_, static_cast<size_t>(rows)));
    return {{InnerFits::Model::linear, 1, rows - validation, validation, columns},
            {InnerFits::Model::linear, columns * repeats_, 0, validation, 1}};
  }

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
  registration.info.params.push_back(ParamDeclaration{.name = "repeats",
                                                      .type = ParamType::integer,
                                                      .default_value = ParamValue{5LL},
                                                      .doc = "shuffles per feature",
                                                      .check = between(1.0, 100000.0)});
  registration.info.params.push_back(seed_param("seed of the inner split and of the shuffles"));
  registration.info.params.push_back(validation_fraction_param());
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure = configured_by(
      [](const ParamSet& params) -> std::unique_ptr<Selector> {
        return std::make_unique<PermutationImportanceSelector>(
            linear_estimator_options(params), int_param(params, "repeats"),
            static_cast<std::uint64_t>(params.integer("seed")), params.real("validation_fraction"));
      },
      check_linear_estimator);
  return registration;
}

const Registrar<SelectorRegistration> permutation_importance_registrar{
    permutation_importance_registration()};

}  // namespace
}  // namespace tsfs
