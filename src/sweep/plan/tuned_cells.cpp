#include "sweep/plan/tuned_cells.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "select/selector.hpp"

namespace tsfs {
namespace {

bool tunes(const Spec& spec, const std::string& component, const std::string& name) {
  return std::any_of(
      spec.tune->parameters.begin(), spec.tune->parameters.end(),
      [&](const TunedParameter& p) { return p.component == component && p.parameter == name; });
}

// The parameters of a set that stay fixed within a tuned row, as one text.
std::string fixed_values(const Spec& spec, const std::string& component, const ParamSet& params) {
  std::string text;
  for (const auto& [name, value] : params.entries())
    if (!tunes(spec, component, name)) text += name + "=" + display_value(value) + ";";
  return text;
}

// A tuned distance parameter's candidates are the distances of one `distances:` item that agree
// in its other parameters: one group for all of them (the item, with those parameters, as text).
std::string distance_group(const Spec& spec, int distance) {
  if (distance == kNoDistance) return "";
  const DistanceSpec& entry = spec.distances[static_cast<size_t>(distance)];
  const bool tuned = std::any_of(spec.tune->parameters.begin(), spec.tune->parameters.end(),
                                 [&](const TunedParameter& p) { return p.distance; });
  if (!tuned) return std::to_string(distance);
  return fmt::format("{}:{}", entry.entry, fixed_values(spec, entry.kind, entry.params));
}

// The distances whose parameter some tuned parameter varies: those of a `distances:` item of the
// parameter's kind that holds more than one distance.
bool tuned_distance(const Spec& spec, const DistanceSpec& distance) {
  const auto siblings =
      std::count_if(spec.distances.begin(), spec.distances.end(),
                    [&](const DistanceSpec& other) { return other.entry == distance.entry; });
  return siblings > 1 && std::any_of(spec.tune->parameters.begin(), spec.tune->parameters.end(),
                                     [&](const TunedParameter& p) {
                                       return p.distance && p.component == distance.kind;
                                     });
}

// Whether some tuned parameter varies within this cell's group: a distance parameter only for
// the distances of a swept `distances:` item of its kind (euclidean, or an unswept dtw, next to a
// tuned dtw window is one candidate, not a tuned row).
bool tunes_cell(const Spec& spec, const SelectorSpec& selector, const Cell& cell) {
  return std::any_of(
      spec.tune->parameters.begin(), spec.tune->parameters.end(), [&](const TunedParameter& p) {
        if (!p.distance) return tuned_parameter_applies(p, selector);
        if (cell.distance == kNoDistance) return false;
        const DistanceSpec& distance = spec.distances[static_cast<size_t>(cell.distance)];
        return distance.kind == p.component && tuned_distance(spec, distance);
      });
}

}  // namespace

// Whether a tuned parameter applies to the rows of this selector.
bool tuned_parameter_applies(const TunedParameter& parameter, const SelectorSpec& selector) {
  return parameter.component == "n_features" || parameter.component == "classifier" ||
         parameter.component == "reduce" || parameter.distance ||
         parameter.component == selector.kind;
}

// The results.csv column of a tuned parameter.
std::string tuned_column(const TunedParameter& parameter) {
  if (parameter.component == "classifier") return "classifier_" + parameter.parameter;
  if (parameter.component == "reduce") return "reducer_" + parameter.parameter;
  if (parameter.distance) return "distance";  // the chosen distance's label
  return parameter.parameter;
}

std::string tuned_distance_field(const Spec& spec, int distance) {
  const DistanceSpec& own = spec.distances[static_cast<size_t>(distance)];
  // The other groups of tuned distances: another item, or other fixed parameter values.
  const std::string own_group = distance_group(spec, distance);
  std::vector<const DistanceSpec*> others;
  for (size_t d = 0; d < spec.distances.size(); ++d)
    if (tuned_distance(spec, spec.distances[d]) &&
        distance_group(spec, static_cast<int>(d)) != own_group)
      others.push_back(&spec.distances[d]);
  if (others.empty()) return "tuned";
  // Its kind, then each fixed parameter in which another group of its kind differs.
  std::string field = "tuned-" + own.kind;
  for (const auto& entry : own.params.entries()) {
    // Named, not bound: Clang 14 cannot capture a structured binding in the lambda below.
    const std::string& name = entry.first;
    const ParamValue& value = entry.second;
    if (tunes(spec, own.kind, name)) continue;
    const bool differs = std::any_of(others.begin(), others.end(), [&](const DistanceSpec* other) {
      return other->kind == own.kind && other->params.has(name) &&
             !(other->params.at(name) == value);
    });
    if (differs) field += fmt::format("-{}={}", name, display_value(value));
  }
  // Two items alike in those: the item tells them apart.
  const bool alike = std::any_of(others.begin(), others.end(), [&](const DistanceSpec* other) {
    return other->kind == own.kind && other->entry != own.entry &&
           fixed_values(spec, other->kind, other->params) ==
               fixed_values(spec, own.kind, own.params);
  });
  return alike ? fmt::format("{}-item{}", field, own.entry + 1) : field;
}

InnerFolds make_inner_folds(const Dataset& data, const std::vector<Fold>& outer,
                            const ProtocolOptions& inner) {
  InnerFolds result;
  for (size_t f = 0; f < outer.size(); ++f) {
    const std::vector<int>& rows = outer[f].train_rows;
    // The protocol sees the outer training rows only (labels, in row order) and numbers them
    // 0..n-1; map its folds back to dataset rows.
    Dataset training;
    training.name = fmt::format("{} (training rows of outer fold {})", data.name, f);
    training.values = data.values(rows, Eigen::all);
    training.labels = data.labels(rows);
    training.class_names = data.class_names;
    for (Fold fold : make_folds(inner, training)) {
      for (int& row : fold.train_rows) row = rows[static_cast<size_t>(row)];
      for (int& row : fold.test_rows) row = rows[static_cast<size_t>(row)];
      result.folds.push_back(std::move(fold));
      result.outer.push_back(static_cast<int>(f));
    }
  }
  return result;
}

bool is_tuned(const Spec& spec, const SelectorSpec& selector) {
  if (!spec.tune) return false;
  return std::any_of(spec.tune->parameters.begin(), spec.tune->parameters.end(),
                     [&](const TunedParameter& p) { return tuned_parameter_applies(p, selector); });
}

std::vector<TunedCell> tuned_cells(const Spec& spec, const Plan& plan) {
  std::vector<TunedCell> tuned;
  if (!spec.tune) return tuned;
  using GroupKey =
      std::tuple<int, std::string, int, std::string, std::string, std::string, long long>;
  std::map<GroupKey, size_t> index;
  const bool n_features_tuned = tunes(spec, "n_features", "n_features");
  for (size_t c = 0; c < plan.cells.size(); ++c) {
    const Cell& cell = plan.cells[c];
    const auto& selector = spec.selectors[static_cast<size_t>(cell.selector)];
    if (!is_tuned(spec, selector) || !tunes_cell(spec, selector, cell)) continue;
    GroupKey key{cell.dataset,
                 distance_group(spec, cell.distance),
                 cell.selector,
                 fixed_values(spec, selector.kind, selector.grid[static_cast<size_t>(cell.params)]),
                 fixed_values(spec, "classifier",
                              spec.classifier.grid[static_cast<size_t>(cell.classifier_params)]),
                 spec.reduce
                     ? fixed_values(spec, "reduce",
                                    spec.reduce->grid[static_cast<size_t>(cell.reducer_params)])
                     : std::string(),
                 n_features_tuned ? 0 : cell.n_features};
    auto [found, inserted] = index.try_emplace(key, tuned.size());
    if (inserted) tuned.emplace_back();
    tuned[found->second].candidates.push_back(static_cast<int>(c));
  }
  return tuned;
}

InnerPlan make_inner_plan(const Spec& spec, const std::vector<PreparedDataset>& datasets,
                          const Plan& plan, const std::vector<TunedCell>& tuned) {
  InnerPlan inner;
  std::map<std::tuple<int, int, int, int, int>, int> unit_index;
  for (const auto& row : tuned) {
    std::vector<std::vector<int>> candidates;
    for (int c : row.candidates) {
      const Cell& cell = plan.cells[static_cast<size_t>(c)];
      const auto& dataset = datasets[static_cast<size_t>(cell.dataset)];
      const bool fit_on_all =
          spec.selectors[static_cast<size_t>(cell.selector)].fit_on == FitOn::all;
      const auto outer_count = static_cast<int>(dataset.folds.size());
      std::vector<int> units;
      for (size_t g = 0; g < dataset.inner_folds.size(); ++g) {
        const int fold = fit_on_all ? dataset.inner_outer[g] : outer_count + static_cast<int>(g);
        const auto& selector = spec.selectors[static_cast<size_t>(cell.selector)];
        const int distance = selector.uses_distance ? cell.distance : kNoDistance;
        ScoreUnit unit{cell.dataset, distance, cell.selector, cell.params, fold};
        auto key = std::make_tuple(unit.dataset, unit.distance, unit.selector, unit.params, fold);
        auto [found, inserted] =
            unit_index.try_emplace(key, static_cast<int>(inner.units.score_units.size()));
        if (inserted) inner.units.score_units.push_back(unit);
        units.push_back(found->second);
      }
      candidates.push_back(std::move(units));
    }
    inner.unit_of.push_back(std::move(candidates));
  }
  return inner;
}

std::vector<bool> reported_cells(const Spec& spec, const Plan& plan,
                                 const std::vector<TunedCell>& tuned) {
  std::vector<bool> reported(plan.cells.size(), true);
  if (spec.tune && spec.tune->outer == OuterEvaluation::chosen)
    for (const TunedCell& row : tuned)
      for (const int candidate : row.candidates) reported[static_cast<size_t>(candidate)] = false;
  return reported;
}

}  // namespace tsfs
