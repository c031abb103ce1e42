// Classifier "sklearn": any scikit-learn-compatible classifier named by the import path of its
// class (`estimator: sklearn.ensemble.RandomForestClassifier`), run inside a study like a native
// classifier: the entry's other keys are the estimator's parameters (ComponentInfo::open_params),
// swept and tuned like svc's, and each fold fits a new estimator on its training rows through the
// Python host (common/python_host.hpp).
#include <fmt/format.h>

#include <memory>
#include <string>
#include <utility>

#include "classify/classifier.hpp"
#include "classify/classifier_inputs.hpp"
#include "classify/python_estimator_fit.hpp"

namespace tsfs {
namespace {

ComponentInfo sklearn_info();

class SklearnClassifier final : public Classifier {
 public:
  explicit SklearnClassifier(const ParamSet& params)
      : estimator_(params.text("estimator")),
        standardize_(params.boolean("standardize")),
        estimator_params_(undeclared_params(sklearn_info(), params)) {}

  Predictions fit_predict_scores(const Eigen::MatrixXd& train_features,
                                 const Eigen::VectorXi& train_labels, int classes,
                                 const Eigen::MatrixXd& test_features) const override {
    check_classifier_inputs("sklearn", train_features, train_labels, classes, test_features);
    // Most estimators refuse a single class; the native classifiers predict it.
    if (const int only = single_training_class(train_labels); only >= 0)
      return single_class_predictions(only, test_features.rows(), classes);
    return fit_python_estimator(
        fmt::format("classifier 'sklearn' ({})", estimator_), standardize_, train_features,
        train_labels, test_features,
        [&](const PythonHost& host, const StandardizedRows& rows, long long random_state) {
          PythonPredictions predicted =
              host.fit_predict(estimator_, estimator_params_, rows.train, train_labels, classes,
                               rows.test, random_state);
          Predictions predictions;
          predictions.labels = std::move(predicted.labels);
          predictions.scores = std::move(predicted.scores);
          return predictions;
        });
  }

 private:
  std::string estimator_;
  bool standardize_;
  PythonParams estimator_params_;
};

ComponentInfo sklearn_info() {
  ComponentInfo info = python_component_info(
      "sklearn",
      "any scikit-learn-compatible classifier by the import path of its class (`estimator: "
      "sklearn.ensemble.RandomForestClassifier`, or your own class importable from the current "
      "folder or PYTHONPATH); the entry's other keys are its parameters, swept and tuned like "
      "svc's (`max_depth: [none, 10]`); random_state, unless given, is a seed of each fit's "
      "own, from its training data; scores from decision_function, else predict_proba",
      "estimator", "the classifier's class, 'package.module.Class'",
      {ParamDeclaration{.name = "standardize",
                        .type = ParamType::boolean,
                        .default_value = ParamValue{true},
                        .doc = "hand the estimator standardised features (each column centred and "
                               "scaled on the fold's training rows, as the native classifiers "
                               "have them); false: the raw feature values"}});
  info.validate = [](const ParamSet& params) {
    return python_estimator_problem(sklearn_info(), params, EstimatorRole::classifier);
  };
  return info;
}

const Registrar<ClassifierRegistration> sklearn_registrar{ClassifierRegistration{
    .info = sklearn_info(),
    .configure = configured_by_factory<Classifier>(
        [](const ParamSet& params) { return std::make_unique<SklearnClassifier>(params); })}};

}  // namespace
}  // namespace tsfs
