// `tsfs._tsfs`: the pybind11 extension behind the `tsfs` package (python/tsfs/), built from the
// runner's own objects (tsfs_core), so every number equals the CLI's.
//
// Errors: an InputError (what the runner reports with exit code 2) becomes ValueError with the
// same text, Interrupted becomes KeyboardInterrupt, NotConverged becomes tsfs.NotConverged (a
// RuntimeError); other C++ exceptions become RuntimeError through pybind11's defaults. Nothing in
// the library exits the process on bad input (it throws), so no call ends the interpreter.
#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "common/error.hpp"
#include "common/interrupt.hpp"
#include "common/parallel.hpp"
#include "common/progress.hpp"
#include "common/version.hpp"

namespace py = pybind11;

namespace tsfs::python {

int thread_count(const py::handle& threads) {
  if (threads.is_none()) return default_threads();
  if (!py::isinstance<py::int_>(threads) || py::isinstance<py::bool_>(threads))
    throw py::type_error("threads must be an int (or None for every hardware thread)");
  const auto count = threads.cast<long long>();
  if (count < 1 || count > 4096)
    throw py::value_error("threads must be in [1, 4096], got " + std::to_string(count));
  return static_cast<int>(count);
}

}  // namespace tsfs::python

PYBIND11_MODULE(_tsfs, module) {
  module.doc() = "tsfs's C++ engine; use it through the `tsfs` package.";
  static py::exception<tsfs::NotConverged> not_converged(module, "NotConverged",
                                                         PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr error) {
    try {
      if (error) std::rethrow_exception(error);
    } catch (const tsfs::InputError& input) {
      PyErr_SetString(PyExc_ValueError, input.what());
    } catch (const tsfs::Interrupted&) {
      PyErr_SetNone(PyExc_KeyboardInterrupt);
    } catch (const tsfs::NotConverged& failure) {
      PyErr_SetString(not_converged.ptr(), failure.what());
    }
  });
  // No progress lines on stderr from library calls (the runner prints them for long stages);
  // tsfs.run(quiet=False) turns them on for its run.
  tsfs::Progress::set_enabled(false);
  module.attr("__version__") = tsfs::kTsfsVersion;
  module.attr("git_commit") = tsfs::kTsfsGitCommit;
  tsfs::python::bind_data(module);
  tsfs::python::bind_compute(module);
  tsfs::python::bind_components(module);
  tsfs::python::bind_runs(module);
}
