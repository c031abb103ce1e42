// The output folder of a writing command: created and locked around the body, removed again when
// bad input stops the body before anything was written, refused when it is a file, and cleared of
// the temporaries of interrupted writes (but not inside a shard's own locked folder).
#include <doctest/doctest.h>

#include "common/error.hpp"
#include "common/files.hpp"
#include "support/temporary_folder.hpp"
#include "sweep/store/output_folder.hpp"
#include "sweep/store/output_lock.hpp"

namespace tsfs {
namespace {

OutputCommand command_for(const std::filesystem::path& folder) {
  return {folder, "spec.yaml:7:9", "runner run spec.yaml", false};
}

TEST_CASE("run_in_output_folder creates the folder, holds the lock and returns the body's code") {
  const testing::TemporaryFolder scratch("output_folder");
  const auto folder = scratch.path() / "nested" / "run";
  const int code = run_in_output_folder(command_for(folder), [&] {
    CHECK(std::filesystem::is_directory(folder));
    CHECK(std::filesystem::exists(folder / lock_file_name()));
    write_file_atomically(folder / "results.csv", "a\n1\n");
    return 7;
  });
  CHECK(code == 7);
  CHECK(testing::read_text(folder / "results.csv") == "a\n1\n");
}

TEST_CASE("bad input before anything is written leaves no folder behind") {
  const testing::TemporaryFolder scratch("output_folder_bad");
  const auto folder = scratch.path() / "new" / "run";
  CHECK_THROWS_AS(run_in_output_folder(command_for(folder),
                                       []() -> int { throw InputError("spec.yaml:3:1", "bad"); }),
                  InputError);
  CHECK_FALSE(std::filesystem::exists(scratch.path() / "new"));

  // A folder that existed before stays, whatever the body does.
  std::filesystem::create_directories(scratch.path() / "kept");
  CHECK_THROWS_AS(run_in_output_folder(command_for(scratch.path() / "kept"),
                                       []() -> int { throw InputError("spec.yaml:3:1", "bad"); }),
                  InputError);
  CHECK(std::filesystem::is_directory(scratch.path() / "kept"));
}

TEST_CASE("an output that is a file or empty is refused naming the spec's output line") {
  const testing::TemporaryFolder scratch("output_folder_file");
  const auto file = scratch.write("results", "not a folder");
  bool ran = false;
  try {
    run_in_output_folder(command_for(file), [&] {
      ran = true;
      return 0;
    });
    FAIL("expected an InputError");
  } catch (const InputError& error) {
    CHECK(error.where() == "spec.yaml:7:9");
    CHECK(error.message().find("is a file, not a folder") != std::string::npos);
  }
  CHECK_FALSE(ran);
  CHECK_THROWS_AS(run_in_output_folder(command_for(""), [] { return 0; }), InputError);
}

TEST_CASE("remove_stale_temporaries removes interrupted writes except in a locked subfolder") {
  const testing::TemporaryFolder scratch("output_folder_temporaries");
  const auto stale = scratch.write(".results.csv.tsfs-tmp.999999.0", "half");
  const auto nested = scratch.write("tables/.accuracy.md.tsfs-tmp.999999.3", "half");
  const auto kept = scratch.write("results.csv", "whole");
  // Another program's file that looks like a temporary: not tsfs's to delete.
  const auto foreign = scratch.write("notes/project/.draft.tmp.2024.1", "precious");
  // A killed `runner compare`'s staging folder (common/files.hpp, StagedFolder).
  const auto staged = scratch.write("comparison/.staging.tsfs-tmp.999999.0/figures/cd.png", "half");
  const auto shard = scratch.write("shards/0/.results.csv.tsfs-tmp.999999.1", "the shard's own");
  scratch.write("shards/0/" + lock_file_name(), "");
  REQUIRE(is_temporary_file_name(stale.filename().string()));
  remove_stale_temporaries(scratch.path());
  CHECK_FALSE(std::filesystem::exists(stale));
  CHECK_FALSE(std::filesystem::exists(nested));
  CHECK(std::filesystem::exists(kept));
  CHECK(std::filesystem::exists(foreign));
  CHECK(std::filesystem::exists(shard));
  CHECK_FALSE(std::filesystem::exists(staged.parent_path().parent_path()));
  CHECK(std::filesystem::exists(scratch.path() / "comparison"));
}

}  // namespace
}  // namespace tsfs
