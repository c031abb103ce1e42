// Linear support vector classifier (registered as "linear_svc"): liblinear's L2-regularised
// squared-hinge SVM solved in the dual, one-vs-rest for several classes, as scikit-learn 1.2.1's
// LinearSVC with its defaults (penalty l2, loss squared_hinge, dual=True, intercept_scaling 1).
// liblinear 2.3 caps the dual solver at 1000 passes, LinearSVC's default max_iter.
#include <memory>

#include "classify/classifier.hpp"
#include "classify/liblinear_model.hpp"

namespace tsfs {
namespace {

ComponentInfo linear_svc_info() {
  ComponentInfo info;
  info.name = "linear_svc";
  info.doc =
      "Linear SVM: liblinear's L2-regularised squared-hinge loss (dual coordinate descent) on "
      "standardised features, regularised intercept, one-vs-rest for several classes; as "
      "scikit-learn's LinearSVC.";
  info.params = liblinear_common_params();
  return info;
}

std::unique_ptr<Classifier> make_linear_svc(const ParamSet& params) {
  LiblinearOptions options;
  options.solver = LiblinearSolver::squared_hinge_l2;
  read_liblinear_common_params(params, options);
  return make_liblinear_classifier("linear_svc", options);
}

const Registrar<ClassifierRegistration> linear_svc_registrar{
    ClassifierRegistration{.info = linear_svc_info(),
                           .configure = configured_by_factory<Classifier>(make_linear_svc),
                           .has_coefficients = true,
                           .reports_convergence = true}};

}  // namespace
}  // namespace tsfs
