#include "common/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>

namespace tsfs {
namespace {

std::string format_duration(double seconds) {
  long long whole = std::llround(seconds);
  if (whole < 60) return fmt::format("{}s", whole);
  if (whole < 3600) return fmt::format("{}m{:02}s", whole / 60, whole % 60);
  return fmt::format("{}h{:02}m", whole / 3600, (whole / 60) % 60);
}

}  // namespace

std::atomic<bool> Progress::enabled_{true};

void Progress::set_enabled(bool enabled) {
  enabled_ = enabled;
}

Progress::Progress(std::string label, size_t total, bool quiet)
    : label_(std::move(label)),
      total_(total),
      quiet_(quiet || !enabled_ || total == 0),
      terminal_(isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()),
      last_print_(start_) {}

void Progress::advance(size_t done) {
  done_ += done;
  if (quiet_) return;
  auto now = std::chrono::steady_clock::now();
  auto interval = terminal_ ? std::chrono::milliseconds(250) : std::chrono::milliseconds(5000);
  std::unique_lock lock(mutex_, std::try_to_lock);
  if (!lock.owns_lock() || now - last_print_ < interval) return;
  last_print_ = now;
  print(false);
}

void Progress::finish() {
  if (quiet_) return;
  std::lock_guard lock(mutex_);
  print(true);
}

void Progress::print(bool final_line) {
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  size_t done = done_.load();
  double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0.0;
  std::string eta = rate > 0 && done < total_
                        ? " ETA " + format_duration(static_cast<double>(total_ - done) / rate)
                        : "";
  std::string line = fmt::format("{}: {}/{} ({:.1f}/s, {}){}", label_, done, total_, rate,
                                 format_duration(elapsed), eta);
  if (terminal_)
    std::fprintf(stderr, "\r%s\033[K%s", line.c_str(), final_line ? "\n" : "");
  else
    std::fprintf(stderr, "%s\n", line.c_str());
  std::fflush(stderr);
}

}  // namespace tsfs
