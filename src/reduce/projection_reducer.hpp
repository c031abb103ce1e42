#pragma once
// What the pca and svd reducers share: the training rows' principal directions (optionally after
// standardising the columns with the training rows' statistics, as scikit-learn's
// StandardScaler), of which `components` leading ones are kept, or the fewest whose shares reach
// `energy`; both row sets are projected on them.
#include <memory>
#include <vector>

#include "reduce/principal_components.hpp"
#include "reduce/reducer.hpp"

namespace tsfs {

// `standardize` (default true): the reducers see z-scored columns, so that features on large
// scales do not take every component. Shared by every reducer but nmf (which needs the raw,
// non-negative values).
ParamDeclaration standardize_param();

// components (none: use energy), energy (default 0.9), standardize.
std::vector<ParamDeclaration> projection_params();

// What `energy` is a share of. For PCA both are the same: s_i^2 / sum s_j^2 of the centred rows.
// For the truncated SVD they differ: the share of the squared singular values (the energy of
// the uncentred rows, what the lab's exercise keeps 90% of) or the share of the columns' variance
// the projections explain (TruncatedSVD's explained_variance_ratio_).
enum class EnergyOf { singular_values, variance };

// svd's `energy_of` parameter (singular_values or variance).
ParamDeclaration energy_of_param();

using DirectionsFit = PrincipalComponents (*)(const Eigen::MatrixXd& rows);
// The reducer of `params` (projection_params, and energy_of when declared: singular_values
// otherwise).
std::unique_ptr<Reducer> make_projection_reducer(const ParamSet& params, DirectionsFit fit);

}  // namespace tsfs
