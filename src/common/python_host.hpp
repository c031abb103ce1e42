#pragma once
// The Python interpreter that Python components (`selectors: [{kind: python, function:
// "module:name"}]`, `classifier: {kind: sklearn, estimator: "module.Class"}`, Python features and
// distances) call into. tsfs's library does not link Python: the program that has an interpreter
// installs a host, the runner built with the Python module (which embeds one) or the `tsfs`
// module itself (python/src/python_host.cpp). Without a host, a spec naming a Python component
// is refused at load time, naming its line.
#include <Eigen/Core>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "common/params.hpp"

namespace tsfs {

// A Python function's failure (its exception with the traceback, or a wrong return), worded for
// the user; the caller adds which component, dataset and fold.
class PythonCallError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A Python classifier's output for the test rows, as classify/classifier.hpp's Predictions has
// it: class indices, and scores larger meaning more likely (one column, class 1's, for two
// classes; one per class otherwise).
struct PythonPredictions {
  Eigen::VectorXi labels;
  Eigen::MatrixXd scores;
};

using PythonParams = std::vector<std::pair<std::string, ParamValue>>;

// A Python extractor's output: one row per series, one named column per feature.
struct PythonFeatures {
  std::vector<std::string> names;
  Eigen::MatrixXd values;
};

// A Python transformer's output: the training and the test rows, one column per component.
struct PythonTransformed {
  Eigen::MatrixXd train;
  Eigen::MatrixXd test;
};

// What an estimator named by a spec must be: the methods check_estimator asks for.
enum class EstimatorRole { classifier, transformer };

class PythonHost {
 public:
  virtual ~PythonHost() = default;
  // What identifies the current code of `function` ("package.module:name" or
  // "package.module.name"): a hash of the source file that defines it, and the version of its
  // top-level package when that has a `__version__` (an installed library's other files change
  // with it). Throws PythonCallError when it cannot be imported or is not callable.
  virtual std::string function_version(const std::string& function) const = 0;
  // The source file that defines `function` (as function_version hashes it), for manifest.json.
  virtual std::string source_file(const std::string& function) const = 0;
  // The interpreter: its version and prefix ("Python 3.11.2 (/usr)"), for manifest.json.
  virtual std::string interpreter() const = 0;
  // Whether `function` declares that it needs the fit rows' distance matrix: it has a parameter
  // named `distances` (a **kwargs alone does not ask). PythonCallError as function_version.
  virtual bool takes_distances(const std::string& function) const = 0;
  // Whether `function` takes a call with `positional` data arguments and these keyword
  // arguments (inspect.signature(...).bind): a keyword it does not take (param: that keyword), or
  // a parameter without a default that the call leaves out (param empty). nullopt when the call
  // binds, or when Python cannot inspect the signature (a builtin). PythonCallError as
  // function_version. So that a misspelt parameter is a spec error at load time, not a failure
  // of the first call, hours into a study.
  virtual std::optional<ParamProblem> call_problem(
      const std::string& function, int positional,
      const std::vector<std::string>& keywords) const = 0;
  // function(X, y, **params) as float64 scores, one per column of `features` (X: rows x columns,
  // y: each row's class index), with `distances=D` (rows x rows) when given; PythonCallError on
  // an exception or a return of another shape.
  virtual Eigen::VectorXd feature_scores(const std::string& function,
                                         const Eigen::MatrixXd& features,
                                         const Eigen::VectorXi& labels, const PythonParams& params,
                                         const Eigen::MatrixXd* distances = nullptr) const = 0;
  // A scikit-learn-compatible classifier `estimator(**params)` (its class's import path, as for
  // function_version) fitted on the training rows (class indices 0 .. classes - 1), and its
  // predictions for the test rows; `random_state` is set to the given one when the estimator has
  // that parameter and `params` do not fix it. Scores come from decision_function, else
  // predict_proba, else the predicted class (1 for it, 0 for the others). PythonCallError on an
  // exception or a return tsfs cannot read.
  // function(series, **params) as named feature columns, one row per series: `series` handed as
  // a 2-D float64 array when all have one length, else as a list of 1-D arrays; the function
  // returns a pandas DataFrame, a dict {name: column} or a tuple (matrix, names). PythonCallError
  // on an exception, another number of rows, or repeated or missing names.
  virtual PythonFeatures series_features(const std::string& function,
                                         const std::vector<Eigen::VectorXd>& series,
                                         const PythonParams& params) const = 0;
  // The distances between every two of `series` (a 2-D float64 array when all have one length,
  // else a list of 1-D arrays), as a symmetric matrix with a zero diagonal: with `whole_set`,
  // function(series, **params) returns the matrix; otherwise function(a, b, **params) returns the
  // distance of one pair, called once for each pair i < j (a before b: the earlier series first).
  // With `rows` and `columns` (dataset indices), only that block: the pairs it holds alone, or
  // the whole matrix's entries with `whole_set`. PythonCallError on an exception, a matrix of
  // another shape, or a distance that is not finite, is negative, differs between (i, j) and
  // (j, i), or is not 0 on the diagonal, naming the series.
  virtual Eigen::MatrixXd series_distances(const std::string& function,
                                           const std::vector<Eigen::VectorXd>& series,
                                           const PythonParams& params, bool whole_set,
                                           const std::vector<int>& rows = {},
                                           const std::vector<int>& columns = {}) const = 0;
  // Builds `estimator(**params)` and checks it as far as can be done before a fit: it takes these
  // parameters, has fit and predict (a classifier) or fit and transform (a transformer), and
  // (scikit-learn >= 1.2) accepts their values. PythonCallError with the reason otherwise.
  virtual void check_estimator(const std::string& estimator, const PythonParams& params,
                               EstimatorRole role) const = 0;
  virtual PythonPredictions fit_predict(const std::string& estimator, const PythonParams& params,
                                        const Eigen::MatrixXd& train,
                                        const Eigen::VectorXi& train_labels, int classes,
                                        const Eigen::MatrixXd& test,
                                        long long random_state) const = 0;
  // A scikit-learn-compatible transformer `estimator(**params)` fitted on the training rows (with
  // their class indices, which an unsupervised one ignores) by fit_transform, as a Pipeline fits
  // it, then applied to the test rows by transform; random_state as for fit_predict.
  // PythonCallError on an exception, or an output that is not a finite float matrix with the
  // rows it was given and one number of columns for both.
  virtual PythonTransformed fit_transform(const std::string& estimator, const PythonParams& params,
                                          const Eigen::MatrixXd& train,
                                          const Eigen::VectorXi& train_labels,
                                          const Eigen::MatrixXd& test,
                                          long long random_state) const = 0;
};

// The installed host, or nullptr when this program has no Python.
const PythonHost* python_host();
// Called by a static object of the program that has the interpreter (and by tests); returns the
// host installed before.
std::unique_ptr<PythonHost> install_python_host(std::unique_ptr<PythonHost> host);

// The ComponentInfo of a Python component: `path_param` (the import path of its function or
// class, documented by `path_doc`), its own declared parameters `declared`, then `version` (what
// its cache keys hold: by default the hash of the source file that defines the code, with its
// package's version); open parameters (ComponentInfo::open_params), and python_path_presets below
// as its apply_presets.
ComponentInfo python_component_info(std::string name, std::string doc,
                                    const std::string& path_param, std::string path_doc,
                                    std::vector<ParamDeclaration> declared = {});

// What a Python component's registration shares, for its parameter `path_param` (the import path
// of its function or class) and `version`:
// - apply_presets: the problem with the import path (no host, not a path, not importable, a name
//   alone that no object passed to tsfs.run has), found by the one import that also fills
//   `version` from the host's function_version when the spec gives none, so that editing the code
//   makes cached scores and finished cells stale. An import path with a version of the spec's own
//   is not imported here.
std::optional<ParamProblem> python_path_presets(ParamSet& params, const std::string& path_param);
// - the parameters to hand the Python code: those `info` does not declare (its open parameters).
PythonParams undeclared_params(const ComponentInfo& info, const ParamSet& params);
// - the check of a function's call at load time (PythonHost::call_problem): `function` (the
//   `function` parameter of a component `info` describes) called with `positional` data arguments
//   and `params` (and the keywords `added`, which tsfs passes itself) must bind to its signature.
//   ParamValueRefused names the keyword it does not take, or `function` for another mismatch (with
//   a hint when a missing argument is named like one of info's own keys) or an import failure;
//   nothing is checked without a host.
void check_python_call(const ComponentInfo& info, const std::string& function, int positional,
                       const PythonParams& params, const std::vector<std::string>& added = {});
// - validate for an estimator (after apply_presets has checked its import path):
//   `estimator(**params)` built and checked for its role (a misspelt parameter, or a value
//   scikit-learn refuses), at load time.
std::optional<ParamProblem> python_estimator_problem(const ComponentInfo& info,
                                                     const ParamSet& params, EstimatorRole role);

// The random_state of one fit when the spec fixes none: a seed of the fit's own, from its training
// data (rows and columns) and labels, in scikit-learn's [0, 2^32). Every fold's model draws
// differently, and the same fit gets the same model on every run, at any thread count and in any
// shard, as the cache of finished cells assumes.
long long fit_random_state(const Eigen::MatrixXd& train, const Eigen::VectorXi& train_labels);

// Why a Python component cannot run in this program, for the spec loader's message.
inline constexpr const char* kNoPythonHost =
    "this runner was built without Python: install pybind11-dev, python3-dev and python3-numpy "
    "(scripts/install-deps.sh) and build again, so that the runner embeds the interpreter of the "
    "tsfs module (docs/python.md); or run the spec from Python with tsfs.run";

}  // namespace tsfs
