#pragma once
// The output folder of a runner command that writes (run, features, distances, rankings, plot):
// checked and created before anything is computed, locked for the command's lifetime (see
// output_lock.hpp), cleared of the temporary files a killed run left behind, and every failure to
// write into it (disk full, read-only, no permission, a path component that is a file) reported
// as bad input (exit 2) naming the spec's `output:` line, the path and the operating system's
// reason.
#include <filesystem>
#include <functional>
#include <string>

namespace tsfs {

struct OutputCommand {
  std::filesystem::path folder;
  std::string where;    // the spec's `output:` location ("spec.yaml:12:9"), or the folder itself
  std::string command;  // recorded in the lock: "runner run spec.yaml"
  bool wait = false;    // wait for another runner holding the folder instead of failing
  // The spec's cache folder and `cache:` location: a failure to write there names that line.
  std::filesystem::path cache = {};
  std::string cache_where = {};
  // How the user names another folder, for messages: the spec's `output` by `--set`, compare's
  // `--output DIR`; empty when the folder is a RUN_DIR given on the command line (plot, merge).
  std::string output_option = "--set output=DIR";
};

// Prepares and locks `output.folder`, runs `body` and returns its exit code. Errors writing under
// the folder become InputError(output.where, ...). When `body` fails with an exception before
// anything was written, a folder this call created is removed again, so bad input leaves nothing
// behind.
int run_in_output_folder(const OutputCommand& output, const std::function<int()>& body);

// Deletes the temporary files of atomic writes (common/files.hpp) anywhere under `folder` but in
// subfolders that hold a runner.lock of their own (shard folders): only the folder's lock holder
// may call it, since other writers would be using theirs.
void remove_stale_temporaries(const std::filesystem::path& folder);

}  // namespace tsfs
