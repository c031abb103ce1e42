// See runner_allocator.hpp. Compiled into the runner only, not into tsfs_core: the Python module
// links the core into an interpreter that allocates with glibc's malloc, and memory must be freed
// by the allocator that gave it.
#include "cli/runner_allocator.hpp"

#include <fmt/format.h>

#include <cstdlib>

#ifdef TSFS_WITH_MIMALLOC
#include <mimalloc.h>
#endif

namespace tsfs {

#ifdef TSFS_WITH_MIMALLOC

namespace {

// Address space (not memory: nothing is committed until written) for mimalloc's arena. Freed
// blocks of megabytes (libsvm's kernel caches, a fit's matrices) go back to the arena and are
// handed out again already mapped, where mimalloc's default maps each from the kernel and unmaps
// it when freed, so every fit faults its pages in afresh.
constexpr size_t kArenaBytes = size_t{4} << 30;

}  // namespace

void configure_runner_allocator() {
  // Keep freed memory committed: mimalloc's default gives it back to the kernel after 25 ms, and
  // the next fit's first writes fault it in again, zeroed.
  mi_option_disable(mi_option_allow_decommit);
  // A failure (no address space left) only leaves mimalloc mapping memory as it needs it.
  (void)mi_reserve_os_memory(kArenaBytes, /*commit=*/true, /*allow_large=*/false);
}

std::string runner_allocator() {
  // Linked is not enough: mimalloc serves malloc only when the dynamic linker binds malloc to it.
  void* block = std::malloc(64);
  const bool serves_malloc = mi_is_in_heap_region(block);
  std::free(block);
  if (!serves_malloc) return "glibc malloc (mimalloc linked, but malloc is not bound to it)";
  const int version = mi_version();
  return fmt::format("mimalloc {}.{}.{}", version / 100, version / 10 % 10, version % 10);
}

#else

void configure_runner_allocator() {}

std::string runner_allocator() {
  return "glibc malloc";
}

#endif

}  // namespace tsfs
