#pragma once
// Writes a spec text to a temporary file and loads it, returning the InputError text on failure.
#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <string>

#include "common/error.hpp"
#include "config/spec.hpp"
#include "support/temporary_folder.hpp"

namespace tsfs::testing {

inline std::filesystem::path write_spec(const std::string& text,
                                        const std::string& name = "spec.yaml") {
  static const TemporaryFolder folder("spec");  // removed at exit
  auto path = folder.path() / name;
  std::ofstream(path) << text;
  return path;
}

// Loads `text` expecting an InputError; returns its full message ("" if none was thrown).
inline std::string spec_error(const std::string& text,
                              const std::vector<std::string>& overrides = {}) {
  try {
    load_spec(write_spec(text), overrides);
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

// The same as a doctest::String, so that `text == doctest::Contains("...")` works and prints both.
inline doctest::String spec_error_text(const std::string& text,
                                       const std::vector<std::string>& overrides = {}) {
  return doctest::String(spec_error(text, overrides).c_str());
}

}  // namespace tsfs::testing
