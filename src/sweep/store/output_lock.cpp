#include "sweep/store/output_lock.hpp"

#include <fcntl.h>
#include <fmt/chrono.h>
#include <fmt/format.h>
#include <spdlog/spdlog.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <sstream>
#include <thread>

#include "common/error.hpp"
#include "common/files.hpp"
#include "common/interrupt.hpp"

namespace tsfs {
namespace {

constexpr auto kPollInterval = std::chrono::milliseconds(100);

std::string record_of(const std::string& command) {
  return fmt::format("pid: {}\nhost: {}\nstarted: {:%Y-%m-%dT%H:%M:%SZ}\ncommand: {}\n", getpid(),
                     host_name(), fmt::gmtime(std::time(nullptr)), command);
}

// The holder written in the lock file, or nullopt when the file is empty or unreadable.
std::optional<LockHolder> read_record(int fd) {
  std::string text(4096, '\0');
  ssize_t size = pread(fd, text.data(), text.size(), 0);
  if (size <= 0) return std::nullopt;
  text.resize(static_cast<size_t>(size));
  LockHolder holder;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    auto colon = line.find(": ");
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon), value = line.substr(colon + 2);
    if (key == "pid") holder.pid = std::atoll(value.c_str());
    if (key == "host") holder.host = value;
    if (key == "started") holder.started = value;
    if (key == "command") holder.command = value;
  }
  return holder;
}

void write_record(int fd, const std::string& record, const std::filesystem::path& path) {
  if (ftruncate(fd, 0) != 0 ||
      pwrite(fd, record.data(), record.size(), 0) != static_cast<ssize_t>(record.size()))
    throw WriteError(path, errno == 0 ? EIO : errno);
}

// Whether `fd` is still the file at `path`: a holder deletes the file before releasing it, so a
// lock won on a deleted file means nothing and is retried on the new one.
bool same_file(int fd, const std::filesystem::path& path) {
  struct stat opened {
  }, current{};
  return fstat(fd, &opened) == 0 && stat(path.c_str(), &current) == 0 &&
         opened.st_dev == current.st_dev && opened.st_ino == current.st_ino;
}

bool alive_here(const LockHolder& holder) {
  return holder.host == host_name() && holder.pid > 0 && holder.pid != getpid() &&
         (kill(static_cast<pid_t>(holder.pid), 0) == 0 || errno == EPERM);
}

bool flock_unsupported(int error) {
  return error == ENOLCK || error == EOPNOTSUPP || error == ENOTSUP || error == EINVAL;
}

}  // namespace

std::string LockHolder::describe() const {
  if (pid == 0) return "a runner that has not yet written its pid";
  return fmt::format("pid {} on host {} ({}, started {})", pid, host, command, started);
}

std::string lock_file_name() {
  return "runner.lock";
}

OutputLock::OutputLock(const std::filesystem::path& folder, const std::string& command,
                       const std::string& where, bool wait)
    : path_(folder / lock_file_name()) {
  const std::string record = record_of(command);
  std::optional<LockHolder> holder;
  for (bool first = true;; first = false) {
    int fd = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) throw WriteError(path_, errno);
    bool locked = flock(fd, LOCK_EX | LOCK_NB) == 0;
    int error = errno;
    if (locked && !same_file(fd, path_)) {
      ::close(fd);
      continue;
    }
    auto previous = read_record(fd);
    if (!locked && flock_unsupported(error))
      locked = !(previous && alive_here(*previous));
    else if (!locked && error != EWOULDBLOCK) {
      ::close(fd);
      throw WriteError(path_, error);
    }
    if (locked) {
      fd_ = fd;
      stale_ = previous;
      write_record(fd_, record, path_);
      break;
    }
    ::close(fd);
    holder = previous;
    if (!wait)
      throw InputError(where, fmt::format("the output folder {} is in use by another runner: {}; "
                                          "let it finish, rerun with --wait to wait for it, or "
                                          "choose another output",
                                          folder.string(), holder ? holder->describe() : "?"));
    if (first)
      spdlog::warn("the output folder {} is in use by {}: waiting for it (--wait)", folder.string(),
                   holder ? holder->describe() : "another runner");
    std::this_thread::sleep_for(kPollInterval);
    throw_if_interrupted();
  }
  if (stale_)
    spdlog::warn(
        "the output folder {} was locked by {}, which ended without releasing it "
        "(killed?); its lock is stale and is taken over",
        folder.string(), stale_->describe());
}

OutputLock::~OutputLock() {
  ::unlink(path_.c_str());
  ::close(fd_);
}

}  // namespace tsfs
