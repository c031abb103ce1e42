// PLS-DA (registered as "pls"): partial least squares between the training rows and their class
// indicators, the rows' x scores kept (partial_least_squares.hpp, scikit-learn 1.2.1's
// PLSRegression(scale=True) on label_binarize(y), then transform).
#include <algorithm>

#include "common/error.hpp"
#include "reduce/partial_least_squares.hpp"
#include "reduce/reducer.hpp"

namespace tsfs {
namespace {

class PlsReducer final : public Reducer {
 public:
  explicit PlsReducer(long long components) : components_(components) {}

  Reduction fit_transform(const Eigen::MatrixXd& train, const Eigen::VectorXi& train_labels,
                          int classes, const Eigen::MatrixXd& test) const override {
    const Eigen::Index kept = std::min<Eigen::Index>(components_, train.cols());
    if (present_classes(train_labels, classes).size() < 2)
      throw InputError("", "pls needs training rows of at least two classes, these hold one");
    const PartialLeastSquares model =
        partial_least_squares(train, PartialLeastSquares::indicators(train_labels, classes), kept);
    return {pls_scores(model, train), pls_scores(model, test)};
  }

  // scikit-learn's PLSRegression: n_components <= n_features (1.2.1 refuses more; tsfs keeps all).
  std::optional<ComponentLimit> component_limit(long long, long long features, int) const override {
    if (components_ <= features) return std::nullopt;
    return ComponentLimit{components_, features, "features"};
  }

 private:
  long long components_;
};

const Registrar<ReducerRegistration> pls_registrar{ReducerRegistration{
    .info = {.name = "pls",
             .doc = "PLS-DA: partial least squares (NIPALS) scores of the training rows against "
                    "their class indicators (both blocks standardised, as PLSRegression)",
             .params = {ParamDeclaration{.name = "components",
                                         .type = ParamType::integer,
                                         .default_value = 2LL,
                                         .doc = "components kept (at most the number of features)",
                                         .check = at_least(1)}}},
    .configure =
        configured_by_factory<Reducer>([](const ParamSet& params) -> std::unique_ptr<Reducer> {
          return std::make_unique<PlsReducer>(params.integer("components"));
        }),
    .check_training_rows = [](int training_classes, long long) -> std::optional<std::string> {
      if (training_classes >= 2) return std::nullopt;
      return "pls needs training rows of at least two classes (with one, the class indicators "
             "are constant and explain nothing)";
    }}};

}  // namespace
}  // namespace tsfs
