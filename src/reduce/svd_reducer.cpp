// Truncated SVD (registered as "svd"): the leading right singular vectors of the training rows
// without centring (latent semantic analysis), as scikit-learn 1.2.1's TruncatedSVD with its
// exact "arpack" solver. Without `components`, the fewest whose squared singular values reach
// `energy` of their sum (or, with energy_of: variance, of the explained variance).
#include "reduce/projection_reducer.hpp"

namespace tsfs {
namespace {

std::vector<ParamDeclaration> svd_params() {
  std::vector<ParamDeclaration> params = projection_params();
  params.insert(params.begin() + 2, energy_of_param());
  return params;
}

const Registrar<ReducerRegistration> svd_registrar{ReducerRegistration{
    .info = {.name = "svd",
             .doc = "truncated SVD of the training rows (not centred); components or the share "
                    "`energy` of the squared singular values they reach",
             .params = svd_params()},
    .configure = configured_by_factory<Reducer>(
        [](const ParamSet& params) { return make_projection_reducer(params, &truncated_svd); }),
    .reconstructs = true}};

}  // namespace
}  // namespace tsfs
