#pragma once
// The message of the InputError a call throws ("no error" when it throws none), for tests that pin
// an error's file, line and wording.
#include <functional>
#include <string>

#include "common/error.hpp"

namespace tsfs::testing {

inline std::string input_error_of(const std::function<void()>& call) {
  try {
    call();
  } catch (const InputError& error) {
    return error.what();
  }
  return "no error";
}

}  // namespace tsfs::testing
