#pragma once
// report.html: one self-contained page per run folder or comparison folder, to explore what the
// CSVs hold (sortable, filterable tables; interactive charts of the spec's plots and of accuracy
// against any swept parameter; a comparison's critical-difference diagram, pairwise matrix and
// scatter). The page embeds its data and its script (src/report/html/), asks for nothing over the
// network (its Content-Security-Policy forbids it) and opens from file:// offline.
#include <filesystem>
#include <string>

namespace tsfs {

// <folder>/report.html of a finished run: results.csv, spec.yaml, spec.resolved.yaml,
// manifest.json and, when present, folds.csv, tuned.csv, skipped.csv and scores.csv (each may be
// gzipped, as the committed studies keep them), and the figures' baselines and marks
// (figures/NAME.lines.csv, NAME.chart.csv and NAME.chart_axes.csv).
// `name` titles the page (the folder's name; a staging folder's final name).
void write_run_report(const std::filesystem::path& folder, const std::string& name);

// <folder>/report.html of a comparison folder (runner compare): methods.csv, cliques.csv,
// pairwise.csv, per_dataset.csv, procedure.csv, friedman.csv and summary.md.
void write_comparison_report(const std::filesystem::path& folder, const std::string& name);

// The name of `folder` itself ("results/run/" gives "run").
std::string folder_name(const std::filesystem::path& folder);

// Either, by what `folder` holds (a comparison's cliques.csv or a run's results.csv); InputError
// naming the folder when it holds neither. Returns the page's path.
std::filesystem::path write_report(const std::filesystem::path& folder);

}  // namespace tsfs
