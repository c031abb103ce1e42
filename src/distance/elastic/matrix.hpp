#pragma once
// The pairwise matrix of an elastic distance (engine.hpp), the generic driver of all of them.
#include <Eigen/Core>

#include "data/dataset.hpp"
#include "distance/elastic/engine.hpp"

namespace tsfs::elastic {

// The m x m matrix of `distance` between the dataset's series (each without its NaN padding,
// through the derivative first for ddtw / wddtw): symmetric, zero diagonal, each pair computed
// once, bit-identical for any thread count and any `simd` (Simd::none runs every pair alone).
// Throws InputError naming the dataset and the series when one is shorter than the distance
// accepts, or when a distance comes out infinite or NaN (values too large for doubles).
Eigen::MatrixXd elastic_matrix(const Dataset& dataset, const Distance& distance,
                               const Params& params, int threads, Simd simd = best_simd(),
                               bool show_progress = true);

// Cells inside the band, summed over the pairs of the matrix: its work (for the benchmark).
double elastic_matrix_cells(const Dataset& dataset, const Distance& distance, const Params& params);

}  // namespace tsfs::elastic
