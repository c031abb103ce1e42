// Non-negative matrix factorisation (registered as "nmf"): the training rows X ~ W H with W, H >= 0
// (nonnegative_factorization.hpp, scikit-learn 1.2.1's NMF(solver="cd") or, with solver: mu, its
// multiplicative updates); the training rows become their W, the test rows the W that the same
// solver finds with H fixed (scikit-learn's transform). The raw features must be non-negative: no
// standardisation.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "common/error.hpp"
#include "reduce/nonnegative_factorization.hpp"
#include "reduce/reducer.hpp"

namespace tsfs {
namespace {

class NmfReducer final : public Reducer {
 public:
  explicit NmfReducer(const ParamSet& params)
      : components_(params.integer("components")),
        max_iterations_(int_param(params, "max_iter")),
        tolerance_(params.real("tol")),
        random_start_(params.text("init") == "random"),
        multiplicative_(params.text("solver") == "mu"),
        seed_(static_cast<std::uint64_t>(params.integer("seed"))) {}

  Reduction fit_transform(const Eigen::MatrixXd& train, const Eigen::VectorXi&, int,
                          const Eigen::MatrixXd& test) const override {
    for (const auto* rows : {&train, &test})
      if (const double lowest = rows->minCoeff(); lowest < 0.0)
        throw InputError(
            "", fmt::format("nmf needs non-negative features (X ~ W H with W, H >= 0), but the "
                            "{} rows hold {}; choose non-negative features or another reducer",
                            rows == &train ? "training" : "test", lowest));
    const Eigen::Index kept =
        std::min<Eigen::Index>(components_, std::min(train.rows(), train.cols()));
    Factorization fitted =
        random_start_ ? random_start(train, kept, seed_) : nndsvda_start(train, kept);
    const auto solve = multiplicative_ ? &multiplicative_updates : &coordinate_descent;
    solve(train, fitted, true, max_iterations_, tolerance_);
    // scikit-learn's transform: W from 0 for cd, from sqrt(mean / k) for mu (whose updates
    // never move a zero).
    Factorization tested{multiplicative_ ? multiplicative_transform_start(test, kept)
                                         : Eigen::MatrixXd::Zero(test.rows(), kept),
                         fitted.h, 0};
    solve(test, tested, false, max_iterations_, tolerance_);
    return {fitted.w, tested.w, reconstruction_error(train, fitted)};
  }

 private:
  long long components_;
  int max_iterations_;
  double tolerance_;
  bool random_start_;
  bool multiplicative_;
  std::uint64_t seed_;
};

const Registrar<ReducerRegistration> nmf_registrar{ReducerRegistration{
    .info = {.name = "nmf",
             .doc = "non-negative matrix factorisation of the training rows (coordinate descent or "
                    "multiplicative updates); non-negative features only",
             .params = {ParamDeclaration{
                            .name = "components",
                            .type = ParamType::integer,
                            .default_value = 2LL,
                            .doc = "factors kept (at most min(training rows, features))",
                            .check = at_least(1)},
                        ParamDeclaration{.name = "max_iter",
                                         .type = ParamType::integer,
                                         .default_value = 200LL,
                                         .doc = "iterations of the solver at most",
                                         .check = at_least(1)},
                        ParamDeclaration{
                            .name = "tol",
                            .type = ParamType::real,
                            .default_value = 1e-4,
                            .doc = "cd: stop when the projected gradient falls to tol x the first; "
                                   "mu: when ||X - WH|| fell by less than tol x the first error "
                                   "over 10 iterations",
                            .check = greater_than(0.0)},
                        ParamDeclaration{.name = "solver",
                                         .type = ParamType::text,
                                         .default_value = ParamValue{std::string("cd")},
                                         .doc = "cd (coordinate descent) or mu (multiplicative "
                                                "updates), as scikit-learn's NMF(solver=...)",
                                         .choices = {"cd", "mu"}},
                        ParamDeclaration{.name = "init",
                                         .type = ParamType::text,
                                         .default_value = ParamValue{std::string("nndsvda")},
                                         .doc = "start: nndsvda (from the SVD) or random (seeded)",
                                         .choices = {"nndsvda", "random"}},
                        ParamDeclaration{.name = "seed",
                                         .type = ParamType::integer,
                                         .default_value = 0LL,
                                         .doc = "seed of the random start (tsfs's generator)",
                                         .check = at_least(0)}}},
    .configure =
        configured_by_factory<Reducer>([](const ParamSet& params) -> std::unique_ptr<Reducer> {
          return std::make_unique<NmfReducer>(params);
        }),
    .check_features = [](const Eigen::MatrixXd& features,
                         const std::vector<std::string>& names) -> std::optional<std::string> {
      // Columns with a NaN are never selected; the others may be.
      std::vector<std::string> negative;
      for (Eigen::Index c = 0; c < features.cols(); ++c)
        if (features.col(c).allFinite() && features.col(c).minCoeff() < 0.0)
          negative.push_back(names[static_cast<size_t>(c)]);
      if (negative.empty()) return std::nullopt;
      return fmt::format(
          "nmf needs non-negative features (X ~ W H with W, H >= 0), but {} of the {} columns "
          "hold negative values ({}{}); choose non-negative features or another reducer",
          negative.size(), features.cols(),
          fmt::join(negative.begin(), negative.begin() + std::min<long>(3, negative.size()), ", "),
          negative.size() > 3 ? ", ..." : "");
    },
    .reconstructs = true}};

}  // namespace
}  // namespace tsfs
