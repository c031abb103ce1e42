#include "classify/svc_libsvm.hpp"

#include <algorithm>
#include <mutex>
#include <stdexcept>

namespace tsfs {
namespace {

constexpr double kCacheSizeMegabytes = 200.0;  // scikit-learn's default, not a parameter

void discard_libsvm_text(const char*) {}

}  // namespace

void silence_libsvm() {
  static std::once_flag once;
  std::call_once(once, [] { svm_set_print_string_function(&discard_libsvm_text); });
}

svm_parameter libsvm_parameters(const SvcOptions& options, int kernel_type, double gamma) {
  svm_parameter parameters{};
  parameters.svm_type = C_SVC;
  parameters.kernel_type = kernel_type;
  parameters.degree = 3;  // unused by RBF; scikit-learn's default
  parameters.gamma = gamma;
  parameters.coef0 = 0.0;
  parameters.cache_size = kCacheSizeMegabytes;
  parameters.eps = options.tolerance;
  parameters.C = options.c;
  parameters.nr_weight = 0;  // no class weights
  parameters.weight_label = nullptr;
  parameters.weight = nullptr;
  parameters.nu = 0.5;  // unused by C-SVC
  parameters.p = 0.1;   // unused by C-SVC
  parameters.shrinking = options.shrinking ? 1 : 0;
  parameters.probability = 0;  // probability estimates would draw random numbers
  return parameters;
}

LibsvmModel train_libsvm(const svm_problem& problem, const svm_parameter& parameters) {
  if (const char* problem_text = svm_check_parameter(&problem, &parameters))
    throw std::logic_error(std::string("libsvm rejected the SVC parameters: ") + problem_text);
  silence_libsvm();
  LibsvmModel model(svm_train(&problem, &parameters));
  if (!model) throw std::runtime_error("libsvm failed to train the SVC");
  return model;
}

}  // namespace tsfs
