#pragma once
// The TSFEL-like extractor's extension point: one FeatureKind per TSFEL 0.1.5 feature (e.g.
// "Absolute energy", "FFT mean coefficient"), registered with its position in TSFEL's column
// order. The extractor ("tsfel" in features/tsfel_extractor.cpp) walks the kinds in that order,
// names columns as TSFEL prints them ("0_<name>" or "0_<name>_<i>") and fills the matrix.
#include <Eigen/Core>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace tsfs::tsfel {

enum class Domain { spectral = 0, statistical = 1, temporal = 2 };  // TSFEL's column order

// One-sided magnitude spectrum as TSFEL's calc_fft computes it: f = linspace(0, fs // 2, L // 2)
// and magnitudes = |FFT(x)| for bins 0 .. L // 2 - 1.
struct Spectrum {
  Eigen::VectorXd frequencies;
  Eigen::VectorXd magnitudes;
};

// One series (true length, no NaN padding) and what several features share, computed at most once
// per series. Not thread-safe: one SeriesView per series per thread.
class SeriesView {
 public:
  SeriesView(const Eigen::VectorXd& values, double fs) : values_(values), fs_(fs) {}
  const Eigen::VectorXd& values() const { return values_; }
  double fs() const { return fs_; }
  Eigen::Index length() const { return values_.size(); }
  const Spectrum& spectrum() const;  // implemented in spectrum.cpp (FFTW)

 private:
  const Eigen::VectorXd& values_;
  double fs_;
  mutable std::optional<Spectrum> spectrum_;
};

struct FeatureKind {
  std::string name;  // TSFEL's feature name, e.g. "FFT mean coefficient"
  Domain domain = Domain::statistical;
  int order = 0;  // position within its domain in TSFEL 0.1.5's features.json
  // Number of values for a series of this length (1 for scalar features).
  std::function<Eigen::Index(Eigen::Index length)> width;
  // Writes width(length) values; NaN where TSFEL fails or returns NaN (documented per kind).
  std::function<void(const SeriesView& series, double* out)> compute;
};

// The value of a feature TSFEL does not define for a series (too short, constant, ...).
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The width of a scalar kind: one value whatever the series length.
inline Eigen::Index one_value(Eigen::Index /*length*/) {
  return 1;
}

// Registers a kind (call from a static initializer in the kind's file).
bool register_feature_kind(FeatureKind kind);
// Every registered kind, in TSFEL's column order (domain, then order).
std::vector<const FeatureKind*> feature_kinds();

}  // namespace tsfs::tsfel
