#pragma once
// The plan of nested cross-validation (the spec's `tune:` section): the inner folds of every
// outer fold, which grid cells are candidates of one tuned row, and the inner score units. How the
// candidates are chosen is sweep/run/tuning.hpp; tuned.csv is sweep/store/tuned_rows.hpp.
#include <string>
#include <vector>

#include "config/spec.hpp"
#include "sweep/plan/plan.hpp"

namespace tsfs {

// Whether a tuned parameter applies to the rows of this selector (its own parameters,
// n_features, or a classifier parameter).
bool tuned_parameter_applies(const TunedParameter& parameter, const SelectorSpec& selector);

// The results.csv column of a tuned parameter.
std::string tuned_column(const TunedParameter& parameter);

// The `distance` field of the tuned rows whose candidates are the distances of `distance`'s group
// (one `distances:` item, its untuned parameters fixed): "tuned" when the spec tunes one such
// group, else "tuned-" and what tells the group apart (its kind, fixed parameters and, when two
// items agree in those, its item), so that no two tuned rows share a key.
std::string tuned_distance_field(const Spec& spec, int distance);

struct InnerFolds {
  std::vector<Fold> folds;  // row indices into the dataset, each a subset of its outer train rows
  std::vector<int> outer;   // the outer fold each inner fold splits
};

// The inner protocol applied to the training rows of every outer fold, in outer fold order.
// Throws InputError when the inner protocol cannot split some outer training set.
InnerFolds make_inner_folds(const Dataset& data, const std::vector<Fold>& outer,
                            const ProtocolOptions& inner);

// Whether the spec tunes anything of this selector's rows (one of its own parameters, n_features
// or a classifier parameter).
bool is_tuned(const Spec& spec, const SelectorSpec& selector);

// One results.csv row marked tuned: the grid cells among which each outer fold chooses.
struct TunedCell {
  std::vector<int> candidates;  // plan cell indices, grid order
};

// Tuned rows in the order of their first candidate. Empty without `tune:`.
std::vector<TunedCell> tuned_cells(const Spec& spec, const Plan& plan);

// Per grid cell, whether it is evaluated on the outer folds and written to results.csv: every
// cell, except the tuned rows' candidates under `tune.outer: chosen` (evaluated on the inner folds
// only; each outer fold evaluates just the candidate it chose, for the tuned row).
std::vector<bool> reported_cells(const Spec& spec, const Plan& plan,
                                 const std::vector<TunedCell>& tuned);

// The score units of the inner folds of some tuned rows.
struct InnerPlan {
  Plan units;  // only score_units is used
  // [tuned row][candidate][inner fold] -> index into units.score_units
  std::vector<std::vector<std::vector<int>>> unit_of;
};

// Inner fold g of a dataset is fold index folds.size() + g (PreparedDataset::fold). A selector
// with fit_on: all sees every row of the outer fold's training set (never its test rows).
InnerPlan make_inner_plan(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                          const Plan& plan, const std::vector<TunedCell>& tuned);

}  // namespace tsfs
