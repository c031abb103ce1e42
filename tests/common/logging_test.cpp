#include "common/logging.hpp"

#include <doctest/doctest.h>

#include <spdlog/sinks/sink.h>

#include <regex>
#include <sstream>

#include "support/temporary_folder.hpp"

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace

TEST_CASE("the run logger appends timestamped info and warning lines to its file") {
  tsfs::testing::TemporaryFolder folder("logging");
  const auto log_file = folder.path() / "run.log";
  tsfs::testing::write_text(log_file, "earlier run\n");
  for (bool quiet : {false, true}) {
    auto logger = tsfs::make_logger(log_file, quiet);
    logger->debug("never written");
    logger->info("cell {} done", quiet ? 2 : 1);
    logger->warn("watch out");
  }
  // Flushed on every info line: readable while the loggers live and after they are gone.
  const auto lines = lines_of(tsfs::testing::read_text(log_file));
  REQUIRE(lines.size() == 5);
  CHECK(lines[0] == "earlier run");  // appended, never truncated
  const std::regex stamp(R"(\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] \[(info|warning)\] .*)");
  for (size_t i = 1; i < lines.size(); ++i) CHECK(std::regex_match(lines[i], stamp));
  CHECK(lines[1].substr(26) == "[info] cell 1 done");
  CHECK(lines[2].substr(26) == "[warning] watch out");
  // --quiet only quiets the console: the file still gets the info lines.
  CHECK(lines[3].substr(26) == "[info] cell 2 done");
  CHECK(lines[4].substr(26) == "[warning] watch out");
}

TEST_CASE("the run logger without a file writes no file") {
  tsfs::testing::TemporaryFolder folder("logging");
  auto logger = tsfs::make_logger({}, true);
  CHECK(logger->sinks().size() == 1);
  CHECK(logger->sinks().front()->level() == spdlog::level::warn);
  CHECK(tsfs::make_logger({}, false)->sinks().front()->level() == spdlog::level::info);
  CHECK(std::filesystem::is_empty(folder.path()));
}
