#include "classify/liblinear_model.hpp"

#include <linear.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <utility>

#include "classify/classifier_inputs.hpp"
#include "classify/standardize.hpp"

namespace tsfs {
namespace {

// Value of liblinear's appended bias feature: scikit-learn's default intercept_scaling.
constexpr double kInterceptScaling = 1.0;
// rand() seed set before every training that draws random numbers (see train_serialised).
constexpr unsigned kShuffleSeed = 1;

// liblinear 2.3 tells that a solver stopped at its iteration cap (the dual coordinate descent's
// 1000 passes, newGLMNET's 100 Newton steps, ...) only in its printed text, "WARNING: reaching
// max number of iterations" (linear.cpp; the inner-loop and CG-step caps print other words and
// are not failures of the fit). train() prints on the calling thread, so a per-thread count of
// that message is the count of the current fit's capped sub-problems (one per class of a
// one-vs-rest fit).
constexpr const char* kIterationCapMessage = "reaching max number of iterations";
thread_local int capped_subproblems = 0;

// liblinear prints progress through one global function pointer. Replacing it once, before any
// training, makes it read-only afterwards, so concurrent train() calls stay free of data races.
// Everything but the iteration-cap message is discarded. (Unlike libsvm's, this callback does not
// throw on a signal: liblinear's fits are short, and an exception through train() would leak its
// arrays in every interrupted fit, which LeakSanitizer reports in selector_interrupts_test.)
void count_iteration_caps(const char* text) {
  if (std::strstr(text, kIterationCapMessage) != nullptr) ++capped_subproblems;
}

void silence_liblinear() {
  static std::once_flag once;
  std::call_once(once, [] { set_print_string_function(&count_iteration_caps); });
}

// liblinear 2.3's L1R_LR and dual solvers shuffle rows with the C library's rand(), never seeded
// by liblinear: one hidden process-wide state. Unguarded, the visiting order (and so the stopped
// solution) would depend on every earlier fit and on how threads interleave. Resetting the seed
// before each such fit under one lock makes a fit a function of its inputs only, whatever the
// thread count. (tsfs calls rand() nowhere else; scikit-learn seeds its own generator instead, so
// the orders differ from its and coefficients agree to the stopping tolerance, not bit for bit.)
// The trust-region solver of L2R_LR draws no random numbers and runs without the lock.
model* train_serialised(const problem& training, const parameter& parameters) {
  if (parameters.solver_type == L2R_LR) return train(&training, &parameters);
  static std::mutex rand_lock;
  const std::lock_guard<std::mutex> guard(rand_lock);
  std::srand(kShuffleSeed);
  return train(&training, &parameters);
}

struct ModelDeleter {
  void operator()(model* trained) const { free_and_destroy_model(&trained); }
};
using ModelPointer = std::unique_ptr<model, ModelDeleter>;

int solver_type(LiblinearSolver solver) {
  switch (solver) {
    case LiblinearSolver::logistic_l2:
      return L2R_LR;
    case LiblinearSolver::logistic_l1:
      return L1R_LR;
    case LiblinearSolver::squared_hinge_l2:
      return L2R_L2LOSS_SVC_DUAL;
  }
  throw std::logic_error("unknown liblinear solver");
}

// liblinear's sparse rows of a dense matrix: every entry as a 1-based index/value node, then the
// bias feature (index columns + 1, value kInterceptScaling), then the terminator index -1.
class LiblinearRows {
 public:
  LiblinearRows(const Eigen::MatrixXd& features, const std::vector<Eigen::Index>& row_order)
      : nodes_(row_order.size() * (static_cast<size_t>(features.cols()) + 2)),
        row_starts_(row_order.size()) {
    const size_t stride = static_cast<size_t>(features.cols()) + 2;
    for (size_t slot = 0; slot < row_order.size(); ++slot) {
      feature_node* row = nodes_.data() + slot * stride;
      const Eigen::Index columns = features.cols();
      for (Eigen::Index column = 0; column < columns; ++column)
        row[column] = feature_node{static_cast<int>(column) + 1, features(row_order[slot], column)};
      row[columns] = feature_node{static_cast<int>(columns) + 1, kInterceptScaling};
      row[columns + 1] = feature_node{-1, 0.0};
      row_starts_[slot] = row;
    }
  }
  feature_node** row_pointers() { return row_starts_.data(); }

 private:
  std::vector<feature_node> nodes_;
  std::vector<feature_node*> row_starts_;
};

// scikit-learn's compute_class_weight("balanced") over the classes present.
std::vector<double> balanced_weights(const Eigen::VectorXi& labels,
                                     const std::vector<int>& present) {
  std::vector<double> weights;
  for (const int label : present) {
    const auto count = (labels.array() == label).count();
    weights.push_back(static_cast<double>(labels.size()) /
                      (static_cast<double>(present.size()) * static_cast<double>(count)));
  }
  return weights;
}

// Copies liblinear's weights into scikit-learn's layout. liblinear 2.3 stores w[feature *
// nr_class + class] for several classes and one vector for two classes whose positive side is
// its first label (the smaller class here); scikit-learn's binary row points to the larger
// class, hence the sign flip.
LinearModel model_from_liblinear(const model& trained, std::vector<int> present,
                                 Eigen::Index features) {
  const bool binary = present.size() == 2;
  const auto rows = binary ? Eigen::Index{1} : static_cast<Eigen::Index>(present.size());
  const double sign = binary ? -1.0 : 1.0;
  LinearModel result{std::move(present), Eigen::MatrixXd(rows, features), Eigen::VectorXd(rows)};
  for (Eigen::Index row = 0; row < rows; ++row) {
    for (Eigen::Index feature = 0; feature <= features; ++feature) {
      const double value = sign * trained.w[feature * rows + row];
      if (feature < features)
        result.coefficients(row, feature) = value;
      else
        result.intercepts(row) = kInterceptScaling * value;
    }
  }
  return result;
}

class LiblinearClassifier final : public Classifier {
 public:
  LiblinearClassifier(std::string name, LiblinearOptions options)
      : name_(std::move(name)), options_(options) {}

  Predictions fit_predict_scores(const Eigen::MatrixXd& train_features,
                                 const Eigen::VectorXi& train_labels, int classes,
                                 const Eigen::MatrixXd& test_features) const override {
    check_classifier_inputs(name_, train_features, train_labels, classes, test_features);
    // One class only: nothing to separate; every test row gets that class.
    if (const int only = single_training_class(train_labels); only >= 0)
      return single_class_predictions(only, test_features.rows(), classes);
    const StandardizedRows scaled = standardize(train_features, test_features);
    const LinearModel model = fit_liblinear(scaled.train, train_labels, classes, options_);
    // scikit-learn's decision_function: one value per row for two classes (for the larger), one
    // per class otherwise.
    Eigen::MatrixXd decisions = linear_decision_values(model, scaled.test);
    if (model.classes.size() == 2) {  // one column, for the larger class; the smaller gets -d
      Eigen::MatrixXd both(decisions.rows(), 2);
      both << -decisions, decisions;
      decisions = std::move(both);
    }
    const auto zeros = (model.coefficients.array() == 0.0).count();
    return {predict_linear(model, scaled.test),
            scores_of_all_classes(decisions, model.classes, classes),
            static_cast<double>(zeros) / static_cast<double>(model.coefficients.size()),
            model.capped_subproblems == 0};
  }

 private:
  std::string name_;
  LiblinearOptions options_;
};

}  // namespace

LinearModel fit_liblinear(const Eigen::MatrixXd& standardized_train,
                          const Eigen::VectorXi& train_labels, int classes,
                          const LiblinearOptions& options) {
  check_classifier_inputs("liblinear", standardized_train, train_labels, classes,
                          standardized_train);
  std::vector<int> present(train_labels.data(), train_labels.data() + train_labels.size());
  std::sort(present.begin(), present.end());
  present.erase(std::unique(present.begin(), present.end()), present.end());
  if (present.size() < 2)
    throw std::invalid_argument("liblinear needs training rows of at least two classes");

  // Grouped in sorted class order, so liblinear's one-vs-rest rows come out in class order.
  const std::vector<Eigen::Index> order = rows_grouped_by_class(train_labels);
  LiblinearRows rows(standardized_train, order);
  std::vector<double> targets;
  for (const Eigen::Index row : order) targets.push_back(static_cast<double>(train_labels(row)));
  problem training{};
  training.l = static_cast<int>(order.size());
  training.n = static_cast<int>(standardized_train.cols()) + 1;  // + the bias feature
  training.y = targets.data();
  training.x = rows.row_pointers();
  training.bias = kInterceptScaling;

  std::vector<double> weights = balanced_weights(train_labels, present);
  parameter parameters{};
  parameters.solver_type = solver_type(options.solver);
  parameters.eps = options.tolerance;
  parameters.C = options.c;
  parameters.nr_weight = options.balanced ? static_cast<int>(present.size()) : 0;
  parameters.weight_label = options.balanced ? present.data() : nullptr;
  parameters.weight = options.balanced ? weights.data() : nullptr;
  parameters.p = 0.1;  // unused by classification solvers
  parameters.init_sol = nullptr;
  if (const char* problem_text = check_parameter(&training, &parameters))
    throw std::logic_error(std::string("liblinear rejected the parameters: ") + problem_text);

  silence_liblinear();
  capped_subproblems = 0;
  const ModelPointer trained(train_serialised(training, parameters));
  if (!trained) throw std::runtime_error("liblinear failed to train");
  LinearModel fitted =
      model_from_liblinear(*trained, std::move(present), standardized_train.cols());
  fitted.capped_subproblems = capped_subproblems;
  return fitted;
}

Eigen::MatrixXd linear_decision_values(const LinearModel& model, const Eigen::MatrixXd& rows) {
  return (rows * model.coefficients.transpose()).rowwise() + model.intercepts.transpose();
}

Eigen::VectorXi predict_linear(const LinearModel& model, const Eigen::MatrixXd& rows) {
  const Eigen::MatrixXd decisions = linear_decision_values(model, rows);
  Eigen::VectorXi predicted(rows.rows());
  for (Eigen::Index row = 0; row < rows.rows(); ++row) {
    if (model.classes.size() == 2) {
      predicted(row) = model.classes[decisions(row, 0) > 0.0 ? 1 : 0];
    } else {
      Eigen::Index best = 0;
      decisions.row(row).maxCoeff(&best);  // the first maximum, as numpy's argmax
      predicted(row) = model.classes[static_cast<size_t>(best)];
    }
  }
  return predicted;
}

std::unique_ptr<Classifier> make_liblinear_classifier(std::string name, LiblinearOptions options) {
  return std::make_unique<LiblinearClassifier>(std::move(name), options);
}

std::vector<ParamDeclaration> liblinear_common_params() {
  ParamDeclaration class_weight{
      .name = "class_weight",
      .type = ParamType::text,
      .default_value = ParamValue{std::string("none")},
      .doc =
          "\"balanced\" multiplies class c's C by training rows / (classes x rows "
          "of class c), as scikit-learn's class_weight=\"balanced\".",
      .choices = {"none", "balanced"}};
  return {
      ParamDeclaration{.name = "C",
                       .type = ParamType::real,
                       .default_value = ParamValue{1.0},
                       .doc = "Inverse regularisation strength.",
                       .check = greater_than(0.0)},
      ParamDeclaration{.name = "tol",
                       .type = ParamType::real,
                       .default_value = ParamValue{1e-4},
                       .doc = "Stopping tolerance of liblinear.",
                       .check = greater_than(0.0)},
      std::move(class_weight),
  };
}

void read_liblinear_common_params(const ParamSet& params, LiblinearOptions& options) {
  options.c = params.real("C");
  options.tolerance = params.real("tol");
  options.balanced = params.text("class_weight") == "balanced";
}

}  // namespace tsfs
