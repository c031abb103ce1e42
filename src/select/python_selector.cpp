// Selector "python": a researcher's own score, a Python function `f(X, y, **params) -> scores`
// named by import path, run inside a study with the rest of tsfs's orchestration (grid, folds,
// cache, resume). The function gets the fit rows' usable feature columns (float64, rows x
// columns) and each row's class index, and returns one score per column. Its parameters are the
// entry's other keys (ComponentInfo::open_params), swept like any selector's.
#include <fmt/format.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/error.hpp"
#include "common/python_host.hpp"
#include "select/selector.hpp"
#include "select/selector_params.hpp"

namespace tsfs {
namespace {

ComponentInfo python_info();

class PythonSelector final : public Selector {
 public:
  explicit PythonSelector(const ParamSet& params)
      : function_(params.text("function")),
        order_(params.text("order") == "ascending" ? ScoreOrder::ascending
                                                   : ScoreOrder::descending),
        function_params_(undeclared_params(python_info(), params)) {}

  SelectorScores score(const SelectionProblem& problem) const override {
    const PythonHost* host = python_host();
    if (host == nullptr) throw InputError("", kNoPythonHost);
    if (problem.labels == nullptr) throw std::invalid_argument("python selector: no labels given");
    SelectorScores result;
    try {
      result.scores =
          host->feature_scores(function_, problem.features, *problem.labels, function_params_);
    } catch (const PythonCallError& error) {
      // Location-less: the run adds the entry's spec line, the dataset and the fold.
      throw InputError("", fmt::format("selector 'python' ({}): {}", function_, error.what()));
    }
    return result;
  }

  ScoreOrder order() const override { return order_; }

 private:
  std::string function_;
  ScoreOrder order_;
  PythonParams function_params_;
};

ComponentInfo python_info() {
  return python_component_info(
      "python",
      "your own score: a Python function f(X, y, **params) -> one score per feature, named by "
      "import path (`function: my_package.scores:my_score`, importable from the current folder "
      "or PYTHONPATH); the entry's other keys are its parameters, swept like any selector's",
      "function", "the function, 'package.module:name'",
      {order_param("descending", "which end of the function's score is kept first")});
}

SelectorRegistration python_registration() {
  SelectorRegistration registration;
  registration.info = python_info();
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure = configured_by(
      [](const ParamSet& params) { return std::make_unique<PythonSelector>(params); });
  return registration;
}

const Registrar<SelectorRegistration> python_registrar{python_registration()};

}  // namespace
}  // namespace tsfs
