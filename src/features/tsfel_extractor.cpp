// "tsfel": the TSFEL 0.1.5 feature set (tsfel.get_features_by_domain() with default settings),
// computed by the feature kinds registered under features/tsfel/. Columns come in TSFEL's order
// (spectral, statistical, temporal, each in features.json order) restricted to the chosen
// domains, named as TSFEL prints them: "0_<name>" for a scalar feature, "0_<name>_<i>" for the
// i-th value of a multi-valued one.
//
// Each series is processed at its true length. Where TSFEL fails on a series (e.g. LPCC needs at
// least 12 values, ECDF Percentile at least 5) the kinds write NaN. Two features have a width
// that depends on the length (ECDF: min(L, 10); FFT mean coefficient: min(256, L // 2 + 1)): on a
// variable-length dataset a kind gets the largest width over its series, and the columns a
// shorter series lacks are NaN. An empty series gives a row of NaN.
#include <fmt/format.h>

#include <Eigen/Core>
#include <algorithm>
#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/error.hpp"
#include "common/parallel.hpp"
#include "common/text.hpp"
#include "features/feature_extractor.hpp"
#include "features/tsfel/tsfel_feature.hpp"

namespace tsfs {
namespace {

using tsfel::Domain;
using tsfel::FeatureKind;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// A kind is multi-valued (its columns get a "_<i>" suffix) when it gives more than one value for
// a series of this length; TSFEL names columns by the type of the result (tuple or scalar), and
// every tuple-valued TSFEL feature has several values at this length.
constexpr Eigen::Index kNamingProbeLength = 1024;

// Domain names as the `domains` parameter spells them, in the Domain enum's order.
const std::vector<std::string>& domain_names() {
  static const std::vector<std::string> names{"spectral", "statistical", "temporal"};
  return names;
}

std::vector<std::string> known_feature_names() {
  std::vector<std::string> names;
  for (const FeatureKind* kind : tsfel::feature_kinds()) names.push_back(kind->name);
  return names;
}

// The columns of one kind in the output matrix.
struct KindColumns {
  const FeatureKind* kind = nullptr;
  Eigen::Index offset = 0;
  Eigen::Index width = 0;  // largest width over the dataset's series
};

class TsfelExtractor final : public FeatureExtractor {
 public:
  TsfelExtractor(std::vector<const FeatureKind*> kinds, double fs)
      : kinds_(std::move(kinds)), fs_(fs) {}

  FeatureMatrix extract(const Dataset& dataset, int threads) const override {
    FeatureMatrix features;
    const std::vector<KindColumns> layout = plan_columns(dataset);
    for (const KindColumns& columns : layout) append_names(columns, features.names);
    const auto total = static_cast<Eigen::Index>(features.names.size());
    features.values.setConstant(dataset.rows(), total, kNaN);

    // Each series writes only its own row: the result does not depend on the thread count.
    parallel_for(static_cast<size_t>(dataset.rows()), threads, [&](size_t index) {
      const auto row = static_cast<Eigen::Index>(index);
      const Eigen::VectorXd values = dataset.series(row);
      if (values.size() == 0) return;
      const tsfel::SeriesView series(values, fs_);
      std::vector<double> buffer(static_cast<size_t>(total), kNaN);
      for (const KindColumns& columns : layout) {
        if (columns.kind->width(values.size()) <= 0) continue;
        columns.kind->compute(series, buffer.data() + columns.offset);
      }
      features.values.row(row) = Eigen::Map<const Eigen::RowVectorXd>(buffer.data(), total);
    });
    return features;
  }

 private:
  std::vector<KindColumns> plan_columns(const Dataset& dataset) const {
    std::set<Eigen::Index> lengths;
    for (Eigen::Index row = 0; row < dataset.rows(); ++row) lengths.insert(dataset.lengths(row));
    std::vector<KindColumns> layout;
    Eigen::Index offset = 0;
    for (const FeatureKind* kind : kinds_) {
      Eigen::Index width = 0;
      for (Eigen::Index length : lengths)
        if (length > 0) width = std::max(width, kind->width(length));
      layout.push_back({kind, offset, width});
      offset += width;
    }
    return layout;
  }

  static void append_names(const KindColumns& columns, std::vector<std::string>& names) {
    const bool multi_valued = columns.width > 1 || columns.kind->width(kNamingProbeLength) > 1;
    for (Eigen::Index i = 0; i < columns.width; ++i)
      names.push_back(multi_valued ? fmt::format("0_{}_{}", columns.kind->name, i)
                                   : fmt::format("0_{}", columns.kind->name));
  }

  std::vector<const FeatureKind*> kinds_;
  double fs_;
};

std::string check_domains(const ParamValue& value) {
  const auto* domains = std::get_if<std::vector<std::string>>(&value);
  if (!domains) return "must be a list of domains";
  if (domains->empty())
    return fmt::format("must name at least one of {}", fmt::join(domain_names(), ", "));
  for (const std::string& domain : *domains)
    if (std::find(domain_names().begin(), domain_names().end(), domain) == domain_names().end())
      return fmt::format("unknown domain '{}' (known: {})", domain,
                         fmt::join(domain_names(), ", "));
  return {};
}

std::string check_exclude(const ParamValue& value) {
  const auto* excluded = std::get_if<std::vector<std::string>>(&value);
  if (!excluded) return "must be a list of TSFEL feature names";
  const std::vector<std::string> known = known_feature_names();
  for (auto name = excluded->begin(); name != excluded->end(); ++name)
    if (std::find(excluded->begin(), name, *name) != name)
      return fmt::format("lists '{}' twice", *name);
  for (const std::string& name : *excluded) {
    if (std::find(known.begin(), known.end(), name) != known.end()) continue;
    const auto suggestion = closest_match(name, known);
    return fmt::format("unknown TSFEL feature '{}'{} (known, without the \"0_\" prefix: {})", name,
                       suggestion ? fmt::format(", did you mean '{}'?", *suggestion) : "",
                       fmt::join(known, ", "));
  }
  return {};
}

// The kinds a parameter set selects, in TSFEL's column order; none, with the reason in `problem`,
// when a value is invalid or nothing is left.
std::vector<const FeatureKind*> selected_kinds(const ParamSet& params, std::string& problem) {
  std::set<Domain> domains;
  if (problem = check_domains(ParamValue(params.text_list("domains"))); !problem.empty()) return {};
  for (const std::string& name : params.text_list("domains")) {
    auto position = std::find(domain_names().begin(), domain_names().end(), name);
    domains.insert(static_cast<Domain>(position - domain_names().begin()));
  }
  const std::vector<std::string>& excluded = params.text_list("exclude");
  if (problem = check_exclude(ParamValue(excluded)); !problem.empty()) return {};

  std::vector<const FeatureKind*> kinds;
  for (const FeatureKind* kind : tsfel::feature_kinds())
    if (domains.count(kind->domain) &&
        std::find(excluded.begin(), excluded.end(), kind->name) == excluded.end())
      kinds.push_back(kind);
  if (kinds.empty()) problem = "excludes every feature of the chosen domains";
  return kinds;
}

// Rejects an `exclude` list that leaves no feature in the chosen domains (spec-time check).
std::optional<ParamProblem> validate_tsfel_params(const ParamSet& params) {
  std::string problem;
  selected_kinds(params, problem);
  if (problem.empty()) return std::nullopt;
  return ParamProblem{"exclude", problem};
}

std::unique_ptr<FeatureExtractor> make_tsfel_extractor(const ParamSet& params) {
  std::string problem;  // none: validate_tsfel_params refused the sets that leave no kind
  std::vector<const FeatureKind*> kinds = selected_kinds(params, problem);
  return std::make_unique<TsfelExtractor>(std::move(kinds), params.real("fs"));
}

ExtractorRegistration tsfel_registration() {
  ParamDeclaration domains;
  domains.name = "domains";
  domains.type = ParamType::text_list;
  domains.default_value = std::vector<std::string>{"statistical", "temporal", "spectral"};
  domains.doc =
      "TSFEL domains to compute (spectral, statistical, temporal); columns always come in "
      "TSFEL's order: spectral, statistical, temporal.";
  domains.check = check_domains;
  domains.sweepable = false;

  ParamDeclaration fs;
  fs.name = "fs";
  fs.type = ParamType::real;
  fs.default_value = 100.0;
  fs.doc =
      "Sampling frequency in Hz (TSFEL's default 100) for the spectral features, Area under the "
      "curve, Centroid and Total energy.";
  fs.check = greater_than(0.0);
  fs.sweepable = false;

  ParamDeclaration exclude;
  exclude.name = "exclude";
  exclude.type = ParamType::text_list;
  exclude.default_value = std::vector<std::string>{};
  exclude.doc =
      "TSFEL feature names to leave out, without the \"0_\" prefix (e.g. \"LPCC\", "
      "\"Histogram\").";
  exclude.check = check_exclude;
  exclude.sweepable = false;

  ExtractorRegistration registration;
  registration.info.name = "tsfel";
  registration.info.doc =
      "TSFEL 0.1.5 features (default feature set of tsfel.get_features_by_domain()), numerically "
      "equal to TSFEL; NaN where TSFEL fails on a series.";
  registration.info.params = {domains, fs, exclude};
  registration.info.validate = validate_tsfel_params;
  registration.configure =
      configured_by_factory<FeatureExtractor>(make_tsfel_extractor, validate_tsfel_params);
  return registration;
}

const Registrar<ExtractorRegistration> kRegisterTsfel{tsfel_registration()};

}  // namespace
}  // namespace tsfs
