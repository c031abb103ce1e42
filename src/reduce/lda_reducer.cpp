// Linear discriminant analysis (registered as "lda"): the training rows projected on Fisher's
// discriminant directions, at most classes - 1 (linear_discriminant.hpp, scikit-learn 1.2.1's
// LinearDiscriminantAnalysis(solver="svd").transform).
#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "classify/standardize.hpp"
#include "common/error.hpp"
#include "reduce/linear_discriminant.hpp"
#include "reduce/projection_reducer.hpp"

namespace tsfs {
namespace {

class LdaReducer final : public Reducer {
 public:
  LdaReducer(std::optional<long long> components, bool standardize_columns)
      : components_(components), standardize_(standardize_columns) {}

  Reduction fit_transform(const Eigen::MatrixXd& train, const Eigen::VectorXi& train_labels,
                          int classes, const Eigen::MatrixXd& test) const override {
    const StandardizedRows rows =
        standardize_ ? standardize(train, test) : StandardizedRows{train, test};
    // Fitted on the classes the training rows hold, as scikit-learn does: a class absent from a
    // fold's training rows (one only in the TEST file, a small class under k folds) has no mean.
    const std::vector<int> present = present_classes(train_labels, classes);
    const auto fitted_classes = static_cast<int>(present.size());
    if (fitted_classes < 2)
      throw InputError("", "lda needs training rows of at least two classes, these hold one");
    if (train.rows() <= fitted_classes)
      throw InputError("", fmt::format("lda needs more training rows than classes, these are {} "
                                       "rows of {} classes",
                                       train.rows(), fitted_classes));
    std::vector<int> index_of(static_cast<size_t>(classes), -1);
    for (size_t i = 0; i < present.size(); ++i)
      index_of[static_cast<size_t>(present[i])] = static_cast<int>(i);
    Eigen::VectorXi labels(train_labels.size());
    for (Eigen::Index r = 0; r < train_labels.size(); ++r)
      labels(r) = index_of[static_cast<size_t>(train_labels(r))];
    const LinearDiscriminant model = linear_discriminant(rows.train, labels, fitted_classes);
    Eigen::Index kept = std::min<Eigen::Index>(model.scalings.cols(), fitted_classes - 1);
    if (components_) kept = std::min<Eigen::Index>(kept, *components_);
    return {discriminant_scores(model, rows.train, kept),
            discriminant_scores(model, rows.test, kept)};
  }

  // scikit-learn's LinearDiscriminantAnalysis: n_components <= min(n_classes - 1, n_features).
  std::optional<ComponentLimit> component_limit(long long, long long features,
                                                int training_classes) const override {
    const long long allowed = std::min<long long>(training_classes - 1, features);
    if (!components_ || *components_ <= allowed) return std::nullopt;
    return ComponentLimit{*components_, allowed, "min(training classes - 1, features)"};
  }

 private:
  std::optional<long long> components_;
  bool standardize_;
};

const Registrar<ReducerRegistration> lda_registrar{ReducerRegistration{
    .info = {.name = "lda",
             .doc = "linear discriminant analysis: the training rows' Fisher discriminant "
                    "directions (at most classes - 1)",
             .params = {ParamDeclaration{.name = "components",
                                         .type = ParamType::optional_integer,
                                         .default_value = std::monostate{},
                                         .doc = "directions kept (none: all, at most classes - 1)",
                                         .check = none_or(at_least(1))},
                        standardize_param()}},
    .configure =
        configured_by_factory<Reducer>([](const ParamSet& params) -> std::unique_ptr<Reducer> {
          std::optional<long long> components;
          if (!std::holds_alternative<std::monostate>(params.at("components")))
            components = params.integer("components");
          return std::make_unique<LdaReducer>(components, params.boolean("standardize"));
        }),
    .check_training_rows = [](int training_classes,
                              long long training_rows) -> std::optional<std::string> {
      if (training_classes < 2)
        return "lda needs training rows of at least two classes to find a discriminant direction";
      if (training_rows <= training_classes)
        return fmt::format(
            "lda needs more training rows than classes ({} rows of {} classes "
            "leave no within-class scatter; scikit-learn refuses them too)",
            training_rows, training_classes);
      return std::nullopt;
    }}};

}  // namespace
}  // namespace tsfs
