// numpy.fft.fft's DC bin: see numpy_fft_dc.hpp. Follows NumPy 1.24's numpy/fft/_pocketfft.c
// (cfftp_factorize, pass_all, the u = 0 outputs of pass2/3/4/5/7/11 and passg, make_cfft_plan).
#include "features/tsfel/numpy_fft_dc.hpp"

#include <cmath>

namespace tsfs::tsfel::spectral {
namespace {

Eigen::Index largest_prime_factor(Eigen::Index n) {
  Eigen::Index largest = 1;
  while (n % 2 == 0) {
    largest = 2;
    n /= 2;
  }
  for (Eigen::Index divisor = 3; divisor * divisor <= n; divisor += 2)
    while (n % divisor == 0) {
      largest = divisor;
      n /= divisor;
    }
  return n > 1 ? n : largest;
}

// pocketfft's cost_guess: sum of the factors (larger primes penalised by 1.1) times n.
double cost_guess(Eigen::Index n) {
  const Eigen::Index original = n;
  double cost = 0.0;
  while (n % 2 == 0) {
    cost += 2.0;
    n /= 2;
  }
  for (Eigen::Index divisor = 3; divisor * divisor <= n; divisor += 2)
    while (n % divisor == 0) {
      cost += divisor <= 5 ? static_cast<double>(divisor) : 1.1 * static_cast<double>(divisor);
      n /= divisor;
    }
  if (n > 1) cost += n <= 5 ? static_cast<double>(n) : 1.1 * static_cast<double>(n);
  return cost * static_cast<double>(original);
}

// pocketfft's good_size: the smallest 2^a 3^b 5^c 7^d 11^e >= n.
Eigen::Index good_size(Eigen::Index n) {
  if (n <= 6) return n;
  Eigen::Index best = 2 * n;
  for (Eigen::Index f2 = 1; f2 < best; f2 *= 2)
    for (Eigen::Index f3 = f2; f3 < best; f3 *= 3)
      for (Eigen::Index f5 = f3; f5 < best; f5 *= 5)
        for (Eigen::Index f7 = f5; f7 < best; f7 *= 7)
          for (Eigen::Index f11 = f7; f11 < best; f11 *= 11)
            if (f11 >= n) best = f11;
  return best;
}

// make_cfft_plan's choice between the factorised transform and Bluestein's.
bool uses_bluestein(Eigen::Index n) {
  if (n < 50) return false;
  const Eigen::Index prime = largest_prime_factor(n);
  if (prime * prime <= n) return false;
  return 2.0 * cost_guess(good_size(2 * n - 1)) * 1.5 < cost_guess(n);
}

// The u = 0 output of a radix-p butterfly on inputs c[0], c[stride], ..., c[(p-1) stride]:
// radix 4 adds (c0 + c2) + (c1 + c3); every other radix adds c0 + (c1 + c_{p-1}) +
// (c2 + c_{p-2}) + ... from the left (radix 2: c0 + c1).
double butterfly_dc(const double* c, Eigen::Index stride, Eigen::Index radix) {
  if (radix == 4) return (c[0] + c[2 * stride]) + (c[stride] + c[3 * stride]);
  if (radix == 2) return c[0] + c[stride];
  double sum = c[0];
  for (Eigen::Index j = 1; j < (radix + 1) / 2; ++j)
    sum = sum + (c[j * stride] + c[(radix - j) * stride]);
  return sum;
}

}  // namespace

std::vector<Eigen::Index> pocketfft_factors(Eigen::Index n) {
  std::vector<Eigen::Index> factors;
  while (n % 4 == 0) {
    factors.push_back(4);
    n /= 4;
  }
  if (n % 2 == 0) {
    n /= 2;
    factors.push_back(2);
    std::swap(factors.front(), factors.back());
  }
  for (Eigen::Index divisor = 3; divisor * divisor <= n; divisor += 2)
    while (n % divisor == 0) {
      factors.push_back(divisor);
      n /= divisor;
    }
  if (n > 1) factors.push_back(n);
  return factors;
}

std::optional<double> numpy_fft_dc(const double* x, Eigen::Index n) {
  if (n <= 0) return 0.0;
  if (uses_bluestein(n)) return std::nullopt;
  // Pass with factor p on a length-m array keeps, on the DC path, entries i < m / p:
  // y[i] = butterfly(y[i], y[i + m / p], ..., y[i + (p - 1) m / p]) (Stockham order).
  std::vector<double> partial(x, x + n);
  Eigen::Index length = n;
  for (const Eigen::Index radix : pocketfft_factors(n)) {
    const Eigen::Index stride = length / radix;
    for (Eigen::Index i = 0; i < stride; ++i)
      partial[static_cast<size_t>(i)] = butterfly_dc(partial.data() + i, stride, radix);
    length = stride;
  }
  return partial[0];
}

}  // namespace tsfs::tsfel::spectral
