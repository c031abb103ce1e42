#pragma once
// File output that never leaves a half-written file: write to a temporary sibling, then rename.
#include <Eigen/Core>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "common/error.hpp"

namespace tsfs {

// A file or folder could not be written: disk full, read-only file system, no permission, a path
// component that is a file... An environment fault, so an InputError (exit 2). The message names
// the path and the operating system's reason in words ("No space left on device").
class WriteError : public InputError {
 public:
  WriteError(const std::filesystem::path& path, int error_number);
  const std::filesystem::path& path() const { return path_; }
  const std::string& reason() const { return reason_; }
  int error_number() const { return error_number_; }

 private:
  std::filesystem::path path_;
  int error_number_;
  std::string reason_;
};

// Writes through a temporary sibling renamed into place. On any failure the temporary file is
// removed and WriteError is thrown: the destination keeps its old contents.
void write_file_atomically(const std::filesystem::path& path, std::string_view contents);

// The same for output too large to hold in memory: stream into stream(), then commit() renames
// the temporary file into place. Destroyed without commit() (an error, an interrupt), it removes
// the temporary file.
class AtomicFileWriter {
 public:
  explicit AtomicFileWriter(const std::filesystem::path& path);
  ~AtomicFileWriter();
  AtomicFileWriter(const AtomicFileWriter&) = delete;
  AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;
  std::ostream& stream() { return out_; }
  void commit();

 private:
  class Buffer;
  std::filesystem::path path_;
  std::filesystem::path temporary_;
  std::unique_ptr<Buffer> buffer_;
  std::ostream out_;
  bool committed_ = false;
};

// A set of files written whole or not at all: they are written under staging() (a temporary
// folder inside `folder`, named like a temporary file), and commit() moves each into the same
// place under `folder` once all exist. Destroyed without commit() (an error, an interrupt), the
// staging folder is removed and `folder` keeps what it held.
class StagedFolder {
 public:
  explicit StagedFolder(const std::filesystem::path& folder);
  ~StagedFolder();
  StagedFolder(const StagedFolder&) = delete;
  StagedFolder& operator=(const StagedFolder&) = delete;
  const std::filesystem::path& staging() const { return staging_; }
  // A file of an earlier set (relative to `folder`) that this set does not have: commit() removes
  // it after the moves, so the folder never mixes two sets' files.
  void retire(const std::filesystem::path& relative) { retired_.push_back(relative); }
  void commit();

 private:
  std::filesystem::path folder_;
  std::filesystem::path staging_;
  std::vector<std::filesystem::path> retired_;
};

// What marks the temporary files of the writers above (and a StagedFolder's folder):
// ".<name>.tsfs-tmp.<pid>.<n>". A process killed with SIGKILL leaves one behind; the next run that
// owns the folder removes them, so the marker must be one no other program's file has (a user's
// ".draft.tmp.2024.1" beside the results is not tsfs's to delete).
inline constexpr char kTemporaryMarker[] = "tsfs-tmp";
// ".<name>.tsfs-tmp.<this process's pid>.<n>": the one place that spells the name.
std::string temporary_file_name(const std::string& name, unsigned n);
// Whether `name` is such a temporary file name.
bool is_temporary_file_name(const std::string& name);

std::string read_text_file(const std::filesystem::path& path);  // throws InputError if missing

// This machine's name ("unknown" without one), which manifests and output folders' locks record:
// a sharded run's shards name the compute node each ran on.
std::string host_name();

// Binary matrix cache file: header (magic, format version, key text), dimensions, values and a
// checksum of the dimensions and values (XXH3; format 1's FNV-1a is still read).
// `load_cached_matrix` returns nullopt (and the caller recomputes) when the file is missing,
// truncated, for another key, or fails its checksum.
void save_cached_matrix(const std::filesystem::path& path, const std::string& key,
                        const Eigen::MatrixXd& values);
std::optional<Eigen::MatrixXd> load_cached_matrix(const std::filesystem::path& path,
                                                  const std::string& key);

}  // namespace tsfs
