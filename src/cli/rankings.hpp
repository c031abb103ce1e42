#pragma once
// `runner rankings SPEC`: how much the spec's selectors agree. For every dataset, every selector
// parameter set (and, for selectors that use a distance, every distance of the spec) is fitted
// ONCE: on the training rows of the dataset's first fold (fit_on: train) or on all rows
// (fit_on: all). The Kendall tau-b between every two resulting score vectors is written to
// <output>/rankings/<dataset>_kendall.csv: a square matrix with a header row and a first column
// of labels "kind(param=value,...)" (plus " @ distance-label" for distance-based selectors).
// Nothing of the sweep (evaluations, results.csv) is run.
#include <Eigen/Core>
#include <vector>

#include "config/spec.hpp"
#include "sweep/run/run.hpp"

namespace tsfs {

int export_rankings(const Spec& spec, const RunOptions& options);

// Kendall tau-b between two score vectors oriented so that SMALLER is better (a descending
// selector's scores are negated first), over the features whose keys are not NaN in both:
// tau_b = (C - D) / sqrt((P - T_x)(P - T_y)), P = pairs, C / D = concordant / discordant pairs,
// T_x / T_y = pairs tied in x / y. Exactly tied scores count as ties (not broken by index).
// NaN when fewer than 2 features are left or one side is entirely tied. O(p^2).
double kendall_tau_b(const Eigen::VectorXd& x, const Eigen::VectorXd& y);

}  // namespace tsfs
