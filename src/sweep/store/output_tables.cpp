#include "sweep/store/output_tables.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <stdexcept>

#include "evaluate/duplicates.hpp"
#include "sweep/store/output_writer.hpp"
#include "sweep/store/skipped.hpp"
#include "sweep/store/tuned_rows.hpp"

namespace tsfs {
namespace {

bool always(const Spec&, const ResultLayout&) {
  return true;
}

const char* const kResultsColumns =
    R"(The key columns, then (a run folder written before exact means, 2026-12, is brought up to date
from its folds.csv by `scripts/refresh_fold_means.py RUN_DIR`; the runner refuses to resume one
whose means disagree with its folds):

| column | content |
|---|---|
| `accuracy` | mean over folds (or resamples), exact: the folds' fractions correct / n_test summed as fractions and rounded once, so two cells whose folds give the same total (in any order) have the same double (src/evaluate/fold_means.hpp) |
| `accuracy_std` | the plain sample standard deviation of the fold (or resample) accuracies, n - 1 in the denominator; empty for one fold. Not a standard error and not an interval: resamples and k-fold training sets overlap, so it understates the uncertainty of the mean ([comparing](comparing.md) tests across datasets instead) |
| `balanced_accuracy` | mean over folds, the values summed in ascending order (the same values in any order give the same double) |
| `<metric>`, `<metric>_std` | for each `metrics:` entry, in the order listed: mean (summed in ascending order) and plain sample std over folds; empty when undefined on a fold |
| `n_folds` | folds evaluated |
| `n_features_used` | the fewest features any fold's classifier got: below n_features when fewer columns are usable (e.g. NaN-padded variable-length series, columns constant on the fit rows); the log counts such cells |
| `n_components` | with `reduce:` only: the mean over folds of the components each fold's classifier got (fewer than asked when the selected features or, for lda, the classes allow fewer) |
| `reconstruction_error` | with `reduce:` by pca, svd or nmf only: the mean over folds of ||X - X^||_F, the Frobenius norm of what the kept components leave out of the fold's training rows (as the reducer saw them: for pca and svd z-scored unless `standardize: false`, for nmf the raw values) |
| `non_converged_fits` | with a liblinear classifier (`linear_svc`, `logistic`) only: the folds whose fit stopped at liblinear's iteration cap before meeting `tol` (any one-vs-rest class counts); their accuracy is that of an unfinished model, and the log warns ([methods](methods.md#linear-models-that-stop-at-the-iteration-cap)) |
| `zero_weight_fraction` | mean over folds of the fraction of zero-weight edges of the selector's graph (empty for selectors without a graph), so a degenerate graph is visible |
| `fit_seconds` | wall-clock seconds summed over folds; empty with `--no-timings` |

Rows come in grid order; with `tune:` one row per tuned combination follows the grid cells, with
`tuned` in the tuned parameters' columns. A tuned distance parameter's column is `distance`: `tuned`
when the spec tunes one group of distances (one `distances:` item, its other parameters fixed),
else what tells the row's group apart, so that no two tuned rows share a key: its kind
(`tuned-dtw`, `tuned-msm` when both are tuned), the fixed parameters in which groups of its kind
differ (`tuned-msm-window=0.25`), and its item when two items agree in those (`tuned-dtw-item2`).
With `tune.outer: chosen` the tuned rows' candidates have no row of their own (only the candidate
each outer fold chose was evaluated there, for the tuned row).
)";

const char* const kFoldsColumns =
    R"(The key columns, then `repeat`, `fold` (the resample number is `repeat` under `resamples`),
`n_train`, `n_test`, `n_features_used`, `n_components` (with `reduce:` only), `reconstruction_error`
(with pca, svd or nmf), `non_converged_fits` (with a liblinear classifier only: 1 when the fold's
fit stopped at the iteration cap, else 0), `accuracy`, `balanced_accuracy`, one column per
`metrics:` entry (`<metric>`, empty where undefined), `zero_weight_fraction` and `fit_seconds`,
for that fold alone.
)";

const char* const kScoresColumns =
    R"(One row per feature of every score vector: `dataset`, `distance`, `selector`, `fit_on`, one column
per selector parameter (as in the key columns), `repeat` and `fold` (both empty for a vector fitted
on all rows, `fit_on: all`), `feature_index` (0-based column), `feature` (its name), `score`,
`score_std_error` (only when a selector of the spec gives standard errors, i.e. shapley; empty for
other selectors' rows and for one permutation), `rank` (0 = kept first). A vector whose solver did
not converge has score `nan` and an empty rank.
)";

const char* const kMeasuresColumns =
    R"(The key columns of scores.csv (`dataset`, `distance`, `selector`, `fit_on`, one column per
selector parameter, `repeat`, `fold`), then `measure` and `value`, one row per
measure of every score vector of such a selector. similarity_constraint reports `m_hat` (the subset
size m^ = argmin_m J(F_m)), `objective_at_m_hat` (J(F_m^)), `constraint_pairs` (|P|), and with
`variant: semi_supervised` `must_links_inferred`, `coverage` (COV: inferred links / unlabelled
rows; empty when no row is unlabelled) and `correct_ratio` (CR: links whose hidden label is the
prototype's class; empty when none was inferred).
)";

const char* const kCurvesColumns =
    R"(The key columns of each chosen cell, then `repeat`, `fold`, `curve` (`pr` or `roc`), `class`,
`score_threshold` (not `threshold`, which is a selector parameter's name), `x`, `y`. Each fold of a
chosen cell gives one curve, and the test rows of every fold together give one more (`fold` =
`pooled`, `repeat` empty). ROC: x = false positive rate, y = true positive rate, thresholds
descending from max + 1, collinear points dropped (scikit-learn's `roc_curve` with
`drop_intermediate=True`). Precision-recall: x = recall, y = precision, thresholds ascending, then
the point (0, 1) without a threshold (scikit-learn's `precision_recall_curve`). Several classes give
one curve per class, one-vs-rest (`class` names the positive class; with two classes, class 1 of
two). Empty values: undefined (a class without positive or negative rows).
)";

const char* const kTunedColumns =
    R"(The key columns of the tuned row, then `repeat`, `fold` (the outer fold), `candidates` (the grid
cells it chose among), `inner_protocol` (e.g. `stratified_kfold(folds=3;repeats=1;seed=0)`), `ties`
(`first` or `last`: the spec's `tune.ties`), `chosen_<column>` for each tuned parameter (the
selector parameter's column, `chosen_classifier_C`, `chosen_n_features`; one `chosen_distance`, the
chosen distance's label, for every tuned distance parameter), `inner_<metric>` (the chosen
candidate's mean inner score: `inner_accuracy`, `inner_roc_auc`, ...), `tied_candidates` (how many
candidates share that best score: 1 when the data decided, more when the tie rule did; empty when
the score is undefined), then the outer fold's `accuracy`, `balanced_accuracy` and each `metrics:`
entry (`<metric>`).
)";

const char* const kDuplicatesColumns =
    R"(One row per dataset: `dataset`, `rows_loaded`, `duplicate_rows` (rows identical to an earlier
row), `duplicate_groups` (groups of two or more identical rows), `mixed_label_groups` (groups whose
copies do not all share one label), `straddling_protocol` (copies straddling the protocol's own
splits, summed over folds), `handling` (`keep`, `drop`, `group`), `rows_used` (after `drop`),
`straddling_used` (in the folds used: 0 with `group` or `drop`).
)";

const char* const kSkippedColumns =
    R"(`dataset`, `component`, `reason`: what an archive study (`datasets: {archive: ...}`) left out,
and the error (a data file's path and line where there is one; a place in the spec is left out, so
that a sharded run's merge, which reads the spec from `plan/spec.yaml`, writes the file a single run
writes). `component` is `dataset` when the whole dataset was left out (or an archive entry that is
not a dataset), else the selector or distance whose cells were skipped on that dataset (`distance
'ned'`, `selector 'laplacian'`). Header only when none.
)";

const char* const kCellStatusColumns =
    R"(The key columns of the cells that could not be evaluated, `status` (`not_converged`) and
`reason` (a selector's solver, e.g. SPEC's Lanczos eigensolver, stopped before converging on some
fold's rows: solver, eigenpairs converged, iterations, dataset, distance, parameters, fold). Such
cells have no row in results.csv; the sweep goes on with the others, `manifest.json` counts them
(`cells_not_converged`), and a tuned row chooses among the candidates that converged. After a
merge, a shard's cells whose selector did not converge count as done.
)";

const char* const kWorkSecondsColumns =
    R"(The work group's key columns (dataset, distance, selector and its parameters: one selector
parameter set on one dataset and distance, with its score vectors and every cell ranked with them),
then `rows` (the results.csv rows that need the group: its cells, and the tuned rows with a
candidate among its cells), `rows_resumed` (of those, finished by an earlier run), `score_vectors`,
`dataset_rows` and `dataset_features` (its dataset's series and feature columns), `classifier` (the
spec's classifier entry: its kind and grid points; with the counts, the work the seconds measured),
and the seconds this run spent on it: `score_seconds` (its score vectors; a batch's shared equally
by its units), `fit_seconds` (the distinct classifier fits its score vectors chose the columns of;
a fit two groups share is charged to the first) and `tuning_seconds` (with `tune:`, the inner folds'
score vectors and fits of its candidate cells). Seconds are the working thread's wall seconds, so they
add up to about the CPU time while a run has no more threads than free cores; empty with
`--no-timings`. A group with `rows_resumed` 0 was measured whole: `runner plan --calibrate RUN`
plans on these seconds (docs/cluster.md).
)";

const char* const kRewritten = "rewritten by every run";

const std::vector<OutputTable> kTables = {
    {"results", "one row per grid cell (and per tuned combination)", nullptr, "always",
     "finished rows are read back, checked against their folds.csv rows (means, spreads, counts) "
     "and kept; rows of cells not in this grid, or written with other value columns, go to "
     "`results.stale.csv` and are recomputed as needed (see \"Resuming\")",
     kResultsColumns, always,
     [](const Spec&, const ResultLayout& layout) { return layout.results_header(); },
     ShardMerge::with_results},
    {"folds", "one row per cell x fold", nullptr, "always",
     "read back with results.csv: a cell missing fold rows is recomputed, a damaged row refused "
     "with its line",
     kFoldsColumns, always,
     [](const Spec&, const ResultLayout& layout) { return layout.folds_header(); },
     ShardMerge::with_results},
    {"scores", "every score vector: one row per feature", nullptr,
     "unless the spec says `save_scores: false` (for very large sweeps)", kRewritten,
     kScoresColumns, [](const Spec& spec, const ResultLayout&) { return spec.save_scores; },
     [](const Spec&, const ResultLayout& layout) { return layout.scores_header(); },
     ShardMerge::per_score_feature,
     [](const ResultLayout& layout, const ScoreUnit& unit, const ScoreResult& result) {
       return layout.score_rows(unit, result.scores, result.ranking, result.std_errors);
     }},
    {"selection_measures",
     "one row per score vector and measure of a selector that measures its own fit",
     "a selector that reports measures",
     "with a selector that reports measures of its own fit (today `similarity_constraint`)",
     "rewritten with the scores by every run", kMeasuresColumns,
     [](const Spec&, const ResultLayout& layout) { return layout.reports_measures(); },
     [](const Spec&, const ResultLayout& layout) { return layout.measures_header(); },
     ShardMerge::per_score_unit,
     [](const ResultLayout& layout, const ScoreUnit& unit, const ScoreResult& result) {
       return layout.measure_rows(unit, result.measures);
     }},
    {"curves", "the ROC and precision-recall points of the chosen cells, per fold and pooled",
     "`curves:`", "with `curves:` (a shard leaves it out; the merge writes it)", kRewritten,
     kCurvesColumns, [](const Spec& spec, const ResultLayout&) { return spec.curves.has_value(); },
     [](const Spec&, const ResultLayout& layout) { return layout.curves_header(); },
     ShardMerge::recomputed},
    {"tuned",
     "per tuned row and outer fold: the chosen values, the mean inner score and the outer "
     "accuracy, balanced accuracy and `metrics:`",
     "`tune:`", "with `tune:`",
     "a finished tuned row's rows are read back, checked against its results.csv and folds.csv "
     "rows and kept; rows tuned over other candidates or folds are recomputed; a file with other "
     "columns is moved to `tuned.stale.csv`",
     kTunedColumns, [](const Spec& spec, const ResultLayout&) { return spec.tune.has_value(); },
     [](const Spec& spec, const ResultLayout& layout) { return tuned_header(spec, layout); },
     ShardMerge::per_tuned_fold},
    {"duplicates", "per dataset: identical series found and what `duplicates` did with them",
     nullptr, "always", kRewritten, kDuplicatesColumns, always,
     [](const Spec&, const ResultLayout&) { return duplicates_header(); }, ShardMerge::rewritten},
    {"skipped",
     "the archive datasets, or a dataset's selector or distance cells, left out (header only when "
     "none)",
     nullptr, "always", kRewritten, kSkippedColumns, always,
     [](const Spec&, const ResultLayout&) { return skipped_header(); }, ShardMerge::rewritten},
    {"cell_status", "the cells that could not be evaluated, and why", nullptr,
     "only when some cells could not be evaluated (an earlier run's is removed when none is left)",
     "not read back: a rerun tries those cells again (and, deterministic, records them again)",
     kCellStatusColumns, always,
     [](const Spec&, const ResultLayout& layout) { return layout.cell_status_header(); },
     ShardMerge::with_results},
    {"work_seconds",
     "per work group: the seconds spent on its score vectors, fits and nested CV, for `runner "
     "plan --calibrate`",
     nullptr, "when a run finishes (an interrupted run leaves an earlier copy as it was)",
     "a group the run resumes keeps the earlier row for the same work (its rows and score "
     "vectors) when the run computes none of it or that row is whole; the others are measured "
     "anew; a damaged file stops the run at its line (remove it: timings only)",
     kWorkSecondsColumns, always,
     [](const Spec&, const ResultLayout& layout) { return layout.work_seconds_header(); },
     ShardMerge::per_work_group},
};

std::string merge_markdown(ShardMerge merge) {
  switch (merge) {
    case ShardMerge::with_results:
      return "each cell's rows from the shard that computed it, in grid order, checked as a rerun "
             "checks them (split by folds: a cell's folds.csv rows from the shards of its folds, "
             "its results.csv row computed from them, its cell_status.csv row from the shard "
             "whose fold failed first)";
    case ShardMerge::per_tuned_fold:
      return "each tuned row's rows from the shard of its candidates (split by folds: of each "
             "fold), in results.csv's order";
    case ShardMerge::per_score_feature:
      return "each score vector's rows (one per feature) from the shard that computed it, in the "
             "plan's order; a score that is not a number, a rank or feature_index outside the "
             "vector, a row out of feature order or naming another feature, a rank given twice, "
             "or ranks given for some of a vector's rows only, is refused at its line";
    case ShardMerge::per_score_unit:
      return "each score vector's rows from the shard that computed it, in the plan's order";
    case ShardMerge::per_work_group:
      return "each work group's row from the shard that computed it, in the plan's order (split "
             "by folds: its seconds summed over the shards holding its dataset)";
    case ShardMerge::recomputed:
      return "computed by the merge from the merged rows and the shared cache";
    case ShardMerge::rewritten:
      return "written again from the spec and the data";
  }
  throw std::logic_error("merge_markdown: a ShardMerge without a description");
}

}  // namespace

const std::vector<OutputTable>& output_tables() {
  return kTables;
}

const OutputTable& output_table(const std::string& stem) {
  for (const OutputTable& table : kTables)
    if (stem == table.stem) return table;
  throw std::logic_error(fmt::format("output_table: no table '{}' is declared", stem));
}

std::string output_tables_markdown() {
  std::string text = "| file | written | content |\n|---|---|---|\n";
  for (const OutputTable& table : kTables)
    text += fmt::format("| [`{0}.csv`](#{0}csv) | {1} | {2} |\n", table.stem, table.written_when,
                        table.content);
  for (const OutputTable& table : kTables) {
    text += fmt::format("\n### {}.csv\n\n", table.stem);
    text += fmt::format("**Written:** {}. **Merged from the shards:** {}. **On a rerun:** {}.",
                        table.written_when, merge_markdown(table.merge), table.on_resume);
    if (table.set_aside_without)
      text += fmt::format(
          " An earlier run's copy, when this spec has no {}, is moved to `{}.stale.csv`.",
          table.set_aside_without, table.stem);
    text += fmt::format("\n\n{}", table.columns);
  }
  return text;
}

void set_aside_unwritten_tables(const std::filesystem::path& output, const Spec& spec,
                                const ResultLayout& layout) {
  for (const OutputTable& table : kTables) {
    if (!table.set_aside_without || table.written(spec, layout)) continue;
    const auto path = output / (std::string(table.stem) + ".csv");
    if (!std::filesystem::exists(path)) continue;
    const auto stale = stale_path(output, table.stem);
    std::filesystem::rename(path, stale);
    spdlog::warn("{} is from an earlier run whose spec had {}; moved to {}", path.string(),
                 table.set_aside_without, stale.string());
  }
}

}  // namespace tsfs
