#include "data/z_normalise.hpp"

#include <algorithm>
#include <cmath>

#include "data/dataset.hpp"

namespace tsfs {

std::string normalisation_name(Normalisation normalise) {
  return normalise == Normalisation::z ? "z" : "none";
}

void z_normalise(double* values, long long length) {
  if (length <= 0) return;
  double smallest = values[0], largest = values[0], sum = 0.0;
  for (long long k = 0; k < length; ++k) {
    smallest = std::min(smallest, values[k]);
    largest = std::max(largest, values[k]);
    sum += values[k];
  }
  if (smallest == largest) {
    std::fill(values, values + length, 0.0);
    return;
  }
  double mean = sum / static_cast<double>(length);
  double squares = 0.0;
  for (long long k = 0; k < length; ++k) squares += (values[k] - mean) * (values[k] - mean);
  double deviation = std::sqrt(squares / static_cast<double>(length));
  for (long long k = 0; k < length; ++k) values[k] = (values[k] - mean) / deviation;
}

}  // namespace tsfs
