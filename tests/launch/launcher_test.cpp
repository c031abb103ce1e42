// The three launchers on a small Coffee sweep (Fisher and variance, 5 features, 1-NN on 2 folds:
// 2 cells): the folder each writes into, what its lock records, and that launch() runs the grid
// locally, runs one shard of a plan into its shard folder, or writes the Slurm scripts of a dry
// run, with the errors of a shard run that cannot start.
#include "launch/launcher.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "common/error.hpp"
#include "config/spec.hpp"
#include "launch/shard/shard_commands.hpp"
#include "support/temporary_folder.hpp"

namespace tsfs {
namespace launcher_test {

// Writes <folder>/spec.yaml, whose lines from 4 on are `components` (selectors, n_features and
// classifier), and returns its path.
std::filesystem::path write_launcher_spec(const testing::TemporaryFolder& folder,
                                          const std::string& components =
                                              "selectors: [{kind: fisher}, {kind: variance}]\n"
                                              "n_features: [5]\n"
                                              "classifier: {kind: knn, k: 1}\n") {
  return folder.write("spec.yaml",
                      "name: launcher\n"
                      "datasets: [{name: Coffee, path: " TSFS_SOURCE_DIR
                      "/third_party/ucr/Coffee}]\n"
                      "features: {extractor: raw}\n" +
                          components +
                          "distances: [{kind: euclidean}]\n"
                          "protocol: {kind: stratified_kfold, folds: 2, seed: 1}\n"
                          "output: " +
                          (folder.path() / "out").string() + "\n");
}

RunOptions quiet_options() {
  RunOptions options;
  options.threads = 1;
  options.quiet = true;
  options.timings = false;
  return options;
}

// Lines of a file (0 when it does not exist).
size_t line_count(const std::filesystem::path& path) {
  if (!std::filesystem::exists(path)) return 0;
  const std::string text = testing::read_text(path);
  size_t lines = 0;
  for (char c : text) lines += c == '\n' ? 1 : 0;
  return lines;
}

// What `action` prints on stdout (the commands print their plans and scripts there). Checks
// belong outside `action`: doctest reports on stdout too.
template <typename Action>
std::string printed_by(Action&& action) {
  const testing::TemporaryFolder capture("launcher_stdout");
  const auto path = capture.path() / "stdout.txt";
  std::fflush(stdout);
  const int saved = ::dup(STDOUT_FILENO);
  REQUIRE(saved >= 0);
  std::FILE* file = std::fopen(path.c_str(), "w");
  REQUIRE(file != nullptr);
  ::dup2(::fileno(file), STDOUT_FILENO);
  // Restores stdout however `action` ends (a REQUIRE throws).
  struct Restore {
    int saved_stdout;
    std::FILE* capture_file;
    ~Restore() {
      std::fflush(stdout);
      ::dup2(saved_stdout, STDOUT_FILENO);
      ::close(saved_stdout);
      std::fclose(capture_file);
    }
  };
  {
    const Restore restore{saved, file};
    action();
  }
  return testing::read_text(path);
}

}  // namespace launcher_test

TEST_CASE("local_launcher: the spec's output folder, the whole grid run there") {
  const testing::TemporaryFolder folder("launcher_local");
  const Spec spec = load_spec(launcher_test::write_launcher_spec(folder));
  const auto launcher = local_launcher();
  CHECK(launcher->folder(spec) == folder.path() / "out");
  CHECK(launcher->command_suffix().empty());

  RunOptions dry = launcher_test::quiet_options();
  dry.dry_run = true;
  int dry_code = -1;
  launcher_test::printed_by([&] { dry_code = launcher->launch(spec, dry); });
  CHECK(dry_code == 0);
  CHECK_FALSE(std::filesystem::exists(spec.output / "results.csv"));  // a dry run writes nothing

  CHECK(launcher->launch(spec, launcher_test::quiet_options()) == 0);
  CHECK(launcher_test::line_count(spec.output / "results.csv") == 1 + 2);  // both cells
  CHECK(testing::read_text(spec.output / "manifest.json").find("\"status\": \"finished\"") !=
        std::string::npos);
  CHECK_FALSE(std::filesystem::exists(spec.output / "shards"));
}

TEST_CASE("shard_launcher: its shard folder, --shard in the lock, that shard's cells only") {
  const testing::TemporaryFolder folder("launcher_shard");
  const Spec spec = load_spec(launcher_test::write_launcher_spec(folder));
  const auto first = shard_launcher({1, 2});
  CHECK(first->folder(spec) == folder.path() / "out" / "shards" / "1-of-2");
  CHECK(first->command_suffix() == " --shard 1/2");
  CHECK(shard_launcher({3, 8})->command_suffix() == " --shard 3/8");

  const RunOptions options = launcher_test::quiet_options();
  int planned = -1, computed = -1;
  launcher_test::printed_by([&] {
    planned = plan_shards(spec, 2, options);
    computed = compute_artefacts(spec, options);
  });
  REQUIRE(planned == 0);
  REQUIRE(computed == 0);
  CHECK(first->launch(spec, options) == 0);
  // Two cells in two work groups: one per shard, written only into the shard's folder.
  const auto shard_folder = spec.output / "shards" / "1-of-2";
  CHECK(std::filesystem::exists(shard_folder / "shard.json"));
  CHECK(launcher_test::line_count(shard_folder / "results.csv") == 1 + 1);
  CHECK_FALSE(std::filesystem::exists(spec.output / "results.csv"));
  CHECK_FALSE(std::filesystem::exists(spec.output / "shards" / "2-of-2"));
}

TEST_CASE("shard_launcher refuses to run without this spec's plan for its shard count") {
  const testing::TemporaryFolder folder("launcher_shard_refused");
  const Spec spec = load_spec(launcher_test::write_launcher_spec(folder));
  const RunOptions options = launcher_test::quiet_options();
  const std::string plan_json = (spec.output / "plan" / "plan.json").string();
  try {
    shard_launcher({2, 3})->launch(spec, options);
    FAIL_CHECK("expected an InputError");
  } catch (const InputError& error) {
    CHECK(error.where() == plan_json);
    CHECK(error.message() ==
          "no plan for this output folder: run `runner plan SPEC --shards 3` first (the "
          "shards, their artefacts and the merge follow it)");
  }
  int planned = -1;
  launcher_test::printed_by([&] { planned = plan_shards(spec, 2, options); });
  REQUIRE(planned == 0);
  try {
    shard_launcher({2, 3})->launch(spec, options);
    FAIL_CHECK("expected an InputError");
  } catch (const InputError& error) {
    CHECK(error.where() == plan_json);
    CHECK(error.message() == "planned for 2 shards, not 3 (--shard 2/3)");
  }
  CHECK_FALSE(std::filesystem::exists(spec.output / "shards"));

  // A classifier of distances (line 5) is refused at its spec line before any plan is looked at.
  const testing::TemporaryFolder other("launcher_shard_distances");
  const Spec distances = load_spec(launcher_test::write_launcher_spec(
      other, "selectors: [{kind: none}]\nclassifier: {kind: nearest_neighbour}\n"));
  try {
    shard_launcher({1, 2})->launch(distances, options);
    FAIL_CHECK("expected an InputError");
  } catch (const InputError& error) {
    CHECK(error.where().rfind((other.path() / "spec.yaml").string() + ":5:", 0) == 0);
    CHECK(error.message() ==
          "classifier 'nearest_neighbour' reads distance blocks that sharded runs do not compute "
          "yet; run it as one process");
  }
}

TEST_CASE(
    "slurm_launcher: the spec's output folder, and a dry run writes the plan and the scripts") {
  const testing::TemporaryFolder folder("launcher_slurm");
  const auto spec_file = launcher_test::write_launcher_spec(folder);
  const Spec spec = load_spec(spec_file);
  SubmitOptions submit;
  submit.shards = 2;
  submit.dry_run = true;
  submit.runner_options = {"--no-timings"};
  const auto launcher = slurm_launcher(spec_file, submit);
  CHECK(launcher->folder(spec) == spec.output);
  CHECK(launcher->command_suffix().empty());

  int code = -1;
  const std::string printed = launcher_test::printed_by(
      [&] { code = launcher->launch(spec, launcher_test::quiet_options()); });
  CHECK(code == 0);
  CHECK(std::filesystem::exists(spec.output / "plan" / "plan.json"));
  const auto slurm = spec.output / "slurm";
  // The shard jobs run the spec file given, as shards 1-2 of 2, with the runner options.
  const std::string shards = testing::read_text(slurm / "shards.sbatch");
  CHECK(shards.find(spec_file.string()) != std::string::npos);
  CHECK(shards.find("#SBATCH --array=1-2\n") != std::string::npos);
  CHECK(shards.find("--shard \"${SLURM_ARRAY_TASK_ID}/2\"") != std::string::npos);
  CHECK(shards.find("--no-timings") != std::string::npos);
  CHECK(std::filesystem::exists(slurm / "artefacts.sbatch"));
  CHECK(std::filesystem::exists(slurm / "merge.sbatch"));
  // Printed in submission order, each after the one it depends on; nothing submitted.
  const auto artefacts_at = printed.find("== " + (slurm / "artefacts.sbatch").string() + "\n");
  const auto shards_at = printed.find("== sbatch --parsable --dependency=afterok:<artefacts job> " +
                                      (slurm / "shards.sbatch").string());
  const auto merge_at = printed.find("== sbatch --parsable --dependency=afterok:<shards job> " +
                                     (slurm / "merge.sbatch").string());
  CHECK(artefacts_at != std::string::npos);
  CHECK(shards_at != std::string::npos);
  CHECK(merge_at != std::string::npos);
  CHECK(artefacts_at < shards_at);
  CHECK(shards_at < merge_at);
  CHECK_FALSE(std::filesystem::exists(slurm / "jobs.txt"));
  CHECK_FALSE(std::filesystem::exists(spec.output / "shards"));
}

}  // namespace tsfs
