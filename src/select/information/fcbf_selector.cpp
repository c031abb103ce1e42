// Selector "fcbf": fast correlation-based filter (Yu and Liu 2003, ICML), as scikit-feature's
// fcbf (function/information_theoretical_based/FCBF.py, commit 48cffad4) on columns discretised
// on the fit rows. With SU(a, b) = 2 I(a; b) / (H(a) + H(b)), the symmetrical uncertainty:
// the relevant features are those with SU(f, y) > delta; repeatedly the relevant feature p of
// largest SU(p, y) is kept, and p and every remaining q with SU(p, q) >= SU(q, y) (q is at least
// as well predicted by p as it predicts the class: redundant) leave the list.
// score = SU(f, y). The ranking keeps the kept features first, in the order kept, then the
// others by SU(f, y), larger first; the others are removed (SelectorScores::removed), so a cell
// asking for more features than FCBF keeps gets the kept ones and n_features_used says how
// many. Ties go to the lower column.
#include <fmt/format.h>

#include <vector>

#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "select/information/discrete_information.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

// su_calculation(a, b) with its arithmetic: information_gain(a, b) = H(a) - (H(a) - midd(a, b)),
// then 2 ig / (H(a) + H(b)).
// Two single-symbol columns (H(a) = H(b) = 0) share nothing: SU 0, not scikit-feature's 0 / 0.
double symmetrical_uncertainty(double joint, double first, double second) {
  const double information_gain = first - (first - mutual_information(joint, first, second));
  return first + second > 0.0 ? 2.0 * information_gain / (first + second) : 0.0;
}

class FcbfSelector final : public Selector {
 public:
  FcbfSelector(int bins, Binning binning, double delta)
      : bins_(bins), binning_(binning), delta_(delta) {}

  SelectorScores score(const SelectionProblem& problem) const override {
    check_labels("fcbf selector", problem.labels, problem.classes, problem.features.rows());
    const DiscreteColumns columns(problem.features, *problem.labels, problem.classes, bins_,
                                  binning_);
    const Eigen::Index features = columns.features();
    SelectorScores result;
    result.scores.resize(features);
    std::vector<int> remaining;  // relevant and not yet kept or dropped, in column order
    for (Eigen::Index f = 0; f < features; ++f) {
      result.scores[f] = symmetrical_uncertainty(columns.entropy_with_class(f), columns.entropy(f),
                                                 columns.class_entropy());
      if (result.scores[f] > delta_) remaining.push_back(static_cast<int>(f));
    }
    std::vector<bool> kept(static_cast<size_t>(features), false);
    while (!remaining.empty()) {
      throw_if_interrupted();
      int predominant = remaining.front();
      for (const int f : remaining)
        if (result.scores[f] > result.scores[predominant]) predominant = f;
      kept[static_cast<size_t>(predominant)] = true;
      result.ranking.push_back(predominant);
      std::vector<int> still;
      for (const int f : remaining) {
        if (f == predominant) continue;
        const double between = symmetrical_uncertainty(
            columns.pair_entropy(predominant, f), columns.entropy(predominant), columns.entropy(f));
        if (!(between >= result.scores[f])) still.push_back(f);
      }
      remaining = std::move(still);
    }
    const auto kept_count = static_cast<long long>(result.ranking.size());
    if (kept_count == 0 && features > 0 && columns.class_entropy() == 0.0)
      throw InputError("", fmt::format("fcbf: the {} fit rows hold one class, so no feature "
                                       "tells classes apart (SU(f, y) is 0 for all of them)",
                                       problem.features.rows()));
    if (kept_count == 0 && features > 0)
      throw InputError("", fmt::format("fcbf: no feature's symmetrical uncertainty with the class "
                                       "on the {} fit rows is above delta {} (the largest is "
                                       "{}); lower delta",
                                       problem.features.rows(), delta_, result.scores.maxCoeff()));
    for (const int f : rank_by_score(result.scores, ScoreOrder::descending))
      if (!kept[static_cast<size_t>(f)]) result.ranking.push_back(f);
    result.removed = features - kept_count;
    return result;
  }

  ScoreOrder order() const override { return ScoreOrder::descending; }

 private:
  int bins_;
  Binning binning_;
  double delta_;
};

SelectorRegistration fcbf_registration() {
  SelectorRegistration registration;
  registration.info.name = "fcbf";
  registration.info.doc =
      "fast correlation-based filter (Yu and Liu 2003): keeps the predominant features by "
      "symmetrical uncertainty on columns discretised into bins and removes the redundant ones";
  registration.info.params = discretization_params(5, false);
  registration.info.params.push_back(ParamDeclaration{
      .name = "delta",
      .type = ParamType::real,
      .default_value = ParamValue{0.0},
      .doc = "a feature is relevant when SU(f, y) > delta (scikit-feature's default 0)",
      .check = between(0.0, 1.0)});
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure = configured_by([](const ParamSet& params) -> std::unique_ptr<Selector> {
    return std::make_unique<FcbfSelector>(
        int_param(params, "bins"), *parse_binning(params.text("binning")), params.real("delta"));
  });
  return registration;
}

const Registrar<SelectorRegistration> fcbf_registrar{fcbf_registration()};

}  // namespace
}  // namespace tsfs
