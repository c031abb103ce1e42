#include "common/interrupt.hpp"

#include <atomic>
#include <csignal>

namespace tsfs {
namespace {

// Lock-free, so it may be set from a signal handler.
std::atomic<bool> interrupt_flag{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_signal(int signal_number) {
  interrupt_flag.store(true, std::memory_order_relaxed);
  std::signal(signal_number, SIG_DFL);
}

constexpr std::array<int, 3> kHandledSignals = {SIGINT, SIGTERM, SIGHUP};

}  // namespace

InterruptHandlers::InterruptHandlers() {
  // A signal that arrived before the handlers existed killed the process; a flag left by an
  // earlier command of this process must not cancel this one.
  clear_interrupt();
  for (size_t i = 0; i < kHandledSignals.size(); ++i)
    previous_[i] = std::signal(kHandledSignals[i], on_signal);
}

InterruptHandlers::~InterruptHandlers() {
  for (size_t i = 0; i < kHandledSignals.size(); ++i) std::signal(kHandledSignals[i], previous_[i]);
}

bool interrupt_requested() {
  return interrupt_flag.load(std::memory_order_relaxed);
}

void request_interrupt() {
  interrupt_flag.store(true, std::memory_order_relaxed);
}

void clear_interrupt() {
  interrupt_flag.store(false, std::memory_order_relaxed);
}

void throw_if_interrupted() {
  if (interrupt_requested()) throw Interrupted();
}

}  // namespace tsfs
