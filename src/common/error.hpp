#pragma once
// Error channel for bad user input (spec, data files, command line): the runner prints
// "where: message" and exits with code 2. Internal failures use other exception types (exit 1).
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

}  // namespace tsfs
