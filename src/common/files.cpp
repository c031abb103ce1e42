#include "common/files.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "common/error.hpp"
#include "common/hash.hpp"

namespace tsfs {
namespace {

constexpr char kMagic[8] = {'T', 'S', 'F', 'S', 'M', 'A', 'T', '1'};

std::filesystem::path temporary_sibling(const std::filesystem::path& path) {
  static std::atomic<unsigned> counter{0};
  return path.parent_path() /
         fmt::format(".{}.tmp.{}.{}", path.filename().string(), getpid(), counter++);
}

}  // namespace

void write_file_atomically(const std::filesystem::path& path, std::string_view contents) {
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
  auto temporary = temporary_sibling(path);
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    out.flush();
    if (!out) throw std::runtime_error("cannot write " + temporary.string());
  }
  std::filesystem::rename(temporary, path);
}

AtomicFileWriter::AtomicFileWriter(const std::filesystem::path& path)
    : path_(path), temporary_(temporary_sibling(path)) {
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
  out_.open(temporary_, std::ios::binary | std::ios::trunc);
  if (!out_) throw std::runtime_error("cannot write " + temporary_.string());
}

AtomicFileWriter::~AtomicFileWriter() {
  if (committed_) return;
  out_.close();
  std::error_code ignored;
  std::filesystem::remove(temporary_, ignored);
}

void AtomicFileWriter::commit() {
  out_.flush();
  if (!out_) throw std::runtime_error("cannot write " + temporary_.string());
  out_.close();
  std::filesystem::rename(temporary_, path_);
  committed_ = true;
}

std::string read_text_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path.string(), "cannot open file");
  std::ostringstream buffer;
  buffer << in.rdbuf();
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
  std::uint64_t checksum = Hasher().matrix(values).digest();
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
  if (!in.read(magic, sizeof magic) || std::memcmp(magic, kMagic, sizeof kMagic) != 0)
    return std::nullopt;
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
  if (checksum != Hasher().matrix(values).digest()) return std::nullopt;
  return values;
}

}  // namespace tsfs
