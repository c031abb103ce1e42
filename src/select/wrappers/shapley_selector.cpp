// Selector "shapley": a Monte-Carlo permutation estimate of each feature's Shapley value for a
// linear model's validation accuracy (Štrumbelj & Kononenko 2014, "Explaining prediction models
// and individual predictions with feature contributions"; the sampling of Castro, Gómez & Tejada
// 2009). The fit rows are split as permutation_importance splits them (validation_split.hpp).
// Each of `permutations` orders of the features, drawn with protocol_generator(seed, 1)
// (Fisher-Yates), adds the features one at a time: the model (linear_estimator.hpp) is fitted on
// the inner training rows with the features added so far and scored on the validation rows; a
// feature's marginal contribution is the accuracy with it minus the accuracy before it, the
// empty set scoring the share of validation rows in the inner training rows' majority class
// (the first, on ties). score = mean marginal contribution (larger first); its standard error,
// the sample standard deviation over the permutations / sqrt(permutations), goes to scores.csv's
// score_std_error (empty for one permutation).
//
// Cost: permutations x features liblinear fits on the inner training rows with 1 .. features
// columns, about permutations x features / 2 columns per fit on average. `max_fits` refuses
// (when the run is planned, from the dataset's feature count) a budget above it. Deterministic
// for a seed, whatever the thread count. Supervised.
#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "evaluate/shuffle.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"
#include "select/wrappers/linear_estimator.hpp"
#include "select/wrappers/validation_split.hpp"

namespace tsfs {
namespace {

// Validation accuracy of always predicting the inner training rows' majority class.
double majority_accuracy(const ValidationSplit& split, int classes) {
  Eigen::VectorXi counts = Eigen::VectorXi::Zero(classes);
  for (const int label : split.train_labels) ++counts[label];
  Eigen::Index majority = 0;
  counts.maxCoeff(&majority);
  return static_cast<double>((split.validation_labels.array() == majority).count()) /
         static_cast<double>(split.validation_labels.size());
}

class ShapleySelector final : public Selector {
 public:
  ShapleySelector(LiblinearOptions options, int permutations, std::uint64_t seed,
                  double validation_fraction, long long max_fits)
      : options_(options),
        permutations_(permutations),
        seed_(seed),
        fraction_(validation_fraction),
        max_fits_(max_fits) {}

  SelectorScores score(const SelectionProblem& problem) const override {
    const ValidationSplit split = validation_split(problem, fraction_, seed_, "shapley selector");
    const Eigen::Index features = problem.features.cols();
    const double empty_accuracy = majority_accuracy(split, problem.classes);
    const auto validation_rows = static_cast<double>(split.validation_labels.size());
    Eigen::MatrixXd contributions(permutations_, features);
    std::mt19937_64 generator = protocol_generator(seed_, 1);
    std::vector<int> order(static_cast<size_t>(features));
    for (int p = 0; p < permutations_; ++p) {
      std::iota(order.begin(), order.end(), 0);
      shuffle_in_place(order, generator);
      double previous = empty_accuracy;
      for (Eigen::Index k = 1; k <= features; ++k) {
        throw_if_interrupted();  // one fit per step: Ctrl-C within a fit's time
        const std::vector<int> added(order.begin(), order.begin() + k);
        const LinearModel model = fit_liblinear(split.train_features(Eigen::all, added),
                                                split.train_labels, problem.classes, options_);
        const double accuracy =
            static_cast<double>(correct_predictions(
                linear_decision_values(model, split.validation_features(Eigen::all, added)), model,
                split.validation_labels)) /
            validation_rows;
        contributions(p, order[static_cast<size_t>(k - 1)]) = accuracy - previous;
        previous = accuracy;
      }
    }
    SelectorScores result;
    result.scores = contributions.colwise().mean().transpose();
    result.std_errors = Eigen::VectorXd::Constant(features, std::nan(""));
    if (permutations_ > 1) {
      const Eigen::MatrixXd centred = contributions.rowwise() - result.scores.transpose();
      result.std_errors =
          (centred.colwise().squaredNorm().transpose() / static_cast<double>(permutations_ - 1))
              .cwiseSqrt() /
          std::sqrt(static_cast<double>(permutations_));
    }
    return result;
  }

  ScoreOrder order() const override { return ScoreOrder::descending; }

  std::optional<ParamProblem> check_fit_classes(
      const std::vector<long long>& rows_per_class) const override {
    return check_validation_split(fraction_, rows_per_class);
  }

  // Each permutation fits on 1, 2, .. columns of the inner training rows.
  std::vector<InnerFits> inner_fits(long long rows, long long columns) const override {
    // About as many validation rows as the split's per-class rounding gives.
    const auto validation =
        static_cast<long long>(class_validation_rows(fraction_, static_cast<size_t>(rows)));
    std::vector<InnerFits> fits;
    for (long long size = 1; size <= columns; ++size)
      fits.push_back(
          {InnerFits::Model::linear, permutations_, rows - validation, validation, size});
    return fits;
  }

  std::optional<ParamProblem> check_features(long long features) const override {
    const long long fits = permutations_ * features;
    if (fits <= max_fits_) return std::nullopt;
    return ParamProblem{
        "permutations",
        fmt::format("permutations {} x {} features = {} model fits, above max_fits {} (each fit "
                    "is a liblinear fit with up to {} columns); lower permutations, keep fewer "
                    "features before, or raise max_fits",
                    permutations_, features, fits, max_fits_, features)};
  }

 private:
  LiblinearOptions options_;
  int permutations_;
  std::uint64_t seed_;
  double fraction_;
  long long max_fits_;
};

SelectorRegistration shapley_registration() {
  SelectorRegistration registration;
  registration.info.name = "shapley";
  registration.info.doc =
      "Monte-Carlo permutation estimate of each feature's Shapley value for a linear model's "
      "accuracy on an inner stratified validation split, with its standard error; larger first";
  registration.info.params = linear_estimator_params();
  registration.info.params.push_back(ParamDeclaration{.name = "permutations",
                                                      .type = ParamType::integer,
                                                      .default_value = ParamValue{10LL},
                                                      .doc = "feature orders sampled",
                                                      .check = between(1.0, 1e6)});
  registration.info.params.push_back(seed_param("seed of the inner split and of the orders"));
  registration.info.params.push_back(validation_fraction_param());
  registration.info.params.push_back(
      ParamDeclaration{.name = "max_fits",
                       .type = ParamType::integer,
                       .default_value = ParamValue{10000LL},
                       .doc = "refuse a budget of more model fits (permutations x features)",
                       .check = at_least(1.0)});
  registration.supervised = true;
  registration.uses_distance = false;
  registration.provides_std_errors = true;
  registration.configure = configured_by(
      [](const ParamSet& params) -> std::unique_ptr<Selector> {
        return std::make_unique<ShapleySelector>(
            linear_estimator_options(params), int_param(params, "permutations"),
            static_cast<std::uint64_t>(params.integer("seed")), params.real("validation_fraction"),
            params.integer("max_fits"));
      },
      check_linear_estimator);
  return registration;
}

const Registrar<SelectorRegistration> shapley_registrar{shapley_registration()};

}  // namespace
}  // namespace tsfs
