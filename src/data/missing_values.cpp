#include "data/missing_values.hpp"

#include <cmath>
#include <stdexcept>

#include "data/dataset.hpp"

namespace tsfs {

std::string missing_values_name(MissingValues missing) {
  return missing == MissingValues::interpolate ? "interpolate" : "refuse";
}

size_t fill_missing_values(double* values, size_t length) {
  size_t first = 0;
  while (first < length && std::isnan(values[first])) ++first;
  if (first == length) throw std::logic_error("fill_missing_values: no observed value");
  size_t filled = 0;
  for (size_t i = 0; i < first; ++i, ++filled) values[i] = values[first];
  size_t previous = first;  // the last observed value so far
  for (size_t i = first + 1; i < length; ++i) {
    if (std::isnan(values[i])) continue;
    // numpy.interp's arithmetic (numpy/core/src/multiarray/compiled_base.c, arr_interp): the
    // slope first, then slope * (x - x_a) + y_a.
    const double slope = (values[i] - values[previous]) / static_cast<double>(i - previous);
    for (size_t k = previous + 1; k < i; ++k, ++filled)
      values[k] = slope * static_cast<double>(k - previous) + values[previous];
    previous = i;
  }
  for (size_t i = previous + 1; i < length; ++i, ++filled) values[i] = values[previous];
  return filled;
}

}  // namespace tsfs
