#include "config/metrics_loader.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "classify/classifier.hpp"
#include "common/text.hpp"

namespace tsfs::spec_detail {

std::vector<ChosenMetric> read_metrics(const YAML::Node& node, const SpecSource& file,
                                       const ClassifierSpec& classifier) {
  if (!node.IsSequence())
    fail(node, file, "'metrics' must be a list, e.g. [macro_f1, roc_auc, average_precision]");
  std::vector<ChosenMetric> metrics;
  std::vector<SourceLocation> where;
  for (const auto& item : node) {
    const std::string name = read_word(item, file, "metrics item");
    if (name == "accuracy" || name == "balanced_accuracy")
      fail(item, file,
           fmt::format("'{}' is always written; 'metrics' lists the additional ones: {}", name,
                       fmt::join(chosen_metric_names(), ", ")));
    const std::optional<ChosenMetric> metric = chosen_metric_from_name(name);
    if (!metric)
      fail_unknown(item, file, fmt::format("unknown metric '{}'", printable_excerpt(name, 80)),
                   name, chosen_metric_names());
    if (auto earlier = std::find(metrics.begin(), metrics.end(), *metric); earlier != metrics.end())
      fail(item, file,
           fmt::format("metric '{}' is listed twice (first at {})", name,
                       where[static_cast<size_t>(earlier - metrics.begin())].str()));
    if (*metric == ChosenMetric::sparsity && !classifier.registration->has_coefficients)
      fail(item, file,
           fmt::format("'sparsity' is the share of a linear model's coefficients that are 0; "
                       "classifier '{}' has no coefficients (use logistic or linear_svc)",
                       classifier.kind));
    metrics.push_back(*metric);
    where.push_back(location_of(item, file));
  }
  return metrics;
}

}  // namespace tsfs::spec_detail
