#include "report/checked_table.hpp"

#include <fmt/format.h>

#include <cmath>
#include <map>

#include "common/error.hpp"
#include "common/text.hpp"
#include "evaluate/chosen_metrics.hpp"

namespace tsfs {
namespace {

// What a value column may hold.
struct ColumnRule {
  bool may_be_empty = false;
  bool integer = false;
  double minimum = 0.0;
  double maximum = HUGE_VAL;
  bool may_be_tuned = false;       // "tuned": chosen per fold by nested CV (tune:)
  bool may_be_not_finite = false;  // nan, inf: a score of a selector that did not converge
};

std::map<std::string, ColumnRule> make_result_rules() {
  std::map<std::string, ColumnRule> rules = {
      {"n_features", {false, true, 1.0, HUGE_VAL, true}},
      {"accuracy", {false, false, 0.0, 1.0}},
      {"accuracy_std", {true, false, 0.0}},
      {"balanced_accuracy", {false, false, 0.0, 1.0}},
      {"n_folds", {false, true, 1.0}},
      {"n_features_used", {false, true, 0.0}},
      // folds.csv: an integer; results.csv: the mean over folds.
      {"n_components", {false, false, 1.0}},
      {"reconstruction_error", {false, false, 0.0}},
      {"zero_weight_fraction", {true, false, 0.0, 1.0}},
      // folds.csv: 0 or 1; results.csv: the count over the cell's folds.
      {"non_converged_fits", {false, true, 0.0}},
      {"fit_seconds", {true, false, 0.0}},
      {"repeat", {false, true, 0.0}},
      {"fold", {false, true, 0.0}},
      {"n_train", {false, true, 1.0}},
      {"n_test", {false, true, 1.0}},
      // tuned.csv
      {"candidates", {false, true, 1.0}},
      {"tied_candidates", {true, true, 1.0}},
      {"inner_accuracy", {false, false, 0.0, 1.0}},
      {"inner_balanced_accuracy", {false, false, 0.0, 1.0}},
  };
  // The chosen metrics (metrics:) lie in [0, 1] and are empty where undefined on a fold.
  for (const std::string& name : chosen_metric_names()) {
    rules[name] = {true, false, 0.0, 1.0};
    rules[name + "_std"] = {true, false, 0.0};
    rules["inner_" + name] = {true, false, 0.0, 1.0};
  }
  return rules;
}

// scores.csv: `repeat` and `fold` are empty for a selector fitted on all rows, `rank` for a
// selector that did not converge (whose scores are nan). The upper bounds of rank and
// feature_index are the vector's length, set per call.
const std::map<std::string, ColumnRule>& score_rules() {
  static const std::map<std::string, ColumnRule> rules = {
      {"score", {false, false, -HUGE_VAL, HUGE_VAL, false, true}},
      {"score_std_error", {true, false, 0.0}},
      {"rank", {true, true, 0.0}},
      {"feature_index", {false, true, 0.0}},
      {"repeat", {true, true, 0.0}},
      {"fold", {true, true, 0.0}},
  };
  return rules;
}

std::string rule_problem(const std::string& text, const ColumnRule& rule) {
  if (rule.may_be_tuned && text == "tuned") return "";
  if (text.empty()) return rule.may_be_empty ? "" : "is empty";
  auto value = parse_double(text);
  if (!value || (!rule.may_be_not_finite && !std::isfinite(*value))) return "is not a number";
  if (std::isnan(*value)) return "";
  if (rule.integer && *value != std::floor(*value)) return "is not an integer";
  if (*value < rule.minimum || *value > rule.maximum)
    return rule.maximum == HUGE_VAL
               ? fmt::format("is below {}", rule.minimum)
               : fmt::format("is outside [{}, {}]", rule.minimum, rule.maximum);
  return "";
}

std::string remedy_text(DamageRemedy remedy, bool whole_file) {
  if (remedy == DamageRemedy::rerun) return "repair it, or rerun the run that wrote it";
  return whole_file ? "repair it, or rerun with --fresh"
                    : "repair or delete the row (its cell is recomputed), or rerun with --fresh";
}

void check_header(const std::filesystem::path& path, const CsvTable& table, DamageRemedy remedy) {
  for (size_t c = 0; c < table.header.size(); ++c)
    for (size_t d = 0; d < c; ++d)
      if (table.header[c] == table.header[d])
        throw InputError(fmt::format("{}:1", path.string()),
                         fmt::format("column '{}' appears twice (columns {} and {}); the file is "
                                     "damaged: {}",
                                     table.header[c], d + 1, c + 1, remedy_text(remedy, true)));
}

const ColumnRule* result_rule(const std::string& column) {
  static const std::map<std::string, ColumnRule> rules = make_result_rules();
  auto rule = rules.find(column);
  return rule == rules.end() ? nullptr : &rule->second;
}

}  // namespace

std::string result_field_problem(const std::string& column, const std::string& text) {
  const ColumnRule* rule = result_rule(column);
  return rule ? rule_problem(text, *rule) : "";
}

std::string score_field_problem(const std::string& column, const std::string& text,
                                long long features) {
  auto found = score_rules().find(column);
  if (found == score_rules().end()) return "";
  ColumnRule rule = found->second;
  if ((column == "rank" || column == "feature_index") && features >= 0)
    rule.maximum = static_cast<double>(features - 1);
  return rule_problem(text, rule);
}

void check_result_table(const CsvTable& table, const std::filesystem::path& path,
                        const std::vector<size_t>& lines, DamageRemedy remedy) {
  check_header(path, table, remedy);
  for (size_t c = 0; c < table.header.size(); ++c) {
    const ColumnRule* rule = result_rule(table.header[c]);
    if (!rule) continue;
    for (size_t r = 0; r < table.rows.size(); ++r)
      if (auto problem = rule_problem(table.rows[r][c], *rule); !problem.empty())
        throw InputError(
            fmt::format("{}:{}", path.string(), lines[r]),
            fmt::format("{} '{}' {}; the file is damaged: {}", table.header[c],
                        printable_excerpt(table.rows[r][c]), problem, remedy_text(remedy, false)));
  }
}

bool is_score_column(const std::string& column) {
  return score_rules().count(column) > 0;
}

CsvTable read_checked(const std::filesystem::path& path, std::vector<size_t>* row_lines,
                      DamageRemedy remedy) {
  std::vector<size_t> lines;
  CsvTable table = read_csv_table(path, &lines);
  check_result_table(table, path, lines, remedy);
  if (row_lines) *row_lines = std::move(lines);
  return table;
}

bool is_result_table(const std::string& stem) {
  return stem == "results" || stem == "folds" || stem == "tuned";
}

}  // namespace tsfs
