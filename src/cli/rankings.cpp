#include "cli/rankings.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>

#include "cache/artefacts.hpp"
#include "common/files.hpp"
#include "common/logging.hpp"
#include "common/parallel.hpp"
#include "common/text.hpp"
#include "distance/distance.hpp"
#include "plot/kendall_heatmap.hpp"
#include "plot/plot.hpp"
#include "select/selector.hpp"
#include "sweep/plan/plan.hpp"
#include "sweep/plan/work_units.hpp"
#include "sweep/run/load.hpp"
#include "sweep/run/scores.hpp"

namespace tsfs {

double kendall_tau_b(const Eigen::VectorXd& x, const Eigen::VectorXd& y) {
  std::vector<Eigen::Index> kept;
  for (Eigen::Index i = 0; i < x.size(); ++i)
    if (!std::isnan(x[i]) && !std::isnan(y[i])) kept.push_back(i);
  long long concordant = 0, discordant = 0, tied_x = 0, tied_y = 0, pairs = 0;
  for (size_t a = 0; a < kept.size(); ++a)
    for (size_t b = a + 1; b < kept.size(); ++b) {
      ++pairs;
      const double dx = x[kept[a]] - x[kept[b]];
      const double dy = y[kept[a]] - y[kept[b]];
      const bool same_x = x[kept[a]] == x[kept[b]];
      const bool same_y = y[kept[a]] == y[kept[b]];
      if (same_x) ++tied_x;
      if (same_y) ++tied_y;
      if (same_x || same_y) continue;
      if ((dx < 0) == (dy < 0))
        ++concordant;
      else
        ++discordant;
    }
  // The product of two pair counts is exact in a double (below 2^53 for p < 8000 features), so
  // identical rankings give exactly 1.
  const double denominator =
      std::sqrt(static_cast<double>(pairs - tied_x) * static_cast<double>(pairs - tied_y));
  if (pairs == 0 || !(denominator > 0.0)) return std::numeric_limits<double>::quiet_NaN();
  return static_cast<double>(concordant - discordant) / denominator;
}

namespace {

std::string unit_label(const Spec& spec, const ScoreUnit& unit) {
  const auto& selector = spec.selectors[static_cast<size_t>(unit.selector)];
  std::string label = fmt::format("{}({})", selector.kind,
                                  selector.grid[static_cast<size_t>(unit.params)].canonical());
  if (unit.distance != kNoDistance) {
    const auto& distance = spec.distances[static_cast<size_t>(unit.distance)];
    label += " @ " + distance.label;
  }
  return label;
}

// Smaller key = kept first, whatever the selector's order.
Eigen::VectorXd oriented_scores(const Spec& spec, const ScoreUnit& unit,
                                const ScoreResult& result) {
  const auto order = spec.selectors[static_cast<size_t>(unit.selector)]
                         .selectors[static_cast<size_t>(unit.params)]
                         ->order();
  return order == ScoreOrder::descending ? Eigen::VectorXd(-result.scores) : result.scores;
}

std::string kendall_csv(const std::vector<std::string>& labels, const Eigen::MatrixXd& tau) {
  std::string text = "ranking";
  for (const auto& label : labels) {
    text += ',';
    text += csv_field(label);
  }
  text += '\n';
  for (size_t row = 0; row < labels.size(); ++row) {
    text += csv_field(labels[row]);
    for (Eigen::Index column = 0; column < tau.cols(); ++column) {
      text += ',';
      text += format_double(tau(static_cast<Eigen::Index>(row), column));
    }
    text += '\n';
  }
  return text;
}

}  // namespace

int export_rankings(const Spec& spec, const RunOptions& options) {
  spdlog::set_default_logger(make_logger({}, options.quiet));
  const auto datasets = prepare_datasets(spec, spec.cache, options.threads);
  const Plan plan = make_plan(spec, datasets);
  for (int d = 0; d < static_cast<int>(datasets.size()); ++d) {
    const auto& dataset = datasets[static_cast<size_t>(d)];
    // One unit per (selector, distance, params): the first fold's, or the shared all-rows one.
    std::vector<ScoreUnit> units;
    for (const auto& unit : plan.score_units)
      if (unit.dataset == d && (unit.fold == 0 || unit.fold == kAllRows)) units.push_back(unit);
    std::map<int, Eigen::MatrixXd> matrices;
    for (const auto& unit : units)
      if (reads_distance_matrix(spec, unit) && !matrices.count(unit.distance))
        matrices[unit.distance] =
            distance_matrix(dataset.data, spec.distances[static_cast<size_t>(unit.distance)],
                            spec.cache, options.threads);
    std::vector<Eigen::VectorXd> keys(units.size());
    parallel_for(units.size(), options.threads, [&](size_t u) {
      const ScoreUnit& unit = units[u];
      const Eigen::MatrixXd* distances =
          reads_distance_matrix(spec, unit) ? &matrices.at(unit.distance) : nullptr;
      const ScoreResult result = compute_scores(spec, dataset, unit, distances);
      if (!result.not_converged.empty())
        spdlog::warn("{}: its row and column of the Kendall matrix are empty",
                     result.not_converged);
      keys[u] = oriented_scores(spec, unit, result);
    });
    const auto count = static_cast<Eigen::Index>(units.size());
    Eigen::MatrixXd tau(count, count);
    for (Eigen::Index a = 0; a < count; ++a)
      for (Eigen::Index b = a; b < count; ++b)
        tau(a, b) = tau(b, a) =
            kendall_tau_b(keys[static_cast<size_t>(a)], keys[static_cast<size_t>(b)]);
    std::vector<std::string> labels;
    for (const auto& unit : units) labels.push_back(unit_label(spec, unit));
    const auto path = spec.output / "rankings" / (dataset.data.name + "_kendall.csv");
    write_file_atomically(path, kendall_csv(labels, tau));
    render_figure(kendall_heatmap(labels, tau, dataset.data.name), dataset.data.name + "_kendall",
                  spec.output / "rankings");
    fmt::print("{}: {} rankings -> {}\n", dataset.data.name, units.size(), path.string());
  }
  return 0;
}

}  // namespace tsfs
