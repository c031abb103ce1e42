#include "classify/svc_classifier.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <stdexcept>
#include <variant>
#include <vector>

#include "classify/classifier.hpp"
#include "classify/classifier_inputs.hpp"
#include "classify/standardize.hpp"
#include "classify/svc_libsvm.hpp"
#include "classify/svc_precomputed.hpp"
#include "common/text.hpp"

namespace tsfs {
namespace {

std::optional<double> positive_gamma_number(std::string_view text) {
  const std::optional<double> number = parse_double(text);
  if (number && std::isfinite(*number) && *number > 0.0) return number;
  return std::nullopt;
}

// libsvm's sparse rows for a dense matrix: every entry (zeros included) as a 1-based index/value
// node, each row closed by index -1. All rows live in one contiguous node buffer. A trained model
// points into this buffer (its support vectors are not copied), so it must outlive the model.
class LibsvmRows {
 public:
  LibsvmRows(const Eigen::MatrixXd& features, const std::vector<Eigen::Index>& row_order)
      : nodes_(static_cast<size_t>(row_order.size()) * static_cast<size_t>(features.cols() + 1)),
        row_starts_(row_order.size()) {
    const size_t stride = static_cast<size_t>(features.cols()) + 1;
    for (size_t slot = 0; slot < row_order.size(); ++slot) {
      svm_node* row = nodes_.data() + slot * stride;
      fill_row(features, row_order[slot], row);
      row_starts_[slot] = row;
    }
  }
  svm_node** row_pointers() { return row_starts_.data(); }

  // Writes row `row` of `features` into `nodes` (features.cols() + 1 entries).
  static void fill_row(const Eigen::MatrixXd& features, Eigen::Index row, svm_node* nodes) {
    const Eigen::Index columns = features.cols();
    for (Eigen::Index column = 0; column < columns; ++column)
      nodes[column] = svm_node{static_cast<int>(column) + 1, features(row, column)};
    nodes[columns] = svm_node{-1, 0.0};
  }

 private:
  std::vector<svm_node> nodes_;
  std::vector<svm_node*> row_starts_;
};

class SvcClassifier final : public Classifier {
 public:
  explicit SvcClassifier(SvcOptions options)
      : options_(std::move(options)), nested_(make_nested_svc(options_)) {}

  const NestedSubsetClassifier* nested() const override { return nested_.get(); }

  Predictions fit_predict_scores(const Eigen::MatrixXd& train_features,
                                 const Eigen::VectorXi& train_labels, int classes,
                                 const Eigen::MatrixXd& test_features) const override {
    check_classifier_inputs("svc", train_features, train_labels, classes, test_features);
    // One class only: nothing to separate; every test row gets that class.
    if (const int only = single_training_class(train_labels); only >= 0)
      return single_class_predictions(only, test_features.rows(), classes);

    const StandardizedRows scaled = standardize(train_features, test_features);
    // Grouped in sorted class order: libsvm's class order (and its one-vs-one vote ties, which
    // go to the earlier class) and its per-pair problems then match scikit-learn's.
    const std::vector<Eigen::Index> order = rows_grouped_by_class(train_labels);
    std::vector<double> targets(order.size());
    for (size_t slot = 0; slot < order.size(); ++slot)
      targets[slot] = static_cast<double>(train_labels(order[slot]));
    const double gamma = resolve_svc_gamma(options_.gamma, scaled.train);
    svm_problem problem{};
    problem.l = static_cast<int>(order.size());
    problem.y = targets.data();
    if (static_cast<Eigen::Index>(order.size()) <= options_.precomputed_max_rows)
      return fit_predict_precomputed(scaled, order, problem, gamma, classes);
    return fit_predict_sparse(scaled, order, problem, gamma, classes);
  }

 private:
  // libsvm's RBF mode on sparse rows: kernel values computed on demand, memory linear in rows.
  Predictions fit_predict_sparse(const StandardizedRows& scaled,
                                 const std::vector<Eigen::Index>& order, svm_problem& problem,
                                 double gamma, int classes) const {
    LibsvmRows train_rows(scaled.train, order);
    problem.x = train_rows.row_pointers();
    // Declared after train_rows, so destroyed before the buffer its support vectors point into.
    const LibsvmModel model = train_libsvm(problem, libsvm_parameters(options_, RBF, gamma));
    std::vector<svm_node> query(static_cast<size_t>(scaled.test.cols()) + 1);
    const auto pairs = static_cast<Eigen::Index>(one_vs_one_pairs(*model));
    return libsvm_predictions(
        *model, scaled.test.rows(), classes,
        [&](Eigen::Index first, Eigen::Index count, double* decisions, int* labels) {
          for (Eigen::Index r = 0; r < count; ++r) {
            LibsvmRows::fill_row(scaled.test, first + r, query.data());
            labels[r] = static_cast<int>(
                std::lround(svm_predict_values(&*model, query.data(), decisions + r * pairs)));
          }
        });
  }

  // The same kernel values, all computed up front with dense vector loops (svc_precomputed.hpp):
  // the same model and predictions, without libsvm's index-matching sparse dot products.
  Predictions fit_predict_precomputed(const StandardizedRows& scaled,
                                      const std::vector<Eigen::Index>& order, svm_problem& problem,
                                      double gamma, int classes) const {
    const Eigen::MatrixXd train = scaled.train(order, Eigen::all);
    PrecomputedKernelRows kernel(train.rows());
    kernel.set_libsvm_rbf(train, gamma);
    problem.x = kernel.row_pointers();
    const LibsvmModel model = train_libsvm(problem, libsvm_parameters(options_, PRECOMPUTED, 0.0));
    const std::vector<Eigen::Index> support_vectors = support_vector_rows(*model);
    return predict_precomputed(
        *model, squared_distances_to_rows(scaled.test, train, support_vectors), gamma, classes);
  }

  SvcOptions options_;
  std::unique_ptr<NestedSubsetClassifier> nested_;  // the same options along nested subsets
};

ComponentInfo svc_info() {
  ComponentInfo info;
  info.name = "svc";
  info.doc =
      "Support vector classifier: libsvm C-SVC with an RBF kernel on standardised features, with "
      "scikit-learn SVC's defaults.";
  info.params = {
      ParamDeclaration{.name = "C",
                       .type = ParamType::real,
                       .default_value = ParamValue{1.0},
                       .doc = "Penalty of margin violations.",
                       .check = greater_than(0.0)},
      ParamDeclaration{
          .name = "gamma",
          .type = ParamType::text,
          .default_value = ParamValue{std::string("scale")},
          .doc = "RBF kernel width: \"scale\" (1 / (features x variance of the standardised "
                 "training matrix)), \"auto\" (1 / features) or a positive number.",
          .check = check_svc_gamma},
      ParamDeclaration{.name = "tol",
                       .type = ParamType::real,
                       .default_value = ParamValue{1e-3},
                       .doc = "Stopping tolerance of the solver.",
                       .check = greater_than(0.0)},
      ParamDeclaration{.name = "shrinking",
                       .type = ParamType::boolean,
                       .default_value = ParamValue{true},
                       .doc = "Use libsvm's shrinking heuristic."},
  };
  return info;
}

SvcOptions svc_options(const ParamSet& params) {
  SvcOptions options;
  options.c = params.real("C");
  options.gamma = params.text("gamma");
  options.tolerance = params.real("tol");
  options.shrinking = params.boolean("shrinking");
  return options;
}

std::unique_ptr<Classifier> make_svc(const ParamSet& params) {
  return make_svc_classifier(svc_options(params));
}

const Registrar<ClassifierRegistration> svc_registrar{
    ClassifierRegistration{.info = svc_info(),
                           .configure = configured_by_factory<Classifier>(make_svc),
                           .nested = NestedSubsetFits{kNestedSvcWorthwhileFrom}}};

}  // namespace

std::unique_ptr<Classifier> make_svc_classifier(SvcOptions options) {
  return std::make_unique<SvcClassifier>(std::move(options));
}

std::string check_svc_gamma(const ParamValue& value) {
  const auto* text = std::get_if<std::string>(&value);
  if (text && (*text == "scale" || *text == "auto" || positive_gamma_number(*text))) return {};
  return "must be \"scale\", \"auto\" or a positive number";
}

double resolve_svc_gamma(std::string_view gamma, const Eigen::MatrixXd& standardized_train) {
  if (standardized_train.size() == 0)
    throw std::invalid_argument("svc gamma needs a non-empty training matrix");
  const double features = static_cast<double>(standardized_train.cols());
  if (gamma == "auto") return 1.0 / features;
  if (gamma == "scale") {
    // Population variance over every entry of the matrix (numpy's X.var()).
    const double mean = standardized_train.mean();
    const double variance = (standardized_train.array() - mean).square().mean();
    return variance != 0.0 ? 1.0 / (features * variance) : 1.0;
  }
  if (const std::optional<double> number = positive_gamma_number(gamma)) return *number;
  throw std::invalid_argument("svc gamma " + std::string(gamma) +
                              " is not \"scale\", \"auto\" or a positive number");
}

GrowingSvcGamma::GrowingSvcGamma(std::string_view gamma, Eigen::Index rows) : rows_(rows) {
  if (rows_ < 1) throw std::invalid_argument("svc gamma needs a non-empty training matrix");
  if (gamma == "scale") {
    scale_ = true;
  } else if (gamma != "auto") {
    number_ = positive_gamma_number(gamma);
    if (!number_)
      throw std::invalid_argument("svc gamma " + std::string(gamma) +
                                  " is not \"scale\", \"auto\" or a positive number");
  }
}

void GrowingSvcGamma::add_column(const Eigen::Ref<const Eigen::VectorXd>& standardized_column) {
  if (standardized_column.size() != rows_)
    throw std::invalid_argument("svc gamma: column length differs from the training rows");
  sum_ += standardized_column.sum();
  square_sum_ += standardized_column.squaredNorm();
  ++columns_;
}

double GrowingSvcGamma::value() const {
  if (columns_ == 0) throw std::logic_error("svc gamma of no column");
  const double features = static_cast<double>(columns_);
  if (number_) return *number_;
  if (!scale_) return 1.0 / features;
  // Population variance of all entries as (sum of squares - sum^2 / N) / N. Standardised columns
  // have mean about 0 and variance about 1, so the subtraction cancels nothing.
  const double entries = features * static_cast<double>(rows_);
  const double variance = (square_sum_ - sum_ * sum_ / entries) / entries;
  return variance > 0.0 ? 1.0 / (features * variance) : 1.0;
}

}  // namespace tsfs
