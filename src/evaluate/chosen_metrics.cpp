#include "evaluate/chosen_metrics.hpp"

#include <array>
#include <utility>

#include "evaluate/metrics.hpp"
#include "evaluate/score_metrics.hpp"

namespace tsfs {
namespace {

constexpr std::array<std::pair<ChosenMetric, const char*>, 5> kNames = {{
    {ChosenMetric::macro_f1, "macro_f1"},
    {ChosenMetric::roc_auc, "roc_auc"},
    {ChosenMetric::average_precision, "average_precision"},
    {ChosenMetric::pr_auc, "pr_auc"},
    {ChosenMetric::sparsity, "sparsity"},
}};

}  // namespace

std::string chosen_metric_name(ChosenMetric metric) {
  for (const auto& [value, name] : kNames)
    if (value == metric) return name;
  return "unknown";
}

std::vector<std::string> chosen_metric_names() {
  std::vector<std::string> names;
  for (const auto& entry : kNames) names.emplace_back(entry.second);
  return names;
}

std::optional<ChosenMetric> chosen_metric_from_name(std::string_view name) {
  for (const auto& [value, known] : kNames)
    if (name == known) return value;
  return std::nullopt;
}

double chosen_metric_value(ChosenMetric metric, const Eigen::VectorXi& truth,
                           const Eigen::VectorXi& predicted, const Eigen::MatrixXd& scores,
                           int classes, double zero_coefficient_fraction) {
  switch (metric) {
    case ChosenMetric::macro_f1:
      return macro_f1(truth, predicted, classes);
    case ChosenMetric::roc_auc:
      return roc_auc(truth, scores);
    case ChosenMetric::average_precision:
      return average_precision(truth, scores);
    case ChosenMetric::pr_auc:
      return pr_auc(truth, scores);
    case ChosenMetric::sparsity:
      return zero_coefficient_fraction;
  }
  return macro_f1(truth, predicted, classes);  // unreachable: every enumerator is handled
}

}  // namespace tsfs
