#pragma once
// Reading a command line word by word, with the errors every sub-command reports the same way:
// InputError("command line", "... (see HELP)") -> exit code 2.
#include <fmt/format.h>

#include <string>
#include <vector>

#include "common/error.hpp"

namespace tsfs {

class WordReader {
 public:
  // `help` names where the usage is, e.g. "runner --help".
  WordReader(const std::vector<std::string>& words, std::string help)
      : words_(words), help_(std::move(help)) {}

  bool more() const { return position_ < words_.size(); }
  const std::string& next() { return words_[position_++]; }

  // The word after `option`, which must be there.
  const std::string& value(const std::string& option) {
    if (!more()) fail(fmt::format("{} needs a value", option));
    return next();
  }

  [[noreturn]] void fail(const std::string& message) const {
    throw InputError("command line", fmt::format("{} (see {})", message, help_));
  }

 private:
  const std::vector<std::string>& words_;
  std::string help_;
  size_t position_ = 0;
};

}  // namespace tsfs
