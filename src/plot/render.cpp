#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <cstdlib>

#include "common/error.hpp"
#include "common/files.hpp"
#include "common/interrupt.hpp"
#include "plot/plot.hpp"
#include "plot/run_tables.hpp"
#include "report/tables.hpp"

namespace tsfs {
namespace {

bool gnuplot_available() {
  static const bool available = std::system("command -v gnuplot >/dev/null 2>&1") == 0;
  return available;
}

// Gnuplot quoting: single-quoted strings only need their single quotes doubled.
std::string quoted(const std::string& text) {
  std::string result = "'";
  for (char c : text) {
    if (c == '\'') result += '\'';
    result += c;
  }
  return result + "'";
}

// POSIX shell quoting: inside single quotes nothing is special, and a single quote is written as
// '\'' (close, escaped quote, reopen). Gnuplot's doubling would drop the quote from a path.
std::string shell_quoted(const std::string& text) {
  std::string result = "'";
  for (char c : text) result += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return result + "'";
}

}  // namespace

bool render_figure(const Figure& figure, const std::string& name,
                   const std::filesystem::path& folder) {
  std::filesystem::create_directories(folder);
  write_file_atomically(folder / (name + ".dat"), figure.data);
  // A previous run's lines and marks are not this figure's.
  for (const auto& [suffix, csv] : {std::pair{".lines.csv", figure.reference_lines},
                                    std::pair{".chart.csv", figure.chart.marks_csv()},
                                    std::pair{".chart_axes.csv", figure.chart.axes_csv()}})
    if (csv.empty())
      std::filesystem::remove(folder / (name + suffix));
    else
      write_file_atomically(folder / (name + suffix), csv);
  // tsfs renders into temporary files (tsfs_temporary, a sprintf pattern of the format) and moves
  // them in place only when both images exist; a user re-rendering writes NAME.png and NAME.svg.
  std::string script = fmt::format(
      "# {0}: rendered by tsfs from {0}.dat; re-render with `gnuplot {0}.gp` in this folder.\n"
      "do for [format in \"png svg\"] {{\n"
      "  if (format eq \"png\") {{\n"
      "    set terminal pngcairo size {1},{2} font \",11\" noenhanced\n"
      "  }} else {{\n"
      "    set terminal svg size {1},{2} font \",11\" dynamic noenhanced\n"
      "  }}\n"
      "  set output (exists(\"tsfs_temporary\") ? sprintf(tsfs_temporary, format) : "
      "{3}.\".\".format)\n"
      "  reset\n"
      "  set datafile separator \"\\t\"\n"
      "{4}"
      "  unset multiplot\n"
      "  set output\n"
      "}}\n",
      name, figure.width, figure.height, quoted(name), figure.body);
  write_file_atomically(folder / (name + ".gp"), script);
  if (!gnuplot_available()) return false;
  // ".NAME.FORMAT.tsfs-tmp.PID.0": a temporary file name that a later run's clean-up recognises.
  std::string escaped;
  for (char c : name) escaped += c == '%' ? std::string("%%") : std::string(1, c);
  const std::string temporary = temporary_file_name(escaped + ".%s", 0);
  auto temporary_of = [&](const char* format) {
    return folder / temporary_file_name(name + "." + format, 0);
  };
  auto remove_temporaries = [&] {
    std::error_code ignored;
    for (const char* format : {"png", "svg"})
      std::filesystem::remove(temporary_of(format), ignored);
  };
  std::string command =
      fmt::format("cd {} && gnuplot -e {} {} 2>&1", shell_quoted(folder.string()),
                  shell_quoted("tsfs_temporary=" + quoted(temporary)), shell_quoted(name + ".gp"));
  std::string output;
  int status = -1;
  if (FILE* pipe = popen(command.c_str(), "r")) {
    char buffer[512];
    while (fgets(buffer, sizeof buffer, pipe)) output += buffer;
    status = pclose(pipe);
  }
  // Not a bug of tsfs as such: a full disk or an unwritable folder fails the PNG, and so do
  // data a figure's parameters make unplottable. gnuplot's own words say which. Neither image is
  // then replaced: a figure is written whole or not at all.
  if (status != 0 || !std::filesystem::exists(temporary_of("png")) ||
      !std::filesystem::exists(temporary_of("svg"))) {
    remove_temporaries();
    throw InputError(
        (folder / (name + ".gp")).string(),
        fmt::format("gnuplot failed: {}", output.empty() ? "no image written" : output));
  }
  // gnuplot draws on through its warnings, and some mean a spoilt figure ("difficulty making room
  // for xtic labels" put a heat map off the canvas): said, so that a blank image is noticed.
  if (!output.empty())
    spdlog::warn("figure {}: gnuplot said: {}", (folder / name).string(),
                 output.substr(0, output.find_last_not_of('\n') + 1));
  for (const char* format : {"png", "svg"}) {
    std::error_code error;
    std::filesystem::rename(temporary_of(format), folder / (name + "." + format), error);
    if (error) {
      remove_temporaries();
      throw WriteError(folder / (name + "." + format), error.value());
    }
  }
  return true;
}

void check_plot_columns(
    const Spec& spec,
    const std::function<std::vector<std::string>(const std::string& table)>& header_of) {
  for (const auto& plot : spec.plots) {
    if (!plot.registration->columns_used) continue;
    const auto [table, columns] = plot.registration->columns_used(plot.params);
    const CsvTable empty{header_of(table), {}};
    const std::string name = plot.params.text("name");
    for (const auto& column : columns) try {
        require_column(empty, column, name);
      } catch (const InputError& error) {
        throw InputError(plot.where.str(), fmt::format("{} (in {}.csv)", error.message(), table));
      }
  }
}

void check_plot_dataset(const Spec& spec, const std::string& dataset, long long rows) {
  for (const auto& plot : spec.plots)
    if (auto problem = plot.plot->check_dataset_rows(rows))
      throw InputError(plot.where.str(),
                       fmt::format("{} (plot '{}', key '{}', dataset {})", problem->message,
                                   plot.params.text("name"), problem->param, dataset));
}

int render_plots(const Spec& spec, const std::filesystem::path& run_folder) {
  int rendered = 0;
  PlotContext context{spec, run_folder};
  for (const auto& plot : spec.plots) {
    throw_if_interrupted();
    std::string name = plot.params.text("name");
    Figure figure;
    try {
      figure = plot.plot->draw(context, name);
    } catch (const InputError& error) {
      // The plot's spec line first; a location of the kind's own (a run CSV that is missing or
      // damaged) stays in the message, or the user would not know which file.
      throw InputError(plot.where.str(),
                       error.where().empty() ? error.message() : std::string(error.what()));
    }
    bool drawn = false;
    try {
      drawn = render_figure(figure, name, run_folder / "figures");
    } catch (const WriteError&) {
      throw;  // the output folder's fault: run_in_output_folder names the `output:` line
    } catch (const InputError& error) {
      throw InputError(plot.where.str(), fmt::format("plot '{}': {} (script {})", name,
                                                     error.message(), error.where()));
    }
    if (drawn) {
      ++rendered;
      spdlog::info("figure {}", (run_folder / "figures" / (name + ".png")).string());
    } else {
      spdlog::warn("gnuplot not found: wrote {}.gp and {}.dat only", name, name);
    }
  }
  return rendered;
}

void write_summaries(const std::filesystem::path& output, const CsvTable& results,
                     const Spec& spec) {
  // tables/<dataset>.md: accuracy by the swept parameters of selectors, classifier and reducer.
  std::vector<std::string> parameter_columns;
  for (const auto& name : results.header) {
    bool is_selector_param = false;
    for (const auto& selector : spec.selectors)
      if (!selector.grid.empty() && selector.grid.front().has(name)) is_selector_param = true;
    if (is_selector_param || name.rfind("classifier_", 0) == 0 || name.rfind("reducer_", 0) == 0)
      parameter_columns.push_back(name);
  }
  for (const auto& [file, text] : accuracy_tables(results, parameter_columns))
    write_file_atomically(output / "tables" / file, text);
  render_plots(spec, output);
}

}  // namespace tsfs
