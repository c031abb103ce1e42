#include "report/checked_table.hpp"

#include <fmt/format.h>

#include <map>

#include "common/error.hpp"
#include "common/text.hpp"
#include "evaluate/chosen_metrics.hpp"

namespace tsfs {
namespace {

std::map<std::string, ColumnRule> make_result_rules() {
  std::map<std::string, ColumnRule> rules = {
      {"n_features", {.integer = true, .minimum = 1.0, .may_be_tuned = true}},
      {"accuracy", {.maximum = 1.0}},
      {"accuracy_std", {.may_be_empty = true}},
      {"balanced_accuracy", {.maximum = 1.0}},
      {"n_folds", {.integer = true, .minimum = 1.0}},
      {"n_features_used", {.integer = true}},
      // folds.csv: an integer; results.csv: the mean over folds.
      {"n_components", {.minimum = 1.0}},
      {"reconstruction_error", {}},
      {"zero_weight_fraction", {.may_be_empty = true, .maximum = 1.0}},
      // folds.csv: 0 or 1; results.csv: the count over the cell's folds.
      {"non_converged_fits", {.integer = true}},
      {"fit_seconds", {.may_be_empty = true}},
      {"repeat", {.integer = true}},
      {"fold", {.integer = true}},
      {"n_train", {.integer = true, .minimum = 1.0}},
      {"n_test", {.integer = true, .minimum = 1.0}},
      // tuned.csv
      {"candidates", {.integer = true, .minimum = 1.0}},
      {"tied_candidates", {.may_be_empty = true, .integer = true, .minimum = 1.0}},
      {"inner_accuracy", {.maximum = 1.0}},
      {"inner_balanced_accuracy", {.maximum = 1.0}},
  };
  // The chosen metrics (metrics:) lie in [0, 1] and are empty where undefined on a fold.
  for (const std::string& name : chosen_metric_names()) {
    rules[name] = {.may_be_empty = true, .maximum = 1.0};
    rules[name + "_std"] = {.may_be_empty = true};
    rules["inner_" + name] = {.may_be_empty = true, .maximum = 1.0};
  }
  return rules;
}

// scores.csv: `repeat` and `fold` are empty for a selector fitted on all rows, `rank` for a
// selector that did not converge (whose scores are nan).
std::map<std::string, ColumnRule> make_score_rules() {
  return {
      {"score", {.minimum = -HUGE_VAL, .may_be_not_finite = true}},
      {"score_std_error", {.may_be_empty = true}},
      {"rank", {.may_be_empty = true, .integer = true, .below_features = true}},
      {"feature_index", {.integer = true, .below_features = true}},
      {"repeat", {.may_be_empty = true, .integer = true}},
      {"fold", {.may_be_empty = true, .integer = true}},
  };
}

const std::map<std::string, ColumnRule>& rules_of(CheckedTable kind) {
  static const std::map<std::string, ColumnRule> results = make_result_rules();
  static const std::map<std::string, ColumnRule> scores = make_score_rules();
  return kind == CheckedTable::results ? results : scores;
}

std::string rule_problem(const std::string& text, const ColumnRule& rule, long long features) {
  if (rule.may_be_tuned && text == "tuned") return "";
  if (text.empty()) return rule.may_be_empty ? "" : "is empty";
  auto value = parse_double(text);
  if (!value || (!rule.may_be_not_finite && !std::isfinite(*value))) return "is not a number";
  if (std::isnan(*value)) return "";
  if (rule.integer && *value != std::floor(*value)) return "is not an integer";
  const double maximum =
      rule.below_features && features >= 0 ? static_cast<double>(features - 1) : rule.maximum;
  if (*value < rule.minimum || *value > maximum)
    return maximum == HUGE_VAL ? fmt::format("is below {}", rule.minimum)
                               : fmt::format("is outside [{}, {}]", rule.minimum, maximum);
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

}  // namespace

std::optional<CheckedTable> checked_table_kind(const std::string& stem) {
  if (stem == "results" || stem == "folds" || stem == "tuned") return CheckedTable::results;
  if (stem == "scores") return CheckedTable::scores;
  return std::nullopt;
}

ColumnChecks::ColumnChecks(CheckedTable kind, const std::vector<std::string>& header) {
  const auto& rules = rules_of(kind);
  for (size_t c = 0; c < header.size(); ++c)
    if (auto rule = rules.find(header[c]); rule != rules.end())
      checks_.push_back({c, header[c], rule->second});
}

std::string ColumnChecks::problem(const std::vector<std::string>& fields,
                                  long long features) const {
  for (const Check& check : checks_)
    if (auto problem = rule_problem(fields[check.column], check.rule, features); !problem.empty())
      return fmt::format("{} '{}' {}", check.name, printable_excerpt(fields[check.column]),
                         problem);
  return "";
}

void check_table(CheckedTable kind, const CsvTable& table, const std::filesystem::path& path,
                 const std::vector<size_t>& lines, DamageRemedy remedy) {
  check_header(path, table, remedy);
  const ColumnChecks checks(kind, table.header);
  if (checks.empty()) return;
  for (size_t r = 0; r < table.rows.size(); ++r)
    if (auto problem = checks.problem(table.rows[r]); !problem.empty())
      throw InputError(
          fmt::format("{}:{}", path.string(), lines[r]),
          fmt::format("{}; the file is damaged: {}", problem, remedy_text(remedy, false)));
}

CsvTable read_checked(const std::filesystem::path& path, std::vector<size_t>* row_lines,
                      DamageRemedy remedy) {
  std::vector<size_t> lines;
  CsvTable table = read_csv_table(path, &lines);
  check_table(CheckedTable::results, table, path, lines, remedy);
  if (row_lines) *row_lines = std::move(lines);
  return table;
}

}  // namespace tsfs
