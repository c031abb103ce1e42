// Truncated SVD (registered as "svd"): the leading right singular vectors of the training rows
// without centring (latent semantic analysis), as scikit-learn 1.2.1's TruncatedSVD with its
// exact "arpack" solver.
#include "reduce/projection_reducer.hpp"

namespace tsfs {
namespace {

const Registrar<ReducerRegistration> registrar{ReducerRegistration{
    .info = {.name = "svd",
             .doc = "truncated SVD of the training rows (not centred); components or the share of "
                    "variance `energy` they reach",
             .params = projection_params()},
    .configure = configured_by_factory<Reducer>(
        [](const ParamSet& params) { return make_projection_reducer(params, &truncated_svd); })}};

}  // namespace
}  // namespace tsfs
