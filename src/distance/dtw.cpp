// Registration of the "dtw" distance: its parameters, how they map to DtwOptions, the band, the
// label. The computation is in dtw_matrix.cpp and dtw_kernel.cpp.
//
//   distances:
//     - {kind: dtw}                                      # symmetric2, |x - y|, no band
//     - {kind: dtw, window: 100, window_if_longer_than: 500}
//     - {kind: dtw, step_pattern: symmetric1, local: squared, window_ratio: 0.1}
#include <fmt/format.h>

#include <cmath>
#include <memory>

#include "common/enum_names.hpp"
#include "common/error.hpp"
#include "distance/distance.hpp"
#include "distance/dtw.hpp"

namespace tsfs {
namespace {

constexpr auto step_pattern_names = enum_names<dtw::StepPattern>(
    {{dtw::StepPattern::symmetric2, "symmetric2"}, {dtw::StepPattern::symmetric1, "symmetric1"}});
constexpr auto local_cost_names = enum_names<dtw::LocalCost>(
    {{dtw::LocalCost::abs, "abs"}, {dtw::LocalCost::squared, "squared"}});

// Reads the parameters that are set (the spec loader validates each one); others keep defaults.
DtwOptions options_from(const ParamSet& params) {
  DtwOptions options;
  if (params.has("step_pattern"))
    options.step_pattern = step_pattern_names.parse(params.text("step_pattern")).value();
  if (params.has("local")) options.local = local_cost_names.parse(params.text("local")).value();
  if (params.has("window")) options.window = params.optional_integer("window");
  if (params.has("window_ratio")) options.window_ratio = params.optional_real("window_ratio");
  if (params.has("window_if_longer_than"))
    options.window_if_longer_than = params.integer("window_if_longer_than");
  if (params.has("normalize")) options.normalize = params.boolean("normalize");
  return options;
}

std::vector<ParamDeclaration> dtw_params() {
  std::vector<ParamDeclaration> params;
  params.push_back(ParamDeclaration{
      .name = "step_pattern",
      .type = ParamType::text,
      .default_value = ParamValue{std::string("symmetric2")},
      .doc = "symmetric2: the diagonal step costs 2 d (dtw-python / R dtw default); "
             "symmetric1: d + the cheapest of the three predecessors",
      .choices = step_pattern_names.names()});
  params.push_back(ParamDeclaration{.name = "local",
                                    .type = ParamType::text,
                                    .default_value = ParamValue{std::string("abs")},
                                    .doc = "local cost: abs |x - y| or squared (x - y)^2",
                                    .choices = local_cost_names.names()});
  params.push_back(ParamDeclaration{
      .name = "window",
      .type = ParamType::optional_integer,
      .default_value = ParamValue{std::monostate{}},
      .doc = "Sakoe-Chiba band: none, or W keeping cells with |a - b| <= W on the 0-based "
             "index grid (dtw-python window_type='sakoechiba', window_size=W; not slanted "
             "for unequal lengths, which may then differ by at most W)",
      .check = none_or(at_least(0))});
  params.push_back(ParamDeclaration{
      .name = "window_ratio",
      .type = ParamType::optional_real,
      .default_value = ParamValue{std::monostate{}},
      .doc = "Sakoe-Chiba band as a fraction r of the length: W = ceil(r x the longest "
             "series length in the dataset); none, or r in [0, 1]; excludes window",
      .check = none_or(between(0.0, 1.0))});
  params.push_back(ParamDeclaration{
      .name = "window_if_longer_than",
      .type = ParamType::integer,
      .default_value = ParamValue{0LL},
      .doc = "apply the band only when the dataset's longest series is longer than this "
             "(0: always); e.g. window: 100, window_if_longer_than: 500",
      .check = at_least(0)});
  params.push_back(
      ParamDeclaration{.name = "normalize",
                       .type = ParamType::boolean,
                       .default_value = ParamValue{false},
                       .doc = "divide by n + m (dtw-python normalizedDistance; symmetric2 only)"});
  return params;
}

class DtwDistance final : public DistanceMeasure {
 public:
  explicit DtwDistance(DtwOptions options) : options_(options) {}
  Eigen::MatrixXd pairwise(const Dataset& dataset, int threads) const override {
    return dtw_matrix(dataset, options_, threads);
  }
  Eigen::MatrixXd block(const Dataset& dataset, const std::vector<int>& rows,
                        const std::vector<int>& columns, int threads) const override {
    return dtw_block(dataset, {rows, columns}, options_, threads);
  }
  std::string label() const override { return dtw_label(options_); }
  std::optional<long long> archive_dtw_band(const Dataset& dataset) const override {
    if (options_.step_pattern != dtw::StepPattern::symmetric1 ||
        options_.local != dtw::LocalCost::squared || options_.normalize || dataset.rows() == 0)
      return std::nullopt;
    const long long longest = dataset.lengths.maxCoeff();
    return dtw_band(options_, longest).value_or(longest);
  }
  std::optional<ParamProblem> check_dataset(const Dataset& dataset) const override {
    if (dataset.rows() == 0) return std::nullopt;
    const auto problem = dtw_band_problem(dataset, dtw_band(options_, dataset.lengths.maxCoeff()));
    if (!problem) return std::nullopt;
    return ParamProblem{options_.window ? "window" : "window_ratio", *problem};
  }
  // Cells of the cost matrix per pair: the band's 2W + 1 cells per row when `window` applies; a
  // window_ratio band is costed as unbanded (an upper bound).
  double pair_cost(long long length) const override {
    long long band = length;
    if (options_.window && length > options_.window_if_longer_than)
      band = std::min(length, 2 * *options_.window + 1);
    return static_cast<double>(length) * static_cast<double>(band);
  }

 private:
  DtwOptions options_;
};

DistanceRegistration registration() {
  DistanceRegistration result;
  result.info.name = "dtw";
  result.info.doc =
      "Dynamic time warping with dtw-python semantics (step pattern, local cost, Sakoe-Chiba "
      "band, normalisation); exact, SIMD over pairs, parallel.";
  result.info.params = dtw_params();
  // Combinations that do not go together fail when the spec is read, before any work.
  result.configure = [](const ParamSet& params) -> Configured<DistanceMeasure> {
    const DtwOptions options = options_from(params);
    if (auto problem = dtw_options_problem(options)) return *problem;
    return std::make_shared<const DtwDistance>(options);
  };
  return result;
}

const Registrar<DistanceRegistration> kRegisterDtw{registration()};

}  // namespace

std::optional<ParamProblem> dtw_options_problem(const DtwOptions& options) {
  if (options.normalize && options.step_pattern != dtw::StepPattern::symmetric2)
    return ParamProblem{"",
                        "normalize: true needs step_pattern symmetric2; symmetric1 has no "
                        "normalisation (dtw-python gives normalizedDistance = nan for it)"};
  if (options.window && options.window_ratio)
    return ParamProblem{"", "give either window or window_ratio, not both"};
  if (options.window_if_longer_than > 0 && !options.window && !options.window_ratio)
    return ParamProblem{"", "window_if_longer_than needs a window or window_ratio to apply"};
  if (options.window && *options.window < 0) return ParamProblem{"", "window must be >= 0"};
  if (options.window_ratio && !(*options.window_ratio >= 0.0 && *options.window_ratio <= 1.0))
    return ParamProblem{"", "window_ratio must be between 0 and 1"};
  return std::nullopt;
}

std::optional<long long> dtw_band(const DtwOptions& options, long long longest) {
  if (longest <= options.window_if_longer_than) return std::nullopt;
  if (options.window) return *options.window;
  if (!options.window_ratio) return std::nullopt;
  double product = *options.window_ratio * static_cast<double>(longest);
  double nearest = std::round(product);
  if (std::abs(product - nearest) <= 1e-9 * std::max(1.0, product))
    return static_cast<long long>(nearest);
  return static_cast<long long>(std::ceil(product));
}

long long dtw_cells(long long n, long long m, std::optional<long long> band) {
  if (!band) return n * m;
  long long cells = 0;
  for (long long a = 0; a < n; ++a) {
    long long low = std::max(0LL, a - *band);
    long long high = std::min(m - 1, a + *band);
    if (high >= low) cells += high - low + 1;
  }
  return cells;
}

std::string dtw_label(const DtwOptions& options) {
  std::string label = "dtw";
  if (options.step_pattern == dtw::StepPattern::symmetric1) label += "-symmetric1";
  if (options.local == dtw::LocalCost::squared) label += "-sq";
  if (options.window) label += fmt::format("-w{}", *options.window);
  // fmt prints the shortest text that reads back to the same double: 0.1 -> "0.1".
  if (options.window_ratio) label += fmt::format("-r{}", *options.window_ratio);
  if (options.window_if_longer_than > 0)
    label += fmt::format("-if{}", options.window_if_longer_than);
  if (options.normalize) label += "-norm";
  return label;
}

}  // namespace tsfs
