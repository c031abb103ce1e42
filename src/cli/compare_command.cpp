#include "cli/compare_command.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "cli/word_reader.hpp"
#include "common/error.hpp"
#include "common/text.hpp"
#include "compare/comparison.hpp"
#include "compare/comparison_files.hpp"
#include "sweep/store/output_folder.hpp"

namespace tsfs {

std::string compare_usage() {
  return R"(usage: runner compare RUN_DIR... [options]

Compares methods across the datasets of one or more finished runs (the same datasets in each):
average ranks, Friedman and Iman-Davenport tests, Nemenyi critical difference and diagram,
pairwise Wilcoxon signed-rank tests with Holm's correction, wins/ties/losses and a
multiple-comparison matrix. Writes RUN_DIR/comparison/ (the first run's) or --output.

options:
  --metric COLUMN      results.csv column to compare, higher = better (default: accuracy)
  --by COLUMNS         comma-separated results.csv columns identifying a method (default:
                       selector); `run` is the run folder. Within a run a method must have one
                       row per dataset; a method found in several runs is averaged over them
  --where COLUMN=VALUE only the rows with this value (repeatable: every condition must hold)
  --tuned              a selector with rows marked `tuned` (nested CV) counts by those rows
                       only, not by the grid cells they choose among
  --alpha A            significance level of the Nemenyi and Holm procedures (default: 0.05)
  --output DIR         write the comparison files into DIR instead
  --help               this text
)";
}

CompareArguments parse_compare_arguments(const std::vector<std::string>& args) {
  CompareArguments arguments;
  WordReader words(args, "runner compare --help");
  while (words.more()) {
    const std::string& arg = words.next();
    if (arg == "--help" || arg == "-h") {
      arguments.help = true;
    } else if (arg == "--metric") {
      arguments.collate.metric = words.value("--metric");
    } else if (arg == "--by") {
      arguments.collate.by.clear();
      for (auto column : split(words.value("--by"), ','))
        if (!column.empty()) {
          if (std::find(arguments.collate.by.begin(), arguments.collate.by.end(), column) !=
              arguments.collate.by.end())
            words.fail(fmt::format("--by lists '{}' twice", column));
          arguments.collate.by.emplace_back(column);
        }
      if (arguments.collate.by.empty()) words.fail("--by needs at least one column");
    } else if (arg == "--where") {
      std::string condition = words.value("--where");
      auto equals = condition.find('=');
      if (equals == std::string::npos || equals == 0)
        words.fail(fmt::format("--where needs COLUMN=VALUE, got '{}'", condition));
      arguments.collate.where.emplace_back(condition.substr(0, equals),
                                           condition.substr(equals + 1));
    } else if (arg == "--tuned") {
      arguments.collate.tuned = true;
    } else if (arg == "--alpha") {
      std::string text = words.value("--alpha");
      auto alpha = parse_double(text);
      if (!alpha || !(*alpha > 0 && *alpha < 1))
        words.fail(fmt::format("--alpha needs a number between 0 and 1, got '{}'", text));
      arguments.alpha = *alpha;
    } else if (arg == "--output") {
      arguments.output = words.value("--output");
    } else if (arg.rfind("-", 0) == 0) {
      words.fail(fmt::format("unknown option '{}'", arg));
    } else {
      arguments.collate.runs.emplace_back(arg);
    }
  }
  if (arguments.collate.runs.empty() && !arguments.help) words.fail("compare needs a RUN_DIR");
  return arguments;
}

int run_compare(const CompareArguments& arguments) {
  const compare::Collated collated = compare::collate_runs(arguments.collate);
  if (collated.methods.size() < 2)
    throw InputError(
        "command line",
        fmt::format("only one method ('{}') found by --by {}: a comparison needs at "
                    "least two (choose --by columns that vary, or more runs)",
                    collated.methods.front().label, fmt::join(arguments.collate.by, ",")));
  if (collated.datasets.size() < 2)
    throw InputError("command line",
                     fmt::format("the runs hold one dataset ('{}'): comparing methods across "
                                 "datasets needs at least two",
                                 collated.datasets.front()));
  const compare::Comparison comparison = compare::compare_methods(collated.scores, arguments.alpha);
  const std::filesystem::path folder =
      arguments.output.empty() ? arguments.collate.runs.front() / "comparison" : arguments.output;
  // Written like a run's outputs: locked, and a folder that is a file or unwritable is bad input.
  bool rendered = false;
  run_in_output_folder(
      {folder, arguments.output.empty() ? folder.string() : "--output", "runner compare", false},
      [&] {
        rendered = compare::write_comparison(folder, arguments.collate, collated, comparison);
        return 0;
      });
  const auto& friedman = comparison.friedman;
  fmt::print(
      "{} methods on {} datasets: Friedman p = {:.4g}, Iman-Davenport p = {:.4g}, "
      "Nemenyi CD = {:.4g}\n",
      collated.methods.size(), collated.datasets.size(), friedman.chi_square_p,
      friedman.iman_davenport_p, comparison.critical_difference);
  fmt::print("comparison written to {}{}\n", folder.string(),
             rendered ? "" : " (gnuplot not found: figures as .gp and .dat only)");
  return 0;
}

}  // namespace tsfs
