#pragma once
// A fresh, empty folder for one test under the system temp dir, removed with everything in it when
// the object dies, plus small text-file helpers. Shared by the unit and integration tests.
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace tsfs::testing {

class TemporaryFolder {
 public:
  // The process id and a per-process counter keep concurrently running test binaries and several
  // folders of one test apart; `name` only makes a leftover folder recognisable.
  explicit TemporaryFolder(const std::string& name = "test") {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("tsfs_" + name + "_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TemporaryFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TemporaryFolder(const TemporaryFolder&) = delete;
  TemporaryFolder& operator=(const TemporaryFolder&) = delete;

  const std::filesystem::path& path() const { return path_; }

  // Writes `contents` to `relative` inside the folder (creating subfolders) and returns its path.
  std::filesystem::path write(const std::filesystem::path& relative,
                              const std::string& contents) const {
    auto file = path_ / relative;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream out(file, std::ios::binary);
    out << contents;
    if (!out) throw std::runtime_error("cannot write " + file.string());
    return file;
  }

 private:
  std::filesystem::path path_;
};

inline std::filesystem::path write_text(const std::filesystem::path& path,
                                        const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace tsfs::testing
