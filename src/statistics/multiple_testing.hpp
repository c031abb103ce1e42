#pragma once
// Family-wise error control for the pairwise tests.
#include <Eigen/Core>

namespace tsfs::statistics {

// Holm's (1979) step-down adjusted p-values: with the m p-values sorted ascending,
// p'_(i) = max over j <= i of min(1, (m - j + 1) p_(j)) (i, j 1-based), returned in the input
// order; a hypothesis is rejected at level alpha when its adjusted p-value is <= alpha.
// NaN p-values (no test possible) stay NaN and do not count in m.
Eigen::VectorXd holm_adjust(const Eigen::VectorXd& p_values);

}  // namespace tsfs::statistics
