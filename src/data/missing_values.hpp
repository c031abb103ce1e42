#pragma once
// Filling missing values (NaN) inside a series, for `missing: interpolate` (data/dataset.hpp).
#include <cstddef>

namespace tsfs {

// Replaces every NaN among values[0, length) and returns how many it replaced. A NaN between two
// observed values x_a (at a) and x_b (at b) becomes (x_b - x_a) / (b - a) * (i - a) + x_a, linear
// interpolation in numpy.interp's arithmetic; a NaN before the first observed value takes that
// value, one after the last observed value takes that one (the UCR archive's "adjusted" copies
// fill the ends of DodgerLoop* and MelbournePedestrian series so). Needs an observed value.
size_t fill_missing_values(double* values, size_t length);

}  // namespace tsfs
