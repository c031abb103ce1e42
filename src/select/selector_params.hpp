#pragma once
// Parameter helpers shared by the selector registrations (order, bounded integers).
#include <fmt/format.h>

#include <cmath>
#include <functional>
#include <optional>
#include <string>

#include "common/error.hpp"
#include "common/params.hpp"
#include "select/selector.hpp"

namespace tsfs {

// A registration's `configure` from the factory of its selector class: the selector is built once
// per grid point when the spec is loaded; `validate`, when given, refuses combinations of values
// first.
template <typename Make>
std::function<Configured<Selector>(const ParamSet&)> configured_by(
    Make make, std::function<std::optional<ParamProblem>(const ParamSet&)> validate = nullptr) {
  return configured_by_factory<Selector>(std::move(make), std::move(validate));
}

// The `order` parameter: which end of the score is kept first.
inline ParamDeclaration order_param(const std::string& default_order, const std::string& doc = "") {
  return ParamDeclaration{.name = "order",
                          .type = ParamType::text,
                          .default_value = ParamValue{default_order},
                          .doc = doc.empty() ? "which end of the score is kept first" : doc,
                          .choices = {"ascending", "descending"}};
}

// The same without a default, for a selector whose preset (a `variant`) fills it.
inline ParamDeclaration order_param_without_default() {
  ParamDeclaration order = order_param("ascending");
  order.default_value.reset();
  return order;
}

inline ScoreOrder order_of(const ParamSet& params) {
  return params.text("order") == "ascending" ? ScoreOrder::ascending : ScoreOrder::descending;
}

// Selector::check_fit_rows of an integer parameter `name` (k of a kNN graph): `value` must be
// less than the number of fit rows.
inline std::optional<ParamProblem> less_than_fit_rows(const std::string& name, long long value,
                                                      long long fit_rows) {
  if (value < fit_rows) return std::nullopt;
  return ParamProblem{name, fmt::format("{} = {} must be less than the {} rows the selector is "
                                        "fitted on",
                                        name, value, fit_rows)};
}

// Heat-kernel width sigma = sigma_ratio x M-bar (M-bar: mean of ALL fit x fit distances, the
// diagonal included, so the same ratio means the same thing for any distance and scale). Rows that
// are all identical (M-bar = 0) or distances so large that sigma overflows leave no usable width:
// an InputError without a location, which the orchestrator completes with the selector's spec
// location, the dataset and the distance (sweep/scores.cpp).
inline double heat_kernel_width(double sigma_ratio, double mean_distance) {
  const double sigma = sigma_ratio * mean_distance;
  if (!(sigma > 0.0) || !std::isfinite(sigma))
    throw InputError("", fmt::format("sigma_ratio: kernel width sigma = {} x mean distance {} = {} "
                                     "is not a positive finite number (are all series identical, "
                                     "or the distances too large?)",
                                     sigma_ratio, mean_distance, sigma));
  return sigma;
}

}  // namespace tsfs
