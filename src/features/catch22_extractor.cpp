// "catch22" and "catch24": the catch22 feature set (Lubba et al. 2019) computed by
// features/catch22/, one column per feature named as the reference implementation names it
// (e.g. "DN_HistogramMode_5"), in the canonical order of its featureList.txt; catch24 appends
// DN_Mean and DN_Spread_Std. Each series is processed at its true length (no NaN padding). A
// series the reference refuses (fewer than 10 values, or a NaN or infinite value) gets a row of
// NaN; a constant series gets the reference's values for it (see catch22.hpp).
#include <Eigen/Core>
#include <memory>
#include <string>
#include <vector>

#include "common/parallel.hpp"
#include "features/catch22/catch22.hpp"
#include "features/feature_extractor.hpp"

namespace tsfs {
namespace {

class Catch22Extractor final : public FeatureExtractor {
 public:
  explicit Catch22Extractor(bool catch24) : catch24_(catch24) {}

  FeatureMatrix extract(const Dataset& dataset, int threads) const override {
    FeatureMatrix features;
    for (const catch22::FeatureDefinition& feature : catch22::catch22_features())
      features.names.emplace_back(feature.name);
    if (catch24_)
      for (std::string_view name : catch22::kCatch24ExtraNames) features.names.emplace_back(name);
    const auto width = static_cast<Eigen::Index>(features.names.size());
    features.values.resize(dataset.rows(), width);
    // Each series writes only its own row: the result does not depend on the thread count.
    parallel_for(static_cast<size_t>(dataset.rows()), threads, [&](size_t index) {
      const auto row = static_cast<Eigen::Index>(index);
      const Eigen::VectorXd values = dataset.series(row);
      double buffer[24];
      catch22::compute_all({values.data(), static_cast<size_t>(values.size())}, catch24_, buffer);
      features.values.row(row) = Eigen::Map<const Eigen::RowVectorXd>(buffer, width);
    });
    return features;
  }

 private:
  bool catch24_;
};

ExtractorRegistration catch22_registration(bool catch24) {
  ExtractorRegistration registration;
  registration.info.name = catch24 ? "catch24" : "catch22";
  registration.info.doc =
      catch24 ? "catch24: the 22 catch22 features plus DN_Mean and DN_Spread_Std of the raw "
                "series, as the reference C implementation computes them."
              : "catch22 (Lubba et al. 2019): 22 features of the z-scored series, named and "
                "ordered as the reference implementation's featureList.txt, equal to its values "
                "to rounding; NaN for a series shorter than 10 values.";
  registration.configure = configured_by_factory<FeatureExtractor>(
      [catch24](const ParamSet&) { return std::make_unique<Catch22Extractor>(catch24); });
  return registration;
}

const Registrar<ExtractorRegistration> kRegisterCatch22{catch22_registration(false)};
const Registrar<ExtractorRegistration> kRegisterCatch24{catch22_registration(true)};

}  // namespace
}  // namespace tsfs
