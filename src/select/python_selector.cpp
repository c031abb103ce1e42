// Selector "python": a researcher's own score, a Python function `f(X, y, **params) -> scores`
// named by import path, run inside a study with the rest of tsfs's orchestration (grid, folds,
// cache, resume). The function gets the fit rows' usable feature columns (float64, rows x
// columns) and each row's class index, and returns one score per column. A function with a
// parameter named `distances` also gets the distance matrix between those rows (the entry is then
// swept over the spec's distances, as the graph selectors are). Its parameters are the entry's
// other keys (ComponentInfo::open_params), swept like any selector's.
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
        function_params_(undeclared_params(python_info(), params)),
        takes_distances_(takes_distances(function_)) {
    for (const auto& [name, value] : function_params_)
      if (takes_distances_ && name == "distances")
        throw ParamValueRefused(
            ParamProblem{"distances",
                         "the function takes the distance matrix as `distances`: the spec cannot "
                         "give a parameter of that name"});
    // f(X, y, **params), with distances=D when it takes them.
    check_python_call(
        python_info(), function_, 2, function_params_,
        takes_distances_ ? std::vector<std::string>{"distances"} : std::vector<std::string>{});
  }

  SelectorScores score(const SelectionProblem& problem) const override {
    const PythonHost* host = python_host();
    if (host == nullptr) throw InputError("", kNoPythonHost);
    if (problem.labels == nullptr) throw std::invalid_argument("python selector: no labels given");
    if (takes_distances_ && problem.distances == nullptr)
      throw std::invalid_argument("python selector: its function takes distances, none given");
    SelectorScores result;
    try {
      result.scores =
          host->feature_scores(function_, problem.features, *problem.labels, function_params_,
                               takes_distances_ ? problem.distances : nullptr);
    } catch (const PythonCallError& error) {
      // Location-less: the run adds the entry's spec line, the dataset and the fold.
      throw InputError("", fmt::format("selector 'python' ({}): {}", function_, error.what()));
    }
    return result;
  }

  ScoreOrder order() const override { return order_; }
  bool asks_for_distances() const override { return takes_distances_; }

 private:
  // Asked once, when the spec is loaded; an import the spec's `version:` kept from validate's
  // check fails here at the function's line.
  static bool takes_distances(const std::string& function) {
    try {
      return python_host()->takes_distances(function);
    } catch (const PythonCallError& error) {
      throw ParamValueRefused(ParamProblem{"function", error.what()});
    }
  }

  std::string function_;
  ScoreOrder order_;
  PythonParams function_params_;
  bool takes_distances_;
};

ComponentInfo python_info() {
  return python_component_info(
      "python",
      "your own score: a Python function f(X, y, **params) -> one score per feature, named by "
      "import path (`function: my_package.scores:my_score`, importable from the current folder "
      "or PYTHONPATH); a function with a parameter `distances` also gets the fit rows' distance "
      "matrix and is swept over the spec's distances; the entry's other keys are its "
      "parameters, swept like any selector's",
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
