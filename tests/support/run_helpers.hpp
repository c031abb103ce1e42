#pragma once
// Runs the runner binary from the repository root (so spec paths like third_party/ucr/... resolve)
// and reads what it wrote.
#include <filesystem>
#include <string>
#include <vector>

#include "report/csv_table.hpp"
#include "support/temporary_folder.hpp"

namespace tsfs::testing {

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// `arguments` are passed through a shell, so quote anything with spaces. `environment`
// ("NAME=value ...") is set for the runner only, e.g. a PATH that finds a failing gnuplot.
RunResult run_runner(const std::string& arguments, const std::string& environment = "");

// A runner started in the background (stdout and stderr to files), for signals and concurrency.
class BackgroundRunner {
 public:
  explicit BackgroundRunner(const std::string& arguments);
  ~BackgroundRunner();  // kills it (SIGKILL) if still running
  int pid() const { return pid_; }
  void signal(int signal_number) const;
  RunResult wait();                // exit code 128 + N when killed by signal N
  std::string err_so_far() const;  // what it has written to stderr until now

 private:
  int pid_ = -1;
  std::filesystem::path capture_;
};

// Runs `spec` (quiet, no timings) at 1 and at 2 threads, into <folder>/1 and <folder>/2, for
// tests that a run's files do not depend on the thread count; REQUIREs both to succeed.
void run_at_1_and_2_threads(const std::filesystem::path& spec, const std::filesystem::path& folder);

// Polls until `path` exists; false after `seconds`.
bool wait_for_file(const std::filesystem::path& path, double seconds);

// Whether `part` occurs in `text` (a message, a file read back).
inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The table without `column` (a file as a version without that column wrote it).
void drop_column(CsvTable& table, const std::string& column);

// Value of `column` in the row whose `match` columns equal the given values.
std::string cell(const CsvTable& table,
                 const std::vector<std::pair<std::string, std::string>>& match,
                 const std::string& column);

}  // namespace tsfs::testing
