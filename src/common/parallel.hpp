#pragma once
// Runs fn(i) for i in [0, count) on `threads` std::threads pulling indices from a shared counter.
// Results must be written by index, so the outcome never depends on the thread count. The first
// exception (lowest index among those thrown) is rethrown after all threads stop. A pending
// interrupt (common/interrupt.hpp) stops the loop before its next item: the items not run are
// skipped and Interrupted is thrown, so every stage built on parallel_for honours Ctrl-C within
// one item's time.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "common/interrupt.hpp"

namespace tsfs {

template <typename Function>
void parallel_for(size_t count, int threads, Function&& fn) {
  size_t workers = std::min<size_t>(count, static_cast<size_t>(std::max(1, threads)));
  if (workers <= 1) {
    for (size_t i = 0; i < count; ++i) {
      throw_if_interrupted();
      fn(i);
    }
    return;
  }
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex error_mutex;
  std::exception_ptr first_error;
  size_t first_error_index = count;
  auto work = [&] {
    while (!failed.load(std::memory_order_relaxed)) {
      size_t i = next.fetch_add(1);
      if (i >= count) return;
      try {
        throw_if_interrupted();
        fn(i);
      } catch (...) {
        std::lock_guard lock(error_mutex);
        if (i < first_error_index) {
          first_error_index = i;
          first_error = std::current_exception();
        }
        failed = true;
      }
    }
  };
  std::vector<std::thread> pool;
  for (size_t t = 1; t < workers; ++t) pool.emplace_back(work);
  work();
  for (auto& thread : pool) thread.join();
  if (first_error) std::rethrow_exception(first_error);
}

// Default thread count: all hardware threads (at least 1).
inline int default_threads() {
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

}  // namespace tsfs
