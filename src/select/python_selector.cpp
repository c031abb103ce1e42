// Selector "python": a researcher's own score, a Python function `f(X, y, **params) -> scores`
// named by import path, run inside a study with the rest of tsfs's orchestration (grid, folds,
// cache, resume). The function gets the fit rows' usable feature columns (float64, rows x
// columns) and each row's class index, and returns one score per column. Its parameters are the
// entry's other keys (ComponentInfo::open_params), swept like any selector's.
#include <fmt/format.h>

#include <algorithm>
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

// The parameters tsfs reads itself; every other one is the function's.
const std::vector<std::string> kOwnParams = {"function", "order", "version"};

class PythonSelector final : public Selector {
 public:
  explicit PythonSelector(const ParamSet& params)
      : function_(params.text("function")),
        order_(params.text("order") == "ascending" ? ScoreOrder::ascending
                                                   : ScoreOrder::descending) {
    for (const auto& [name, value] : params.entries())
      if (std::find(kOwnParams.begin(), kOwnParams.end(), name) == kOwnParams.end())
        function_params_.emplace_back(name, value);
  }

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
  std::vector<std::pair<std::string, ParamValue>> function_params_;
};

// The module's source hash as `version` when the spec gives none, so that editing the function
// makes its cached scores and finished cells stale. Left unset when the function cannot be
// imported here: `validate` then names the problem at the entry's line.
void version_from_source(ParamSet& params) {
  if (params.has("version") || !params.has("function") || python_host() == nullptr) return;
  try {
    params.set("version", python_host()->function_version(params.text("function")));
  } catch (const PythonCallError&) {
  }
}

std::optional<ParamProblem> check_function(const ParamSet& params) {
  if (python_host() == nullptr) return ParamProblem{"function", kNoPythonHost};
  const std::string& function = params.text("function");
  if (function.find(':') == std::string::npos)
    return ParamProblem{"function", fmt::format("'function' is '{}'; write it as "
                                                "'package.module:name'",
                                                function)};
  if (params.text("version").empty()) {
    try {
      python_host()->function_version(function);
    } catch (const PythonCallError& error) {
      return ParamProblem{"function", error.what()};
    }
  }
  return std::nullopt;
}

SelectorRegistration python_registration() {
  SelectorRegistration registration;
  registration.info.name = "python";
  registration.info.doc =
      "your own score: a Python function f(X, y, **params) -> one score per feature, named by "
      "import path (`function: my_package.scores:my_score`, importable from the current folder "
      "or PYTHONPATH); the entry's other keys are its parameters, swept like any selector's";
  registration.info.params = {
      ParamDeclaration{.name = "function",
                       .type = ParamType::text,
                       .doc = "the function, 'package.module:name'",
                       .sweepable = false},
      order_param("descending", "which end of the function's score is kept first"),
      ParamDeclaration{.name = "version",
                       .type = ParamType::text,
                       .default_value = ParamValue{std::string()},
                       .doc = "what identifies the function's code in cache keys; by default the "
                              "hash of its module's source file, so editing it makes earlier "
                              "scores and cells stale",
                       .sweepable = false}};
  registration.info.open_params = true;
  registration.info.apply_presets = version_from_source;
  registration.info.validate = check_function;
  registration.supervised = true;
  registration.uses_distance = false;
  registration.configure = configured_by(
      [](const ParamSet& params) { return std::make_unique<PythonSelector>(params); });
  return registration;
}

const Registrar<SelectorRegistration> python_registrar{python_registration()};

}  // namespace
}  // namespace tsfs
