// Principal component analysis (registered as "pca"): the training rows centred, their leading
// principal directions kept, as scikit-learn 1.2.1's PCA(svd_solver="full").
#include "reduce/projection_reducer.hpp"

namespace tsfs {
namespace {

const Registrar<ReducerRegistration> pca_registrar{ReducerRegistration{
    .info = {.name = "pca",
             .doc = "principal component analysis of the training rows (centred); components or "
                    "the share of variance `energy` they reach",
             .params = projection_params()},
    .configure = configured_by_factory<Reducer>([](const ParamSet& params) {
      return make_projection_reducer(params, &principal_components);
    }),
    .reconstructs = true}};

}  // namespace
}  // namespace tsfs
