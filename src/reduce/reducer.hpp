#pragma once
// Reduction stage (`reduce: {kind: NAME, ...}`): between selection and classification, a
// transform of a cell's selected features fitted on each fold's training rows only, then applied
// to its test rows (PCA, truncated SVD, NMF, LDA, PLS). Reducers are registered by name. One
// reduction per spec: its parameters are single values, written in the key columns of
// results.csv (`reducer`, `reducer_<param>`); `n_components` records the count each fold used.
#include <Eigen/Core>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/params.hpp"
#include "common/registry.hpp"

namespace tsfs {

struct Reduction {
  Eigen::MatrixXd train;  // training rows x components
  Eigen::MatrixXd test;   // test rows x components
  // Registrations with `reconstructs`: ||X - X^||_F, the Frobenius norm of what the kept
  // components leave out of the training rows as the reducer saw them (pca, svd: standardised
  // unless `standardize: false`; nmf: raw); results.csv and folds.csv's reconstruction_error.
  // NaN otherwise.
  double reconstruction_error = std::numeric_limits<double>::quiet_NaN();
};

// A reducer's parameters asking for more components than one fit allows: the fit keeps `allowed`
// (results.csv's n_components records the count each fold used).
struct ComponentLimit {
  long long asked = 0;
  long long allowed = 0;
  std::string bound;  // what bounds the count: "min(training rows, features)", ...
};

class Reducer {
 public:
  virtual ~Reducer() = default;
  // The limit a fit on `training_rows` rows of `features` columns holding `training_classes`
  // classes puts on the components asked for, when they exceed it (the fit then keeps fewer);
  // none when the fit can keep what was asked. The planner warns with it (sweep/plan/plan.cpp).
  virtual std::optional<ComponentLimit> component_limit(long long /*training_rows*/,
                                                        long long /*features*/,
                                                        int /*training_classes*/) const {
    return std::nullopt;
  }
  // `train` and `test` are the selected raw features; labels are the training rows' class
  // indices in [0, classes) (used by the supervised reducers, lda and pls). Throws InputError
  // without a location when the data do not suit the reducer (nmf: a negative value); the
  // caller adds the spec's `reduce` line and the dataset.
  virtual Reduction fit_transform(const Eigen::MatrixXd& train, const Eigen::VectorXi& train_labels,
                                  int classes, const Eigen::MatrixXd& test) const = 0;
};

struct ReducerRegistration {
  ComponentInfo info;
  // The reducer of one complete parameter set, configured once when the spec is loaded.
  std::function<Configured<Reducer>(const ParamSet&)> configure;
  // Optional: what makes a dataset's features unusable for the reducer (nmf: a negative value in
  // a column that selection could keep), checked when the run is planned, before anything is
  // computed. `names` are the feature columns' names.
  std::function<std::optional<std::string>(const Eigen::MatrixXd& features,
                                           const std::vector<std::string>& names)>
      check_features;
  // Optional: what makes a fold's training rows unusable for the reducer, given how many classes
  // and rows they hold (lda and pls need two classes: with one, there is no direction that
  // separates classes; lda also more rows than classes, for a within-class scatter). Checked when
  // the run is planned on every fold (and inner fold) of every dataset.
  std::function<std::optional<std::string>(int training_classes, long long training_rows)>
      check_training_rows;
  // The reducer approximates its input (pca, svd, nmf; not lda or pls, which look for class
  // directions): its Reduction::reconstruction_error is a column of the results.
  bool reconstructs = false;
};

// The classes present in `labels` (indices in [0, classes)), in increasing order.
inline std::vector<int> present_classes(const Eigen::VectorXi& labels, int classes) {
  std::vector<bool> seen(static_cast<size_t>(classes), false);
  for (Eigen::Index r = 0; r < labels.size(); ++r) seen[static_cast<size_t>(labels(r))] = true;
  std::vector<int> present;
  for (int c = 0; c < classes; ++c)
    if (seen[static_cast<size_t>(c)]) present.push_back(c);
  return present;
}
using ReducerRegistry = Registry<ReducerRegistration>;

}  // namespace tsfs
