#include "compare/collate.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

#include "common/error.hpp"
#include "common/text.hpp"
#include "evaluate/chosen_metrics.hpp"
#include "report/checked_table.hpp"

namespace tsfs::compare {
namespace {

// Columns of results.csv that are outcomes of a cell rather than part of its configuration.
// The chosen metrics (metrics: in a spec) and their spreads are outcomes too.
bool is_outcome_column(const std::string& name) {
  static const std::set<std::string> fixed = {
      "accuracy",           "accuracy_std", "balanced_accuracy", "n_folds", "zero_weight_fraction",
      "non_converged_fits", "fit_seconds"};
  if (fixed.count(name)) return true;
  const std::string metric =
      name.size() > 4 && name.ends_with("_std") ? name.substr(0, name.size() - 4) : name;
  return chosen_metric_from_name(metric).has_value();
}

struct Run {
  std::filesystem::path folder;
  std::string name;
  std::string file;  // results.csv, for messages
  CsvTable table;
  std::vector<size_t> row_lines;  // the line of results.csv each row starts on
};

// A run folder's full path however it is spelt (relative, `..`, a trailing separator, a
// symbolic link): the same folder gives the same path whatever the working directory.
std::filesystem::path folder_identity(const std::filesystem::path& folder) {
  std::error_code status;
  std::filesystem::path identity = std::filesystem::weakly_canonical(folder, status);
  if (status) identity = std::filesystem::absolute(folder).lexically_normal();
  if (!identity.has_filename() && identity.has_parent_path()) identity = identity.parent_path();
  return identity;
}

Run read_run(const std::filesystem::path& folder, const std::vector<std::filesystem::path>& runs) {
  Run run{folder, run_name(folder, runs), (folder / "results.csv").string(), {}, {}};
  // The folder as typed, not its short name: `out/nonexist` is where to look, `nonexist` is not.
  if (!std::filesystem::is_directory(folder))
    throw InputError(folder.string(), "not a folder: compare needs finished run folders");
  if (!std::filesystem::exists(folder / "results.csv"))
    throw InputError(folder.string(), "not a finished run folder (no results.csv in it)");
  run.table = read_checked(folder / "results.csv", &run.row_lines, DamageRemedy::rerun);
  if (!run.table.column("dataset"))
    throw InputError(run.file, "no 'dataset' column: not a tsfs results.csv");
  return run;
}

std::string unknown_column_message(const std::string& column, const std::string& what,
                                   const std::vector<std::string>& header) {
  std::string message = fmt::format("no column '{}' ({})", column, what);
  if (auto suggestion = closest_match(column, header))
    message += fmt::format(" (did you mean '{}'?)", *suggestion);
  return message + fmt::format("; columns: {}", fmt::join(header, ", "));
}

bool has_tuned_field(const std::vector<std::string>& row) {
  return std::find(row.begin(), row.end(), "tuned") != row.end();
}

bool is_beside(const Run& run, const CollateOptions& options) {
  return std::any_of(options.beside.begin(), options.beside.end(), [&](const auto& folder) {
    return folder_identity(folder) == folder_identity(run.folder);
  });
}

// Applies --where, a --family member's value (but to runs beside) and --tuned to a run's rows.
void filter_rows(Run& run, const CollateOptions& options) {
  if (run.table.rows.empty())
    throw InputError(run.file, "holds a header and no row: the run has no result to compare");
  std::vector<std::pair<size_t, std::string>> conditions;
  std::vector<std::string> filters;  // what kept no row, as the command line gave it
  auto add_condition = [&](const std::string& column, const std::string& value,
                           const char* option) {
    auto index = run.table.column(column);
    if (!index)
      throw InputError(run.file, unknown_column_message(column, option, run.table.header));
    conditions.emplace_back(*index, value);
    filters.push_back(fmt::format("{} {}={}", option, column, value));
  };
  for (const auto& [column, value] : options.where) add_condition(column, value, "--where");
  if (!is_beside(run, options))
    for (const auto& [column, value] : options.family_where)
      add_condition(column, value, "--family");
  std::set<std::string> tuned_selectors;
  const auto selector = run.table.column("selector");
  if (options.tuned && selector)
    for (const auto& row : run.table.rows)
      if (has_tuned_field(row)) tuned_selectors.insert(row[*selector]);
  std::vector<std::vector<std::string>> kept;
  for (auto& row : run.table.rows) {
    bool match = std::all_of(conditions.begin(), conditions.end(), [&](const auto& condition) {
      return row[condition.first] == condition.second;
    });
    if (selector && tuned_selectors.count(row[*selector]) && !has_tuned_field(row)) match = false;
    if (match) kept.push_back(std::move(row));
  }
  if (options.tuned && !tuned_selectors.empty()) filters.emplace_back("--tuned");
  if (kept.empty())
    throw InputError(run.file,
                     fmt::format("no row of this run matches {}", fmt::join(filters, ", ")));
  run.table.rows = std::move(kept);
}

void check_columns(const std::vector<Run>& runs, const CollateOptions& options) {
  for (const Run& run : runs)
    if (!run.table.column(options.metric))
      throw InputError(run.file,
                       unknown_column_message(options.metric, "--metric", run.table.header));
  for (const std::string& column : options.by) {
    if (column == "run") continue;
    bool found = std::any_of(runs.begin(), runs.end(),
                             [&](const Run& run) { return run.table.column(column).has_value(); });
    if (!found)
      throw InputError(runs.front().file,
                       unknown_column_message(column, "--by", runs.front().table.header));
  }
}

std::vector<std::string> datasets_of(const Run& run) {
  std::vector<std::string> datasets;
  const size_t column = *run.table.column("dataset");
  for (const auto& row : run.table.rows)
    if (std::find(datasets.begin(), datasets.end(), row[column]) == datasets.end())
      datasets.push_back(row[column]);
  return datasets;
}

// The first of `wanted` missing from `present`, if any.
std::optional<std::string> first_missing(const std::vector<std::string>& wanted,
                                         const std::vector<std::string>& present) {
  for (const auto& name : wanted)
    if (std::find(present.begin(), present.end(), name) == present.end()) return name;
  return std::nullopt;
}

void check_same_datasets(const std::vector<Run>& runs, const std::vector<std::string>& datasets) {
  for (const Run& run : runs) {
    const std::vector<std::string> own = datasets_of(run);
    std::string problem;
    if (auto missing = first_missing(datasets, own))
      problem = fmt::format("run {} has no results for dataset '{}' (run {} has)", run.name,
                            *missing, runs.front().name);
    else if (auto extra = first_missing(own, datasets))
      problem = fmt::format("run {} has dataset '{}' that run {} lacks", run.name, *extra,
                            runs.front().name);
    if (!problem.empty())
      throw InputError(run.file, problem + ": compared runs need the same datasets");
  }
}

std::vector<std::string> method_values(const Run& run, size_t row, const CollateOptions& options) {
  std::vector<std::string> values;
  for (const std::string& column : options.by) {
    if (column == "run") {
      values.push_back(run.name);
    } else {
      auto index = run.table.column(column);
      values.push_back(index ? run.table.rows[row][*index] : "");
    }
  }
  return values;
}

std::string method_label(const std::vector<std::string>& values,
                         const std::vector<std::string>& by) {
  std::string label;
  for (size_t i = 0; i < values.size(); ++i) {
    if (values[i].empty()) continue;
    if (!label.empty()) label += ", ";
    // A number as its shortest round-trip text: sigma_ratio=0.1, not the CSV's 0.10000000000000001.
    label += i == 0 ? values[i] : by[i] + "=" + shortest_number_text(values[i]);
  }
  return label.empty() ? "(none)" : label;
}

// Configuration columns (neither outcome, dataset nor `by`) whose values differ among `rows`.
std::vector<std::string> varying_columns(const Run& run, const std::vector<size_t>& rows,
                                         const CollateOptions& options) {
  std::vector<std::string> varying;
  const auto& header = run.table.header;
  for (size_t column = 0; column < header.size(); ++column) {
    if (is_outcome_column(header[column]) || header[column] == "dataset" ||
        std::find(options.by.begin(), options.by.end(), header[column]) != options.by.end())
      continue;
    for (size_t row : rows)
      if (run.table.rows[row][column] != run.table.rows[rows.front()][column]) {
        varying.push_back(header[column]);
        break;
      }
  }
  return varying;
}

using MethodDataset = std::pair<size_t, std::string>;  // (method index, dataset)
using RowGroups = std::map<MethodDataset, std::vector<size_t>>;

// The rows of `run` per (method, dataset), registering methods not seen in earlier runs.
RowGroups group_rows(const Run& run, const CollateOptions& options, Collated& collated,
                     std::map<std::vector<std::string>, size_t>& method_index) {
  const size_t dataset_column = *run.table.column("dataset");
  RowGroups groups;
  for (size_t row = 0; row < run.table.rows.size(); ++row) {
    auto values = method_values(run, row, options);
    auto [found, inserted] = method_index.try_emplace(values, collated.methods.size());
    if (inserted) collated.methods.push_back({values, method_label(values, options.by), {}});
    Method& method = collated.methods[found->second];
    if (method.runs.empty() || method.runs.back() != run.name) method.runs.push_back(run.name);
    groups[{found->second, run.table.rows[row][dataset_column]}].push_back(row);
  }
  return groups;
}

// A method averaged over runs must be the same method in each: its configuration columns (not
// outcomes, dataset, --by or protocol, whose resamples are what averaging is for) agree.
struct RowOfRun {
  const Run* run = nullptr;
  size_t row = 0;
};

void check_same_method(RowOfRun earlier_row, RowOfRun later_row, const CollateOptions& options,
                       const Method& method, const std::string& dataset) {
  const Run& first = *earlier_row.run;
  const Run& run = *later_row.run;
  const size_t first_row = earlier_row.row;
  const size_t row = later_row.row;
  const auto& header = run.table.header;
  for (size_t column = 0; column < header.size(); ++column) {
    const std::string& name = header[column];
    if (is_outcome_column(name) || name == "dataset" || name == "protocol" ||
        std::find(options.by.begin(), options.by.end(), name) != options.by.end())
      continue;
    const auto first_column = first.table.column(name);
    if (!first_column) continue;
    const std::string& earlier = first.table.rows[first_row][*first_column];
    const std::string& later = run.table.rows[row][column];
    if (earlier != later)
      throw InputError(
          run.file,
          fmt::format("method '{}' on dataset '{}' has {} '{}' here but '{}' in run {}: averaging "
                      "them would mix two methods; add {} to --by",
                      method.label, dataset, name, printable_excerpt(later),
                      printable_excerpt(earlier), first.name, name));
  }
}

// The metric of the one row of a (method, dataset) group; refuses ambiguous groups.
double group_value(const Run& run, const CollateOptions& options, const Method& method,
                   const std::string& dataset, const std::vector<size_t>& rows) {
  if (rows.size() > 1) {
    auto varying = varying_columns(run, rows, options);
    throw InputError(
        run.file,
        fmt::format(
            "method '{}' has {} rows for dataset '{}'{}: add the varying columns to "
            "--by (e.g. --by {},{})",
            method.label, rows.size(), dataset,
            varying.empty() ? "" : fmt::format(" differing in {}", fmt::join(varying, ", ")),
            fmt::join(options.by, ","),
            varying.empty() ? "run" : fmt::format("{}", fmt::join(varying, ","))));
  }
  const std::string& field = run.table.rows[rows.front()][*run.table.column(options.metric)];
  const size_t line = run.row_lines[rows.front()];
  auto value = parse_double(field);
  if (!value && !field.empty())
    throw InputError(run.file, fmt::format("--metric {}: '{}' (line {}) is not a number; choose a "
                                           "numeric column such as accuracy",
                                           options.metric, printable_excerpt(field), line));
  if (!value || std::isnan(*value))
    throw InputError(fmt::format("{}:{}", run.file, line),
                     fmt::format("method '{}' on dataset '{}': no {} value", method.label, dataset,
                                 options.metric));
  if (!std::isfinite(*value))
    throw InputError(fmt::format("{}:{}", run.file, line),
                     fmt::format("--metric {}: '{}' for method '{}' on dataset '{}' is not "
                                 "finite; a run writes finite values only, so the file was edited "
                                 "or damaged",
                                 options.metric, printable_excerpt(field), method.label, dataset));
  return *value;
}

// Every method of `run` has a row for every dataset.
void check_complete(const Run& run, const Collated& collated, const RowGroups& groups) {
  for (size_t m = 0; m < collated.methods.size(); ++m) {
    const Method& method = collated.methods[m];
    if (method.runs.back() != run.name) continue;
    for (const auto& dataset : collated.datasets)
      if (!groups.count({m, dataset}))
        throw InputError(run.file, fmt::format("method '{}' has no row for dataset '{}' in run {}",
                                               method.label, dataset, run.name));
  }
}

// With --common-datasets: keeps in every run only the rows of datasets that every run holds and
// every method (of any run) has a row for; the others are returned with the first lack found.
std::vector<LeftOutDataset> keep_common_datasets(std::vector<Run>& runs,
                                                 const CollateOptions& options) {
  std::set<std::string> every;
  std::map<std::vector<std::string>, std::set<std::string>> by_method;
  std::map<std::vector<std::string>, std::string> method_run;
  for (const Run& run : runs) {
    const size_t column = *run.table.column("dataset");
    for (size_t row = 0; row < run.table.rows.size(); ++row) {
      every.insert(run.table.rows[row][column]);
      auto values = method_values(run, row, options);
      by_method[values].insert(run.table.rows[row][column]);
      method_run.try_emplace(values, run.name);
    }
  }
  std::vector<LeftOutDataset> left_out;
  for (const std::string& dataset : every) {
    for (const Run& run : runs) {
      const auto own = datasets_of(run);
      if (std::find(own.begin(), own.end(), dataset) == own.end()) {
        left_out.push_back({dataset, fmt::format("no row in run {}", run.name)});
        break;
      }
    }
    if (!left_out.empty() && left_out.back().dataset == dataset) continue;
    for (const auto& [values, datasets] : by_method)
      if (!datasets.count(dataset)) {
        left_out.push_back(
            {dataset, fmt::format("no row of method '{}' in run {}",
                                  method_label(values, options.by), method_run.at(values))});
        break;
      }
  }
  for (Run& run : runs) {
    const size_t column = *run.table.column("dataset");
    std::erase_if(run.table.rows, [&](const auto& row) {
      return std::any_of(left_out.begin(), left_out.end(),
                         [&](const auto& entry) { return entry.dataset == row[column]; });
    });
    if (run.table.rows.empty())
      throw InputError(run.file, "--common-datasets: no dataset is common to every run and method");
  }
  return left_out;
}

}  // namespace

std::string run_name(const std::filesystem::path& run,
                     const std::vector<std::filesystem::path>& runs) {
  const std::filesystem::path identity = folder_identity(run);
  std::vector<std::filesystem::path> others;
  for (const auto& folder : runs)
    if (auto other = folder_identity(folder); other != identity) others.push_back(std::move(other));
  // The components of a path after its root, and the last `count` of them (all when it has fewer).
  auto components_of = [](const std::filesystem::path& path) {
    const std::filesystem::path relative = path.relative_path();
    return std::vector<std::filesystem::path>(relative.begin(), relative.end());
  };
  auto last_components = [&](const std::filesystem::path& path, size_t count) {
    const std::vector<std::filesystem::path> components = components_of(path);
    std::filesystem::path name;
    for (size_t c = components.size() - std::min(count, components.size()); c < components.size();
         ++c)
      name /= components[c];
    return name;
  };
  const size_t depth = components_of(identity).size();
  for (size_t count = 1; count <= depth; ++count) {
    const std::filesystem::path name = last_components(identity, count);
    if (std::none_of(others.begin(), others.end(),
                     [&](const auto& other) { return last_components(other, count) == name; }))
      return name.generic_string();
  }
  return identity.generic_string();
}

namespace {

// One run given twice (however spelt, as a RUN_DIR or --beside) would count as two runs of the
// same methods, or be beside itself in every member of a family.
void check_runs_given_once(const CollateOptions& options) {
  std::map<std::filesystem::path, std::filesystem::path> seen;
  for (const auto& folder : options.runs) {
    std::error_code status;
    auto identity = std::filesystem::weakly_canonical(folder, status);
    if (status) identity = folder.lexically_normal();
    auto [first, inserted] = seen.try_emplace(identity, folder);
    if (!inserted)
      throw InputError("command line", fmt::format("run folder {} is given twice (also as {})",
                                                   folder.string(), first->second.string()));
  }
}

}  // namespace

std::vector<std::string> column_values(const CollateOptions& options, const std::string& column) {
  check_runs_given_once(options);
  std::vector<std::string> values;
  bool numeric = true;
  for (const auto& folder : options.runs) {
    Run run = read_run(folder, options.runs);
    if (is_beside(run, options)) continue;
    filter_rows(run, options);
    const auto index = run.table.column(column);
    if (!index)
      throw InputError(run.file, unknown_column_message(column, "--family", run.table.header));
    for (const auto& row : run.table.rows)
      if (std::find(values.begin(), values.end(), row[*index]) == values.end()) {
        values.push_back(row[*index]);
        numeric = numeric && parse_double(row[*index]).has_value();
      }
  }
  if (numeric)
    std::stable_sort(values.begin(), values.end(), [](const std::string& a, const std::string& b) {
      return *parse_double(a) < *parse_double(b);
    });
  return values;
}

Collated collate_runs(const CollateOptions& options) {
  if (options.runs.empty()) throw InputError("command line", "compare needs a run folder");
  check_runs_given_once(options);
  std::vector<Run> runs;
  for (const auto& folder : options.runs) runs.push_back(read_run(folder, options.runs));
  for (Run& run : runs) filter_rows(run, options);
  check_columns(runs, options);
  Collated collated;
  if (options.common_datasets) collated.left_out = keep_common_datasets(runs, options);
  collated.datasets = datasets_of(runs.front());
  check_same_datasets(runs, collated.datasets);

  std::map<std::vector<std::string>, size_t> method_index;
  std::map<MethodDataset, std::pair<double, int>> sums;  // (sum, count) over runs
  std::map<MethodDataset, RowOfRun> first_row;           // for check_same_method
  for (const Run& run : runs) {
    const RowGroups groups = group_rows(run, options, collated, method_index);
    for (const auto& [key, rows] : groups) {
      if (auto [first, inserted] = first_row.try_emplace(key, RowOfRun{&run, rows.front()});
          !inserted)
        check_same_method(first->second, {&run, rows.front()}, options, collated.methods[key.first],
                          key.second);
      auto& [sum, count] = sums[key];
      sum += group_value(run, options, collated.methods[key.first], key.second, rows);
      ++count;
    }
    check_complete(run, collated, groups);
  }
  collated.scores.resize(static_cast<Eigen::Index>(collated.datasets.size()),
                         static_cast<Eigen::Index>(collated.methods.size()));
  for (size_t d = 0; d < collated.datasets.size(); ++d)
    for (size_t m = 0; m < collated.methods.size(); ++m) {
      const auto& [sum, count] = sums.at({m, collated.datasets[d]});
      collated.scores(static_cast<Eigen::Index>(d), static_cast<Eigen::Index>(m)) = sum / count;
    }
  return collated;
}

}  // namespace tsfs::compare
