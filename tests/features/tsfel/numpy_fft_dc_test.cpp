// numpy.fft.fft's DC bin (numpy_fft_dc.cpp) and the Spectral entropy rows of Earthquakes and
// Wafer where it decides the value. Expected values: NumPy 1.24.2 (Debian's python3-numpy),
// TSFEL 0.1.5's spectral_entropy on numpy.fft.fft of the centred series; they are the study's
// values for these rows (tests/reference/study/README.md).
#include "features/tsfel/numpy_fft_dc.hpp"

#include <doctest/doctest.h>

#include "../../data/test_support.hpp"
#include "spectral_test_support.hpp"

using tsfs::tsfel::spectral::numpy_fft_dc;
using tsfs::tsfel::spectral::pocketfft_factors;

TEST_CASE("numpy_fft_dc: pocketfft's factor order and its order of additions") {
  CHECK(pocketfft_factors(512) == std::vector<Eigen::Index>{2, 4, 4, 4, 4});
  CHECK(pocketfft_factors(152) == std::vector<Eigen::Index>{2, 4, 19});
  CHECK(pocketfft_factors(150) == std::vector<Eigen::Index>{2, 3, 5, 5});
  // Radix 4 adds (x0 + x2) + (x1 + x3): 0 + 2, where a left-to-right sum loses the first 1.
  const std::vector<double> four = {1e16, 1.0, -1e16, 1.0};
  CHECK(*numpy_fft_dc(four.data(), 4) == 2.0);
  // Length 8 = passes 2 then 4: y_i = x_i + x_{i+4}, then (y0 + y2) + (y1 + y3).
  const std::vector<double> eight = {1e16, 1.0, 0.0, 0.0, 1.0, 0.0, -1e16, 1.0};
  // y = {1e16, 1, -1e16, 1} (1e16 + 1 rounds to 1e16), then 0 + 2; left to right gives 1.
  CHECK(*numpy_fft_dc(eight.data(), 8) == 2.0);
  // Radix 19 (passg): x0 + (x1 + x18) + (x2 + x17) + ... from the left.
  std::vector<double> nineteen(19, 0.0);
  nineteen[0] = 1e16;
  nineteen[1] = 1.0;
  nineteen[18] = 1.0;
  nineteen[2] = -1e16;
  // (1e16 + 2) - 1e16 = 2 exactly; left to right gives 1.
  CHECK(*numpy_fft_dc(nineteen.data(), 19) == 2.0);
}

TEST_CASE("numpy_fft_dc: no plain sum for the lengths NumPy transforms with Bluestein") {
  const std::vector<double> values(211, 1.0);  // 211 is prime: Bluestein
  CHECK_FALSE(numpy_fft_dc(values.data(), 211).has_value());
  CHECK(numpy_fft_dc(values.data(), 47).value() == 47.0);  // prime but below 50: factorised
}

TEST_CASE("Spectral entropy equals NumPy/TSFEL where the DC residue is exactly 0 or not") {
  struct Row {
    const char* dataset;
    long long row;
    double entropy;
  };
  // Earthquakes 43 and Wafer 102: NumPy's DC bin is exactly 0 (one bin fewer in the entropy's
  // normalisation); 72, 77, 347, 716: it is a residue of 1e-15 (FFTW's order gave 0 there).
  const Row rows[] = {
      {"Earthquakes", 43, 0.9071134919278322}, {"Earthquakes", 72, 0.9122036746031272},
      {"Earthquakes", 77, 0.9302206814884271}, {"Wafer", 102, 0.22977873345388675},
      {"Wafer", 347, 0.44632267144018267},     {"Wafer", 716, 0.6725319703210376}};
  for (const auto& expected : rows) {
    tsfs::DatasetOptions options;
    options.name = expected.dataset;
    options.folder = tsfs::test::ucr_folder(expected.dataset);
    options.split = tsfs::Split::train;
    if (std::string(expected.dataset) == "Earthquakes") options.split = tsfs::Split::merged;
    const tsfs::Dataset dataset = tsfs::load_ucr_dataset(options);
    CAPTURE(expected.dataset);
    CAPTURE(expected.row);
    CHECK(tsfs::test::tsfel_value("Spectral entropy", dataset.series(expected.row)) ==
          doctest::Approx(expected.entropy).epsilon(1e-13));
  }
}
