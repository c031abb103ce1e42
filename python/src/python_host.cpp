// The Python host of common/python_host.hpp, installed by a static object wherever this file is
// linked: in the `tsfs` module (the interpreter is the one that imported it) and in the runner
// built with the module (which starts an embedded interpreter the first time a spec names a
// Python component).
#include <fmt/format.h>
#include <pybind11/embed.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "bindings.hpp"
#include "common/hash.hpp"
#include "common/interrupt.hpp"
#include "common/python_host.hpp"
#include "params.hpp"

namespace tsfs::python {
namespace {

// pybind11 initializes its NumPy API table in a function-local static on first use, importing
// numpy with the GIL released part of the time: two scoring threads meeting there deadlock (one
// waits for the static with the GIL, the other for the GIL inside the static). Done once, before
// any call, with the modules the calls use.
void initialize_statics();

// tsfs's classifier protocol on a scikit-learn estimator (PythonHost::fit_predict), in Python: a
// new estimator per fit, the fold's random_state unless the spec fixes one, and the scores in
// tsfs's columns whatever classes the fold's training rows hold (a class absent from them scores
// lowest: -inf from decision_function, 0 from predict_proba).
constexpr const char* kEstimatorAdapter = R"python(
import numpy

import inspect
import marshal

def new_estimator(make, params):
    # A class, or an estimator object passed to tsfs.run (a configured pipeline): a clone.
    if isinstance(make, type) or not hasattr(make, "get_params"):
        return make(**params)
    from sklearn.base import clone
    return clone(make).set_params(**params)

def object_source(thing):
    # What identifies an object passed to tsfs.run: its source (its class's for an estimator
    # object, with its parameters), else a function's compiled code.
    code = thing if inspect.isfunction(thing) or inspect.isclass(thing) else type(thing)
    try:
        source = inspect.getsource(code).encode()
    except (OSError, TypeError):
        if not hasattr(thing, "__code__"):
            raise TypeError(f"{thing!r} has no source to version; give the entry a version:")
        source = marshal.dumps(thing.__code__)
    if hasattr(thing, "get_params") and not inspect.isclass(thing):
        source += repr(sorted(thing.get_params(deep=True).items())).encode()
    return source

def object_file(thing):
    try:
        return inspect.getsourcefile(thing if inspect.isfunction(thing) or inspect.isclass(thing)
                                     else type(thing)) or ""
    except TypeError:
        return ""

def takes_distances(function):
    # A score function asks for the fit rows' distance matrix by naming a parameter `distances`.
    try:
        parameters = inspect.signature(function).parameters
    except (TypeError, ValueError):
        return False
    found = parameters.get("distances")
    return found is not None and found.kind in (found.POSITIONAL_OR_KEYWORD, found.KEYWORD_ONLY)

def call_problem(function, positional, keywords):
    # (the keyword to blame or "", why) when function(<positional> arguments, **keywords) would
    # not bind to its signature; None when it would, or when the signature cannot be inspected.
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    name = getattr(function, "__qualname__", repr(function))
    if not any(found.kind == found.VAR_KEYWORD for found in signature.parameters.values()):
        for keyword in keywords:
            found = signature.parameters.get(keyword)
            if found is None or found.kind not in (found.POSITIONAL_OR_KEYWORD, found.KEYWORD_ONLY):
                return keyword, f"{name}{signature} takes no parameter '{keyword}'"
    try:
        signature.bind(*range(positional), **dict.fromkeys(keywords))
    except TypeError as error:
        return "", (f"{name}{signature} cannot be called with {positional} data argument(s) and "
                    f"the parameters {sorted(keywords)}: {error}")
    return None

def features_of(function, series, params):
    returned = function(series, **params)
    if hasattr(returned, "columns") and hasattr(returned, "to_numpy"):
        names, values = list(returned.columns), returned.to_numpy(dtype=float)
    elif isinstance(returned, dict):
        names = list(returned)
        values = numpy.column_stack([numpy.asarray(column, dtype=float)
                                     for column in returned.values()]) if names else None
    elif isinstance(returned, tuple) and len(returned) == 2:
        values, names = numpy.asarray(returned[0], dtype=float), list(returned[1])
    else:
        raise TypeError(f"returned a {type(returned).__name__}; return a pandas DataFrame, a dict "
                        "{name: column} or a tuple (matrix, names)")
    if not names:
        raise ValueError("returned no feature column")
    rows = len(series)
    if values.shape != (rows, len(names)):
        raise ValueError(f"returned values of shape {values.shape} for {len(names)} names; it "
                         f"needs one row per series and one column per name: ({rows}, {len(names)})")
    names = [str(name) for name in names]
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise ValueError(f"returned the column names {repeated} more than once")
    return names, numpy.asfortranarray(values)

def distances_of(function, series, params, whole_set, rows, columns):
    count = len(series)
    # Each call gets copies, as a selector does: a function that edits its arguments in place
    # (a[:] = 0) would otherwise change the series every later pair reads.
    def pair(i, j):
        return float(function(series[i].copy(), series[j].copy(), **params))
    if whole_set:
        values = numpy.asarray(function(series, **params), dtype=float)
        if values.shape != (count, count):
            raise ValueError(f"returned a matrix of shape {values.shape}; it needs one row and "
                             f"one column per series: ({count}, {count})")
    elif rows is not None:
        # The block alone, each pair called as the whole matrix calls it: the earlier series first.
        values = numpy.zeros((len(rows), len(columns)))
        for r, i in enumerate(rows):
            for c, j in enumerate(columns):
                if i != j:
                    values[r, c] = pair(min(i, j), max(i, j))
        return checked_block(values, rows, columns)
    else:
        values = numpy.zeros((count, count))
        for i in range(count):
            for j in range(i + 1, count):
                values[i, j] = values[j, i] = pair(i, j)
    checked_block(values, range(count), range(count))
    for i, j in numpy.argwhere(values != values.T)[:1]:
        raise ValueError(f"the distance between series {i} and {j} is {float(values[i, j])!r} but "
                         f"between {j} and {i} {float(values[j, i])!r}: a distance must be "
                         "symmetric")
    for i in numpy.flatnonzero(numpy.diag(values))[:1]:
        raise ValueError(f"the distance of series {i} to itself is {float(values[i, i])!r}: it "
                         "must be 0")
    if rows is not None:
        values = values[numpy.ix_(rows, columns)]
    return numpy.asfortranarray(values)

def checked_block(values, rows, columns):
    rows, columns = list(rows), list(columns)
    def pair(r, c):
        return (f"the distance between series {rows[r]} and {columns[c]} is "
                f"{float(values[r, c])!r}")
    for r, c in numpy.argwhere(~numpy.isfinite(values))[:1]:
        raise ValueError(f"{pair(r, c)}: a distance must be a finite number")
    for r, c in numpy.argwhere(values < 0)[:1]:
        raise ValueError(f"{pair(r, c)}: a distance cannot be negative")
    return numpy.asfortranarray(values)

def check(make, params, role):
    estimator = new_estimator(make, params)
    needed = ("fit", "predict") if role == "classifier" else ("fit", "transform")
    for method in needed:
        if not callable(getattr(estimator, method, None)):
            raise TypeError(f"{type(estimator).__name__} has no {method} method; a {role} "
                            f"needs {' and '.join(needed)}")
    # scikit-learn >= 1.2 checks values against the constraints its estimators declare.
    if hasattr(estimator, "_parameter_constraints") and hasattr(estimator, "_validate_params"):
        estimator._validate_params()

def seeded(make, params, random_state):
    estimator = new_estimator(make, params)
    get_params = getattr(estimator, "get_params", None)  # an estimator without BaseEstimator
    if ("random_state" not in params and callable(get_params)
            and "random_state" in get_params(deep=False)):
        estimator.set_params(random_state=random_state)
    return estimator

def transformed(values, rows, method):
    try:
        values = numpy.asarray(values.toarray() if hasattr(values, "toarray") else values,
                               dtype=float)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{method} returned {type(values).__name__}, not numbers: {error}")
    if values.ndim != 2 or values.shape[0] != rows:
        raise ValueError(f"{method} returned shape {values.shape}; it must be ({rows}, components)")
    if not numpy.isfinite(values).all():
        raise ValueError(f"{method} returned a value that is not finite")
    return numpy.asfortranarray(values)

def fit_transform(make, params, train, labels, test, random_state):
    transformer = seeded(make, params, random_state)
    if callable(getattr(transformer, "fit_transform", None)):
        fitted = transformer.fit_transform(train, labels)
    else:  # fit and transform alone, without TransformerMixin
        fitted = transformer.fit(train, labels).transform(train)
    train_out = transformed(fitted, train.shape[0], "fit_transform")
    test_out = transformed(transformer.transform(test), test.shape[0], "transform")
    if test_out.shape[1] != train_out.shape[1]:
        raise ValueError(f"transform returned {test_out.shape[1]} columns for the test rows, "
                         f"fit_transform {train_out.shape[1]} for the training rows")
    return train_out, test_out

def fit_predict(make, params, train, labels, classes, test, random_state):
    estimator = seeded(make, params, random_state)
    estimator.fit(train, labels)
    predicted = numpy.asarray(estimator.predict(test))
    if predicted.shape != (test.shape[0],):
        raise ValueError(f"predict returned shape {predicted.shape}, not ({test.shape[0]},)")
    if not numpy.all(numpy.isin(predicted, numpy.arange(classes))):
        raise ValueError(f"predict returned values other than the class indices 0 .. {classes - 1}")
    known = [int(label) for label in estimator.classes_]
    columns = 1 if classes == 2 else classes
    raw, absent = None, 0.0
    # decision_function_shape="ovo" gives one column per pair of classes, as many as the classes
    # for three of them: never per-class scores, whatever the shape.
    if (hasattr(estimator, "decision_function")
            and getattr(estimator, "decision_function_shape", None) != "ovo"):
        raw, absent = numpy.asarray(estimator.decision_function(test), dtype=float), -numpy.inf
        if raw.ndim not in (1, 2) or raw.shape[0] != test.shape[0]:
            raise ValueError(f"decision_function returned shape {raw.shape} for "
                             f"{test.shape[0]} test rows")
        if raw.ndim == 1 and len(known) == 2:
            raw = numpy.column_stack([-raw, raw])
        if raw.shape != (test.shape[0], len(known)):
            raw = None  # one-vs-one columns or another layout: try the probabilities
    if raw is None and hasattr(estimator, "predict_proba"):
        raw, absent = numpy.asarray(estimator.predict_proba(test), dtype=float), 0.0
        if raw.shape != (test.shape[0], len(known)):
            raise ValueError(f"predict_proba returned shape {raw.shape}; it needs one row per "
                             f"test row and one column per class: ({test.shape[0]}, {len(known)})")
    if raw is None:
        raw = (predicted[:, None] == numpy.asarray(known)[None, :]).astype(float)
    per_class = numpy.full((test.shape[0], classes), absent)
    per_class[:, known] = raw
    scores = per_class[:, [1]] if columns == 1 else per_class
    if numpy.isnan(scores).any():
        raise ValueError("the estimator's scores hold NaN")
    return predicted.astype(numpy.int64), numpy.asfortranarray(scores)
)python";

// The adapter's functions, compiled once (initialize_statics). Never freed, like seen_modules.
py::dict& estimator_adapter() {
  static auto* adapter = new py::dict();
  return *adapter;
}

void initialize_statics() {
  py::array_t<double> first(1);
  for (const char* name : {"inspect", "pathlib", "traceback"}) py::module_::import(name);
  // Compiled under a name of its own, which tracebacks through it show.
  py::module_ builtins = py::module_::import("builtins");
  builtins.attr("exec")(
      builtins.attr("compile")(kEstimatorAdapter, "<tsfs: scikit-learn estimator adapter>", "exec"),
      estimator_adapter());
}

// In the runner: starts the interpreter once, without Python's signal handlers (the runner's own
// SIGINT and SIGTERM handlers stay, common/interrupt.hpp), with the current folder first on
// sys.path as `python -m` has it, and with the GIL released, so that each call takes it from
// whichever thread the run scores on. Never finalized: the modules kept below stay valid until the
// process ends. In the module the interpreter is already running.
void ensure_interpreter() {
  static std::once_flag started;
  std::call_once(started, [] {
    if (Py_IsInitialized()) {
      py::gil_scoped_acquire gil;
      initialize_statics();
      return;
    }
    py::initialize_interpreter(false);
    py::module_::import("sys").attr("path").attr("insert")(
        0, py::module_::import("os").attr("getcwd")());
    initialize_statics();
    PyEval_SaveThread();
  });
}

// The exception being handled, with its traceback, as Python prints it. Needs the GIL.
std::string traceback_text(py::error_already_set& error) {
  // An exception raised by the import machinery itself may come without a traceback.
  py::object trace = error.trace() ? py::reinterpret_borrow<py::object>(error.trace()) : py::none();
  py::object lines =
      py::module_::import("traceback").attr("format_exception")(error.type(), error.value(), trace);
  return py::str("").attr("join")(lines).cast<std::string>();
}

std::string type_name(const py::handle& object) {
  return py::str(py::type::of(object).attr("__name__")).cast<std::string>();
}

// Where the module's name ends in an import path: at the colon of "package.module:name", else at
// the last dot of "package.module.name".
size_t module_end(const std::string& function) {
  const size_t colon = function.find(':');
  return colon != std::string::npos ? colon : function.rfind('.');
}

// The module of `function`, imported or from sys.modules. Needs the GIL.
py::module_ module_of(const std::string& function) {
  return py::module_::import(function.substr(0, module_end(function)).c_str());
}

// The objects passed to tsfs.run(spec, components=...), by name. Never freed, like
// seen_modules. Read and replaced with the GIL.
py::dict& passed_components() {
  static auto* passed = new py::dict();
  return *passed;
}

// A name without a module: an object passed to tsfs.run.
bool is_passed_name(const std::string& function) {
  return function.find_first_of(":.") == std::string::npos;
}

// The object passed as `name`; PythonCallError when none was.
py::object passed_component(const std::string& name) {
  if (!passed_components().contains(name))
    throw PythonCallError(
        fmt::format("no object named '{}' was passed to tsfs.run(spec, components={{...}})", name));
  return passed_components()[name.c_str()];
}

// The callable `function` names (name possibly dotted), looked up on each call, so that a module
// reloaded in a Python session (importlib.reload) is called in its new form; or the object passed
// under that name. Needs the GIL.
py::object resolve(const std::string& function) {
  if (is_passed_name(function)) return passed_component(function);
  py::object target = module_of(function);
  const std::string rest = function.substr(module_end(function) + 1);
  for (size_t start = 0; start <= rest.size();) {
    const size_t dot = std::min(rest.find('.', start), rest.size());
    target = target.attr(rest.substr(start, dot - start).c_str());
    start = dot + 1;
  }
  if (!PyCallable_Check(target.ptr()))
    throw PythonCallError(fmt::format("'{}' is a {}, not a function", function, type_name(target)));
  return target;
}

// The version of each function's module as first seen in this process: the hash of its source
// file then, kept while the same module object is loaded (the code that runs is the code that was
// hashed, even if the file is edited afterwards without a reload). Allocated and never freed, so
// that no Python object is released after the interpreter (the runner never finalizes it).
struct SeenModule {
  py::object module;
  std::string version;
};
std::map<std::string, SeenModule>& seen_modules() {
  static auto* seen = new std::map<std::string, SeenModule>();
  return *seen;
}

// Ctrl-C (or SIGTERM) inside a Python function: the runner's handler and the module's signal
// poll (interruptible.hpp) only raise tsfs's flag, which Python code never reads. A watcher
// thread, started with the first call, looks at the flag every 50 ms and raises KeyboardInterrupt
// in each thread that is inside a call (PyThreadState_SetAsyncExc: Python delivers it at the
// thread's next bytecode), once per call; the call then ends as tsfs's Interrupted.
class CallWatcher {
 public:
  static CallWatcher& instance() {
    static auto* watcher = new CallWatcher();  // never destroyed: its thread runs until exit
    return *watcher;
  }
  void enter(unsigned long thread) {
    std::lock_guard lock(mutex_);
    inside_.insert(thread);
  }
  void leave(unsigned long thread) {
    std::lock_guard lock(mutex_);
    inside_.erase(thread);
    signalled_.erase(thread);
  }

 private:
  CallWatcher() {
    std::thread([this] { watch(); }).detach();
  }
  void watch() {
    for (;;) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      if (!interrupt_requested()) continue;
      std::set<unsigned long> targets;
      {
        std::lock_guard lock(mutex_);
        for (unsigned long thread : inside_)
          if (signalled_.insert(thread).second) targets.insert(thread);
      }
      if (targets.empty()) continue;
      py::gil_scoped_acquire gil;
      for (unsigned long thread : targets)
        PyThreadState_SetAsyncExc(thread, PyExc_KeyboardInterrupt);
    }
  }
  std::mutex mutex_;
  std::set<unsigned long> inside_;     // threads inside a call
  std::set<unsigned long> signalled_;  // of those, the ones already interrupted
};

// Runs `body` with the GIL, turning a Python exception into a PythonCallError with its traceback
// (or into Interrupted when it is the watcher's KeyboardInterrupt).
template <typename Body>
auto with_python(const std::string& function, const std::string& doing, Body&& body) {
  ensure_interpreter();
  CallWatcher& watcher = CallWatcher::instance();
  py::gil_scoped_acquire gil;
  const unsigned long thread = PyThread_get_thread_ident();
  watcher.enter(thread);
  struct Leave {
    CallWatcher& watcher;
    unsigned long thread;
    ~Leave() { watcher.leave(thread); }
  } leave{watcher, thread};
  try {
    return body();
  } catch (py::error_already_set& error) {
    if (error.matches(PyExc_KeyboardInterrupt) && interrupt_requested()) throw Interrupted();
    throw PythonCallError(fmt::format("{} {} raised {}", doing, function, traceback_text(error)));
  }
}

// The module that defines `function` (a class re-exported by a package is versioned by the file
// that defines it). Needs the GIL.
py::object defining_module(const std::string& function) {
  py::object module = py::module_::import("inspect").attr("getmodule")(resolve(function));
  return module.is_none() ? module_of(function) : module;
}

// That module's source file; PythonCallError when it has none (a compiled extension).
py::object source_file_of(const std::string& function, const py::object& module) {
  py::object file = py::module_::import("inspect").attr("getsourcefile")(module);
  if (file.is_none())
    throw PythonCallError(fmt::format(
        "the module of {} has no source file to version; give the entry a `version:`", function));
  return file;
}

class InterpreterHost final : public PythonHost {
 public:
  std::string function_version(const std::string& function) const override {
    return with_python(function, "importing", [&] {
      if (is_passed_name(function)) {
        const auto source = estimator_adapter()["object_source"](passed_component(function));
        return "object:" + Hasher().text(source.cast<std::string>()).hex();
      }
      py::object module = defining_module(function);
      auto& seen = seen_modules();
      if (auto found = seen.find(function); found != seen.end() && found->second.module.is(module))
        return found->second.version;
      py::object file = source_file_of(function, module);
      py::bytes source = py::module_::import("pathlib").attr("Path")(file).attr("read_bytes")();
      std::string version = "source:" + Hasher().text(source.cast<std::string>()).hex();
      const std::string package = py::str(module.attr("__name__")).cast<std::string>();
      py::object top = py::module_::import(package.substr(0, package.find('.')).c_str());
      if (py::hasattr(top, "__version__"))
        version += fmt::format(" ({} {})", py::str(top.attr("__name__")).cast<std::string>(),
                               py::str(top.attr("__version__")).cast<std::string>());
      seen.insert_or_assign(function, SeenModule{module, version});
      return version;
    });
  }

  std::string source_file(const std::string& function) const override {
    return with_python(function, "importing", [&] {
      if (is_passed_name(function))
        return estimator_adapter()["object_file"](passed_component(function)).cast<std::string>();
      return py::str(source_file_of(function, defining_module(function))).cast<std::string>();
    });
  }

  std::string interpreter() const override {
    return with_python("the interpreter", "asking", [&] {
      // sys.prefix, not sys.executable: an embedded interpreter's executable is whichever
      // python3 PATH finds, not the library the runner links.
      return fmt::format(
          "Python {} ({})",
          py::str(py::module_::import("platform").attr("python_version")()).cast<std::string>(),
          py::str(py::module_::import("sys").attr("prefix")).cast<std::string>());
    });
  }

  std::optional<ParamProblem> call_problem(
      const std::string& function, int positional,
      const std::vector<std::string>& keywords) const override {
    return with_python(function, "importing", [&]() -> std::optional<ParamProblem> {
      py::object problem =
          estimator_adapter()["call_problem"](resolve(function), positional, py::cast(keywords));
      if (problem.is_none()) return std::nullopt;
      auto pair = problem.cast<py::tuple>();
      return ParamProblem{pair[0].cast<std::string>(), pair[1].cast<std::string>()};
    });
  }

  bool takes_distances(const std::string& function) const override {
    return with_python(function, "importing", [&] {
      return estimator_adapter()["takes_distances"](resolve(function)).cast<bool>();
    });
  }

  Eigen::VectorXd feature_scores(const std::string& function, const Eigen::MatrixXd& features,
                                 const Eigen::VectorXi& labels, const PythonParams& params,
                                 const Eigen::MatrixXd* distances) const override {
    return with_python(function, "calling", [&] {
      py::dict arguments = keywords(params);
      if (distances != nullptr) arguments["distances"] = numpy_matrix(*distances);
      py::object returned =
          resolve(function)(numpy_matrix(features), numpy_labels(labels), **arguments);
      return scores_of(function, returned, features.cols());
    });
  }

  PythonFeatures series_features(const std::string& function,
                                 const std::vector<Eigen::VectorXd>& series,
                                 const PythonParams& params) const override {
    return with_python(function, "calling", [&] {
      py::object returned = estimator_adapter()["features_of"](
          resolve(function), numpy_series(series), keywords(params));
      const auto pair = returned.cast<py::tuple>();
      return PythonFeatures{pair[0].cast<std::vector<std::string>>(), eigen_matrix(pair[1])};
    });
  }

  Eigen::MatrixXd series_distances(const std::string& function,
                                   const std::vector<Eigen::VectorXd>& series,
                                   const PythonParams& params, bool whole_set,
                                   const std::vector<int>& rows,
                                   const std::vector<int>& columns) const override {
    return with_python(function, "calling", [&] {
      py::object block_rows = py::none(), block_columns = py::none();
      if (!rows.empty() || !columns.empty()) {
        block_rows = py::cast(rows);
        block_columns = py::cast(columns);
      }
      return eigen_matrix(estimator_adapter()["distances_of"](
          resolve(function), numpy_series(series), keywords(params), whole_set, block_rows,
          block_columns));
    });
  }

  void check_estimator(const std::string& estimator, const PythonParams& params,
                       EstimatorRole role) const override {
    with_python(estimator, "building", [&] {
      estimator_adapter()["check"](
          resolve(estimator), keywords(params),
          role == EstimatorRole::classifier ? "classifier" : "transformer");
    });
  }

  PythonTransformed fit_transform(const std::string& estimator, const PythonParams& params,
                                  const Eigen::MatrixXd& train, const Eigen::VectorXi& train_labels,
                                  const Eigen::MatrixXd& test,
                                  long long random_state) const override {
    return with_python(estimator, "fitting", [&] {
      py::tuple returned = estimator_adapter()["fit_transform"](
          resolve(estimator), keywords(params), numpy_matrix(train), numpy_labels(train_labels),
          numpy_matrix(test), random_state);
      return PythonTransformed{eigen_matrix(returned[0]), eigen_matrix(returned[1])};
    });
  }

  PythonPredictions fit_predict(const std::string& estimator, const PythonParams& params,
                                const Eigen::MatrixXd& train, const Eigen::VectorXi& train_labels,
                                int classes, const Eigen::MatrixXd& test,
                                long long random_state) const override {
    return with_python(estimator, "fitting", [&] {
      py::tuple returned = estimator_adapter()["fit_predict"](
          resolve(estimator), keywords(params), numpy_matrix(train), numpy_labels(train_labels),
          classes, numpy_matrix(test), random_state);
      const auto labels = returned[0].cast<py::array_t<long long>>();
      PythonPredictions predictions;
      predictions.labels = Eigen::Map<const Eigen::Matrix<long long, Eigen::Dynamic, 1>>(
                               labels.data(), labels.size())
                               .cast<int>();
      predictions.scores = eigen_matrix(returned[1]);
      return predictions;
    });
  }

 private:
  // Column-major Eigen storage is Fortran order: one copy, the Python code may keep or change it.
  static py::array_t<double, py::array::f_style> numpy_matrix(const Eigen::MatrixXd& values) {
    py::array_t<double, py::array::f_style> matrix({values.rows(), values.cols()});
    std::copy(values.data(), values.data() + values.size(), matrix.mutable_data());
    return matrix;
  }
  // A Fortran-ordered float64 array the adapter returned, copied.
  static Eigen::MatrixXd eigen_matrix(const py::object& array) {
    const auto values = array.cast<py::array_t<double, py::array::f_style>>();
    return Eigen::Map<const Eigen::MatrixXd>(values.data(), values.shape(0), values.shape(1));
  }
  // A 2-D array (series x time steps) when every series has one length, else a list of arrays.
  static py::object numpy_series(const std::vector<Eigen::VectorXd>& series) {
    const bool equal = std::all_of(series.begin(), series.end(), [&](const Eigen::VectorXd& one) {
      return one.size() == series.front().size();
    });
    if (equal && !series.empty()) {
      py::array_t<double> matrix({static_cast<Eigen::Index>(series.size()), series.front().size()});
      double* out = matrix.mutable_data();
      for (const auto& one : series) out = std::copy(one.data(), one.data() + one.size(), out);
      return matrix;
    }
    py::list arrays;
    for (const auto& one : series) {
      py::array_t<double> array(one.size());
      std::copy(one.data(), one.data() + one.size(), array.mutable_data());
      arrays.append(array);
    }
    return arrays;
  }
  static py::array_t<long long> numpy_labels(const Eigen::VectorXi& labels) {
    py::array_t<long long> classes(labels.size());
    std::copy(labels.data(), labels.data() + labels.size(), classes.mutable_data());
    return classes;
  }
  static py::dict keywords(const PythonParams& params) {
    py::dict keywords;
    for (const auto& [name, value] : params) keywords[name.c_str()] = python_value(value);
    return keywords;
  }

  // The function's return as one finite-or-infinite float64 per column; the wrong shape, a type
  // numpy cannot make numbers of, or a NaN is refused by name.
  static Eigen::VectorXd scores_of(const std::string& function, const py::object& returned,
                                   Eigen::Index columns) {
    py::array_t<double> array;
    const py::module_ numpy = py::module_::import("numpy");
    try {
      // float64 of a complex array drops the imaginary parts with a mere warning.
      if (numpy.attr("iscomplexobj")(returned).cast<bool>())
        throw PythonCallError(
            fmt::format("{} returned complex scores; return one real number per column", function));
      array = py::array_t<double>::ensure(numpy.attr("asarray")(returned, "float64"));
    } catch (py::error_already_set& error) {
      throw PythonCallError(fmt::format("{} returned a {}, not numbers ({})", function,
                                        type_name(returned), error.what()));
    }
    const std::string shape = py::str(array.attr("shape")).cast<std::string>();
    if (array.ndim() != 1 || array.shape(0) != columns)
      throw PythonCallError(fmt::format(
          "{} returned scores of shape {}; it must return one score per feature column, shape "
          "({},)",
          function, shape, columns));
    const auto values = array.unchecked<1>();
    Eigen::VectorXd scores(columns);
    for (Eigen::Index column = 0; column < columns; ++column) {
      scores[column] = values(column);
      if (std::isnan(scores[column]))
        throw PythonCallError(fmt::format(
            "{} returned NaN for feature column {} of {}; every column it gets varies over the fit "
            "rows, so each needs a score",
            function, column, columns));
    }
    return scores;
  }
};

}  // namespace

void set_passed_components(const py::dict& components) {
  ensure_interpreter();
  passed_components() = py::dict(components);
}

namespace {

const bool installed = [] {
  install_python_host(std::make_unique<InterpreterHost>());
  return true;
}();

}  // namespace
}  // namespace tsfs::python
