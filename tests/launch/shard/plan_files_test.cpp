#include "launch/shard/plan_files.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include "common/error.hpp"
#include "common/files.hpp"
#include "support/temporary_folder.hpp"

namespace tsfs {

TEST_CASE("shard records: written and read back, a damaged one is an input error") {
  const testing::TemporaryFolder scratch("plan_files");
  const auto& folder = scratch.path();
  ShardRecord record{"0123456789abcdef", "a \"quoted\" name", 2, 4, 57, 1.5e9};
  write_file_atomically(folder / "shard.json", shard_record_json(record));
  ShardRecord read = read_shard_record(folder / "shard.json");
  CHECK(read.spec_hash == record.spec_hash);
  CHECK(read.name == record.name);
  CHECK(read.shard == 2);
  CHECK(read.shards == 4);
  CHECK(read.cells == 57);
  CHECK(read.predicted_cost == doctest::Approx(1.5e9));

  std::string text = shard_record_json(record);
  write_file_atomically(folder / "cut.json", text.substr(0, text.find("\"cells\"")));
  CHECK_THROWS_AS(read_shard_record(folder / "cut.json"), InputError);
  text.replace(text.find("57"), 2, "x7");
  write_file_atomically(folder / "edited.json", text);
  CHECK_THROWS_AS(read_shard_record(folder / "edited.json"), InputError);
  CHECK_THROWS_AS(read_shard_record(folder / "missing.json"), InputError);
  std::filesystem::remove_all(folder);
}

TEST_CASE("shard folders: <output>/shards/<I>-of-<N>") {
  CHECK(shard_folder("out", {3, 8}) == std::filesystem::path("out/shards/3-of-8"));
  CHECK(plan_folder("out") == std::filesystem::path("out/plan"));
}

}  // namespace tsfs
