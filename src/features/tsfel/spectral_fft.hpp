#pragma once
// FFTW transforms of the spectral TSFEL kinds, as NumPy's numpy.fft.rfft / irfft, with plans cached
// per thread and transform size.
#include <Eigen/Core>
#include <complex>
#include <mutex>

namespace tsfs::tsfel::spectral {
// FFTW's planner (fftw_plan_* and fftw_destroy_plan) is not thread-safe: every call to it in the
// project must hold this mutex. fftw_execute* on distinct plans needs no lock.
std::mutex& fftw_planner_mutex();

// numpy.fft.rfft(x, n_fft): DFT of x[0 .. n) cropped or zero-padded to n_fft points, bins
// 0 .. n_fft / 2 written to out (n_fft / 2 + 1 values). FFTW r2c, plan cached per thread and size.
void real_dft(const double* x, Eigen::Index n, Eigen::Index n_fft, std::complex<double>* out);
// Inverse of real_dft for a Hermitian spectrum (n_fft / 2 + 1 bins in, n_fft real values out),
// normalised by 1 / n_fft like numpy.fft.irfft.
void inverse_real_dft(const std::complex<double>* bins, Eigen::Index n_fft, double* out);

}  // namespace tsfs::tsfel::spectral
