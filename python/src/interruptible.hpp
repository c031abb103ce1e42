#pragma once
// Runs a computation with the GIL released while Ctrl-C stays responsive. The work runs on a
// worker thread; the calling thread waits for it in slices of 50 ms, each time taking the GIL
// back to run Python's signal handlers (PyErr_CheckSignals). When they raise (Ctrl-C gives
// KeyboardInterrupt), the C++ interrupt flag (common/interrupt.hpp, the one the runner's SIGINT
// handler sets) is raised, so every parallel_for loop stops before its next item; the worker is
// joined and the Python exception propagates. Python keeps its own SIGINT handler: installing
// tsfs's (InterruptHandlers) in a library would take Ctrl-C away from the interpreter.
//
// The flag is process-wide: an interrupt stops every tsfs computation running in the process.
#include <pybind11/pybind11.h>

#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "common/interrupt.hpp"

namespace tsfs::python {

// How often the waiting thread looks for a signal: well within the second Ctrl-C may take.
inline constexpr std::chrono::milliseconds kSignalPollInterval{50};

template <typename Function>
auto run_interruptible(Function&& function) {
  using Result = decltype(function());
  std::mutex mutex;
  std::condition_variable done_changed;
  bool done = false;
  std::optional<Result> result;
  std::exception_ptr error;
  clear_interrupt();
  std::thread worker;
  {
    pybind11::gil_scoped_release release;
    worker = std::thread([&] {
      try {
        result.emplace(function());
      } catch (...) {
        error = std::current_exception();
      }
      std::lock_guard lock(mutex);
      done = true;
      done_changed.notify_one();
    });
  }
  for (;;) {
    bool finished = false;
    {
      pybind11::gil_scoped_release release;
      std::unique_lock lock(mutex);
      finished = done_changed.wait_for(lock, kSignalPollInterval, [&] { return done; });
    }
    if (finished) break;
    if (PyErr_CheckSignals() != 0) {
      request_interrupt();
      {
        pybind11::gil_scoped_release release;
        worker.join();
      }
      clear_interrupt();
      throw pybind11::error_already_set();
    }
  }
  {
    pybind11::gil_scoped_release release;
    worker.join();
  }
  clear_interrupt();
  if (error) std::rethrow_exception(error);
  return std::move(*result);
}

}  // namespace tsfs::python
