#include "cli/arguments.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "common/error.hpp"
#include "support/temporary_folder.hpp"

namespace {

tsfs::Arguments parse(const std::vector<std::string>& args) {
  return tsfs::parse_arguments(args);
}

}  // namespace

TEST_CASE("arguments: a spec with options and overrides") {
  const auto arguments = parse({"spec.yaml", "--threads", "3", "--fresh", "--quiet", "--no-timings",
                                "--set", "k=5", "--set=output=out"});
  CHECK(arguments.command == tsfs::Command::run);
  CHECK(arguments.spec == "spec.yaml");
  CHECK(arguments.run.threads == 3);
  CHECK(arguments.run.fresh);
  CHECK(arguments.run.quiet);
  CHECK_FALSE(arguments.run.timings);
  CHECK_FALSE(arguments.run.dry_run);
  CHECK(arguments.overrides == std::vector<std::string>{"k=5", "output=out"});
}

TEST_CASE("arguments: --progress shows progress under --quiet") {
  CHECK(parse({"spec.yaml"}).run.show_progress());
  CHECK_FALSE(parse({"spec.yaml", "--quiet"}).run.show_progress());
  const auto arguments = parse({"spec.yaml", "--quiet", "--progress"});
  CHECK(arguments.run.quiet);
  CHECK(arguments.run.progress);
  CHECK(arguments.run.show_progress());
}

TEST_CASE("arguments: subcommands, and a spec named like one") {
  CHECK(parse({"features", "spec.yaml"}).command == tsfs::Command::features);
  CHECK(parse({"distances", "spec.yaml"}).command == tsfs::Command::distances);
  CHECK(parse({"rankings", "spec.yaml"}).command == tsfs::Command::rankings);
  CHECK(parse({"plot", "run_folder"}).command == tsfs::Command::plot);
  // A lone word is the spec when a file of that name exists, even when it spells a command;
  // otherwise the command is missing its operand.
  {
    tsfs::testing::TemporaryFolder folder("arguments");
    std::ofstream(folder.path() / "features") << "datasets: [GunPoint]\n";
    const auto previous = std::filesystem::current_path();
    std::filesystem::current_path(folder.path());
    const auto alone = parse({"features"});
    std::filesystem::current_path(previous);
    CHECK(alone.command == tsfs::Command::run);
    CHECK(alone.spec == "features");
  }
  CHECK_THROWS_WITH(parse({"features"}), doctest::Contains("features needs a SPEC file"));
  CHECK_THROWS_WITH(parse({"status"}), doctest::Contains("status needs a RUN_DIR"));
  CHECK(parse({"list"}).list);
  CHECK(parse({"list", "--markdown"}).markdown);
  CHECK_FALSE(parse({"list"}).markdown);
  CHECK(parse({"--help"}).help);
  CHECK(parse({"--version"}).version);
  CHECK(tsfs::command_name(tsfs::Command::rankings) == "rankings");
}

TEST_CASE("arguments: bad command lines are input errors") {
  CHECK_THROWS_AS(parse({}), tsfs::InputError);                          // missing SPEC
  CHECK_THROWS_AS(parse({"spec.yaml", "--bogus"}), tsfs::InputError);    // unknown option
  CHECK_THROWS_AS(parse({"spec.yaml", "--threads"}), tsfs::InputError);  // missing value
  CHECK_THROWS_AS(parse({"spec.yaml", "--threads", "0"}), tsfs::InputError);
  CHECK_THROWS_AS(parse({"spec.yaml", "--threads", "1.5"}), tsfs::InputError);
  // Past int's range: refused by its bounds, never cast (undefined behaviour).
  CHECK_THROWS_WITH(parse({"spec.yaml", "--threads", "99999999999999"}),
                    doctest::Contains("--threads needs an integer from 1 to 1000000"));
  CHECK_THROWS_AS(parse({"a.yaml", "b.yaml"}), tsfs::InputError);  // one spec per run
  CHECK_THROWS_WITH(parse({"spec.yaml", "--bogus"}), doctest::Contains("--bogus"));
  CHECK_THROWS_WITH(parse({"runn", "spec.yaml"}),
                    doctest::Contains("unknown command 'runn', did you mean 'run'?"));
  CHECK_THROWS_WITH(parse({"list", "extra"}), doctest::Contains("list takes none"));
  CHECK_THROWS_WITH(parse({"spec.yaml", "--markdown"}),
                    doctest::Contains("--markdown goes with list"));
}

TEST_CASE(
    "arguments: submit's #SBATCH values follow Slurm's formats, nothing else reaches the script") {
  const auto submit = [](const std::string& option, const std::string& value) {
    return parse({"submit", "spec.yaml", "--slurm", "--shards", "2", option, value});
  };
  CHECK(submit("--partition", "debug").cluster.resources.partition == "debug");
  CHECK(submit("--time", "1-02:30:00").cluster.resources.time == "1-02:30:00");
  CHECK(submit("--time", "90").cluster.resources.time == "90");
  CHECK(submit("--mem", "4G").cluster.resources.memory == "4G");
  CHECK_THROWS_WITH(submit("--partition", "a\n#SBATCH --wrap=rm"),
                    doctest::Contains("--partition needs a partition name"));
  CHECK_THROWS_WITH(submit("--partition", "a b"), doctest::Contains("--partition needs"));
  CHECK_THROWS_WITH(submit("--time", "abc"), doctest::Contains("--time needs Slurm's minutes"));
  CHECK_THROWS_WITH(submit("--mem", "lots"), doctest::Contains("--mem needs a size"));
  for (const char* time : {"5", "30:00", "2:00:00", "1-12", "1-23:59", "7-0:5:9", "UNLIMITED"})
    CHECK(submit("--time", time).cluster.resources.time == time);
  // Out of range: minutes or seconds past 59, hours past 23 after a day count, too many digits.
  for (const char* time : {"1:99:99", "1:60", "1-24", "1-2:60", "9999999999"})
    CHECK_THROWS_WITH(submit("--time", time), doctest::Contains("--time needs Slurm's minutes"));
  CHECK_THROWS_WITH(submit("--mem", "99999999999999999999G"),
                    doctest::Contains("--mem needs a size"));
}
