#include "select/wrappers/validation_split.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "classify/standardize.hpp"
#include "common/error.hpp"
#include "evaluate/shuffle.hpp"
#include "select/wrappers/linear_estimator.hpp"

namespace tsfs {

ValidationSplit validation_split(const SelectionProblem& problem, double fraction,
                                 std::uint64_t seed, const char* selector) {
  require_two_classes(problem, selector);
  const Eigen::VectorXi& labels = *problem.labels;
  std::mt19937_64 generator = protocol_generator(seed, 0);
  ValidationSplit split;
  for (int label = 0; label < problem.classes; ++label) {
    std::vector<int> rows;
    for (Eigen::Index row = 0; row < labels.size(); ++row)
      if (labels[row] == label) rows.push_back(static_cast<int>(row));
    if (rows.empty()) continue;
    shuffle_in_place(rows, generator);
    const size_t validation = class_validation_rows(fraction, rows.size());
    split.validation.insert(split.validation.end(), rows.begin(), rows.begin() + validation);
    split.train.insert(split.train.end(), rows.begin() + validation, rows.end());
  }
  std::sort(split.train.begin(), split.train.end());
  std::sort(split.validation.begin(), split.validation.end());
  split.train_labels = labels(split.train);
  split.validation_labels = labels(split.validation);
  if (split.validation.empty() || (split.train_labels.array() == split.train_labels[0]).all())
    throw InputError("", fmt::format("{}: validation_fraction {} of {} fit rows leaves no "
                                     "validation rows or fewer than two classes to train on",
                                     selector, fraction, labels.size()));
  StandardizedRows scaled = standardize(problem.features(split.train, Eigen::all),
                                        problem.features(split.validation, Eigen::all));
  split.train_features = std::move(scaled.train);
  split.validation_features = std::move(scaled.test);
  return split;
}

size_t class_validation_rows(double fraction, size_t class_rows) {
  const auto wanted = static_cast<size_t>(std::llround(fraction * static_cast<double>(class_rows)));
  return std::min(wanted, class_rows - 1);
}

std::optional<ParamProblem> check_validation_split(double fraction,
                                                   const std::vector<long long>& rows_per_class) {
  size_t validation = 0;
  for (const long long rows : rows_per_class)
    validation += class_validation_rows(fraction, static_cast<size_t>(rows));
  // One class is refused when the selector scores (require_two_classes), with its own message.
  if (validation > 0 || rows_per_class.size() < 2) return std::nullopt;
  return ParamProblem{
      "validation_fraction",
      fmt::format("validation_fraction {} of fit rows of {} per class leaves no validation row; "
                  "raise it or give the selector more rows",
                  fraction, fmt::join(rows_per_class, ", "))};
}

long long correct_predictions(const Eigen::MatrixXd& decisions, const LinearModel& model,
                              const Eigen::VectorXi& truth) {
  long long hits = 0;
  for (Eigen::Index row = 0; row < decisions.rows(); ++row) {
    Eigen::Index best = 0;
    if (model.classes.size() == 2)
      best = decisions(row, 0) > 0.0 ? 1 : 0;
    else
      decisions.row(row).maxCoeff(&best);
    if (model.classes[static_cast<size_t>(best)] == truth[row]) ++hits;
  }
  return hits;
}

ParamDeclaration validation_fraction_param() {
  return ParamDeclaration{
      .name = "validation_fraction",
      .type = ParamType::real,
      .default_value = ParamValue{0.25},
      .doc =
          "share of each class's fit rows held out to measure accuracy (rounded; every "
          "class keeps a training row)",
      .check = [](const ParamValue& value) -> std::string {
        const auto* real = std::get_if<double>(&value);
        if (real != nullptr && *real > 0.0 && *real < 1.0) return {};
        return "must be a fraction in (0, 1)";
      }};
}

ParamDeclaration seed_param(const char* seed_doc) {
  return ParamDeclaration{.name = "seed",
                          .type = ParamType::integer,
                          .default_value = ParamValue{0LL},
                          .doc = seed_doc,
                          .check = between(0.0, 4294967295.0)};
}

}  // namespace tsfs
