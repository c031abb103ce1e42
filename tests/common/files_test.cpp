#include "common/files.hpp"
#include "common/hash.hpp"
#include "support/temporary_folder.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <fstream>

namespace {

std::filesystem::path scratch(const std::string& name) {
  static const tsfs::testing::TemporaryFolder folder("files");  // removed at exit
  return folder.path() / name;
}

size_t entries(const std::filesystem::path& folder) {
  size_t count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    (void)entry;
    ++count;
  }
  return count;
}

}  // namespace

TEST_CASE("atomic writes leave the complete file and no temporary") {
  auto path = scratch("sub/out.txt");
  tsfs::write_file_atomically(path, "first");
  tsfs::write_file_atomically(path, "second");
  CHECK(tsfs::read_text_file(path) == "second");
  CHECK(entries(path.parent_path()) == 1);
}

TEST_CASE("cached matrices are verified on load") {
  Eigen::MatrixXd values(2, 3);
  values << 1, 2, 3, 4.5, -1e-300, 6;
  auto path = scratch("cache.bin");
  tsfs::save_cached_matrix(path, "key-1", values);
  auto loaded = tsfs::load_cached_matrix(path, "key-1");
  REQUIRE(loaded);
  CHECK(*loaded == values);

  SUBCASE("another key is a miss") {
    CHECK_FALSE(tsfs::load_cached_matrix(path, "key-2"));
  }
  SUBCASE("a missing file is a miss") {
    CHECK_FALSE(tsfs::load_cached_matrix(scratch("none.bin"), "key-1"));
  }
  SUBCASE("a flipped byte fails the checksum") {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(-12, std::ios::end);
    file.put('\x7f');
    file.close();
    CHECK_FALSE(tsfs::load_cached_matrix(path, "key-1"));
  }
  SUBCASE("a truncated file is a miss") {
    std::filesystem::resize_file(path, std::filesystem::file_size(path) - 9);
    CHECK_FALSE(tsfs::load_cached_matrix(path, "key-1"));
  }
  SUBCASE("the checksum covers the dimensions: 3 x 2 read for 2 x 3 is a miss") {
    std::string blob = tsfs::read_text_file(path);
    const size_t dimensions = 8 + 8 + 5;  // magic, key size, key
    std::int64_t swapped[2] = {3, 2};
    blob.replace(dimensions, sizeof swapped, reinterpret_cast<const char*>(swapped),
                 sizeof swapped);
    tsfs::write_file_atomically(path, blob);
    CHECK_FALSE(tsfs::load_cached_matrix(path, "key-1"));
  }
  SUBCASE("format 1 (an FNV-1a checksum) is still read, and verified") {
    std::string blob = "TSFSMAT1";
    auto append = [&blob](const auto& value) {
      blob.append(reinterpret_cast<const char*>(&value), sizeof value);
    };
    append(std::uint64_t{5});
    blob += "key-1";
    append(std::int64_t{2});
    append(std::int64_t{3});
    blob.append(reinterpret_cast<const char*>(values.data()), sizeof(double) * 6);
    append(tsfs::Hasher().matrix(values).digest());
    tsfs::write_file_atomically(path, blob);
    const auto old_format = tsfs::load_cached_matrix(path, "key-1");
    REQUIRE(old_format);
    CHECK(*old_format == values);
    blob[blob.size() - 12] ^= 1;  // a value's bit
    tsfs::write_file_atomically(path, blob);
    CHECK_FALSE(tsfs::load_cached_matrix(path, "key-1"));
    blob[blob.size() - 12] ^= 1;
    blob[7] = '3';  // a format this build does not know
    tsfs::write_file_atomically(path, blob);
    CHECK_FALSE(tsfs::load_cached_matrix(path, "key-1"));
  }
}

TEST_CASE("a failed write is a WriteError with the OS reason and leaves no temporary") {
  auto blocker = scratch("blocker");
  tsfs::write_file_atomically(blocker, "a file, not a folder");
  try {
    tsfs::write_file_atomically(blocker / "out.txt", "x");
    FAIL("writing under a file succeeded");
  } catch (const tsfs::WriteError& error) {
    CHECK(error.reason() == "Not a directory");
    CHECK(std::string(error.what()).find("Not a directory") != std::string::npos);
  }
  CHECK_THROWS_AS(tsfs::AtomicFileWriter(blocker / "streamed.txt"), tsfs::WriteError);

  // Renaming onto a folder fails after the data was written: the temporary is removed.
  auto folder = scratch("rename_target");
  std::filesystem::create_directories(folder / "occupied");
  std::filesystem::create_directories(folder / "x");
  CHECK_THROWS_AS(tsfs::write_file_atomically(folder / "occupied", "data"), tsfs::WriteError);
  {
    tsfs::AtomicFileWriter writer(folder / "occupied");
    writer.stream() << "data";
    CHECK_THROWS_AS(writer.commit(), tsfs::WriteError);
  }
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    CHECK_MESSAGE(!tsfs::is_temporary_file_name(entry.path().filename().string()),
                  entry.path().string());
}

TEST_CASE("the streamed writer commits everything, or nothing when destroyed first") {
  auto path = scratch("streamed/big.csv");
  {
    tsfs::AtomicFileWriter writer(path);
    for (int i = 0; i < 100000; ++i) writer.stream() << i << '\n';
    writer.commit();
  }
  auto text = tsfs::read_text_file(path);
  CHECK(text.size() == 588890);
  CHECK(text.substr(text.size() - 6) == "99999\n");
  {
    tsfs::AtomicFileWriter abandoned(scratch("streamed/abandoned.csv"));
    abandoned.stream() << "partial";
  }
  CHECK_FALSE(std::filesystem::exists(scratch("streamed/abandoned.csv")));
  CHECK(entries(path.parent_path()) == 1);
}

TEST_CASE("temporary file names are recognised exactly") {
  CHECK(tsfs::is_temporary_file_name(".results.csv.tsfs-tmp.1234.0"));
  CHECK(tsfs::is_temporary_file_name(".manifest.json.tsfs-tmp.77.12"));
  CHECK_FALSE(tsfs::is_temporary_file_name("results.csv"));
  CHECK_FALSE(tsfs::is_temporary_file_name(".results.csv.tsfs-tmp.x.0"));
  CHECK_FALSE(tsfs::is_temporary_file_name("results.csv.tsfs-tmp.1.0"));
  // Another program's temporaries (an editor's, a user's) look alike but are not tsfs's.
  CHECK_FALSE(tsfs::is_temporary_file_name(".draft.tmp.2024.1"));
  CHECK_FALSE(tsfs::is_temporary_file_name(".results.csv.tmp.1234.0"));
}

TEST_CASE("a staged folder moves every file in place on commit, and none when destroyed first") {
  const auto folder = scratch("staged");
  tsfs::write_file_atomically(folder / "kept.txt", "old");
  tsfs::write_file_atomically(folder / "figures/a.png", "old figure");
  {
    tsfs::StagedFolder staged(folder);
    CHECK(tsfs::is_temporary_file_name(staged.staging().filename().string()));
    tsfs::write_file_atomically(staged.staging() / "kept.txt", "new");
    tsfs::write_file_atomically(staged.staging() / "figures/b.png", "new figure");
  }  // an error before commit()
  CHECK(tsfs::read_text_file(folder / "kept.txt") == "old");
  CHECK_FALSE(std::filesystem::exists(folder / "figures/b.png"));
  CHECK(entries(folder) == 2);
  {
    tsfs::StagedFolder staged(folder);
    tsfs::write_file_atomically(staged.staging() / "kept.txt", "new");
    tsfs::write_file_atomically(staged.staging() / "figures/b.png", "new figure");
    staged.commit();
  }
  CHECK(tsfs::read_text_file(folder / "kept.txt") == "new");
  CHECK(tsfs::read_text_file(folder / "figures/a.png") == "old figure");
  CHECK(tsfs::read_text_file(folder / "figures/b.png") == "new figure");
  CHECK(entries(folder) == 2);
}
