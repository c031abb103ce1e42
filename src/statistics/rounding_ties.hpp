#pragma once
// Results equal up to the rounding of their computation are equal. Two methods whose mean
// accuracies over resamples agree in exact arithmetic can differ in the last bits of their
// doubles (sums of the same fold accuracies in another order, or of other fractions with the same
// total); counted as a win, ranked, or given to a signed-rank test as a non-zero difference, such
// a gap would be noise reported as a result. The comparison snaps every score, and every
// magnitude of a paired difference, to a representative before it counts, ranks or tests.
#include <Eigen/Core>

namespace tsfs::statistics {

// Relative bound: x and y are equal when |x - y| <= kRoundingBound * max(|x|, |y|). Far above
// the rounding of a mean of a few hundred doubles (about 1e-14 relative) and far below any real
// difference of accuracy-like scores (one test series in 30 resamples of 10,000 is 3e-6).
constexpr double kRoundingBound = 1e-9;

bool equal_up_to_rounding(double x, double y);

// `values` with every group of values equal up to rounding replaced by the group's smallest
// value. Groups chain in ascending order: sorted values whose consecutive gaps are each within
// the bound form one group (a chain longer than the bound never occurs for real results, and
// chaining keeps the grouping independent of where a group starts). NaN values stay as they are.
Eigen::VectorXd snap_rounding_ties(const Eigen::VectorXd& values);

// The same on magnitudes, the signs kept: the paired differences of a signed-rank test, whose
// ranks of |d| must tie where the magnitudes agree up to rounding. Zero stays zero.
Eigen::VectorXd snap_rounding_ties_of_magnitudes(const Eigen::VectorXd& values);

}  // namespace tsfs::statistics
