// Extractor "python": a researcher's own features, a Python function `f(series, **params)` named
// by import path (or passed to tsfs.run), run inside a study like a native extractor: its columns
// are selected from, cached per dataset and keyed by the function's version, so editing it
// recomputes them. `series` is a 2-D float64 array (series x time steps) when every series has
// the same length, else a list of 1-D arrays; the function returns a pandas DataFrame, a dict
// {name: column} or a tuple (matrix, names), one row per series.
#include <fmt/format.h>

#include <memory>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/python_host.hpp"
#include "features/feature_extractor.hpp"

namespace tsfs {
namespace {

ComponentInfo python_extractor_info();

class PythonExtractor final : public FeatureExtractor {
 public:
  explicit PythonExtractor(const ParamSet& params)
      : function_(params.text("function")),
        function_params_(undeclared_params(python_extractor_info(), params)) {
    check_python_call(python_extractor_info(), function_, 1,
                      function_params_);  // f(series, **params)
  }

  FeatureMatrix extract(const Dataset& dataset, int /*threads*/) const override {
    const PythonHost* host = python_host();
    if (host == nullptr) throw InputError("", kNoPythonHost);
    std::vector<Eigen::VectorXd> series;
    series.reserve(static_cast<size_t>(dataset.rows()));
    for (long long row = 0; row < dataset.rows(); ++row) series.push_back(dataset.series(row));
    try {
      PythonFeatures features = host->series_features(function_, series, function_params_);
      return FeatureMatrix{std::move(features.names), std::move(features.values)};
    } catch (const PythonCallError& error) {
      // Location-less: the run adds the entry's spec line and the dataset.
      throw InputError("", fmt::format("extractor 'python' ({}): {}", function_, error.what()));
    }
  }

 private:
  std::string function_;
  PythonParams function_params_;
};

ComponentInfo python_extractor_info() {
  return python_component_info(
      "python",
      "your own features: a Python function f(series, **params) named by import path "
      "(`function: my_package.features:extract`); series is a 2-D array (series x time steps) "
      "when all have one length, else a list of 1-D arrays; it returns a pandas DataFrame, a dict "
      "{name: column} or (matrix, names), one row per series; the entry's other keys are its "
      "parameters",
      "function", "the function, 'package.module:name'");
}

const Registrar<ExtractorRegistration> python_extractor_registrar{ExtractorRegistration{
    .info = python_extractor_info(),
    .configure = configured_by_factory<FeatureExtractor>(
        [](const ParamSet& params) { return std::make_unique<PythonExtractor>(params); })}};

}  // namespace
}  // namespace tsfs
