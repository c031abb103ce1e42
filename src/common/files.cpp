#include "common/files.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>
#include <xxhash.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <regex>
#include <sstream>
#include <vector>

#include "common/error.hpp"
#include "common/hash.hpp"

namespace tsfs {
namespace {

// Cached matrices end with a checksum of their dimensions and values: XXH3 (libxxhash) from
// format 2 on; format 1's, still read, is Hasher's FNV-1a, one byte after another (4 cycles a
// byte: 3% of the samples of archive-full's selection spec on 8 datasets, which reads its distance
// matrices back, and 0.93x its time with format 2's files).
constexpr char kMagic[8] = {'T', 'S', 'F', 'S', 'M', 'A', 'T', '2'};
constexpr char kMagicFnv[8] = {'T', 'S', 'F', 'S', 'M', 'A', 'T', '1'};

std::uint64_t values_checksum(const Eigen::MatrixXd& values) {
  const std::int64_t shape[2] = {values.rows(), values.cols()};
  return XXH3_64bits_withSeed(values.data(), sizeof(double) * static_cast<size_t>(values.size()),
                              XXH3_64bits(shape, sizeof shape));
}

std::filesystem::path temporary_sibling(const std::filesystem::path& path) {
  static std::atomic<unsigned> counter{0};
  return path.parent_path() / temporary_file_name(path.filename().string(), counter++);
}

void create_parent(const std::filesystem::path& path) {
  if (!path.has_parent_path()) return;
  std::error_code error;
  std::filesystem::create_directories(path.parent_path(), error);
  if (error) throw WriteError(path.parent_path(), error.value());
}

int open_new(const std::filesystem::path& path) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) throw WriteError(path, errno);
  return fd;
}

// Writes all of `data`; returns 0 or the errno of the failure (ENOSPC, EIO, ...).
int write_all(int fd, const char* data, size_t size) {
  while (size > 0) {
    ssize_t written = ::write(fd, data, size);
    if (written < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    data += written;
    size -= static_cast<size_t>(written);
  }
  return 0;
}

// Closes `fd` and renames the temporary into place; on failure removes it and throws.
void finish(int fd, int error, const std::filesystem::path& temporary,
            const std::filesystem::path& path) {
  // close() may be where a full disk shows (delayed allocation, network file systems).
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error == 0 && ::rename(temporary.c_str(), path.c_str()) != 0) error = errno;
  if (error == 0) return;
  ::unlink(temporary.c_str());
  throw WriteError(path, error);
}

}  // namespace

WriteError::WriteError(const std::filesystem::path& path, int error_number)
    : InputError(path.string(), fmt::format("cannot write: {}", std::strerror(error_number))),
      path_(path),
      error_number_(error_number),
      reason_(std::strerror(error_number)) {}

void write_file_atomically(const std::filesystem::path& path, std::string_view contents) {
  create_parent(path);
  auto temporary = temporary_sibling(path);
  int fd = open_new(temporary);
  finish(fd, write_all(fd, contents.data(), contents.size()), temporary, path);
}

// A stream buffer over a file descriptor that keeps the first write error's errno (an ofstream
// only says that something failed).
class AtomicFileWriter::Buffer : public std::streambuf {
 public:
  explicit Buffer(int fd) : fd_(fd), data_(1 << 16) {
    setp(data_.data(), data_.data() + data_.size());
  }
  int fd() const { return fd_; }
  int error() const { return error_; }
  int sync() override {
    if (error_ == 0) error_ = write_all(fd_, pbase(), static_cast<size_t>(pptr() - pbase()));
    setp(data_.data(), data_.data() + data_.size());
    return error_ == 0 ? 0 : -1;
  }
  int_type overflow(int_type character) override {
    if (sync() != 0) return traits_type::eof();
    if (!traits_type::eq_int_type(character, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(character);
      pbump(1);
    }
    return traits_type::not_eof(character);
  }

 private:
  int fd_;
  int error_ = 0;
  std::vector<char> data_;
};

AtomicFileWriter::AtomicFileWriter(const std::filesystem::path& path)
    : path_(path), temporary_(temporary_sibling(path)), out_(nullptr) {
  create_parent(path);
  buffer_ = std::make_unique<Buffer>(open_new(temporary_));
  out_.rdbuf(buffer_.get());
}

AtomicFileWriter::~AtomicFileWriter() {
  if (committed_) return;
  ::close(buffer_->fd());
  ::unlink(temporary_.c_str());
}

void AtomicFileWriter::commit() {
  buffer_->pubsync();
  committed_ = true;  // finish() closes the file and removes it on failure
  finish(buffer_->fd(), buffer_->error(), temporary_, path_);
}

StagedFolder::StagedFolder(const std::filesystem::path& folder)
    : folder_(folder), staging_(temporary_sibling(folder / "staging")) {
  std::error_code status;
  std::filesystem::create_directories(staging_, status);
  if (status) throw WriteError(staging_, status.value());
}

StagedFolder::~StagedFolder() {
  std::error_code ignored;
  std::filesystem::remove_all(staging_, ignored);
}

void StagedFolder::commit() {
  std::error_code status;
  std::vector<std::filesystem::path> files;
  for (auto entry = std::filesystem::recursive_directory_iterator(staging_, status);
       !status && entry != std::filesystem::recursive_directory_iterator(); entry.increment(status))
    if (entry->is_regular_file()) files.push_back(entry->path());
  if (status) throw WriteError(staging_, status.value());
  // Every file exists before the first is moved; renames within one file system do not fail for
  // want of space, so what is moved is the whole set.
  for (const auto& file : files) {
    const auto target = folder_ / std::filesystem::relative(file, staging_);
    std::filesystem::create_directories(target.parent_path(), status);
    if (status) throw WriteError(target.parent_path(), status.value());
    std::filesystem::rename(file, target, status);
    if (status) throw WriteError(target, status.value());
  }
  for (const auto& relative : retired_) {
    if (std::filesystem::exists(staging_ / relative, status)) continue;  // part of this set
    std::filesystem::remove(folder_ / relative, status);
    if (status) throw WriteError(folder_ / relative, status.value());
  }
}

std::string temporary_file_name(const std::string& name, unsigned n) {
  return fmt::format(".{}.{}.{}.{}", name, kTemporaryMarker, getpid(), n);
}

bool is_temporary_file_name(const std::string& name) {
  static const std::regex pattern(fmt::format(R"(\..+\.{}\.[0-9]+\.[0-9]+)", kTemporaryMarker));
  return std::regex_match(name, pattern);
}

std::string read_text_file(const std::filesystem::path& path) {
  std::error_code status;
  if (std::filesystem::is_directory(path, status))
    throw InputError(path.string(), "is a folder, expected a file");
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw InputError(path.string(), fmt::format("cannot open file: {}", std::strerror(errno)));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad())
    throw InputError(path.string(), fmt::format("cannot read: {}", std::strerror(errno)));
  return buffer.str();
}

void save_cached_matrix(const std::filesystem::path& path, const std::string& key,
                        const Eigen::MatrixXd& values) {
  std::string blob(kMagic, sizeof kMagic);
  auto append = [&blob](const void* data, size_t size) {
    blob.append(static_cast<const char*>(data), size);
  };
  std::uint64_t key_size = key.size();
  append(&key_size, sizeof key_size);
  blob += key;
  std::int64_t rows = values.rows(), cols = values.cols();
  append(&rows, sizeof rows);
  append(&cols, sizeof cols);
  append(values.data(), sizeof(double) * static_cast<size_t>(values.size()));
  std::uint64_t checksum = values_checksum(values);
  append(&checksum, sizeof checksum);
  write_file_atomically(path, blob);
}

std::optional<Eigen::MatrixXd> load_cached_matrix(const std::filesystem::path& path,
                                                  const std::string& key) {
  std::ifstream in(path, std::ios::binary);
  std::error_code status;
  std::uintmax_t file_size = std::filesystem::file_size(path, status);
  if (!in || status) return std::nullopt;
  char magic[sizeof kMagic];
  std::uint64_t key_size = 0;
  if (!in.read(magic, sizeof magic)) return std::nullopt;
  const bool fnv = std::memcmp(magic, kMagicFnv, sizeof kMagic) == 0;
  if (!fnv && std::memcmp(magic, kMagic, sizeof kMagic) != 0) return std::nullopt;
  if (!in.read(reinterpret_cast<char*>(&key_size), sizeof key_size) || key_size != key.size())
    return std::nullopt;
  std::string stored_key(key_size, '\0');
  if (!in.read(stored_key.data(), static_cast<std::streamsize>(key_size)) || stored_key != key)
    return std::nullopt;
  std::int64_t rows = 0, cols = 0;
  if (!in.read(reinterpret_cast<char*>(&rows), sizeof rows) ||
      !in.read(reinterpret_cast<char*>(&cols), sizeof cols))
    return std::nullopt;
  // The header is not trusted: its dimensions must account for exactly the bytes that follow
  // (values and checksum), so a damaged or hostile header cannot ask for a huge allocation.
  std::uintmax_t header = sizeof kMagic + sizeof key_size + key_size + sizeof rows + sizeof cols;
  if (file_size < header + sizeof(std::uint64_t)) return std::nullopt;
  std::uintmax_t value_bytes = file_size - header - sizeof(std::uint64_t);
  if (rows < 0 || cols < 0 || value_bytes % sizeof(double) != 0) return std::nullopt;
  std::uintmax_t count = value_bytes / sizeof(double);
  auto wide_rows = static_cast<std::uintmax_t>(rows), wide_cols = static_cast<std::uintmax_t>(cols);
  bool fits = (rows == 0 || cols == 0) ? count == 0
                                       : count % wide_rows == 0 && count / wide_rows == wide_cols;
  if (!fits) return std::nullopt;
  Eigen::MatrixXd values(rows, cols);
  std::uint64_t checksum = 0;
  if (!in.read(reinterpret_cast<char*>(values.data()),
               static_cast<std::streamsize>(sizeof(double) * static_cast<size_t>(values.size()))) ||
      !in.read(reinterpret_cast<char*>(&checksum), sizeof checksum))
    return std::nullopt;
  if (checksum != (fnv ? Hasher().matrix(values).digest() : values_checksum(values)))
    return std::nullopt;
  return values;
}

std::string host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "unknown";
  return name;
}

}  // namespace tsfs
