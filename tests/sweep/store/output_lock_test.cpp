#include "sweep/store/output_lock.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <fstream>
#include <memory>

#include "common/error.hpp"
#include "common/files.hpp"
#include "support/temporary_folder.hpp"

namespace {

std::filesystem::path fresh_folder(const std::string& name) {
  // One folder for the test binary (removed at exit), one subfolder per test.
  static const tsfs::testing::TemporaryFolder scratch("lock");
  auto folder = scratch.path() / name;
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  return folder;
}

}  // namespace

TEST_CASE("a second lock of the same folder is refused, naming the holder's pid and host") {
  auto folder = fresh_folder("second");
  auto first = std::make_unique<tsfs::OutputLock>(folder, "runner run a.yaml", "a.yaml:3:9", false);
  CHECK(std::filesystem::exists(folder / "runner.lock"));
  try {
    tsfs::OutputLock second(folder, "runner run b.yaml", "b.yaml:4:9", false);
    FAIL("the second lock was granted");
  } catch (const tsfs::InputError& error) {
    std::string message = error.what();
    CHECK(message.rfind("b.yaml:4:9: ", 0) == 0);
    CHECK(message.find("pid " + std::to_string(getpid())) != std::string::npos);
    CHECK(message.find("runner run a.yaml") != std::string::npos);
    CHECK(message.find("--wait") != std::string::npos);
  }
  first.reset();
  CHECK_FALSE(std::filesystem::exists(folder / "runner.lock"));
  tsfs::OutputLock again(folder, "runner run b.yaml", "b.yaml:4:9", false);
  CHECK_FALSE(again.stale());
  std::filesystem::remove_all(folder);
}

TEST_CASE("a lock file left by a killed runner is stale and taken over") {
  auto folder = fresh_folder("stale");
  // What a runner killed with SIGKILL leaves: its record, no flock (the kernel dropped it).
  std::ofstream(folder / "runner.lock")
      << "pid: 999999\nhost: elsewhere\nstarted: 2026-01-01T00:00:00Z\ncommand: runner run x\n";
  tsfs::OutputLock lock(folder, "runner run y.yaml", "y.yaml", false);
  REQUIRE(lock.stale());
  CHECK(lock.stale()->pid == 999999);
  CHECK(lock.stale()->host == "elsewhere");
  CHECK(lock.stale()->describe().find("runner run x") != std::string::npos);
  std::filesystem::remove_all(folder);
}

TEST_CASE("a folder that cannot hold the lock file is a WriteError naming the reason") {
  auto folder = fresh_folder("missing") / "not" / "there";
  CHECK_THROWS_AS(tsfs::OutputLock(folder, "runner run", "x", false), tsfs::WriteError);
  std::filesystem::remove_all(folder.parent_path().parent_path());
}
