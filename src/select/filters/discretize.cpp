#include "select/filters/discretize.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "common/enum_names.hpp"

namespace tsfs {

std::optional<Binning> parse_binning(std::string_view name) {
  static constexpr auto binning_names =
      enum_names<Binning>({{Binning::equal_width, "equal_width"}, {Binning::quantile, "quantile"}});
  return binning_names.parse(name);
}

namespace {

// Inner edges e_1 .. e_(V-1), ascending, duplicates removed.
std::vector<double> inner_edges(const Eigen::Ref<const Eigen::VectorXd>& values, int bins,
                                Binning binning) {
  std::vector<double> edges;
  if (values.size() == 0) return edges;
  if (binning == Binning::equal_width) {
    const double low = values.minCoeff();
    const double high = values.maxCoeff();
    for (int b = 1; b < bins; ++b)
      edges.push_back(low + (high - low) * static_cast<double>(b) / static_cast<double>(bins));
  } else {
    std::vector<double> sorted(values.begin(), values.end());
    std::sort(sorted.begin(), sorted.end());
    const double last = static_cast<double>(sorted.size() - 1);
    for (int b = 1; b < bins; ++b) {
      const double position = last * static_cast<double>(b) / static_cast<double>(bins);
      const auto below = static_cast<size_t>(std::floor(position));
      const size_t above = std::min(below + 1, sorted.size() - 1);
      const double fraction = position - static_cast<double>(below);
      edges.push_back(sorted[below] + fraction * (sorted[above] - sorted[below]));
    }
  }
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  return edges;
}

}  // namespace

DiscreteColumn discretize(const Eigen::Ref<const Eigen::VectorXd>& values, int bins,
                          Binning binning) {
  if (bins < 1) throw std::invalid_argument(fmt::format("discretize: {} bins", bins));
  const std::vector<double> edges = inner_edges(values, bins, binning);
  DiscreteColumn column;
  column.bin_count = static_cast<int>(edges.size()) + 1;
  column.bins.reserve(static_cast<size_t>(values.size()));
  for (const double value : values)
    column.bins.push_back(
        static_cast<int>(std::upper_bound(edges.begin(), edges.end(), value) - edges.begin()));
  return column;
}

Eigen::MatrixXd contingency_table(const DiscreteColumn& column, const Eigen::VectorXi& labels,
                                  int classes) {
  Eigen::MatrixXd counts = Eigen::MatrixXd::Zero(column.bin_count, classes);
  for (size_t row = 0; row < column.bins.size(); ++row)
    counts(column.bins[row], labels[static_cast<Eigen::Index>(row)]) += 1.0;
  return counts;
}

void check_labels(const char* selector, const Eigen::VectorXi* labels, int classes,
                  Eigen::Index rows) {
  if (labels == nullptr) throw std::invalid_argument(fmt::format("{}: no labels given", selector));
  if (labels->size() != rows)
    throw std::invalid_argument(
        fmt::format("{}: {} labels for {} fit rows", selector, labels->size(), rows));
  for (const int label : *labels)
    if (label < 0 || label >= classes)
      throw std::invalid_argument(
          fmt::format("{}: label {} outside 0..{}", selector, label, classes - 1));
}

std::vector<ParamDeclaration> discretization_params(long long default_bins, bool allow_zero) {
  return {
      ParamDeclaration{
          .name = "bins",
          .type = ParamType::integer,
          .default_value = ParamValue{default_bins},
          .doc = allow_zero ? "number of bins V for discretising each feature on the fit rows (0: "
                              "use the values as they are)"
                            : "number of bins V for discretising each feature on the fit rows",
          // More bins than a dataset has rows leaves most of them empty; the bound keeps
          // a typo (1e8) from allocating gigabytes per feature.
          .check = [allow_zero](const ParamValue& value) -> std::string {
            const long long bins = std::get<long long>(value);
            if (bins > kMaxBins) return fmt::format("must be at most {}", kMaxBins);
            if (allow_zero) return bins == 0 || bins >= 2 ? "" : "must be 0 or at least 2";
            return bins >= 2 ? "" : "must be >= 2";
          }},
      ParamDeclaration{.name = "binning",
                       .type = ParamType::text,
                       .default_value = ParamValue{std::string("equal_width")},
                       .doc = "bin edges: equal_width over [min, max] or quantile (equal counts)",
                       .choices = {"equal_width", "quantile"}},
  };
}

}  // namespace tsfs
