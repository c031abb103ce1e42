#pragma once
// The DC bin of numpy.fft.fft(x) (NumPy 1.17 - 1.26, pocketfft's complex transform), bit for bit.
// TSFEL's spectral entropy counts the bins with nonzero power, and the DC bin of a centred series
// is a rounding residue: whether it is exactly 0 depends on the order in which the FFT adds the
// values, which FFTW's order does not reproduce.
#include <Eigen/Core>
#include <optional>
#include <vector>

namespace tsfs::tsfel::spectral {

// pocketfft's factors of n in the order its passes apply them (cfftp_factorize): 4s first, then
// one 2 moved to the front, then odd factors ascending.
std::vector<Eigen::Index> pocketfft_factors(Eigen::Index n);

// Real part of numpy.fft.fft(x)[0] for real x: the sum of x in pocketfft's order (each radix
// pass adds its inputs without twiddles for the DC path). nullopt for lengths where pocketfft
// uses Bluestein's algorithm instead (length >= 50 with a large prime factor), whose DC bin is
// not a plain sum.
std::optional<double> numpy_fft_dc(const double* x, Eigen::Index n);

}  // namespace tsfs::tsfel::spectral
