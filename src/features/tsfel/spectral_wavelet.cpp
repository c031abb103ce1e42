// TSFEL 0.1.5's wavelet kinds (wavelet_abs_mean, wavelet_energy, wavelet_entropy, wavelet_std,
// wavelet_var in tsfel/feature_extraction/features.py) on the continuous wavelet transform
// scipy.signal.cwt(x, scipy.signal.ricker, widths=np.arange(1, 10)): row w - 1 is
// np.convolve(x, ricker(min(10 * w, L), w), mode='same') (see spectral::ricker_cwt). The
// features do not use fs. An empty series gives NaN.
#include <algorithm>
#include <cmath>
#include <limits>

#include "features/tsfel/numpy_reductions.hpp"
#include "features/tsfel/spectral_memos.hpp"
#include "features/tsfel/tsfel_feature.hpp"

namespace tsfs::tsfel {
namespace {

constexpr Eigen::Index wavelet_widths = 9;  // features.json: widths np.arange(1, 10)

using npcompat::numpy_sum;
using spectral::CwtRows;

// Registers a kind with one value per width, computed from one CWT row.
bool register_per_width_kind(const char* name, int order,
                             double (*feature)(const double* row, Eigen::Index length)) {
  return register_feature_kind(FeatureKind{name, Domain::spectral, order,
                                           [](Eigen::Index) { return wavelet_widths; },
                                           [feature](const SeriesView& series, double* out) {
                                             const Eigen::Index length = series.length();
                                             if (length == 0) {
                                               std::fill(out, out + wavelet_widths, kNaN);
                                               return;
                                             }
                                             const CwtRows& cwt = spectral::ricker_cwt(series);
                                             for (Eigen::Index w = 0; w < wavelet_widths; ++w)
                                               out[w] = feature(cwt.row(w).data(), length);
                                           }});
}

// wavelet_abs_mean: |np.mean(row)|.
double absolute_mean(const double* row, Eigen::Index length) {
  return std::abs(npcompat::numpy_mean(row, length));
}

// wavelet_std: np.std(row).
double wavelet_standard_deviation(const double* row, Eigen::Index length) {
  return npcompat::numpy_std(row, length);
}

// wavelet_var: np.var(row).
double wavelet_variance(const double* row, Eigen::Index length) {
  return npcompat::numpy_var(row, length);
}

// wavelet_energy: sqrt(np.sum(row ** 2) / L).
double energy(const double* row, Eigen::Index length) {
  Eigen::VectorXd squares = Eigen::Map<const Eigen::VectorXd>(row, length).array().square();
  return std::sqrt(numpy_sum(squares.data(), length) / static_cast<double>(length));
}

// wavelet_entropy: 0 if np.sum(x) == 0; else with e_w = sum(|row_w|) and p_w = e_w / sum(e),
// -sum(p_w * ln(p_w)).
void wavelet_entropy(const SeriesView& series, double* out) {
  const Eigen::VectorXd& x = series.values();
  if (x.size() == 0) {
    out[0] = kNaN;
    return;
  }
  if (numpy_sum(x.data(), x.size()) == 0.0) {
    out[0] = 0.0;
    return;
  }
  const CwtRows& cwt = spectral::ricker_cwt(series);
  Eigen::VectorXd scale_energy(wavelet_widths);
  for (Eigen::Index w = 0; w < wavelet_widths; ++w) {
    const Eigen::VectorXd magnitudes = cwt.row(w).cwiseAbs().transpose();
    scale_energy[w] = numpy_sum(magnitudes.data(), magnitudes.size());
  }
  const double total = numpy_sum(scale_energy.data(), wavelet_widths);
  Eigen::VectorXd terms(wavelet_widths);
  for (Eigen::Index w = 0; w < wavelet_widths; ++w) {
    const double p = scale_energy[w] / total;
    terms[w] = p * std::log(p);
  }
  out[0] = -numpy_sum(terms.data(), wavelet_widths);
}

// Positions in the spectral domain of TSFEL 0.1.5's features.json.
[[maybe_unused]] const bool spectral_wavelet_registered[] = {
    register_per_width_kind("Wavelet absolute mean", 21, absolute_mean),
    register_per_width_kind("Wavelet energy", 22, energy),
    register_feature_kind(FeatureKind{"Wavelet entropy", Domain::spectral, 23,
                                      [](Eigen::Index) { return Eigen::Index{1}; },
                                      wavelet_entropy}),
    register_per_width_kind("Wavelet standard deviation", 24, wavelet_standard_deviation),
    register_per_width_kind("Wavelet variance", 25, wavelet_variance),
};

}  // namespace
}  // namespace tsfs::tsfel
