#include "report/html_report.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>

#include "common/error.hpp"
#include "common/files.hpp"
#include "common/text.hpp"
#include "data/csv_matrix.hpp"
#include "plot/band.hpp"
#include "report/checked_table.hpp"
#include "report/html_page.hpp"

namespace tsfs {
namespace {

// Above these, a page leaves the table out or keeps only a part (and says so): a page of the
// largest committed study stays a few MB and opens in a second.
constexpr size_t kMaxFoldRows = 250'000;
constexpr size_t kMaxFeatureRows = 60'000;
constexpr long long kTopFeatures = 10;

std::string json_list(const std::vector<std::string>& items) {
  std::string list = "[";
  for (size_t i = 0; i < items.size(); ++i) list += (i ? ", " : "") + json_string(items[i]);
  return list + "]";
}

// A table as columns. A column of few distinct values (a key column) holds each value once and a
// number per row, so that 100,000 rows of two dozen columns stay small; other columns hold the
// CSV's text, as the file has it (the page's values read back equal to the file's).
std::string json_table(const CsvTable& table) {
  const size_t rows = table.rows.size();
  const size_t dictionary_limit = std::max<size_t>(64, rows / 4);
  std::string json = "{\"header\": " + json_list(table.header) +
                     fmt::format(", \"rows\": {}, \"columns\": [", rows);
  for (size_t column = 0; column < table.header.size(); ++column) {
    auto field = [&](size_t row) -> const std::string& {
      static const std::string empty;
      const auto& fields = table.rows[row];
      return column < fields.size() ? fields[column] : empty;
    };
    std::map<std::string, size_t> codes;
    std::vector<std::string> values;
    std::vector<size_t> indices;
    for (size_t row = 0; row < rows && codes.size() <= dictionary_limit; ++row) {
      auto [entry, inserted] = codes.emplace(field(row), values.size());
      if (inserted) values.push_back(field(row));
      indices.push_back(entry->second);
    }
    json += column ? ", " : "";
    if (codes.size() <= dictionary_limit) {
      json += "{\"values\": " + json_list(values) + ", \"codes\": [";
      for (size_t row = 0; row < rows; ++row)
        json += fmt::format("{}{}", row ? "," : "", indices[row]);
      json += "]}";
    } else {
      json += "{\"text\": [";
      for (size_t row = 0; row < rows; ++row) json += (row ? "," : "") + json_string(field(row));
      json += "]}";
    }
  }
  return json + "]}";
}

// A YAML document as JSON, every scalar as its text (the page reads the spec's plots from it).
std::string yaml_json(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Scalar:
      return json_string(node.Scalar());
    case YAML::NodeType::Sequence: {
      std::vector<std::string> items;
      for (const auto& item : node) items.push_back(yaml_json(item));
      return "[" + fmt::format("{}", fmt::join(items, ", ")) + "]";
    }
    case YAML::NodeType::Map: {
      std::vector<std::string> entries;
      for (const auto& entry : node)
        entries.push_back(json_string(entry.first.Scalar()) + ": " + yaml_json(entry.second));
      return "{" + fmt::format("{}", fmt::join(entries, ", ")) + "}";
    }
    default:
      return "null";
  }
}

// <stem>.csv, or the <stem>.csv.gz a committed study keeps instead.
std::optional<CsvTable> table_if_present(const std::filesystem::path& folder,
                                         const std::string& stem) {
  const auto plain = folder / (stem + ".csv"), gzipped = folder / (stem + ".csv.gz");
  const bool is_plain = std::filesystem::exists(plain);
  if (!is_plain && !std::filesystem::exists(gzipped)) return std::nullopt;
  std::vector<size_t> lines;
  CsvTable table = is_plain ? read_csv_table(plain, &lines)
                            : parse_csv_table(read_maybe_gzipped(gzipped), gzipped, &lines);
  if (const auto kind = checked_table_kind(stem))
    check_table(*kind, table, is_plain ? plain : gzipped, lines, DamageRemedy::rerun);
  return table;
}

std::string text_if_present(const std::filesystem::path& path) {
  return std::filesystem::exists(path) ? read_text_file(path) : std::string();
}

// Each results row's band around its accuracy, as the line plots' `band_error: auto` draws it:
// Nadeau & Bengio's corrected standard error when the folds are k-fold CV's, else the folds'
// standard deviation. Appended as the column `accuracy_band`; the kind is returned.
std::string add_accuracy_band(CsvTable& results) {
  const auto spread = results.column("accuracy_std"), folds = results.column("n_folds"),
             protocol = results.column("protocol");
  if (!spread || !folds || !protocol) return "";
  const bool k_fold = !results.rows.empty() && k_fold_folds(results.rows.front()[*protocol]);
  results.header.push_back("accuracy_band");
  for (auto& row : results.rows) {
    const auto deviation = parse_double(row[*spread]);
    if (!deviation) {
      row.push_back("");
      continue;
    }
    const auto k = k_fold_folds(row[*protocol]);
    const double half_width =
        k ? standard_error_half_width(*deviation, parse_double(row[*folds]).value_or(1.0), k)
          : *deviation;
    row.push_back(format_double(half_width));
  }
  return k_fold ? "nadeau_bengio" : "std";
}

// The first kTopFeatures features of every score vector in scores.csv; when that is more than
// kMaxFeatureRows rows, only the first fold's vectors (repeat and fold empty or 0).
std::optional<CsvTable> top_features(const std::filesystem::path& folder, bool& first_fold_only) {
  auto scores = table_if_present(folder, "scores");
  first_fold_only = false;
  if (!scores) return std::nullopt;
  const auto rank = scores->column("rank");
  if (!rank) return std::nullopt;
  CsvTable top{scores->header, {}};
  for (auto& row : scores->rows)
    if (parse_double(row[*rank]).value_or(kTopFeatures) < kTopFeatures)
      top.rows.push_back(std::move(row));
  const auto repeat = top.column("repeat"), fold = top.column("fold");
  if (top.rows.size() > kMaxFeatureRows && repeat && fold) {
    first_fold_only = true;
    std::erase_if(top.rows, [&](const auto& row) {
      auto first = [](const std::string& field) { return field.empty() || field == "0"; };
      return !first(row[*repeat]) || !first(row[*fold]);
    });
  }
  return top;
}

// The files in the run's figures folder, in name order (none without the folder).
std::vector<std::string> figure_folder_files(const std::filesystem::path& folder) {
  std::vector<std::string> files;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder / "figures", error))
    files.push_back(entry.path().filename().string());
  std::sort(files.begin(), files.end());
  return files;
}

// The NAMEs of `files` named NAME.SUFFIX, in name order ("acc" before "acc-log", whose file
// names sort the other way).
std::vector<std::string> figure_names(const std::vector<std::string>& files,
                                      std::string_view suffix) {
  std::vector<std::string> names;
  for (const std::string& file : files)
    if (file.size() > suffix.size() && file.ends_with(suffix))
      names.push_back(file.substr(0, file.size() - suffix.size()));
  std::sort(names.begin(), names.end());
  return names;
}

// The svg figures the run drew, for the page's links to them.
std::vector<std::string> svg_files(const std::vector<std::string>& files) {
  std::vector<std::string> svgs;
  for (const std::string& file : files)
    if (std::filesystem::path(file).extension() == ".svg") svgs.push_back(file);
  return svgs;
}

std::string tables_json(
    const std::vector<std::pair<std::string, std::optional<CsvTable>>>& tables) {
  std::string json = "{";
  bool first = true;
  for (const auto& [name, table] : tables) {
    if (!table) continue;
    json += (first ? "" : ", ") + json_string(name) + ": " + json_table(*table);
    first = false;
  }
  return json + "}";
}

// The line plots' baselines (figures/NAME.lines.csv), by figure name.
std::string reference_lines_json(const std::filesystem::path& folder,
                                 const std::vector<std::string>& files) {
  std::vector<std::pair<std::string, std::optional<CsvTable>>> tables;
  for (const std::string& name : figure_names(files, ".lines.csv"))
    tables.emplace_back(name, read_csv_table(folder / "figures" / (name + ".lines.csv")));
  return tables_json(tables);
}

// The figures' marks and axes (figures/NAME.chart.csv and NAME.chart_axes.csv, plot/plot.hpp),
// by figure name, in name order while their marks' files add up to at most this many bytes; the
// page links the figures left out. The tables and charts of a 100,000-cell run then stay under
// the 20 MB a page may take (docs/outputs.md).
constexpr std::uintmax_t kChartBytesPerPage = 8 << 20;

std::string charts_json(const std::filesystem::path& folder,
                        const std::vector<std::string>& files) {
  std::string json = "{";
  std::uintmax_t bytes = 0;
  for (const std::string& name : figure_names(files, ".chart.csv")) {
    const auto marks = folder / "figures" / (name + ".chart.csv");
    std::error_code error;
    bytes += std::filesystem::file_size(marks, error);
    if (error || bytes > kChartBytesPerPage) break;
    json +=
        (json.size() > 1 ? ", " : "") + json_string(name) + ": " +
        tables_json({{"marks", read_csv_table(marks)},
                     {"axes", read_csv_table(folder / "figures" / (name + ".chart_axes.csv"))}});
  }
  return json + "}";
}

void write_page(const std::filesystem::path& folder, const std::string& title,
                const std::string& data_json) {
  write_file_atomically(folder / "report.html", html::report_page(title, data_json));
}

}  // namespace

std::string folder_name(const std::filesystem::path& folder) {
  auto normal = std::filesystem::absolute(folder).lexically_normal();
  if (normal.filename().empty()) normal = normal.parent_path();
  return normal.filename().string();
}

void write_run_report(const std::filesystem::path& folder, const std::string& name) {
  CsvTable results = read_checked(folder / "results.csv", nullptr, DamageRemedy::rerun);
  const std::string band_error = add_accuracy_band(results);
  auto folds = table_if_present(folder, "folds");
  const bool folds_left_out = folds && folds->rows.size() > kMaxFoldRows;
  if (folds_left_out) folds.reset();
  bool first_fold_only = false;
  auto features = top_features(folder, first_fold_only);
  const std::vector<std::string> figures = figure_folder_files(folder);
  std::string resolved = "null";
  const auto resolved_path = folder / "spec.resolved.yaml";
  if (std::filesystem::exists(resolved_path)) {
    try {
      resolved = yaml_json(YAML::LoadFile(resolved_path.string()));
    } catch (const YAML::Exception& error) {
      throw InputError(resolved_path.string(), fmt::format("not YAML: {}", error.what()));
    }
  }
  const std::string data = fmt::format(
      "{{\"kind\": \"run\", \"name\": {}, \"band_error\": {}, \"spec_text\": {}, "
      "\"spec\": {}, \"manifest_text\": {}, \"figures\": {}, \"folds_left_out\": {}, "
      "\"features_first_fold_only\": {}, \"top_features\": {}, \"reference_lines\": {}, "
      "\"charts\": {}, \"tables\": {}}}",
      json_string(name), json_string(band_error),
      json_string(text_if_present(folder / "spec.yaml")), resolved,
      json_string(text_if_present(folder / "manifest.json")), json_list(svg_files(figures)),
      folds_left_out, first_fold_only, kTopFeatures, reference_lines_json(folder, figures),
      charts_json(folder, figures),
      tables_json({{"results", results},
                   {"folds", folds},
                   {"tuned", table_if_present(folder, "tuned")},
                   {"skipped", table_if_present(folder, "skipped")},
                   {"features", features}}));
  write_page(folder, "tsfs run " + name, data);
}

void write_comparison_report(const std::filesystem::path& folder, const std::string& name) {
  std::vector<std::pair<std::string, std::optional<CsvTable>>> tables;
  for (const std::string table_name : {"methods", "cliques", "pairwise", "per_dataset", "procedure",
                                       "friedman", "left_out_datasets"}) {
    auto table = table_if_present(folder, table_name);
    // left_out_datasets.csv comes with --common-datasets only.
    if (!table && table_name != "left_out_datasets")
      throw InputError(folder.string(),
                       fmt::format("not a comparison folder: {}.csv is missing", table_name));
    tables.emplace_back(table_name, std::move(table));
  }
  const std::string data = fmt::format(
      "{{\"kind\": \"comparison\", \"name\": {}, \"summary\": {}, \"tables\": {}}}",
      json_string(name), json_string(text_if_present(folder / "summary.md")), tables_json(tables));
  write_page(folder, "tsfs comparison " + name, data);
}

std::filesystem::path write_report(const std::filesystem::path& folder) {
  if (!std::filesystem::is_directory(folder))
    throw InputError(folder.string(), std::filesystem::exists(folder) ? "is a file, not a folder"
                                                                      : "folder not found");
  if (std::filesystem::exists(folder / "cliques.csv"))
    write_comparison_report(folder, folder_name(folder));
  else if (std::filesystem::exists(folder / "results.csv"))
    write_run_report(folder, folder_name(folder));
  else
    throw InputError(folder.string(),
                     "holds neither a run (results.csv) nor a comparison (cliques.csv)");
  return folder / "report.html";
}

}  // namespace tsfs
