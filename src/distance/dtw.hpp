#pragma once
// Exact dynamic time warping distances (`distances: [{kind: dtw, ...}]`) with dtw-python 1.3
// semantics: step patterns symmetric2 / symmetric1, local cost |x - y| or (x - y)^2, an optional
// Sakoe-Chiba band |a - b| <= W on the raw 0-based index grid (dtw-python's
// window_type="sakoechiba", not slanted for unequal lengths), optional normalisation by n + m.
// The recursion itself is documented in distance/dtw_kernel.hpp.
#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

#include "common/params.hpp"
#include "data/dataset.hpp"
#include "distance/distance_block.hpp"
#include "distance/dtw_kernel.hpp"

namespace tsfs {

struct DtwOptions {
  dtw::StepPattern step_pattern = dtw::StepPattern::symmetric2;
  dtw::LocalCost local = dtw::LocalCost::abs;
  std::optional<long long> window;     // band half-width W (window_size in dtw-python)
  std::optional<double> window_ratio;  // W = ceil(ratio * longest series length of the dataset)
  // The band applies only when the dataset's longest series is longer than this (0: always).
  long long window_if_longer_than = 0;
  bool normalize = false;  // symmetric2 only: distance / (n + m)
};

// Why these options cannot be used together, or nullopt (a problem of the combination: its
// `param` is empty, so the spec loader names the `distances:` entry).
std::optional<ParamProblem> dtw_options_problem(const DtwOptions& options);

// The band half-width W for a dataset whose longest series has `longest` values; nullopt for no
// band. The ratio rounds up, but a product within 1e-9 (relative) of an integer counts as that
// integer, so that 0.07 x 100 gives 7 and not 8 from binary rounding.
std::optional<long long> dtw_band(const DtwOptions& options, long long longest);

// Why no warping path fits `band` for some pair of the dataset's series (their lengths differ by
// more than the band), or nullopt. The shortest and the longest series are the worst pair.
std::optional<std::string> dtw_band_problem(const Dataset& dataset, std::optional<long long> band);

// Cells of the n x m cost matrix inside the band (all n x m without one): the work of one pair.
long long dtw_cells(long long n, long long m, std::optional<long long> band);

// Short file-name-safe label: "dtw" plus one part per non-default option, in this order:
// -symmetric1, -sq, -w<W> or -r<ratio>, -if<T>, -norm. E.g. "dtw-w100-if500".
std::string dtw_label(const DtwOptions& options);

// The m x m matrix of DTW distances between the dataset's series (each without its NaN padding):
// symmetric, zero diagonal, each pair computed once, bit-identical for any thread count and ISA.
// Throws InputError naming the dataset and a pair when the band leaves some pair without a
// warping path (|n - m| > W), and for options that do not go together.
Eigen::MatrixXd dtw_matrix(const Dataset& dataset, const DtwOptions& options, int threads,
                           dtw::Isa isa = dtw::best_isa(), bool show_progress = true);

// The |block.rows| x |block.columns| block of DTW distances between rows of the dataset (the
// band taken from the dataset's longest series, as for the matrix): what a protocol's test rows
// need against its training rows, without the rest of the matrix. Bit-identical to the matrix's
// entries for any thread count.
Eigen::MatrixXd dtw_block(const Dataset& dataset, const BlockRows& block, const DtwOptions& options,
                          int threads, dtw::Isa isa = dtw::best_isa(), bool show_progress = true);

}  // namespace tsfs
