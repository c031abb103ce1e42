#include "sweep/run/curves.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>

#include "classify/classifier.hpp"
#include "common/error.hpp"
#include "common/files.hpp"
#include "common/hash.hpp"
#include "common/parallel.hpp"
#include "common/text.hpp"
#include "evaluate/curves.hpp"
#include "report/csv_table.hpp"
#include "sweep/store/previous_results.hpp"

namespace tsfs {
namespace {

// A `where` value matches a key field written the same way, or as the same number.
bool field_matches(const std::string& field, const std::string& wanted) {
  if (field == wanted) return true;
  const auto a = parse_double(field), b = parse_double(wanted);
  return a && b && *a == *b;
}

struct FoldScores {
  Eigen::VectorXi truth;
  Eigen::MatrixXd scores;
};

std::string optional_number(double value) {
  return std::isnan(value) ? "" : format_double(value);
}

// The rows of one curve kind for one binary problem (score column `column`, class `positive`).
void add_curve_rows(CurveKind kind, const std::vector<bool>& positive,
                    const Eigen::Ref<const Eigen::VectorXd>& scores,
                    const std::vector<std::string>& prefix, CsvTable& table) {
  const auto points = kind == CurveKind::roc ? roc_curve(positive, scores)
                                             : precision_recall_curve(positive, scores);
  for (const CurvePoint& point : points) {
    auto row = prefix;
    row.push_back(optional_number(point.threshold));
    row.push_back(optional_number(point.x));
    row.push_back(optional_number(point.y));
    table.rows.push_back(std::move(row));
  }
}

// Every fold of the cells refitted (the direct path), with its test rows' classes and scores: one
// task per (cell, fold), each storing its own result, so the order never depends on threads.
std::vector<FoldScores> refitted_fold_scores(const LoadedRun& loaded,
                                             const std::vector<ScoreResult>& scores,
                                             const std::vector<size_t>& cells, int threads) {
  const Plan& plan = loaded.plan;
  std::vector<std::pair<size_t, size_t>> tasks;
  for (const size_t c : cells)
    for (size_t f = 0; f < plan.cells[c].score_units.size(); ++f) tasks.emplace_back(c, f);
  std::vector<FoldScores> fold_scores(tasks.size());
  parallel_for(tasks.size(), threads, [&](size_t t) {
    const Cell& cell = plan.cells[tasks[t].first];
    const PreparedDataset& dataset = loaded.datasets[static_cast<size_t>(cell.dataset)];
    const Fold& fold = dataset.folds[tasks[t].second];
    // Curves of a classifier of distances are refused when the spec is loaded.
    const EvaluationKey key{
        cell.dataset,
        static_cast<int>(tasks[t].second),
        cell.classifier_params,
        selected_features(scores[static_cast<size_t>(cell.score_units[tasks[t].second])],
                          cell.n_features),
        kNoDistance,
        cell.reducer_params};
    fold_scores[t] = {dataset.data.labels(fold.test_rows),
                      fold_predictions(loaded.spec, dataset, key, nullptr).predictions.scores};
  });
  return fold_scores;
}

}  // namespace

std::vector<size_t> curve_cells(const Spec& spec, const ResultLayout& layout, const Plan& plan,
                                const std::vector<bool>& reported) {
  const auto& header = layout.key_header();
  std::vector<size_t> cells;
  for (size_t c = 0; c < plan.cells.size(); ++c) {
    if (!reported[c]) continue;
    const auto key = layout.cell_key(plan.cells[c]);
    bool all = true;
    for (const auto& filter : spec.curves->where) {
      const size_t column = static_cast<size_t>(
          std::find(header.begin(), header.end(), filter.column) - header.begin());
      bool any = false;
      for (const auto& value : filter.values)
        any = any || (column < key.size() && field_matches(key[column], value));
      all = all && any;
    }
    if (all) cells.push_back(c);
  }
  if (cells.empty())
    throw InputError(spec.curves->where_location.str(),
                     "curves.where: no grid cell of this spec matches every entry (with "
                     "tune.outer: chosen, a tuned row's candidates are not grid cells)");
  return cells;
}

namespace {

std::string curves_text_digest(const LoadedRun& loaded, const std::vector<size_t>& cells,
                               const std::string& text) {
  Hasher hasher;
  hasher.text(text);
  for (const CurveKind kind : loaded.spec.curves->kinds) hasher.integer(static_cast<int>(kind));
  for (const size_t c : cells) hasher.text(join_key(loaded.layout.cell_key(loaded.plan.cells[c])));
  return hasher.hex();
}

}  // namespace

std::string curves_digest(const LoadedRun& loaded, const std::vector<size_t>& cells) {
  const std::filesystem::path file = loaded.spec.output / "curves.csv";
  if (!std::filesystem::exists(file)) return {};
  return curves_text_digest(loaded, cells, read_text_file(file));
}

std::string write_curves(const LoadedRun& loaded, const std::vector<ScoreResult>& scores,
                         const std::vector<size_t>& chosen_cells, int threads) {
  const Spec& spec = loaded.spec;
  const std::vector<PreparedDataset>& datasets = loaded.datasets;
  const Plan& plan = loaded.plan;
  // Cells whose selector did not converge have no predictions (cell_status.csv says why).
  std::vector<size_t> cells;
  for (const size_t c : chosen_cells)
    if (std::all_of(
            plan.cells[c].score_units.begin(), plan.cells[c].score_units.end(),
            [&](int unit) { return scores[static_cast<size_t>(unit)].not_converged.empty(); }))
      cells.push_back(c);
  if (cells.size() < chosen_cells.size())
    spdlog::warn("curves.csv: {} of its {} cells left out, their selector did not converge",
                 chosen_cells.size() - cells.size(), chosen_cells.size());
  const std::vector<FoldScores> fold_scores = refitted_fold_scores(loaded, scores, cells, threads);
  CsvTable table{loaded.layout.curves_header(), {}};
  size_t first_task = 0;
  for (const size_t c : cells) {
    const Cell& cell = plan.cells[c];
    const PreparedDataset& dataset = datasets[static_cast<size_t>(cell.dataset)];
    const size_t folds = cell.score_units.size();
    // Pooled: every fold's test rows with their fold's scores.
    Eigen::Index pooled_rows = 0;
    for (size_t f = 0; f < folds; ++f) pooled_rows += fold_scores[first_task + f].truth.size();
    FoldScores pooled{Eigen::VectorXi(pooled_rows),
                      Eigen::MatrixXd(pooled_rows, fold_scores[first_task].scores.cols())};
    for (size_t f = 0, at = 0; f < folds; ++f) {
      const FoldScores& part = fold_scores[first_task + f];
      pooled.truth.segment(static_cast<Eigen::Index>(at), part.truth.size()) = part.truth;
      pooled.scores.middleRows(static_cast<Eigen::Index>(at), part.scores.rows()) = part.scores;
      at += static_cast<size_t>(part.truth.size());
    }
    const auto key = loaded.layout.cell_key(cell);
    for (const CurveKind kind : spec.curves->kinds)
      for (Eigen::Index column = 0; column < pooled.scores.cols(); ++column) {
        const int positive_class = pooled.scores.cols() == 1 ? 1 : static_cast<int>(column);
        const std::string class_name =
            dataset.data.class_names[static_cast<size_t>(positive_class)];
        for (size_t f = 0; f <= folds; ++f) {
          const FoldScores& part = f < folds ? fold_scores[first_task + f] : pooled;
          auto prefix = key;
          if (f < folds) {
            prefix.push_back(std::to_string(dataset.folds[f].repeat));
            prefix.push_back(std::to_string(dataset.folds[f].index));
          } else {
            prefix.push_back("");
            prefix.push_back("pooled");
          }
          prefix.push_back(curve_kind_name(kind));
          prefix.push_back(class_name);
          std::vector<bool> positive(static_cast<size_t>(part.truth.size()));
          for (Eigen::Index row = 0; row < part.truth.size(); ++row)
            positive[static_cast<size_t>(row)] = part.truth(row) == positive_class;
          add_curve_rows(kind, positive, part.scores.col(column), prefix, table);
        }
      }
    first_task += folds;
  }
  const std::string text = table.str();
  write_file_atomically(spec.output / "curves.csv", text);
  return curves_text_digest(loaded, chosen_cells, text);
}

}  // namespace tsfs
