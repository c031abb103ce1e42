#pragma once
// Error channel for bad user input (spec, data files, command line): the runner prints
// "where: message" and exits with code 2. Internal failures use other exception types (exit 1).
#include <filesystem>
#include <stdexcept>
#include <string>

namespace tsfs {

class InputError : public std::runtime_error {
 public:
  // `where` names the place: "file:line:col", "file:line", "file" or "--set key".
  InputError(std::string where, std::string message)
      : std::runtime_error(where.empty() ? message : where + ": " + message),
        where_(std::move(where)),
        message_(std::move(message)) {}
  const std::string& where() const { return where_; }
  const std::string& message() const { return message_; }

 private:
  std::string where_;
  std::string message_;
};

// An iterative solver stopped before converging (Lanczos in SPEC): the value it computes is
// undefined for this input, which is neither bad input (the spec is valid) nor a bug. The sweep
// records the cells that need it as not converged (cell_status.csv) and goes on with the others.
class NotConverged : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Whether `error` is about a path that does not exist (a missing file or folder, which the spec
// entry naming it should answer for) rather than damage at a line of an existing file.
inline bool names_missing_path(const InputError& error) {
  // "file:line" and "file:line:column" name a place in a file that exists.
  std::string path = error.where();
  for (int part = 0; part < 2; ++part) {
    const size_t colon = path.find_last_of(':');
    if (colon == std::string::npos || colon + 1 == path.size() ||
        path.find_first_not_of("0123456789", colon + 1) != std::string::npos)
      break;
    path.resize(colon);
  }
  std::error_code status;
  return !path.empty() && !std::filesystem::exists(path, status);
}

}  // namespace tsfs
