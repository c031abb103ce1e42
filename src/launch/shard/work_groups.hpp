#pragma once
// A sweep's plan cut into work groups, the unit a shard takes whole, and the estimated cost of
// each, so shards are balanced by work rather than by cell counts.
//
// A work group is one (dataset, distance, selector, selector parameters): its score vectors (one
// per fold, or one for fit_on: all) and every cell that ranks features with them (all classifier
// parameters x n_features). Cells of a group are contiguous in grid order, and so are its score
// units in the plan, so a shard's own cells keep their relative grid order and a merge can
// interleave the shards' rows back into the single-run order. Keeping a group whole means no
// score vector is computed twice.
//
// Nested CV (the spec's `tune:`) chooses each tuned row among candidate cells of several groups
// (one per sigma, k, ...): those groups form one bundle, which a shard takes whole, so the shard
// holds every candidate of its tuned rows and chooses among them as a single run does. Without
// `tune:` every group is its own bundle.
//
// Cost model (abstract operations; only ratios matter for balancing, and one measured constant
// turns them into seconds, see docs/cluster.md):
//   score vector fitted on n rows, F features:   n * F, plus n^2 when the selector reads the
//                                                distance matrix (the kNN graph over the rows),
//                                                plus its inner fits (a wrapper's,
//                                                Selector::inner_fits): the spec's classifier's
//                                                at a cell fit's cost, a liblinear model's at
//                                                (kLinearPasses * n_train + n_test) * (m + 1)
//                                                (its solver's passes over the training rows,
//                                                one over the rows it predicts)
//   fit of a cell on one fold, n_train training rows, n_test test rows, m features:
//                                                n_train^2 * (m + kSolverColumns) + n_test *
//                                                n_train * m
//     (the kernel or distance rows over m columns dominate a libsvm / kNN fit; kSolverColumns
//     stands for the solver's own work per kernel entry, measured, see kSolverColumns)
//   distance matrix (the shared artefact, computed once before the shards): n (n - 1) / 2 pairs
//     times L cells for Euclidean-type distances and L * band (band = min(L, 2 window + 1), L
//     without a window) DTW cells for dtw, L the series length.
//   nested CV of a candidate cell: the same score vector and fit costs on every inner fold (its
//     training and test rows), score vectors once per group (fit_on: all: once per outer fold, on
//     its training rows), fits once per cell (tuned rows sharing a candidate share them).
//   tune.outer: chosen fits on each outer fold only the candidate chosen there: a candidate's
//     outer fits count 1 / (its tuned row's candidates), the expected share of a row's one fit.
// Deduplicated evaluations (identical feature subsets) and nested-subset fits make the real
// cost lower than the model for n_features sweeps; both shrink every group alike, so the
// balance holds.
#include <functional>
#include <vector>

#include "config/spec.hpp"
#include "select/selector.hpp"
#include "sweep/plan/plan.hpp"
#include "sweep/plan/tuned_cells.hpp"

namespace tsfs {

struct WorkGroup {
  int dataset = 0;
  int distance = kNoDistance;
  int selector = 0;
  int params = 0;
  size_t first_cell = 0, cells = 0;  // plan.cells[first_cell, first_cell + cells)
  size_t first_unit = 0, units = 0;  // plan.score_units[first_unit, first_unit + units)
  long long fits = 0;  // outer fits before deduplication: reported cells and tuned rows x folds
  double score_cost = 0, fit_cost = 0;
  double tuning_cost = 0;     // the nested CV of its cells that are candidates of tuned rows
  size_t bundle = 0;          // the first group of its bundle (itself without tuned rows)
  size_t tuned_rows = 0;      // tuned rows whose first candidate is one of its cells
  size_t reported_cells = 0;  // its cells that are rows of results.csv (reported_cells)
  bool measured = false;      // costs are a run's measured seconds (calibration.hpp)
  double cost() const { return score_cost + fit_cost + tuning_cost; }
};

// Solver work per kernel entry in units of one column's arithmetic: a rough allowance for
// libsvm's iterations, which matters only for fits on few columns. docs/cluster.md compares the
// model's shard shares with measured shard times.
inline constexpr double kSolverColumns = 10;
// A liblinear fit's passes over its rows and columns: a rough allowance for its solver's
// iterations (a coordinate descent or trust-region Newton method, each step a pass over the data).
inline constexpr double kLinearPasses = 10;

double score_vector_cost(long long rows, long long features, bool uses_distance);
double fit_cost(long long train_rows, long long test_rows, long long features);
double linear_fit_cost(long long train_rows, long long test_rows, long long features);
// The cost of the fits a selector makes while scoring (Selector::inner_fits).
double inner_fits_cost(const std::vector<InnerFits>& fits);

// The inner fits of selector `selector`, grid point `params`, scoring on `rows` fit rows of
// `columns` features.
using InnerFitsOf = std::function<std::vector<InnerFits>(int selector, int params, long long rows,
                                                         long long columns)>;
// rows (rows - 1) / 2 pairs at the distance's pair_cost (distance/distance.hpp) each.
double distance_matrix_cost(long long rows, double pair_cost);

// The plan's work groups in grid order, bundled by the tuned rows `tuned` (tuned_cells of the
// same plan; empty without tune:), whose candidates `outer` evaluates on the outer folds (all of
// them, or the chosen one); each score vector costs the selector's inner fits too, as
// `inner_fits` gives them (none when empty). Throws std::logic_error if the plan's cells or units
// of one group are not contiguous (make_plan's order guarantees it).
std::vector<WorkGroup> work_groups(const std::vector<PreparedDataset>& datasets, const Plan& plan,
                                   const std::vector<TunedCell>& tuned,
                                   OuterEvaluation outer = OuterEvaluation::every_candidate,
                                   const InnerFitsOf& inner_fits = nullptr);

// work_groups with the spec's tuned rows, its tune.outer and its selectors' inner fits.
std::vector<WorkGroup> spec_work_groups(const Spec& spec,
                                        const std::vector<PreparedDataset>& datasets,
                                        const Plan& plan);

// The cost of every distance matrix of the plan, in plan order.
std::vector<double> distance_matrix_costs(const Spec& spec,
                                          const std::vector<PreparedDataset>& datasets,
                                          const Plan& plan);

}  // namespace tsfs
