#pragma once
// Cooperative cancellation on SIGINT / SIGTERM / SIGHUP (a closed terminal or dropped ssh session
// is a request to stop, not a crash). The signal handler only sets a flag; long loops
// (parallel_for checks it before every item, so every stage built on it does) stop at the next
// item and throw Interrupted, which the runner turns into exit code 130 after saving what is
// finished. A second signal while the first is being honoured ends the process at once (the
// default action): a user pressing Ctrl-C twice means it.
#include <array>
#include <stdexcept>

namespace tsfs {

class Interrupted : public std::runtime_error {
 public:
  Interrupted() : std::runtime_error("interrupted") {}
};

// Installs the handlers for its lifetime (restoring the previous ones) and clears the flag.
class InterruptHandlers {
 public:
  InterruptHandlers();
  ~InterruptHandlers();
  InterruptHandlers(const InterruptHandlers&) = delete;
  InterruptHandlers& operator=(const InterruptHandlers&) = delete;

 private:
  std::array<void (*)(int), 3> previous_{};
};

bool interrupt_requested();
// What the handler does; also lets tests simulate a signal.
void request_interrupt();
void clear_interrupt();
// Throws Interrupted when a signal arrived: a check point between stages.
void throw_if_interrupted();

}  // namespace tsfs
