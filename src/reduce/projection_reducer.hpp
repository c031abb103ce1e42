#pragma once
// What the pca and svd reducers share: the training rows' principal directions (optionally after
// standardising the columns with the training rows' statistics, as scikit-learn's
// StandardScaler), of which `components` leading ones are kept, or the fewest whose explained
// variance ratios reach `energy`; both row sets are projected on them.
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

using DirectionsFit = PrincipalComponents (*)(const Eigen::MatrixXd& rows);
std::unique_ptr<Reducer> make_projection_reducer(const ParamSet& params, DirectionsFit fit);

}  // namespace tsfs
