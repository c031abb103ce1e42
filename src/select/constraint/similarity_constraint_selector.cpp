// Selector "similarity_constraint": greedy forward subset search on a similarity-based constraint
// score (Salmi, Hammouche & Macaire 2020; epsilon^S, or epsilon^SS with variant semi_supervised);
// the algorithm and our reading of it are in select/constraint/similarity_search.hpp.
// The score of a feature is the STEP at which forward selection picked it (1, 2, ...; ascending),
// so the runner's top-n features are the first n selected; features beyond max_features get NaN
// (ranked last). The automatic subset size m^ = argmin_m J(F_m), J(F_m^), the number of
// constraint pairs and, for epsilon^SS, the inferred must-links, their coverage (COV) and correct
// ratio (CR) are logged and reported as SelectorScores::measures (selection_measures.csv: m_hat,
// objective_at_m_hat, constraint_pairs, must_links_inferred, coverage, correct_ratio).
// `keep: m_hat` removes the features after the m^-th step (SelectorScores::removed, as variance's
// threshold), so `n_features: all` (or any n >= m^) selects each fold's own m^ features, which
// n_features_used then records; smaller n still take the first n steps.
// Supervised (labels, some possibly hidden by labeled_fraction); no distance.
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <limits>
#include <optional>

#include "select/constraint/similarity_search.hpp"
#include "select/filters/discretize.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

class SimilarityConstraintSelector final : public Selector {
 public:
  SimilarityConstraintSelector(SimilaritySearchSettings settings, ScoreOrder order, bool keep_m_hat)
      : settings_(settings), order_(order), keep_m_hat_(keep_m_hat) {}

  SelectorScores score(const SelectionProblem& problem) const override {
    check_labels("similarity_constraint selector", problem.labels, problem.classes,
                 problem.features.rows());
    const SimilaritySearchResult search =
        similarity_forward_search(problem.features, *problem.labels, problem.classes, settings_);
    SelectorScores result;
    result.scores = Eigen::VectorXd::Constant(problem.features.cols(),
                                              std::numeric_limits<double>::quiet_NaN());
    for (size_t step = 0; step < search.order.size(); ++step)
      result.scores[search.order[step]] = static_cast<double>(step + 1);
    if (keep_m_hat_)  // the ascending steps rank first (order: ascending, checked at load)
      result.removed = problem.features.cols() - search.best_size;
    const double objective = search.objective[static_cast<size_t>(search.best_size - 1)];
    result.measures = {{"m_hat", static_cast<double>(search.best_size)},
                       {"objective_at_m_hat", objective},
                       {"constraint_pairs", static_cast<double>(search.pairs)}};
    if (settings_.semi_supervised) {
      result.measures.emplace_back("must_links_inferred",
                                   static_cast<double>(search.must_links_inferred));
      result.measures.emplace_back("coverage", search.coverage);
      result.measures.emplace_back("correct_ratio", search.must_link_correct_ratio);
    }
    spdlog::info(
        "similarity_constraint: m-hat = {} of {} features (J = {:.6g}), {} constraint "
        "pairs",
        search.best_size, search.order.size(), objective, search.pairs);
    if (settings_.semi_supervised)
      spdlog::info(
          "similarity_constraint: {} inferred must-links, coverage {:.4f}, correct "
          "ratio {:.4f}",
          search.must_links_inferred, search.coverage, search.must_link_correct_ratio);
    return result;
  }

  ScoreOrder order() const override { return order_; }

 private:
  SimilaritySearchSettings settings_;
  ScoreOrder order_;
  bool keep_m_hat_;
};

std::unique_ptr<Selector> make_similarity_selector(const ParamSet& params) {
  SimilaritySearchSettings settings;
  settings.semi_supervised = params.text("variant") == "semi_supervised";
  settings.labeled_fraction = params.real("labeled_fraction");
  settings.max_rows = params.integer("max_rows");
  settings.prototypes_per_class = int_param(params, "prototypes_per_class");
  settings.acceptance_ratio = params.real("acceptance_ratio");
  settings.sigma = params.real("sigma");
  settings.max_features = params.integer("max_features");
  settings.seed = static_cast<std::uint64_t>(params.integer("seed"));
  return std::make_unique<SimilarityConstraintSelector>(settings, order_of(params),
                                                        params.text("keep") == "m_hat");
}

// `keep: m_hat` removes the end of the ranking, which must then be the last steps.
std::optional<ParamProblem> check_keep(const ParamSet& params) {
  if (params.text("keep") != "m_hat" || params.text("order") == "ascending") return std::nullopt;
  return ParamProblem{"keep",
                      "keep: m_hat keeps the first m-hat steps, which needs order: ascending"};
}

SelectorRegistration similarity_constraint_registration() {
  SelectorRegistration registration;
  registration.info.name = "similarity_constraint";
  registration.info.doc =
      "greedy forward selection minimising the mismatch between the constraint pairs' "
      "similarities in the selected subspace and must-link / cannot-link targets (Salmi et al. "
      "2020); score = selection step, smaller first";
  registration.info.params = {
      ParamDeclaration{
          .name = "variant",
          .type = ParamType::text,
          .default_value = ParamValue{std::string("supervised")},
          .doc = "supervised (epsilon^S) or semi_supervised (epsilon^SS: must-links of unlabelled "
                 "rows to their nearest class prototype)",
          .choices = {"supervised", "semi_supervised"}},
      ParamDeclaration{
          .name = "labeled_fraction",
          .type = ParamType::real,
          .default_value = ParamValue{1.0},
          .doc = "fraction of each class's fit rows that keep their label (stratified, seeded)",
          .check = between(0.0, 1.0)},
      ParamDeclaration{
          .name = "max_rows",
          .type = ParamType::integer,
          .default_value = ParamValue{200LL},
          .doc = "labelled rows (stratified; every class keeps one, so up to classes - 1 more) "
                 "and at most this many inferred must-links form constraint pairs",
          .check = at_least(2)},
      ParamDeclaration{.name = "prototypes_per_class",
                       .type = ParamType::integer,
                       .default_value = ParamValue{3LL},
                       .doc = "k-means prototypes per class (semi_supervised)",
                       .check = at_least(1)},
      ParamDeclaration{
          .name = "acceptance_ratio",
          .type = ParamType::real,
          .default_value = ParamValue{0.9},
          .doc = "semi_supervised: link a row when its nearest prototype is at most this times "
                 "closer than the nearest prototype of another class",
          .check = greater_than(0.0)},
      ParamDeclaration{.name = "sigma",
                       .type = ParamType::real,
                       .default_value = ParamValue{1.0},
                       .doc = "similarity width per standardised feature",
                       .check = greater_than(0.0)},
      ParamDeclaration{.name = "max_features",
                       .type = ParamType::integer,
                       .default_value = ParamValue{0LL},
                       .doc = "forward steps (0: all features)",
                       .check = at_least(0)},
      ParamDeclaration{.name = "seed",
                       .type = ParamType::integer,
                       .default_value = ParamValue{0LL},
                       .doc = "seed of label hiding, subsampling and k-means",
                       .check = at_least(0)},
      order_param("ascending"),
      ParamDeclaration{.name = "keep",
                       .type = ParamType::text,
                       .default_value = ParamValue{std::string("all")},
                       .doc = "m_hat: remove the features after the m-hat-th step, so n_features: "
                              "all selects each fold's m-hat (n_features_used)",
                       .choices = {"all", "m_hat"}},
  };
  registration.supervised = true;
  registration.reports_measures = true;
  registration.uses_distance = false;
  registration.configure = configured_by(make_similarity_selector, check_keep);
  return registration;
}

const Registrar<SelectorRegistration> similarity_constraint_registrar{
    similarity_constraint_registration()};

}  // namespace
}  // namespace tsfs
