#pragma once
// What the neighbourhood-based embeddings share (classical_mds.cpp's Isomap,
// neighbourhood_embeddings.cpp's Laplacian eigenmaps and LLE).
#include <Eigen/Core>
#include <vector>

namespace tsfs {

// The `count` rows nearest to `row` other than itself, nearest first, ties to the lower index
// (fewer when there are fewer other rows).
std::vector<Eigen::Index> nearest_other_rows(const Eigen::MatrixXd& distances, Eigen::Index row,
                                             int count);

// Each column multiplied by -1 where needed so that its entry of largest magnitude is positive
// (scikit-learn's _deterministic_vector_sign_flip, per column), so embeddings do not depend on
// an eigensolver's arbitrary signs.
void sign_by_largest_entry(Eigen::MatrixXd& columns);

}  // namespace tsfs
