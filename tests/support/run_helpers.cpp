#include "support/run_helpers.hpp"

#include <doctest/doctest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace tsfs::testing {

RunResult run_runner(const std::string& arguments, const std::string& environment) {
  static int counter = 0;
  auto capture = std::filesystem::temp_directory_path() /
                 ("tsfs_run_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
  std::string command = "cd '" TSFS_SOURCE_DIR "' && " +
                        (environment.empty() ? "" : "env " + environment + " ") +
                        "'" TSFS_RUNNER_PATH "' " + arguments + " >'" + capture.string() +
                        ".out' 2>'" + capture.string() + ".err'";
  int status = std::system(command.c_str());
  RunResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = read_text(capture.string() + ".out");
  result.err = read_text(capture.string() + ".err");
  std::filesystem::remove(capture.string() + ".out");
  std::filesystem::remove(capture.string() + ".err");
  return result;
}

BackgroundRunner::BackgroundRunner(const std::string& arguments) {
  static int counter = 0;
  capture_ = std::filesystem::temp_directory_path() /
             ("tsfs_bg_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
  // exec: the shell becomes the runner, so signals reach it.
  std::string command = "cd '" TSFS_SOURCE_DIR "' && exec '" TSFS_RUNNER_PATH "' " + arguments +
                        " >'" + capture_.string() + ".out' 2>'" + capture_.string() + ".err'";
  pid_ = fork();
  if (pid_ == 0) {
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  if (pid_ < 0) throw std::runtime_error("fork failed");
}

BackgroundRunner::~BackgroundRunner() {
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  std::error_code ignored;
  std::filesystem::remove(capture_.string() + ".out", ignored);
  std::filesystem::remove(capture_.string() + ".err", ignored);
}

void BackgroundRunner::signal(int signal_number) const {
  kill(pid_, signal_number);
}

RunResult BackgroundRunner::wait() {
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  RunResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  result.out = read_text(capture_.string() + ".out");
  result.err = read_text(capture_.string() + ".err");
  return result;
}

std::string BackgroundRunner::err_so_far() const {
  return read_text(capture_.string() + ".err");
}

bool wait_for_file(const std::filesystem::path& path, double seconds) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!std::filesystem::exists(path)) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

void drop_column(CsvTable& table, const std::string& column) {
  const auto at = static_cast<long>(table.column(column).value());
  table.header.erase(table.header.begin() + at);
  for (auto& row : table.rows) row.erase(row.begin() + at);
}

std::string cell(const CsvTable& table,
                 const std::vector<std::pair<std::string, std::string>>& match,
                 const std::string& column) {
  for (const auto& row : table.rows) {
    bool all = true;
    for (const auto& [name, value] : match) all = all && row[*table.column(name)] == value;
    if (all) return row[*table.column(column)];
  }
  throw std::runtime_error("no row matches for column " + column);
}

void run_at_1_and_2_threads(const std::filesystem::path& spec,
                            const std::filesystem::path& folder) {
  for (const char* threads : {"1", "2"}) {
    auto run = run_runner(spec.string() + " --quiet --no-timings --threads " + threads +
                          " --set output=" + (folder / threads).string());
    REQUIRE_MESSAGE(run.exit_code == 0, run.err);
  }
}

}  // namespace tsfs::testing
