#pragma once
// Shared by the libFuzzer harnesses: a scratch folder per fuzzing process (on /dev/shm when there,
// so the file round-trip costs little) and an exception filter. An InputError is the readers'
// documented answer to bad input; any other exception escaping a reader is a bug (exit 1 in the
// runner) and is turned into a crash so libFuzzer records the input.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "common/error.hpp"

namespace tsfs::fuzz {

// Created on first use, removed when the fuzzing process exits normally.
class ScratchFolder {
 public:
  ScratchFolder() {
    std::filesystem::path base = std::filesystem::is_directory("/dev/shm")
                                     ? std::filesystem::path("/dev/shm")
                                     : std::filesystem::temp_directory_path();
    path_ = base / ("tsfs-fuzz-" + std::to_string(getpid()));
    std::filesystem::create_directories(path_);
  }
  ~ScratchFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline const std::filesystem::path& scratch_folder() {
  static const ScratchFolder folder;
  return folder.path();
}

inline std::filesystem::path write_scratch(const std::string& name, std::string_view bytes) {
  auto path = scratch_folder() / name;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return path;
}

inline std::string_view as_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

template <typename Action>
void expect_input_errors_only(Action&& action) {
  try {
    action();
  } catch (const InputError&) {
    // The documented answer to bad input.
  } catch (const std::exception& error) {
    std::fprintf(stderr, "non-input exception escaped a reader: %s\n", error.what());
    std::abort();
  }
}

}  // namespace tsfs::fuzz
