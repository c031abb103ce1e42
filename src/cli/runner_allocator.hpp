#pragma once
// The runner's memory allocator. With Debian's mimalloc linked (CMake option TSFS_MIMALLOC, on
// where the library is installed), mimalloc replaces malloc for the whole process, libsvm's
// allocations included; without it, glibc's malloc serves. docs/methods.md ("How evaluations are
// fitted") gives the measurements behind the choice and its two settings.
#include <string>

namespace tsfs {

// Sets the allocator up for a run; called first in main, before any thread starts.
void configure_runner_allocator();

// "mimalloc 2.0.9" when mimalloc serves malloc, else "glibc malloc" (`runner --version`).
std::string runner_allocator();

}  // namespace tsfs
