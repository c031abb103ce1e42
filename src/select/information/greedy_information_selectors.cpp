// Selectors "mrmr", "jmi", "mifs", "cife", "cmim", "icap", "disr": greedy forward selection by an
// information-theoretic criterion on discretised columns (Brown et al. 2012, "Conditional
// likelihood maximisation: a unifying framework for information theoretic feature selection",
// JMLR 13), as scikit-feature's functions of the same names
// (function/information_theoretical_based, commit 48cffad4). The first feature maximises I(f; y);
// each step then adds the unselected feature f that maximises, over the selected set S with s =
// |S|,
//   mifs  I(f; y) - beta sum_S I(f_j; f)                                  (Battiti 1994)
//   mrmr  I(f; y) - 1/s sum_S I(f_j; f)                                   (Peng et al. 2005)
//   cife  I(f; y) - sum_S I(f_j; f) + sum_S I(f_j; f | y)                  (Lin and Tang 2006)
//   jmi   I(f; y) - 1/s sum_S I(f_j; f) + 1/s sum_S I(f_j; f | y)           (Yang and Moody 1999)
//   cmim  I(f; y) - max_S [I(f_j; f) - I(f_j; f | y)]                      (Fleuret 2004)
//   icap  I(f; y) - max(0, max_S [I(f_j; f) - I(f_j; f | y)])              (Jakulin 2005)
//   disr  sum_S I(f, f_j; y) / H(f, f_j, y)                               (Meyer and Bontempi 2006)
// until every feature is placed, so one search ranks all features and serves every n_features.
// score = the criterion value the feature was added with (the first: I(f; y)); the ranking is
// the order of addition, which a score sort would not give back. Ties go to the lower column, as
// scikit-feature's strict `>` over columns in index order. Supervised; the columns are
// discretised on the fit rows (discrete_information.hpp says how, and why its arithmetic
// follows scikit-feature's). Cost: p^2 / 2 joint entropies over the fit rows.
#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <vector>

#include "common/interrupt.hpp"
#include "select/information/discrete_information.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

enum class Criterion { mifs, mrmr, cife, jmi, cmim, icap, disr };

// The per-candidate terms one step adds for the feature just selected, kept across steps.
struct Candidate {
  double relevance = 0.0;     // I(f; y)
  double redundancy = 0.0;    // sum_S I(f_j; f)
  double conditional = 0.0;   // sum_S I(f_j; f | y)
  double largest_loss = 0.0;  // max_S [I(f_j; f) - I(f_j; f | y)] (cmim, icap)
  double disr_sum = 0.0;      // sum_S I(f, f_j; y) / H(f, f_j, y)
  bool selected = false;
};

class GreedyInformationSelector final : public Selector {
 public:
  GreedyInformationSelector(Criterion criterion, int bins, Binning binning, double beta)
      : criterion_(criterion), bins_(bins), binning_(binning), beta_(beta) {}

  SelectorScores score(const SelectionProblem& problem) const override {
    check_labels("information-theoretic selector", problem.labels, problem.classes,
                 problem.features.rows());
    const DiscreteColumns columns(problem.features, *problem.labels, problem.classes, bins_,
                                  binning_);
    const Eigen::Index features = columns.features();
    std::vector<Candidate> candidates(static_cast<size_t>(features));
    for (Eigen::Index f = 0; f < features; ++f) {
      Candidate& candidate = candidates[static_cast<size_t>(f)];
      // midd(f, y)
      candidate.relevance = mutual_information(columns.entropy_with_class(f), columns.entropy(f),
                                               columns.class_entropy());
      // scikit-feature's running maximum starts at -1e7 for cmim and at 0 for icap.
      candidate.largest_loss = criterion_ == Criterion::cmim ? -1e7 : 0.0;
    }
    SelectorScores result;
    result.scores = Eigen::VectorXd::Zero(features);
    Eigen::Index chosen = 0;
    for (Eigen::Index f = 1; f < features; ++f)
      if (candidates[static_cast<size_t>(f)].relevance >
          candidates[static_cast<size_t>(chosen)].relevance)
        chosen = f;
    double criterion_value = candidates[static_cast<size_t>(chosen)].relevance;
    while (true) {
      candidates[static_cast<size_t>(chosen)].selected = true;
      result.ranking.push_back(static_cast<int>(chosen));
      result.scores[chosen] = criterion_value;
      if (static_cast<Eigen::Index>(result.ranking.size()) == features) break;
      throw_if_interrupted();  // a step scans every column: Ctrl-C within one step's time
      const auto selected = static_cast<double>(result.ranking.size());
      double best = -std::numeric_limits<double>::infinity();
      Eigen::Index best_feature = -1;
      for (Eigen::Index f = 0; f < features; ++f) {
        Candidate& candidate = candidates[static_cast<size_t>(f)];
        if (candidate.selected) continue;
        const double value = add_step(columns, chosen, f, candidate, selected);
        if (value > best) {
          best = value;
          best_feature = f;
        }
      }
      if (best_feature < 0)
        throw std::logic_error(fmt::format("no candidate beat {} (non-finite criterion?)", best));
      chosen = best_feature;
      criterion_value = best;
    }
    return result;
  }

  ScoreOrder order() const override { return ScoreOrder::descending; }

 private:
  // Adds what the feature `last` (just selected) contributes to `candidate` (feature f) and
  // returns f's criterion; `selected` = s, the number of features selected so far.
  double add_step(const DiscreteColumns& columns, Eigen::Index last, Eigen::Index f,
                  Candidate& candidate, double selected) const {
    const double pair = columns.pair_entropy(last, f);
    // midd(f_select, f)
    const double shared = mutual_information(pair, columns.entropy(last), columns.entropy(f));
    const bool needs_conditional = criterion_ != Criterion::mifs && criterion_ != Criterion::mrmr;
    const double all = needs_conditional ? columns.pair_with_class_entropy(last, f) : 0.0;
    // cmidd(f_select, f, y)
    const double conditional =
        needs_conditional ? conditional_mutual_information(columns.entropy_with_class(f),
                                                           columns.entropy_with_class(last), all,
                                                           columns.class_entropy())
                          : 0.0;
    switch (criterion_) {
      case Criterion::mifs:
        candidate.redundancy += shared;
        return candidate.relevance - beta_ * candidate.redundancy;
      case Criterion::mrmr:
        candidate.redundancy += shared;
        return candidate.relevance - 1.0 / selected * candidate.redundancy;
      case Criterion::cife:
        candidate.redundancy += shared;
        candidate.conditional += conditional;
        return candidate.relevance - candidate.redundancy + candidate.conditional;
      case Criterion::jmi:
        candidate.redundancy += shared;
        candidate.conditional += conditional;
        return candidate.relevance - 1.0 / selected * candidate.redundancy +
               1.0 / selected * candidate.conditional;
      case Criterion::cmim:
      case Criterion::icap:
        candidate.largest_loss = std::max(candidate.largest_loss, shared - conditional);
        return candidate.relevance - candidate.largest_loss;
      case Criterion::disr:
        candidate.disr_sum += disr_term(columns, last, f, pair, all);
        return candidate.disr_sum;
    }
    throw std::logic_error("unknown information criterion");
  }

  // I(f, f_j; y) / H(f, f_j, y) as scikit-feature's disr adds it up:
  //   t2 = midd(f_j, y) + cmidd(f, y, f_j)
  //   t3 = H(f) + conditional_entropy(f_j, f) + (conditional_entropy(y, f_j) - cmidd(y, f, f_j))
  // with conditional_entropy(a, b) = H(a) - midd(a, b).
  static double disr_term(const DiscreteColumns& columns, Eigen::Index last, Eigen::Index f,
                          double pair, double all) {
    const double h_last = columns.entropy(last);
    const double h_f = columns.entropy(f);
    const double h_class = columns.class_entropy();
    const double h_last_class = columns.entropy_with_class(last);
    const double numerator =
        mutual_information(h_last_class, h_last, h_class) +
        conditional_mutual_information(h_last_class, pair, all, h_last);  // cmidd(f, y, f_j)
    const double conditional_last_given_f = h_last - mutual_information(pair, h_last, h_f);
    const double conditional_class_given_last =
        h_class - mutual_information(h_last_class, h_class, h_last);
    const double class_f_given_last =
        conditional_mutual_information(pair, h_last_class, all, h_last);  // cmidd(y, f, f_j)
    const double denominator =
        h_f + conditional_last_given_f + (conditional_class_given_last - class_f_given_last);
    // H(f, f_j, y) = 0 only when f, f_j and the class are each a single symbol on the fit rows:
    // nothing to share, so the pair adds 0 (scikit-feature's 0 / 0 would be NaN).
    return denominator > 0.0 ? numerator / denominator : 0.0;
  }

  Criterion criterion_;
  int bins_;
  Binning binning_;
  double beta_;
};

SelectorRegistration greedy_registration(const char* name, Criterion criterion, const char* doc) {
  SelectorRegistration registration;
  registration.info.name = name;
  registration.info.doc = doc;
  registration.info.params = discretization_params(5, false);
  if (criterion == Criterion::mifs)
    registration.info.params.push_back(ParamDeclaration{
        .name = "beta",
        .type = ParamType::real,
        .default_value = ParamValue{0.5},
        .doc = "weight of the redundancy sum_S I(f_j; f) (scikit-feature's default 0.5)",
        .check = at_least(0.0)});
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure =
      configured_by([criterion](const ParamSet& params) -> std::unique_ptr<Selector> {
        return std::make_unique<GreedyInformationSelector>(
            criterion, int_param(params, "bins"), *parse_binning(params.text("binning")),
            criterion == Criterion::mifs ? params.real("beta") : 0.0);
      });
  return registration;
}

const Registrar<SelectorRegistration> mifs_registrar{greedy_registration(
    "mifs", Criterion::mifs,
    "greedy forward selection by I(f; y) - beta sum_S I(f_j; f) (Battiti 1994) on columns "
    "discretised into bins; the order of addition ranks every feature")};
const Registrar<SelectorRegistration> mrmr_registrar{greedy_registration(
    "mrmr", Criterion::mrmr,
    "minimum redundancy maximum relevance, I(f; y) - mean_S I(f_j; f) (Peng et al. 2005), "
    "greedy on columns discretised into bins")};
const Registrar<SelectorRegistration> cife_registrar{greedy_registration(
    "cife", Criterion::cife,
    "conditional infomax feature extraction, I(f; y) - sum_S [I(f_j; f) - I(f_j; f | y)], "
    "greedy on columns discretised into bins")};
const Registrar<SelectorRegistration> jmi_registrar{greedy_registration(
    "jmi", Criterion::jmi,
    "joint mutual information, I(f; y) - mean_S [I(f_j; f) - I(f_j; f | y)], greedy on columns "
    "discretised into bins")};
const Registrar<SelectorRegistration> cmim_registrar{greedy_registration(
    "cmim", Criterion::cmim,
    "conditional mutual information maximisation, min_S I(f; y | f_j), greedy on columns "
    "discretised into bins")};
const Registrar<SelectorRegistration> icap_registrar{greedy_registration(
    "icap", Criterion::icap,
    "interaction capping, I(f; y) - max(0, max_S [I(f_j; f) - I(f_j; f | y)]), greedy on columns "
    "discretised into bins")};
const Registrar<SelectorRegistration> disr_registrar{greedy_registration(
    "disr", Criterion::disr,
    "double input symmetrical relevance, sum_S I(f, f_j; y) / H(f, f_j, y), greedy on columns "
    "discretised into bins")};

}  // namespace
}  // namespace tsfs
