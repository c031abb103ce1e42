#include "reduce/projection_reducer.hpp"

#include <algorithm>
#include <optional>

#include "classify/standardize.hpp"

namespace tsfs {
namespace {

class ProjectionReducer final : public Reducer {
 public:
  ProjectionReducer(std::optional<long long> components, double energy, EnergyOf energy_of,
                    bool standardize_columns, DirectionsFit fit)
      : components_(components),
        energy_(energy),
        energy_of_(energy_of),
        standardize_(standardize_columns),
        fit_(fit) {}

  Reduction fit_transform(const Eigen::MatrixXd& train, const Eigen::VectorXi&, int,
                          const Eigen::MatrixXd& test) const override {
    const StandardizedRows rows =
        standardize_ ? standardize(train, test) : StandardizedRows{train, test};
    const PrincipalComponents fitted = fit_(rows.train);
    const long long available = fitted.directions.cols();
    const long long kept = components_
                               ? std::min(*components_, available)
                               : components_reaching(energy_of_ == EnergyOf::variance
                                                         ? fitted.explained_variance_ratio
                                                         : energy_shares(fitted.singular_values),
                                                     energy_);
    const auto directions = fitted.directions.leftCols(kept);
    return {(rows.train.rowwise() - fitted.mean) * directions,
            (rows.test.rowwise() - fitted.mean) * directions,
            dropped_energy_norm(fitted.singular_values, kept)};
  }

  // scikit-learn's PCA and TruncatedSVD allow at most min(n_samples, n_features) components.
  std::optional<ComponentLimit> component_limit(long long training_rows, long long features,
                                                int) const override {
    const long long allowed = std::min(training_rows, features);
    if (!components_ || *components_ <= allowed) return std::nullopt;
    return ComponentLimit{*components_, allowed, "min(training rows, features)"};
  }

 private:
  std::optional<long long> components_;
  double energy_;
  EnergyOf energy_of_;
  bool standardize_;
  DirectionsFit fit_;
};

// A share in (0, 1].
ParamCheck share_check() {
  return [](const ParamValue& value) -> std::string {
    if (auto problem = greater_than(0.0)(value); !problem.empty()) return problem;
    return between(0.0, 1.0)(value);
  };
}

}  // namespace

ParamDeclaration standardize_param() {
  return {.name = "standardize",
          .type = ParamType::boolean,
          .default_value = true,
          .doc = "z-score each column with the training rows' mean and population std first"};
}

ParamDeclaration energy_of_param() {
  return {.name = "energy_of",
          .type = ParamType::text,
          .default_value = ParamValue{std::string("singular_values")},
          .doc =
              "what `energy` is a share of: singular_values (sum of s_i^2, the rows' squared "
              "Frobenius norm) or variance (the columns' variance the projections explain, "
              "TruncatedSVD's explained_variance_ratio_)",
          .choices = {"singular_values", "variance"},
          .excludes = "components"};
}

std::vector<ParamDeclaration> projection_params() {
  return {ParamDeclaration{.name = "components",
                           .type = ParamType::optional_integer,
                           .default_value = std::monostate{},
                           .doc = "leading directions kept (at most min(training rows, features)); "
                                  "none: the fewest reaching `energy`",
                           .check = none_or(at_least(1)),
                           .excludes = "energy"},
          ParamDeclaration{.name = "energy",
                           .type = ParamType::real,
                           .default_value = 0.9,
                           .doc = "with components none: the share the kept directions reach "
                                  "(scikit-learn's PCA(n_components=energy) rule); pca: of the "
                                  "variance; svd: of what energy_of says",
                           .check = share_check()},
          standardize_param()};
}

std::unique_ptr<Reducer> make_projection_reducer(const ParamSet& params, DirectionsFit fit) {
  std::optional<long long> components;
  if (!std::holds_alternative<std::monostate>(params.at("components")))
    components = params.integer("components");
  const EnergyOf energy_of = params.has("energy_of") && params.text("energy_of") == "variance"
                                 ? EnergyOf::variance
                                 : EnergyOf::singular_values;
  return std::make_unique<ProjectionReducer>(components, params.real("energy"), energy_of,
                                             params.boolean("standardize"), fit);
}

}  // namespace tsfs
