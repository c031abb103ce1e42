#pragma once
// Long calls into code with no interrupt check of its own (Eigen's dense decompositions take
// seconds on large matrices and cannot be stopped from inside): the call runs on a thread of its
// own while the caller waits, looking at the interrupt flag every few milliseconds. On a signal
// the caller throws Interrupted at once and leaves the call to finish unobserved on its detached
// thread, which owns everything it reads (the work and its captures, held by value) and whose
// result is dropped. The caller then stops within the poll interval rather than when the call
// ends. The price: the abandoned call keeps a core and its memory until it returns. The runner
// exits after an interrupt, which ends it; the Python module's interpreter carries on, so a call
// made right after a KeyboardInterrupt shares the machine with the abandoned one for up to the
// abandoned call's remaining time (docs/python.md). Without a signal the result is the call's
// own, computed by the same code on another thread (the same bits: tests/numerics). When no
// thread can be started, the call runs on the caller's, as one without a check.
#include <chrono>
#include <future>
#include <memory>
#include <system_error>
#include <thread>
#include <type_traits>

#include "common/interrupt.hpp"

namespace tsfs {

inline constexpr std::chrono::milliseconds kAbandonPollInterval{10};

template <class Work>
std::invoke_result_t<Work&> call_abandoning_on_interrupt(Work work) {
  using Result = std::invoke_result_t<Work&>;
  throw_if_interrupted();
  auto task = std::make_shared<std::packaged_task<Result()>>(std::move(work));
  std::future<Result> result = task->get_future();
  try {
    std::thread([task] { (*task)(); }).detach();
  } catch (const std::system_error&) {
    (*task)();
  }
  while (result.wait_for(kAbandonPollInterval) != std::future_status::ready) throw_if_interrupted();
  return result.get();
}

}  // namespace tsfs
