#pragma once
// An advisory lock on an output folder, held while a runner command writes into it, so that two
// runners never interleave their writes (the last one to checkpoint would drop the other's cells).
//
// The lock is flock(2) on <folder>/runner.lock, which records the holder: pid, host, start time
// and command. The kernel releases a flock when its holder dies, even by SIGKILL, so a crashed
// run never blocks the next one; the record it leaves behind (a clean release deletes the file)
// is reported as stale and replaced. On a file system without flock support the record alone
// decides: a live process on this host keeps the folder, anything else is stale.
#include <filesystem>
#include <optional>
#include <string>

namespace tsfs {

// Who holds (or held) a lock: the contents of runner.lock.
struct LockHolder {
  long long pid = 0;
  std::string host;
  std::string started;  // UTC, ISO 8601
  std::string command;
  std::string describe() const;  // "pid 1234 on host h (runner run, started ...)"
};

class OutputLock {
 public:
  // Takes the lock of `folder` (which must exist). When another runner holds it: throws
  // InputError(where, ...) naming the holder's pid and host, or with `wait` polls until it is
  // free (an interrupt while waiting throws Interrupted).
  OutputLock(const std::filesystem::path& folder, const std::string& command,
             const std::string& where, bool wait);
  ~OutputLock();  // deletes runner.lock, then releases the lock
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;

  // The record a previous holder left without releasing (it was killed), if any.
  const std::optional<LockHolder>& stale() const { return stale_; }

 private:
  bool try_take(const std::string& where);

  std::filesystem::path path_;
  int fd_ = -1;
  std::optional<LockHolder> stale_;
};

std::string lock_file_name();  // "runner.lock"

}  // namespace tsfs
