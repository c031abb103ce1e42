#pragma once
// Per-thread memos of intermediate results that several spectral TSFEL kinds share, keyed on the
// series' values (so always correct): the demeaned FFT magnitudes, the normalised Welch PSD and
// the Ricker continuous wavelet transform.
#include <Eigen/Core>

#include "features/tsfel/scipy_signal.hpp"
#include "features/tsfel/tsfel_feature.hpp"

namespace tsfs::tsfel::spectral {

// Per-thread memos of intermediate results that several kinds share. Each holds the result for
// the last series (values and fs) seen on this thread and recomputes on any difference.
// - |FFT(x - mean(x))| over bins 0 .. L // 2 - 1 (Fundamental frequency, Spectral entropy).
const Eigen::VectorXd& demeaned_magnitudes(const SeriesView& series);
// - welch of x / std(x) (or of x when std(x) == 0) at sampling frequency fs (Max power spectrum,
//   Power bandwidth).
const Psd& normalised_welch(const SeriesView& series, double fs);
// - scipy.signal.cwt(x, scipy.signal.ricker, widths 1 .. 9): 9 rows of length L (wavelets),
//   row-major so that each scale is contiguous.
using CwtRows = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
const CwtRows& ricker_cwt(const SeriesView& series);

}  // namespace tsfs::tsfel::spectral
