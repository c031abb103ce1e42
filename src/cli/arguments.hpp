#pragma once
// Command-line arguments of the runner.
#include <optional>
#include <string>
#include <vector>

#include "sweep/run.hpp"

namespace tsfs {

// What the runner is asked to do.
enum class Command { run, features, distances, rankings, plot };

struct Arguments {
  Command command = Command::run;
  std::string spec;
  std::vector<std::string> overrides;  // --set key.path=value
  RunOptions run;
  bool help = false;
  bool version = false;
  bool list = false;  // `runner list`
};

// Throws InputError("command line", ...) on unknown options or missing values.
Arguments parse_arguments(const std::vector<std::string>& args);

std::string usage();

std::string command_name(Command command);  // as typed on the command line

}  // namespace tsfs
