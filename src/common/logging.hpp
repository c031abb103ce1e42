#pragma once
#include <spdlog/spdlog.h>

#include <filesystem>
#include <memory>

namespace tsfs {

// The run's logger: plain lines on stderr (warnings only with --quiet) and, when `log_file` is
// given, timestamped lines appended to it (run.log).
std::shared_ptr<spdlog::logger> make_logger(const std::filesystem::path& log_file, bool quiet);

}  // namespace tsfs
