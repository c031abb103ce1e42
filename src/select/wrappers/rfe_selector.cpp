// Selector "rfe": recursive feature elimination (Guyon et al. 2002) as scikit-learn 1.2.1's
// RFE(estimator, n_features_to_select=1, step) with a liblinear model (linear_estimator.hpp):
// fit the model on the surviving columns, weigh each by the sum over the coefficient rows of
// w^2 (RFE's importance_getter="auto" with transform_func="square", feature_selection/_base.py
// _get_feature_importances; |w| ordered alike for two classes), drop the `step` lightest (the
// last fit keeps one), repeat. score = scikit-learn's ranking_ (1 = the last survivor, k + 1 =
// dropped k steps before the end); the ranking refines it to a full order: within one step,
// larger weight first. Equal weights (the exact zeros of L1 fits) drop the lower column first: a
// stable sort. scikit-learn's np.argsort agrees up to 16 surviving columns (an insertion sort
// there); beyond, its introsort orders equal keys as its partitioning happens to leave them, so
// the rankings then differ through the ties alone (Kendall tau 0.64-0.71 on the cases of
// tests/reference/wrappers/make_rfe_ties.py; docs/methods.md says why tsfs keeps its rule).
// Supervised; fitted on the selector's fit rows, standardised.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "common/interrupt.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"
#include "select/wrappers/linear_estimator.hpp"

namespace tsfs {
namespace {

// RFE's `step`: an integer >= 1 (columns dropped per fit), or a fraction in (0, 1) of the
// columns, int(max(1, step x columns)) as scikit-learn counts it.
ParamCheck step_check() {
  return [](const ParamValue& value) -> std::string {
    double step = 0.0;
    if (const auto* integer = std::get_if<long long>(&value)) step = static_cast<double>(*integer);
    if (const auto* real = std::get_if<double>(&value)) step = *real;
    if (step > 0.0 && (step < 1.0 || step == std::floor(step))) return {};
    return "must be an integer >= 1 or a fraction in (0, 1)";
  };
}

long long columns_per_step(double step, Eigen::Index columns) {
  if (step >= static_cast<double>(columns)) return std::max<long long>(1, columns);
  if (step < 1.0) return std::max(1LL, static_cast<long long>(step * static_cast<double>(columns)));
  return static_cast<long long>(step);
}

class RfeSelector final : public Selector {
 public:
  RfeSelector(LiblinearOptions options, double step) : options_(options), step_(step) {}

  SelectorScores score(const SelectionProblem& problem) const override {
    const Eigen::MatrixXd standardized = standardized_fit_rows(problem, "rfe selector");
    const Eigen::Index columns = standardized.cols();
    const long long per_step = columns_per_step(step_, columns);
    std::vector<int> surviving(static_cast<size_t>(columns));
    std::iota(surviving.begin(), surviving.end(), 0);
    std::vector<int> dropped;     // worst first
    std::vector<int> dropped_at;  // the fit (0-based) that dropped each column
    int fits = 0;
    while (surviving.size() > 1) {
      throw_if_interrupted();  // one liblinear fit per step: Ctrl-C within a fit's time
      const LinearModel model = fit_liblinear(standardized(Eigen::all, surviving), *problem.labels,
                                              problem.classes, options_);
      const Eigen::VectorXd weight = model.coefficients.array().square().colwise().sum();
      std::vector<int> lightest(surviving.size());  // positions in `surviving`, lightest first
      std::iota(lightest.begin(), lightest.end(), 0);
      std::stable_sort(lightest.begin(), lightest.end(),
                       [&](int left, int right) { return weight[left] < weight[right]; });
      const auto count = static_cast<size_t>(
          std::min<long long>(per_step, static_cast<long long>(surviving.size()) - 1));
      std::vector<bool> drop(surviving.size(), false);
      for (size_t i = 0; i < count; ++i) {
        drop[static_cast<size_t>(lightest[i])] = true;
        dropped.push_back(surviving[static_cast<size_t>(lightest[i])]);
        dropped_at.push_back(fits);
      }
      std::vector<int> kept;
      for (size_t i = 0; i < surviving.size(); ++i)
        if (!drop[i]) kept.push_back(surviving[i]);
      surviving = std::move(kept);
      ++fits;
    }
    SelectorScores result;
    result.scores = Eigen::VectorXd::Ones(columns);
    for (size_t i = 0; i < dropped.size(); ++i)
      result.scores[dropped[i]] = static_cast<double>(1 + fits - dropped_at[i]);
    result.ranking = surviving;  // the last survivor (none for zero columns)
    result.ranking.insert(result.ranking.end(), dropped.rbegin(), dropped.rend());
    return result;
  }

  ScoreOrder order() const override { return ScoreOrder::ascending; }

  // One fit on every fit row per step, on the surviving columns, until one survives.
  std::vector<InnerFits> inner_fits(long long rows, long long columns) const override {
    const long long per_step = columns_per_step(step_, columns);
    std::vector<InnerFits> fits;
    for (long long surviving = columns; surviving > 1; surviving -= per_step)
      fits.push_back({InnerFits::Model::linear, 1, rows, 0, surviving});
    return fits;
  }

 private:
  LiblinearOptions options_;
  double step_;
};

SelectorRegistration rfe_registration() {
  SelectorRegistration registration;
  registration.info.name = "rfe";
  registration.info.doc =
      "recursive feature elimination with a linear model's weights (scikit-learn RFE down to one "
      "feature); score = RFE's ranking_ (1 = kept longest), ties within a step by weight";
  registration.info.params = linear_estimator_params();
  registration.info.params.push_back(ParamDeclaration{
      .name = "step",
      .type = ParamType::real,
      .default_value = ParamValue{1.0},
      .doc = "columns dropped per fit: an integer >= 1, or a fraction in (0, 1) of the "
             "columns (at least 1)",
      .check = step_check()});
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure = configured_by(
      [](const ParamSet& params) -> std::unique_ptr<Selector> {
        return std::make_unique<RfeSelector>(linear_estimator_options(params), params.real("step"));
      },
      check_linear_estimator);
  return registration;
}

const Registrar<SelectorRegistration> rfe_registrar{rfe_registration()};

}  // namespace
}  // namespace tsfs
