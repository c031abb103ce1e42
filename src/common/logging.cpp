#include "common/logging.hpp"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>

#include <vector>

namespace tsfs {

std::shared_ptr<spdlog::logger> make_logger(const std::filesystem::path& log_file, bool quiet) {
  auto console = std::make_shared<spdlog::sinks::stderr_sink_mt>();
  console->set_level(quiet ? spdlog::level::warn : spdlog::level::info);
  console->set_pattern("%v");
  std::vector<spdlog::sink_ptr> sinks = {console};
  if (!log_file.empty()) {
    auto file = std::make_shared<spdlog::sinks::basic_file_sink_mt>(log_file.string(), false);
    file->set_pattern("[%Y-%m-%d %H:%M:%S.%e] [%l] %v");
    sinks.push_back(file);
  }
  auto logger = std::make_shared<spdlog::logger>("tsfs", sinks.begin(), sinks.end());
  logger->set_level(spdlog::level::info);
  logger->flush_on(spdlog::level::info);
  return logger;
}

}  // namespace tsfs
