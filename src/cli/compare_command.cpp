#include "cli/compare_command.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>

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
average ranks, Friedman and Iman-Davenport tests, pairwise Wilcoxon signed-rank tests with
Holm's correction, a critical-difference diagram whose cliques come from them (or from Nemenyi),
wins/ties/losses, median per-dataset differences, a Bayesian signed-rank test with a rope and a
multiple-comparison matrix; every choice is printed in summary.md and procedure.csv. Writes
RUN_DIR/comparison/ (the first run's) or --output.

options:
  --metric COLUMN      results.csv column to compare, higher = better (default: accuracy)
  --by COLUMNS         comma-separated results.csv columns identifying a method (default:
                       selector); `run` is the run folder's name. Within a run a method must
                       have one row per dataset; a method found in several runs is averaged over
                       them
  --where COLUMN=VALUE only the rows with this value (repeatable: every condition must hold)
  --common-datasets    compare on the datasets every run and method has a row for, leaving
                       out (left_out_datasets.csv) those a component skipped, instead of
                       refusing the runs
  --tuned              a selector with rows marked `tuned` (nested CV) counts by those rows
                       only, not by the grid cells they choose among
  --alpha A            family-wise significance level of Holm (and Nemenyi) (default: 0.05)
  --cliques TEST       what the bars of the CD diagram join: wilcoxon-holm (methods no
                       Holm-adjusted pairwise Wilcoxon test tells apart; default) or nemenyi
                       (average ranks closer than the Nemenyi critical difference)
  --bars HOW           how the bars are drawn from those decisions: maximal (the longest runs
                       of rank-adjacent methods with no significant pair among them: a bar never
                       joins two methods a test tells apart; default) or aeon (aeon's
                       construction: each method's run up to the first that differs from it,
                       which can join a significant pair; the figure says so)
  --zero-method M      zero differences in the Wilcoxon test, as scipy.stats.wilcoxon: wilcox
                       (dropped; default), pratt (ranked, then left out of both sums) or zsplit
                       (their ranks split between the sums)
  --tie-margin M       wins/ties/losses: |difference| <= M is a tie (default: 0: ties are
                       scores equal up to rounding, relative 1e-9, as everywhere else)
  --rope R             Bayesian signed-rank test: half-width of the region of practical
                       equivalence, in units of the metric (default: 0.01)
  --bayes-samples N    Bayesian signed-rank test: Monte Carlo draws per pair (default: 50000)
  --seed S             Bayesian signed-rank test: seed of the draws (default: 1)
  --family COLUMN      one comparison per value of COLUMN (e.g. n_features), its Holm
                       correction taken over the pairs of all of them as one family; written to
                       DIR/COLUMN=VALUE, or to --output with {} replaced by the value
  --beside RUN_DIR     with --family: a run compared in every member, whatever its value of
                       the column (baselines that do not vary with it, such as 1-NN beside
                       selectors at each n_features); repeatable
  --output DIR         write the comparison files into DIR instead
  --wait               when another runner is writing into the output folder, wait for it
  --help               this text
)";
}

namespace {

// --by's comma-separated columns, each at most once, and at least one.
std::vector<std::string> compare_by_columns(WordReader& words) {
  std::vector<std::string> by;
  for (auto column : split(words.value("--by"), ','))
    if (!column.empty()) {
      if (std::find(by.begin(), by.end(), column) != by.end())
        words.fail(fmt::format("--by lists '{}' twice", column));
      by.emplace_back(column);
    }
  if (by.empty()) words.fail("--by needs at least one column");
  return by;
}

// Reads an option of the rows and methods compared (--metric, --by, --where, --common-datasets,
// --tuned) into `collate`; false when `arg` is none of them.
bool read_collate_option(const std::string& arg, WordReader& words,
                         compare::CollateOptions& collate) {
  if (arg == "--metric") {
    collate.metric = words.value("--metric");
  } else if (arg == "--by") {
    collate.by = compare_by_columns(words);
  } else if (arg == "--where") {
    std::string condition = words.value("--where");
    auto equals = condition.find('=');
    if (equals == std::string::npos || equals == 0)
      words.fail(fmt::format("--where needs COLUMN=VALUE, got '{}'", condition));
    collate.where.emplace_back(condition.substr(0, equals), condition.substr(equals + 1));
  } else if (arg == "--common-datasets") {
    collate.common_datasets = true;
  } else if (arg == "--tuned") {
    collate.tuned = true;
  } else {
    return false;
  }
  return true;
}

// The value of --tie-margin or --rope: a finite number >= 0.
double non_negative_option_value(const std::string& arg, WordReader& words) {
  std::string text = words.value(arg);
  auto value = parse_double(text);
  if (!value || !(*value >= 0) || std::isinf(*value))
    words.fail(fmt::format("{} needs a number >= 0, got '{}'", arg, text));
  return *value;
}

// The value of --bayes-samples (1 to 100000000) or --seed (>= 0, at most 2^53: every whole number
// up to it is exact in a double).
double whole_number_option_value(const std::string& arg, WordReader& words) {
  std::string text = words.value(arg);
  auto value = parse_double(text);
  const double largest = arg == "--seed" ? 9007199254740992.0 : 100000000.0;
  if (!value || *value != std::floor(*value) || *value < (arg == "--seed" ? 0 : 1) ||
      *value > largest)
    words.fail(fmt::format("{} needs a whole number{}, got '{}'", arg,
                           arg == "--seed" ? " >= 0" : " from 1 to 100000000", text));
  return *value;
}

// Reads an option of the tests (--alpha, --cliques, --bars, --zero-method, --tie-margin, --rope,
// --bayes-samples, --seed) into `options`; false when `arg` is none of them.
bool read_statistics_option(const std::string& arg, WordReader& words,
                            compare::ComparisonOptions& options) {
  if (arg == "--alpha") {
    std::string text = words.value("--alpha");
    auto alpha = parse_double(text);
    if (!alpha || !(*alpha > 0 && *alpha < 1))
      words.fail(fmt::format("--alpha needs a number between 0 and 1, got '{}'", text));
    options.alpha = *alpha;
  } else if (arg == "--cliques") {
    std::string text = words.value("--cliques");
    auto test = compare::clique_test_from_name(text);
    if (!test) words.fail(fmt::format("--cliques is wilcoxon-holm or nemenyi, got '{}'", text));
    options.cliques = *test;
  } else if (arg == "--bars") {
    std::string text = words.value("--bars");
    auto construction = statistics::bar_construction_from_name(text);
    if (!construction) words.fail(fmt::format("--bars is maximal or aeon, got '{}'", text));
    options.bars = *construction;
  } else if (arg == "--zero-method") {
    std::string text = words.value("--zero-method");
    auto method = statistics::zero_method_from_name(text);
    if (!method)
      words.fail(fmt::format("--zero-method is wilcox, pratt or zsplit, got '{}'", text));
    options.zero_method = *method;
  } else if (arg == "--tie-margin") {
    options.tie_margin = non_negative_option_value(arg, words);
  } else if (arg == "--rope") {
    options.rope = non_negative_option_value(arg, words);
  } else if (arg == "--bayes-samples") {
    options.bayes_samples = static_cast<int>(whole_number_option_value(arg, words));
  } else if (arg == "--seed") {
    options.seed = static_cast<std::uint64_t>(whole_number_option_value(arg, words));
  } else {
    return false;
  }
  return true;
}

// What no single option tells: that there is a run to compare, and that --beside and {} in
// --output come with a --family.
void check_compare_arguments(const CompareArguments& arguments, const WordReader& words) {
  if (arguments.collate.runs.empty() && !arguments.help) words.fail("compare needs a RUN_DIR");
  if (arguments.family.empty() && !arguments.collate.beside.empty())
    words.fail(
        "--beside compares a run in every member of a --family, and no --family is given "
        "(without one, give the run as a RUN_DIR)");
  if (!arguments.collate.beside.empty() &&
      arguments.collate.beside.size() == arguments.collate.runs.size())
    words.fail("every run is --beside: give the runs whose --family column varies as RUN_DIR");
  if (arguments.family.empty() && arguments.output.string().find("{}") != std::string::npos)
    words.fail("--output has {} (the value of a --family column) but no --family is given");
}

}  // namespace

CompareArguments parse_compare_arguments(const std::vector<std::string>& args) {
  CompareArguments arguments;
  WordReader words(args, "runner compare --help");
  while (words.more()) {
    const std::string& arg = words.next();
    if (read_collate_option(arg, words, arguments.collate) ||
        read_statistics_option(arg, words, arguments.statistics))
      continue;
    if (arg == "--help" || arg == "-h") {
      arguments.help = true;
    } else if (arg == "--wait") {
      arguments.wait = true;
    } else if (arg == "--family") {
      arguments.family = words.value("--family");
      if (arguments.family.empty()) words.fail("--family needs a column");
    } else if (arg == "--beside") {
      arguments.collate.beside.emplace_back(words.value("--beside"));
      arguments.collate.runs.push_back(arguments.collate.beside.back());
    } else if (arg == "--output") {
      arguments.output = words.value("--output");
      if (arguments.output.empty()) words.fail("--output needs a folder");
    } else if (arg.rfind("-", 0) == 0) {
      words.fail(fmt::format("unknown option '{}'", arg));
    } else {
      arguments.collate.runs.emplace_back(arg);
    }
  }
  check_compare_arguments(arguments, words);
  return arguments;
}

namespace {

compare::Collated collate_checked(const compare::CollateOptions& options) {
  compare::Collated collated = compare::collate_runs(options);
  if (collated.methods.size() < 2)
    throw InputError("command line",
                     fmt::format("only one method ('{}') found by --by {}: a comparison needs at "
                                 "least two (choose --by columns that vary, or more runs)",
                                 collated.methods.front().label, fmt::join(options.by, ",")));
  if (collated.datasets.size() < 2)
    throw InputError("command line",
                     fmt::format("the runs hold one dataset ('{}'): comparing methods across "
                                 "datasets needs at least two",
                                 collated.datasets.front()));
  return collated;
}

// One --family member's runs: a problem with them (a run without some dataset at this value) says
// which member it is.
compare::Collated collate_member(const compare::CollateOptions& options, const std::string& family,
                                 const std::string& value) {
  try {
    return collate_checked(options);
  } catch (const InputError& error) {
    throw InputError(error.where(),
                     fmt::format("--family {} = {}: {}", family, value, error.message()));
  }
}

std::vector<std::string> labels_of(const compare::Collated& collated) {
  std::vector<std::string> labels;
  for (const auto& method : collated.methods) labels.push_back(method.label);
  return labels;
}

// One member of the comparison: its rows, collated scores, tests and folder.
struct Member {
  compare::CollateOptions collate;
  compare::Collated collated;
  std::filesystem::path folder;
  std::string output_name;  // as the user gave it, for messages
};

std::filesystem::path member_folder(const CompareArguments& arguments, const std::string& value) {
  const std::string name = arguments.family + "=" + value;
  if (arguments.output.empty()) return arguments.collate.runs.front() / "comparison" / name;
  std::string pattern = arguments.output.string();
  if (pattern.find("{}") == std::string::npos) return arguments.output / name;
  for (size_t brace = pattern.find("{}"); brace != std::string::npos;
       brace = pattern.find("{}", brace + value.size()))
    pattern.replace(brace, 2, value);
  return pattern;
}

// The folders a run writes itself: a comparison written there would be replaced or mixed with
// the run's own files (its report.html, tables/).
bool is_run_folder_or_its_own(const std::filesystem::path& folder) {
  static const std::set<std::string> own = {"tables", "figures",   "plan", "shards",
                                            "cache",  "artefacts", "slurm"};
  std::error_code status;
  auto path = std::filesystem::weakly_canonical(folder, status);
  if (status) path = std::filesystem::absolute(folder).lexically_normal();
  if (!path.has_filename()) path = path.parent_path();  // written with a trailing separator
  const auto holds_run = [&status](const std::filesystem::path& candidate) {
    return std::filesystem::exists(candidate / "results.csv", status) ||
           std::filesystem::exists(candidate / "manifest.json", status);
  };
  return holds_run(path) || (own.count(path.filename().string()) && holds_run(path.parent_path()));
}

// A comparison's folder must not be a run folder (a RUN_DIR given as --output would turn the run
// into a comparison: its page replaced, methods.csv beside its results.csv) nor one of its own.
// `where` names --output, or the folder itself when it is the default.
void refuse_run_folder_as_output(const std::filesystem::path& folder, const std::string& where) {
  if (is_run_folder_or_its_own(folder))
    throw InputError(where, fmt::format("{} is a run folder or one the run writes (tables/, "
                                        "figures/, ...): write the comparison elsewhere, e.g. "
                                        "into RUN_DIR/comparison (the default)",
                                        folder.string()));
}

// Every member's folder is prepared and locked (as a run's output is: a folder that is a file or
// unwritable is bad input) before the comparisons are computed, since the Monte Carlo of a large
// comparison takes minutes: a second compare into the same folder is refused at once, naming this
// one, or waits for it with --wait. Then each comparison is computed (a family adjusted as one) and
// written; returns per member whether its figures were rendered.
std::vector<bool> compare_in_locked_folders(const CompareArguments& arguments,
                                            const std::vector<Member>& members,
                                            const std::vector<std::string>& values,
                                            std::vector<compare::Comparison>& comparisons) {
  std::vector<bool> rendered(members.size(), false);
  std::function<int(size_t)> locked_from = [&](size_t first) {
    if (first < members.size()) {
      OutputCommand output{members[first].folder, members[first].output_name, "runner compare",
                           arguments.wait};
      output.output_option = "--output DIR";
      return run_in_output_folder(output, [&] { return locked_from(first + 1); });
    }
    for (const Member& member : members)
      comparisons.push_back(compare::compare_methods(member.collated.scores, arguments.statistics,
                                                     labels_of(member.collated)));
    if (!arguments.family.empty()) compare::adjust_as_family(comparisons, arguments.family, values);
    for (size_t i = 0; i < members.size(); ++i)
      rendered[i] = compare::write_comparison(members[i].folder, members[i].collate,
                                              members[i].collated, comparisons[i]);
    return 0;
  };
  locked_from(0);
  return rendered;
}

}  // namespace

std::vector<WrittenComparison> run_compare(const CompareArguments& arguments, bool print_summary) {
  std::vector<Member> members;
  std::vector<std::string> values;
  if (arguments.family.empty()) {
    const std::filesystem::path folder =
        arguments.output.empty() ? arguments.collate.runs.front() / "comparison" : arguments.output;
    members.push_back({arguments.collate, collate_checked(arguments.collate), folder,
                       arguments.output.empty() ? folder.string() : "--output"});
  } else {
    values = compare::column_values(arguments.collate, arguments.family);
    for (const std::string& value : values) {
      compare::CollateOptions options = arguments.collate;
      options.family_where = {{arguments.family, value}};
      const std::filesystem::path folder = member_folder(arguments, value);
      members.push_back({options, collate_member(options, arguments.family, value), folder,
                         arguments.output.empty() ? folder.string() : "--output"});
    }
  }
  for (const Member& member : members)
    refuse_run_folder_as_output(member.folder, member.output_name);
  std::vector<compare::Comparison> comparisons;
  const std::vector<bool> rendered =
      compare_in_locked_folders(arguments, members, values, comparisons);
  std::vector<WrittenComparison> written;
  for (size_t i = 0; i < members.size(); ++i) {
    const Member& member = members[i];
    const compare::Comparison& comparison = comparisons[i];
    written.push_back({values.empty() ? std::string() : values[i], member.folder});
    if (!print_summary) continue;
    const auto& friedman = comparison.friedman;
    const int significant = static_cast<int>(std::count_if(
        comparison.pairs.begin(), comparison.pairs.end(),
        [&](const auto& pair) { return compare::holm_significant(comparison, pair); }));
    fmt::print(
        "{}{} methods on {} datasets: Friedman p = {:.4g}, Iman-Davenport p = {:.4g}, "
        "{} of {} pairs significant (Wilcoxon, Holm over {} tests), cliques by {}\n",
        arguments.family.empty() ? "" : fmt::format("{} = {}: ", arguments.family, values[i]),
        member.collated.methods.size(), member.collated.datasets.size(), friedman.chi_square_p,
        friedman.iman_davenport_p, significant, comparison.pairs.size(), comparison.family_tests,
        compare::clique_test_name(comparison.options.cliques));
    fmt::print("comparison written to {}{}\n", member.folder.string(),
               rendered[i] ? "" : " (gnuplot not found: figures as .gp and .dat only)");
  }
  return written;
}

}  // namespace tsfs
