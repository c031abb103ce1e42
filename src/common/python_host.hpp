#pragma once
// The Python interpreter that Python components (`selectors: [{kind: python, function:
// "module:name"}]`) call into. tsfs's library does not link Python: the program that has an
// interpreter installs a host, the runner built with the Python module (which embeds one) or the
// `tsfs` module itself (python/src/python_host.cpp). Without a host, a spec naming a Python
// component is refused at load time, naming its line.
#include <Eigen/Core>
#include <memory>
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

class PythonHost {
 public:
  virtual ~PythonHost() = default;
  // What identifies the current code of `function` ("package.module:name"): a hash of its
  // module's source file. Throws PythonCallError when it cannot be imported or is not callable.
  virtual std::string function_version(const std::string& function) const = 0;
  // function(X, y, **params) as float64 scores, one per column of `features` (X: rows x columns,
  // y: each row's class index); PythonCallError on an exception or a return of another shape.
  virtual Eigen::VectorXd feature_scores(
      const std::string& function, const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
      const std::vector<std::pair<std::string, ParamValue>>& params) const = 0;
};

// The installed host, or nullptr when this program has no Python.
const PythonHost* python_host();
// Called by a static object of the program that has the interpreter (and by tests); returns the
// host installed before.
std::unique_ptr<PythonHost> install_python_host(std::unique_ptr<PythonHost> host);

// Why a Python component cannot run in this program, for the spec loader's message.
inline constexpr const char* kNoPythonHost =
    "this runner was built without Python: install pybind11-dev, python3-dev and python3-numpy "
    "(scripts/install-deps.sh) and build again, so that the runner embeds the interpreter of the "
    "tsfs module (docs/python.md); or run the spec from Python with tsfs.run";

}  // namespace tsfs
