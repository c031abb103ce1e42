#pragma once
// Per-series z-normalisation: for `datasets: [{normalise: z}]` (data/dataset.hpp) and for the
// `ned` distance.

namespace tsfs {

// Rescales values[0, length) to mean 0 and population standard deviation 1. A constant series has
// no shape to compare; it becomes all zeros rather than 0/0 = NaN, so it sits at a finite distance
// from every other series (sqrt(L) from any normalised one) instead of poisoning the neighbour
// search. The check is for exactly equal values: their computed mean can differ from them by
// rounding, and dividing that rounding noise by its own tiny deviation would invent a shape.
void z_normalise(double* values, long long length);

}  // namespace tsfs
