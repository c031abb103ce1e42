#pragma once
// Test helpers for registered selectors: complete a parameter set the way the spec loader does
// (explicit values, then the component's presets, then ParamDeclaration defaults) and build the
// selector.
#include <Eigen/Core>
#include <initializer_list>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>

#include "select/selector.hpp"

namespace tsfs::testing {

inline const SelectorRegistration& selector_registration(const std::string& name) {
  const SelectorRegistration* registration = SelectorRegistry::instance().find(name);
  if (registration == nullptr) throw std::logic_error("selector not registered: " + name);
  return *registration;
}

// Like the spec loader: presets first, then defaults, result in declaration order. Parameters
// still missing are left out (the loader would report them).
inline ParamSet complete_params(const ComponentInfo& info, ParamSet chosen) {
  if (info.apply_presets)
    if (auto problem = info.apply_presets(chosen))
      throw std::invalid_argument(problem->param + ": " + problem->message);
  ParamSet complete;
  for (const ParamDeclaration& spec : info.params) {
    if (chosen.has(spec.name))
      complete.set(spec.name, chosen.at(spec.name));
    else if (spec.default_value)
      complete.set(spec.name, *spec.default_value);
  }
  return complete;
}

inline std::shared_ptr<const Selector> make_selector(const std::string& name,
                                                     const ParamSet& explicit_params = {}) {
  const SelectorRegistration& registration = selector_registration(name);
  return configure_selector(registration, complete_params(registration.info, explicit_params));
}

inline ParamSet params_of(std::initializer_list<std::pair<const char*, ParamValue>> values) {
  ParamSet params;
  for (const auto& [name, value] : values) params.set(name, value);
  return params;
}

// Random rows in three loose clusters (row % 3), column j with noise scale 1 + j, so kNN graphs
// are irregular. Draws rows x columns normals from `generator`, row by row.
inline Eigen::MatrixXd clustered_features(int rows, int columns, std::mt19937_64& generator) {
  std::normal_distribution<double> normal(0.0, 1.0);
  Eigen::MatrixXd features(rows, columns);
  for (int row = 0; row < rows; ++row)
    for (int column = 0; column < columns; ++column)
      features(row, column) = 3.0 * (row % 3) + normal(generator) * (1.0 + column);
  return features;
}

// Euclidean distances between the rows of `points`.
inline Eigen::MatrixXd euclidean_distances(const Eigen::MatrixXd& points) {
  Eigen::MatrixXd distances(points.rows(), points.rows());
  for (Eigen::Index row = 0; row < points.rows(); ++row)
    for (Eigen::Index other = 0; other < points.rows(); ++other)
      distances(row, other) = (points.row(row) - points.row(other)).norm();
  return distances;
}

}  // namespace tsfs::testing
