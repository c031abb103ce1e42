// Reducer "sklearn": any scikit-learn-compatible transformer named by the import path of its
// class (`reduce: {kind: sklearn, estimator: sklearn.decomposition.FastICA, n_components: 5}`),
// between selection and classification like a native reducer: each fold fits a new transformer on
// its training rows (fit_transform, as a Pipeline does) and transforms its test rows with it,
// through the Python host (common/python_host.hpp). The entry's other keys are the transformer's
// parameters (ComponentInfo::open_params), written in the reducer_ columns.
#include <memory>
#include <string>
#include <utility>

#include "classify/python_estimator_fit.hpp"
#include "reduce/projection_reducer.hpp"
#include "reduce/reducer.hpp"

namespace tsfs {
namespace {

ComponentInfo sklearn_reducer_info();

class SklearnReducer final : public Reducer {
 public:
  explicit SklearnReducer(const ParamSet& params)
      : estimator_(params.text("estimator")),
        standardize_(params.boolean("standardize")),
        estimator_params_(undeclared_params(sklearn_reducer_info(), params)) {}

  Reduction fit_transform(const Eigen::MatrixXd& train, const Eigen::VectorXi& train_labels, int,
                          const Eigen::MatrixXd& test) const override {
    return fit_python_estimator(
        "", standardize_, train, train_labels, test,
        [&](const PythonHost& host, const StandardizedRows& rows, long long random_state) {
          PythonTransformed transformed = host.fit_transform(
              estimator_, estimator_params_, rows.train, train_labels, rows.test, random_state);
          return Reduction{std::move(transformed.train), std::move(transformed.test)};
        });
  }

 private:
  std::string estimator_;
  bool standardize_;
  PythonParams estimator_params_;
};

ComponentInfo sklearn_reducer_info() {
  ComponentInfo info = python_component_info(
      "sklearn",
      "any scikit-learn-compatible transformer by the import path of its class (`estimator: "
      "sklearn.decomposition.FastICA`, or your own class with fit and transform importable from "
      "the current folder or PYTHONPATH), fitted on each fold's training rows; the entry's other "
      "keys are its parameters; random_state, unless given, is a seed of each fit's own",
      "estimator", "the transformer's class, 'package.module.Class'", {standardize_param()});
  info.validate = [](const ParamSet& params) {
    return python_estimator_problem(sklearn_reducer_info(), params, EstimatorRole::transformer);
  };
  return info;
}

const Registrar<ReducerRegistration> sklearn_registrar{
    ReducerRegistration{.info = sklearn_reducer_info(),
                        .configure = configured_by_factory<Reducer>([](const ParamSet& params) {
                          return std::make_unique<SklearnReducer>(params);
                        })}};

}  // namespace
}  // namespace tsfs
