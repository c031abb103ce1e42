// See runner_allocator.hpp. Compiled into the runner only, not into tsfs_core: the Python module
// links the core into an interpreter that allocates with glibc's malloc, and memory must be freed
// by the allocator that gave it.
#include "cli/runner_allocator.hpp"

#ifdef TSFS_WITH_MIMALLOC
#include <fmt/format.h>
#include <mimalloc.h>
#include <sys/resource.h>

#include <cstdlib>
#include <fstream>
#endif

namespace tsfs {

#ifdef TSFS_WITH_MIMALLOC

namespace {

// Address space for mimalloc's arena. Freed blocks of megabytes (libsvm's kernel caches, a fit's
// matrices) go back to the arena and are handed out again already mapped, where mimalloc's default
// maps each from the kernel and unmaps it when freed, so every fit faults its pages in afresh.
// Under the kernel's heuristic overcommit (vm.overcommit_memory 0 or 1) mimalloc maps it with
// MAP_NORESERVE: no page is charged, to the process or its cgroup, until written.
constexpr size_t kArenaBytes = size_t{4} << 30;

// Whether reserving the arena costs nothing: not under strict overcommit (mode 2, where the whole
// mapping is charged at once, and again at each fork), nor under a limit of address space (ulimit
// -v, a batch system's virtual-memory limit), of which it would take 4 GiB.
bool arena_is_free() {
  rlimit address_space{};
  if (getrlimit(RLIMIT_AS, &address_space) != 0 || address_space.rlim_cur != RLIM_INFINITY)
    return false;
  std::ifstream overcommit("/proc/sys/vm/overcommit_memory");
  int mode = 2;
  return static_cast<bool>(overcommit >> mode) && mode != 2;
}

}  // namespace

void configure_runner_allocator() {
  // Keep freed memory committed: mimalloc's default gives it back to the kernel after 25 ms, and
  // the next fit's first writes fault it in again, zeroed. (mimalloc 2.1 renamed the option.)
#if MI_MALLOC_VERSION >= 210
  mi_option_set(mi_option_purge_delay, -1);
#else
  mi_option_disable(mi_option_allow_decommit);
#endif
  // A failure leaves mimalloc mapping memory as it needs it, as without the arena.
  if (arena_is_free())
    (void)mi_reserve_os_memory(kArenaBytes, /*commit=*/true, /*allow_large=*/false);
}

std::string runner_allocator() {
  // Linked is not enough: mimalloc serves malloc only when the dynamic linker binds malloc to it.
  // (mi_is_in_heap_region would miss blocks carved from an arena mapped high in the address space.)
  // calloc: GCC at -O0 warns that mi_check_owned reads the uninitialised bytes of a malloc'd block.
  void* block = std::calloc(1, 64);
  const bool serves_malloc = mi_check_owned(block);
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
