#pragma once
// Progress of a long stage on stderr: done/total, rate and ETA. Updates in place on a terminal,
// one line every few seconds otherwise (logs, CI); silent with --quiet. Thread-safe.
#include <atomic>
#include <chrono>
#include <mutex>
#include <string>

namespace tsfs {

class Progress {
 public:
  Progress(std::string label, size_t total, bool quiet);
  // Process-wide switch (the runner's --quiet): stages deep in the pipeline, such as a distance
  // computation, show progress without knowing the command line.
  static void set_enabled(bool enabled);
  void advance(size_t done = 1);
  void finish();

 private:
  void print(bool final_line);

  static std::atomic<bool> enabled_;
  std::string label_;
  size_t total_;
  bool quiet_;
  bool terminal_;
  std::atomic<size_t> done_{0};
  std::mutex mutex_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_print_;
};

}  // namespace tsfs
