// Logistic regression (registered as "logistic"): liblinear's L1- or L2-regularised logistic
// loss on standardised features, one-vs-rest for several classes, as scikit-learn 1.2.1's
// LogisticRegression(solver="liblinear") (see liblinear_model.hpp for the conventions).
#include <memory>
#include <string>

#include "classify/classifier.hpp"
#include "classify/liblinear_model.hpp"

namespace tsfs {
namespace {

ComponentInfo logistic_info() {
  ComponentInfo info;
  info.name = "logistic";
  info.doc =
      "Logistic regression: liblinear with an L1 (newGLMNET) or L2 (trust-region Newton) "
      "penalty on standardised features, regularised intercept, one-vs-rest for several "
      "classes; as scikit-learn's LogisticRegression(solver=\"liblinear\").";
  info.params.push_back(
      ParamDeclaration{.name = "penalty",
                       .type = ParamType::text,
                       .default_value = ParamValue{std::string("l2")},
                       .doc = "Regularisation: \"l2\" (squared norm) or \"l1\" (sparse).",
                       .choices = {"l1", "l2"}});
  for (ParamDeclaration& spec : liblinear_common_params()) info.params.push_back(std::move(spec));
  return info;
}

std::unique_ptr<Classifier> make_logistic(const ParamSet& params) {
  LiblinearOptions options;
  options.solver =
      params.text("penalty") == "l1" ? LiblinearSolver::logistic_l1 : LiblinearSolver::logistic_l2;
  read_liblinear_common_params(params, options);
  return make_liblinear_classifier("logistic", options);
}

const Registrar<ClassifierRegistration> logistic_registrar{
    ClassifierRegistration{.info = logistic_info(),
                           .configure = configured_by_factory<Classifier>(make_logistic),
                           .has_coefficients = true,
                           .reports_convergence = true}};

}  // namespace
}  // namespace tsfs
