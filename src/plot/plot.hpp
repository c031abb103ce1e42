#pragma once
// Figures from a run folder's CSVs (and, for dataset views, the spec's datasets), rendered with
// gnuplot to PNG and SVG. Plot kinds are registered by name (`plots: [{kind: NAME, name: FILE,
// ...}]`); each produces a Figure: its data (gnuplot data blocks) and a gnuplot script body.
// The script and data are kept next to the images so a user can restyle and re-render them
// with `gnuplot FILE.gp` inside the figures folder.
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "config/plot_kind.hpp"
#include "config/spec.hpp"
#include "report/csv_table.hpp"

namespace tsfs {

// Writes <folder>/<name>.dat and <name>.gp, and runs gnuplot for <name>.png and <name>.svg.
// Returns false (after writing the data and script) when gnuplot is not installed.
bool render_figure(const Figure& figure, const std::string& name,
                   const std::filesystem::path& folder);

// Refuses (InputError at the plot's spec line) a plot naming a column that its run CSV will not
// have; `header_of` gives the header a run writes for "results", "folds", "scores" or "curves".
void check_plot_columns(
    const Spec& spec,
    const std::function<std::vector<std::string>(const std::string& table)>& header_of);

// Refuses (InputError at the plot's spec line, naming the dataset) a plot that cannot draw the
// run's dataset `dataset` of `rows` rows (PlotKind::check_dataset_rows), before the sweep runs.
void check_plot_dataset(const Spec& spec, const std::string& dataset, long long rows);

// Draws every plot of the spec into <run_folder>/figures/. Returns the number rendered.
int render_plots(const Spec& spec, const std::filesystem::path& run_folder);

// tables/<dataset>.md from a run's results.csv rows, and the spec's figures: what a single run and
// `runner merge` of a sharded run both draw, by the same code.
void write_summaries(const std::filesystem::path& output, const CsvTable& results,
                     const Spec& spec);

}  // namespace tsfs
