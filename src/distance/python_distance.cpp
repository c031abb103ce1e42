// Distance "python": a researcher's own distance between series, a Python function named by
// import path (or passed to tsfs.run), run inside a study like a native distance: its matrices
// feed the Laplacian scores, SPEC and the 1-NN classifier, are cached per dataset and keyed by
// the function's version (editing it recomputes them). By default the function compares two
// series, f(a, b, **params) -> float, called once per pair under the interpreter's lock; with
// `whole_set: true` it gets every series at once, f(series, **params) -> matrix, so that NumPy
// or a library computes the matrix at its own speed.
#include <fmt/format.h>

#include <cctype>
#include <memory>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/python_host.hpp"
#include "distance/distance.hpp"

namespace tsfs {
namespace {

ComponentInfo python_distance_info();

// The function's own name ("pkg.module:name" or "pkg.module.name" gives "name"), and each of
// its parameters as "key=value": a label tells the grid's distances apart in file names and the
// `distance` column.
std::string default_label(const std::string& function, const PythonParams& params) {
  std::string label = "python-" + function.substr(function.find_last_of(":.") + 1);
  for (const auto& [name, value] : params) label += "-" + name + "=" + display_value(value);
  for (char& c : label)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.' &&
        c != '=')
      c = '_';
  return label;
}

class PythonDistance final : public DistanceMeasure {
 public:
  explicit PythonDistance(const ParamSet& params)
      : function_(params.text("function")),
        whole_set_(params.boolean("whole_set")),
        function_params_(undeclared_params(python_distance_info(), params)),
        label_(params.text("label").empty() ? default_label(function_, function_params_)
                                            : params.text("label")) {
    // f(series, **params) for the whole set, f(a, b, **params) per pair.
    check_python_call(python_distance_info(), function_, whole_set_ ? 1 : 2, function_params_);
  }

  Eigen::MatrixXd pairwise(const Dataset& dataset, int /*threads*/) const override {
    return computed(dataset, {}, {});
  }

  // A pair function is called for the block's pairs alone (a test split against its training
  // rows: far fewer than the whole matrix's); a whole-set function's matrix is sliced.
  Eigen::MatrixXd block(const Dataset& dataset, const std::vector<int>& rows,
                        const std::vector<int>& columns, int /*threads*/) const override {
    return computed(dataset, rows, columns);
  }

  std::string label() const override { return label_; }

 private:
  Eigen::MatrixXd computed(const Dataset& dataset, const std::vector<int>& rows,
                           const std::vector<int>& columns) const {
    const PythonHost* host = python_host();
    if (host == nullptr) throw InputError("", kNoPythonHost);
    std::vector<Eigen::VectorXd> series;
    series.reserve(static_cast<size_t>(dataset.rows()));
    for (long long row = 0; row < dataset.rows(); ++row) series.push_back(dataset.series(row));
    try {
      return host->series_distances(function_, series, function_params_, whole_set_, rows, columns);
    } catch (const PythonCallError& error) {
      // Location-less: the run adds the entry's spec line and the dataset.
      throw InputError("", fmt::format("distance 'python' ({}): {}", function_, error.what()));
    }
  }

  std::string function_;
  bool whole_set_;
  PythonParams function_params_;
  std::string label_;
};

ComponentInfo python_distance_info() {
  return python_component_info(
      "python",
      "your own distance between series: a Python function f(a, b, **params) -> float, named "
      "by import path (`function: my_package.distances:shape`), called once per pair; with "
      "whole_set: true, f(series, **params) -> the whole matrix (series as a 2-D array when all "
      "have one length, else a list of 1-D arrays); the entry's other keys are its parameters",
      "function", "the function, 'package.module:name'",
      {ParamDeclaration{.name = "whole_set",
                        .type = ParamType::boolean,
                        .default_value = ParamValue{false},
                        .doc = "the function takes every series at once and returns the matrix "
                               "(faster: one call per dataset)"},
       ParamDeclaration{.name = "label",
                        .type = ParamType::text,
                        .default_value = ParamValue{std::string()},
                        .doc = "the distance's label in results (default: python-NAME and the "
                               "parameters)"}});
}

const Registrar<DistanceRegistration> python_distance_registrar{DistanceRegistration{
    .info = python_distance_info(),
    .configure = configured_by_factory<DistanceMeasure>(
        [](const ParamSet& params) { return std::make_unique<PythonDistance>(params); })}};

}  // namespace
}  // namespace tsfs
