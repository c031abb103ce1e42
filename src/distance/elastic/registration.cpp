// elastic_registration (registration.hpp): the parameters every elastic distance shares, its
// label, its dataset check and its DistanceMeasure.
#include "distance/elastic/registration.hpp"

#include <fmt/format.h>

#include <map>
#include <memory>

#include "common/error.hpp"
#include "common/text.hpp"
#include "data/series_file.hpp"
#include "distance/elastic/matrix.hpp"

namespace tsfs::elastic {
namespace {

struct Catalogued {
  Distance distance;
  std::function<void(const ParamSet&, Params&)> read;
};

// Filled by the distances' static registrations (before main) and by find_distance's built-ins.
std::map<std::string, Catalogued>& catalogue() {
  static std::map<std::string, Catalogued> entries;
  return entries;
}

// Every elastic distance compares series of unequal lengths; only too-short series are refused
// (ddtw / wddtw need 3 values for a derivative of at least one).
class ElasticMeasure final : public DistanceMeasure {
 public:
  ElasticMeasure(Distance distance, Params params, std::string label)
      : distance_(std::move(distance)), params_(params), label_(std::move(label)) {}
  Eigen::MatrixXd pairwise(const Dataset& dataset, int threads) const override {
    return elastic_matrix(dataset, distance_, params_, threads);
  }
  std::string label() const override { return label_; }
  std::optional<ParamProblem> check_dataset(const Dataset& dataset) const override {
    if (dataset.rows() == 0) return std::nullopt;
    Eigen::Index shortest = 0;
    dataset.lengths.minCoeff(&shortest);
    if (dataset.lengths(shortest) >= distance_.min_length) return std::nullopt;
    return ParamProblem{"", fmt::format("{} needs series of at least {} values, and series {} of "
                                        "{} has {}",
                                        distance_.name, distance_.min_length, shortest,
                                        dataset.name, dataset.lengths(shortest))};
  }

 private:
  Distance distance_;
  Params params_;
  std::string label_;
};

ParamDeclaration window_param() {
  return ParamDeclaration{
      .name = "window",
      .type = ParamType::real,
      .default_value = ParamValue{1.0},
      .doc =
          "Sakoe-Chiba band as in aeon: a fraction in [0, 1] of the shorter series' length, "
          "around the diagonal from the first to the last cell (slanted for unequal lengths); "
          "1 (aeon's window=None) is no band",
      .check = between(0.0, 1.0)};
}

// "-<name><value>" for each parameter that differs from its default, in declaration order.
std::string label_of(const std::string& name, const std::vector<ParamDeclaration>& declarations,
                     const ParamSet& params) {
  std::string label = name;
  for (const auto& declaration : declarations) {
    if (!params.has(declaration.name)) continue;
    const ParamValue& value = params.at(declaration.name);
    if (declaration.default_value && value == *declaration.default_value) continue;
    std::string text;
    if (const auto* real = std::get_if<double>(&value))
      text = fmt::format("{}", *real);  // shortest text that reads back: 0.1 -> "0.1"
    else if (const auto* flag = std::get_if<bool>(&value))
      text = *flag ? "true" : "false";
    else
      text = display_value(value);
    label += fmt::format("-{}{}", declaration.name == "window" ? "w" : declaration.name, text);
  }
  return label;
}

}  // namespace

ParamCheck cost_check(double low) {
  const std::string description =
      fmt::format("in [{}, {}]", format_double(low), format_double(kLargestValue));
  return {[low](const ParamValue& value) -> std::string {
            const auto* real = std::get_if<double>(&value);
            if (real == nullptr) return {};
            if (!std::isfinite(*real)) return "must be a finite number";
            if (*real < low) return fmt::format("must be at least {}", format_double(low));
            if (std::abs(*real) > kLargestValue)
              return fmt::format(
                  "must be within +-{} (a series value's bound): a larger cost overflows "
                  "the distance's sums to infinity",
                  format_double(kLargestValue));
            return {};
          },
          description};
}

ParamDeclaration real_param(std::string name, double default_value, std::string doc,
                            ParamCheck check) {
  return ParamDeclaration{.name = std::move(name),
                          .type = ParamType::real,
                          .default_value = ParamValue{default_value},
                          .doc = std::move(doc),
                          .check = std::move(check)};
}

DistanceRegistration elastic_registration(Entry entry) {
  std::vector<ParamDeclaration> declarations{window_param()};
  for (auto& declaration : entry.params) declarations.push_back(declaration);
  catalogue()[entry.distance.name] = Catalogued{entry.distance, entry.read};

  DistanceRegistration result;
  result.info.name = entry.distance.name;
  result.info.doc = entry.doc;
  result.info.params = declarations;
  const std::string name = entry.distance.name;
  result.configure = [name, declarations](const ParamSet& params) -> Configured<DistanceMeasure> {
    return std::make_shared<const ElasticMeasure>(*find_distance(name), params_from(name, params),
                                                  label_of(name, declarations, params));
  };
  return result;
}

bool add_to_catalogue(Distance distance) {
  const std::string name = distance.name;
  catalogue()[name] = Catalogued{std::move(distance), {}};
  return true;
}

const Distance* find_distance(const std::string& name) {
  auto found = catalogue().find(name);
  return found == catalogue().end() ? nullptr : &found->second.distance;
}

Params params_from(const std::string& name, const ParamSet& params) {
  Params result;
  if (params.has("window")) result.window = params.real("window");
  auto found = catalogue().find(name);
  if (found == catalogue().end()) throw std::logic_error("unknown elastic distance " + name);
  if (found->second.read) found->second.read(params, result);
  return result;
}

}  // namespace tsfs::elastic
