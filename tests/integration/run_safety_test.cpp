// Faults around a run: concurrent runners on one output folder, SIGINT and SIGKILL mid-stage,
// unwritable and full output folders, damaged files read back on resume.
#include <doctest/doctest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "common/files.hpp"
#include "report/csv_table.hpp"
#include "support/run_helpers.hpp"

using namespace tsfs::testing;

namespace {

const std::string kDtwSpec = "tests/integration/specs/earthquakes_dtw.yaml";
const std::string kRunSafetyGunPointSpec = "tests/integration/specs/gunpoint_small.yaml";

// Starts the long DTW run and returns once it is inside the distance stage (the manifest is
// written just before it).
std::unique_ptr<BackgroundRunner> start_dtw(const std::filesystem::path& output) {
  auto runner = std::make_unique<BackgroundRunner>(
      kDtwSpec + " --quiet --threads 1 --set output=" + output.string());
  REQUIRE(wait_for_file(output / "manifest.json", 30));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  return runner;
}

size_t temporary_files(const std::filesystem::path& folder) {
  size_t count = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder))
    if (tsfs::is_temporary_file_name(entry.path().filename().string())) ++count;
  return count;
}

}  // namespace

TEST_CASE("two runners on one output folder: the second exits 2 naming the holder, or waits") {
  TemporaryFolder folder("concurrent");
  auto output = folder.path() / "out";
  auto first = start_dtw(output);
  auto second = run_runner(kDtwSpec + " --quiet --set output=" + output.string());
  CHECK(second.exit_code == 2);
  CHECK_MESSAGE(contains(second.err, "pid " + std::to_string(first->pid()) + " on host "),
                second.err);
  CHECK(contains(second.err, "--set output: the output folder " + output.string() + " is in use"));
  CHECK(contains(second.err, "--wait"));
  // Every command that writes into the folder takes the same lock.
  for (const char* command : {"features", "distances", "rankings"})
    CHECK_MESSAGE(run_runner(std::string(command) + " " + kDtwSpec +
                             " --quiet --set output=" + output.string())
                          .exit_code == 2,
                  command);

  BackgroundRunner waiting("features " + kDtwSpec + " --wait --set output=" + output.string());
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!contains(waiting.err_so_far(), "waiting for it (--wait)") &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(contains(waiting.err_so_far(), "waiting for it (--wait)"));
  first->signal(SIGINT);
  CHECK(first->wait().exit_code == 130);
  auto waited = waiting.wait();
  CHECK_MESSAGE(waited.exit_code == 0, waited.err);
  CHECK(std::filesystem::exists(output / "features/Earthquakes.csv"));
  CHECK_FALSE(std::filesystem::exists(output / "runner.lock"));
}

TEST_CASE("SIGINT during a DTW matrix exits 130 within a second, the rerun completes") {
  TemporaryFolder folder("sigint_dtw");
  auto output = folder.path() / "out";
  // An earlier run's page: the interrupted run must not leave it as if it were its own.
  std::filesystem::create_directories(output);
  write_text(output / "report.html", "an earlier run's page");
  auto runner = start_dtw(output);
  auto signalled = std::chrono::steady_clock::now();
  runner->signal(SIGINT);
  auto result = runner->wait();
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - signalled).count();
  MESSAGE("SIGINT during the DTW matrix honoured in ", seconds, " s");
  CHECK(result.exit_code == 130);
  CHECK(seconds < 1.0);
  CHECK(contains(read_text(output / "manifest.json"), "\"status\": \"interrupted\""));
  CHECK(temporary_files(output) == 0);
  CHECK_FALSE(std::filesystem::exists(output / "report.html"));

  auto rerun = run_runner(kDtwSpec + " --quiet --threads 2 --set output=" + output.string());
  REQUIRE_MESSAGE(rerun.exit_code == 0, rerun.err);
  CHECK(tsfs::read_csv_table(output / "results.csv").rows.size() == 1);
  CHECK(contains(read_text(output / "report.html"), "tsfs run out"));
}

TEST_CASE("a runner killed with SIGKILL leaves a stale lock that the next runner takes over") {
  TemporaryFolder folder("sigkill");
  auto output = folder.path() / "out";
  auto runner = start_dtw(output);
  runner->signal(SIGKILL);
  CHECK(runner->wait().exit_code == 128 + SIGKILL);
  REQUIRE(std::filesystem::exists(output / "runner.lock"));
  // A temporary file of a write the kill cut short.
  write_text(output / "cache/.distance-0.bin.tsfs-tmp.99999.0", "partial");
  auto next = run_runner("features " + kDtwSpec + " --set output=" + output.string());
  REQUIRE_MESSAGE(next.exit_code == 0, next.err);
  CHECK(contains(next.err, "ended without releasing it (killed?); its lock is stale"));
  CHECK(temporary_files(output) == 0);
  CHECK_FALSE(std::filesystem::exists(output / "runner.lock"));
}

TEST_CASE("an output that is a file, under a file or empty: exit 2 at the output line") {
  TemporaryFolder folder("output_paths");
  auto spec_text = read_text(std::filesystem::path(TSFS_SOURCE_DIR) / kRunSafetyGunPointSpec);
  auto spec_for = [&](const std::string& output) {
    auto text = spec_text.substr(0, spec_text.find("output:")) + "output: '" + output + "'\n";
    return write_text(folder.path() / "spec.yaml", text).string();
  };
  auto file = write_text(folder.path() / "a_file", "x");
  auto is_file = run_runner(spec_for(file.string()) + " --quiet");
  CHECK(is_file.exit_code == 2);
  CHECK_MESSAGE(contains(is_file.err, "spec.yaml:17:9: the output " + file.string() +
                                          " is a file, not a folder"),
                is_file.err);
  auto under_file = run_runner(spec_for((file / "sub").string()) + " --quiet");
  CHECK(under_file.exit_code == 2);
  CHECK(contains(under_file.err, "spec.yaml:17:9: cannot write into the output folder"));
  CHECK(contains(under_file.err, "Not a directory"));
  auto empty = run_runner(spec_for("") + " --quiet");
  CHECK(empty.exit_code == 2);
  CHECK(contains(empty.err, "spec.yaml:17:9: the output folder is empty"));
  CHECK(read_text(file) == "x");
}

TEST_CASE("a cache that is a file: exit 2 at the cache line, before anything is written") {
  TemporaryFolder folder("cache_paths");
  auto spec_text = read_text(std::filesystem::path(TSFS_SOURCE_DIR) / kRunSafetyGunPointSpec);
  auto file = write_text(folder.path() / "a_file", "x");
  auto output = folder.path() / "out";
  auto spec = write_text(folder.path() / "spec.yaml",
                         spec_text.substr(0, spec_text.find("output:")) + "output: '" +
                             output.string() + "'\ncache: '" + file.string() + "'\n");
  auto run = run_runner(spec.string() + " --quiet");
  CHECK(run.exit_code == 2);
  CHECK_MESSAGE(
      contains(run.err, "spec.yaml:18:8: cannot write into the cache folder " + file.string()),
      run.err);
  CHECK(contains(run.err, "choose another cache (--set cache=DIR)"));
  CHECK_FALSE(std::filesystem::exists(output));
  CHECK(read_text(file) == "x");
}

// Needs root: mounts small tmpfs file systems (the CI machine runs as root).
TEST_CASE("a full disk, a read-only file system, no permission: exit 2 with the OS reason") {
  if (geteuid() != 0) {
    MESSAGE("skipped: mounting a tmpfs and dropping privileges need root");
    return;
  }
  TemporaryFolder folder("output_faults");
  auto full = folder.path() / "full", read_only = folder.path() / "read_only";
  std::filesystem::create_directories(full);
  std::filesystem::create_directories(read_only);
  if (std::system(("mount -t tmpfs -o size=64k tmpfs '" + full.string() + "' && mount -t tmpfs " +
                   "-o ro,size=64k tmpfs '" + read_only.string() + "'")
                      .c_str()) != 0) {
    MESSAGE("skipped: this machine does not allow mounting a tmpfs");
    return;
  }
  auto disk_full =
      run_runner(kRunSafetyGunPointSpec + " --quiet --set output=" + (full / "out").string());
  auto on_read_only =
      run_runner(kRunSafetyGunPointSpec + " --quiet --set output=" + (read_only / "out").string());
  size_t left_over = temporary_files(full);
  std::system(("umount '" + full.string() + "' '" + read_only.string() + "'").c_str());
  CHECK(disk_full.exit_code == 2);
  CHECK_MESSAGE(contains(disk_full.err, "--set output: cannot write into the output folder"),
                disk_full.err);
  CHECK(contains(disk_full.err, "No space left on device; free some space"));
  CHECK(left_over == 0);
  CHECK(on_read_only.exit_code == 2);
  CHECK(contains(on_read_only.err, "Read-only file system"));

  // Root ignores permission bits: the runner runs as nobody on a folder only root may write.
  auto locked = folder.path() / "locked";
  std::filesystem::create_directories(locked);
  std::filesystem::permissions(
      locked, std::filesystem::perms::owner_all | std::filesystem::perms::group_read |
                  std::filesystem::perms::group_exec | std::filesystem::perms::others_read |
                  std::filesystem::perms::others_exec);
  if (std::system("command -v setpriv >/dev/null") != 0) {
    MESSAGE("skipped the permission case: setpriv (util-linux) is not installed");
    return;
  }
  std::string as_nobody = std::string("cd '" TSFS_SOURCE_DIR "' && setpriv --reuid=65534 ") +
                          "--regid=65534 --clear-groups '" TSFS_RUNNER_PATH "' " +
                          kRunSafetyGunPointSpec +
                          " --quiet --set output=" + (locked / "out").string() + " 2>'" +
                          (folder.path() / "err").string() + "'";
  int status = std::system(as_nobody.c_str());
  CHECK(WEXITSTATUS(status) == 2);
  CHECK_MESSAGE(contains(read_text(folder.path() / "err"), "Permission denied"),
                read_text(folder.path() / "err"));
}
