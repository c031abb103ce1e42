#include "sweep/store/output_folder.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <cerrno>
#include <exception>
#include <system_error>

#include "common/error.hpp"
#include "common/files.hpp"
#include "sweep/store/output_lock.hpp"

namespace tsfs {
namespace {

// What the user can do about a failed write into the folder of spec key `key`, by its errno.
std::string remedy(int error_number, std::string_view key, std::string_view option) {
  const std::string elsewhere = option.empty() ? std::string("choose another folder")
                                               : fmt::format("choose another {} ({})", key, option);
  switch (error_number) {
    case ENOSPC:
    case EDQUOT:
      return "free some space or " + elsewhere;
    case EROFS:
    case EACCES:
    case EPERM:
      return "make it writable or " + elsewhere;
    default:
      return elsewhere;
  }
}

bool within(const std::filesystem::path& path, const std::filesystem::path& folder) {
  auto relative = path.lexically_normal().lexically_relative(folder.lexically_normal());
  return !relative.empty() && *relative.begin() != "..";
}

// A failed write at `path`: blamed on the `cache:` line when it is under a cache the spec named
// (elsewhere than its default place in the output folder), else on the `output:` line.
[[noreturn]] void fail(const OutputCommand& output, const std::filesystem::path& path,
                       const std::string& problem, int error_number) {
  if (!output.cache.empty() && !within(output.cache, output.folder) &&
      (path == output.cache || within(path, output.cache)))
    throw InputError(
        output.cache_where,
        fmt::format("cannot write into the cache folder {}: {}; {}", output.cache.string(), problem,
                    remedy(error_number, "cache", "--set cache=DIR")));
  throw InputError(output.where, fmt::format("cannot write into the output folder {}: {}; {}",
                                             output.folder.string(), problem,
                                             remedy(error_number, "output", output.output_option)));
}

// The first missing folder on the way to `folder` (what create_directories will create), or an
// empty path when it exists.
std::filesystem::path first_missing(const std::filesystem::path& folder) {
  std::filesystem::path missing;
  std::error_code ignored;
  for (auto path = folder; !path.empty() && !std::filesystem::exists(path, ignored);
       path = path.parent_path()) {
    missing = path;
    if (path == path.parent_path()) break;
  }
  return missing;
}

// Creates the folder and returns the topmost folder it created (empty when it existed).
std::filesystem::path create_folder(const OutputCommand& output) {
  if (output.folder.empty())
    throw InputError(output.where, "the output folder is empty: name a folder to write into");
  std::error_code error;
  if (std::filesystem::exists(output.folder, error) &&
      !std::filesystem::is_directory(output.folder, error))
    throw InputError(output.where, fmt::format("the output {} is a file, not a folder; {}",
                                               output.folder.string(),
                                               remedy(0, "output", output.output_option)));
  auto created = first_missing(output.folder);
  std::filesystem::create_directories(output.folder, error);
  if (error) fail(output, output.folder, error.message(), error.value());
  return created;
}

// Removes the folders this command created when they hold nothing (bad input found before
// anything was written).
void remove_if_empty(const std::filesystem::path& folder, const std::filesystem::path& created) {
  std::error_code error;
  for (auto path = folder; !created.empty(); path = path.parent_path()) {
    if (!std::filesystem::is_empty(path, error) || error || !std::filesystem::remove(path, error))
      return;
    if (path == created) return;
  }
}

int run_locked(const OutputCommand& output, const std::function<int()>& body) {
  OutputLock lock(output.folder, output.command, output.where, output.wait);
  remove_stale_temporaries(output.folder);
  return body();
}

}  // namespace

void remove_stale_temporaries(const std::filesystem::path& folder) {
  std::error_code error;
  for (std::filesystem::recursive_directory_iterator entry(folder, error), end;
       !error && entry != end; entry.increment(error))
    // A subfolder with its own lock (a shard's, shard/shard_commands.hpp) is another runner's to
    // clean: that runner may be writing into it now.
    if (entry->is_directory(error) && std::filesystem::exists(entry->path() / lock_file_name())) {
      entry.disable_recursion_pending();
    } else if (entry->is_directory(error) &&
               is_temporary_file_name(entry->path().filename().string())) {
      spdlog::warn("removing {}, left by an interrupted write", entry->path().string());
      entry.disable_recursion_pending();
      std::filesystem::remove_all(entry->path(), error);
    } else if (entry->is_regular_file(error) &&
               is_temporary_file_name(entry->path().filename().string())) {
      spdlog::warn("removing {}, left by an interrupted write", entry->path().string());
      std::filesystem::remove(entry->path(), error);
    }
}

int run_in_output_folder(const OutputCommand& output, const std::function<int()>& body) {
  auto created = create_folder(output);
  // A cache the spec puts elsewhere that cannot be a folder is found before anything is computed.
  const bool separate_cache = !output.cache.empty() && !within(output.cache, output.folder);
  std::filesystem::path created_cache;
  auto clean_up = [&] {
    remove_if_empty(output.folder, created);
    if (separate_cache) remove_if_empty(output.cache, created_cache);
  };
  try {
    if (separate_cache) {
      created_cache = first_missing(output.cache);
      std::filesystem::create_directories(output.cache);
    }
    return run_locked(output, body);
  } catch (const WriteError& error) {
    clean_up();
    fail(output, error.path(), fmt::format("{}: {}", error.path().string(), error.reason()),
         error.error_number());
  } catch (const std::filesystem::filesystem_error& error) {
    clean_up();
    if (!within(error.path1(), output.folder) &&
        (output.cache.empty() || !within(error.path1(), output.cache)))
      throw InputError(error.path1().string(), error.code().message());
    fail(output, error.path1(),
         fmt::format("{}: {}", error.path1().string(), error.code().message()),
         error.code().value());
  } catch (const spdlog::spdlog_ex& error) {  // run.log could not be opened
    clean_up();
    fail(output, output.folder, error.what(), 0);
  } catch (...) {
    clean_up();
    throw;
  }
}

}  // namespace tsfs
