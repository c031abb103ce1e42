#pragma once
// What the Python estimators of a spec (classifier `sklearn`, reducer `sklearn`) do around one
// fold's fit: the installed host, the rows standardised when the entry asks, the fit's own
// random_state, and the estimator's failure worded as the user's input error.
#include <fmt/format.h>

#include <Eigen/Core>
#include <string>
#include <string_view>

#include "classify/standardize.hpp"
#include "common/error.hpp"
#include "common/python_host.hpp"

namespace tsfs {

// call(host, rows, random_state) for the fold's training and test rows (standardised with the
// training rows' statistics when `standardize_rows`), random_state from fit_random_state. Throws a
// location-less InputError (the run adds the spec's line, the dataset and the fold) without a
// host, or with a PythonCallError's message (after `context` unless it is empty).
template <typename Call>
auto fit_python_estimator(std::string_view context, bool standardize_rows,
                          const Eigen::MatrixXd& train, const Eigen::VectorXi& train_labels,
                          const Eigen::MatrixXd& test, Call&& call) {
  const PythonHost* host = python_host();
  if (host == nullptr) throw InputError("", kNoPythonHost);
  const StandardizedRows rows =
      standardize_rows ? standardize(train, test) : StandardizedRows{train, test};
  try {
    return call(*host, rows, fit_random_state(train, train_labels));
  } catch (const PythonCallError& error) {
    throw InputError("", context.empty() ? std::string(error.what())
                                         : fmt::format("{}: {}", context, error.what()));
  }
}

}  // namespace tsfs
