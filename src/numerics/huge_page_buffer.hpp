#pragma once
// Memory for a buffer of megabytes that is written whole and freed soon after, such as a
// precomputed SVC kernel (16 bytes per pair of training rows, one for every fit). Fresh memory
// from the kernel arrives as 4 KiB pages, each zeroed on its first write through a page fault: in
// archive-full's selection run those faults took 14% of the outer evaluations' samples and 29% of
// the nested CV's (perf, 2026-12-06), more than the kernel values themselves, as glibc returned
// most freed blocks of megabytes to the kernel before the next fit asked for one.
//
// HugePageBuffer maps a buffer of 2 MiB or more on its own, aligned to 2 MiB and marked
// MADV_HUGEPAGE (madvise(2); the kernel's transparent huge pages in their default `madvise`
// mode), so it faults once per 2 MiB instead, and unmaps it when freed. Smaller buffers come from
// operator new. Where the kernel offers no huge page, the buffer is ordinary memory.
//
// reused_buffer goes one step further for the buffers of one thread's successive fits: the thread
// keeps the last one freed (up to kKeptBufferBytes) and hands it to its next request that fits,
// already mapped, so a run of fits on one dataset faults and zeroes its kernel's pages once.
#include <cstddef>
#include <memory>

namespace tsfs {

// The size from which HugePageBuffer maps huge pages: one x86-64 huge page.
inline constexpr size_t kHugePageBytes = size_t{2} << 20;

class HugePageBuffer {
 public:
  // Uninitialised memory of `bytes` bytes, aligned to at least alignof(std::max_align_t); throws
  // std::bad_alloc when none is left.
  explicit HugePageBuffer(size_t bytes);
  ~HugePageBuffer();
  HugePageBuffer(const HugePageBuffer&) = delete;
  HugePageBuffer& operator=(const HugePageBuffer&) = delete;

  void* data() const { return data_; }
  size_t size() const { return bytes_; }

 private:
  size_t bytes_;
  void* data_ = nullptr;
  void* mapping_ = nullptr;  // the mmap(2) region holding data_ (nullptr: operator new's)
  size_t mapped_bytes_ = 0;
};

// The largest buffer a thread keeps for its next reused_buffer: a kernel of 1,448 training rows.
// Each thread holds at most one, so a run keeps at most threads x 32 MiB beyond what it uses.
inline constexpr size_t kKeptBufferBytes = size_t{32} << 20;

// Gives a buffer back to its thread, which keeps it for its next reused_buffer if it is at most
// kKeptBufferBytes (replacing the one it kept), and frees it otherwise.
struct KeepForThread {
  void operator()(HugePageBuffer* buffer) const;
};
using ReusedBuffer = std::unique_ptr<HugePageBuffer, KeepForThread>;

// At least `bytes` bytes of uninitialised memory: the buffer this thread kept from its last
// ReusedBuffer when that is large enough, else a new one (the kept one, too small, freed first).
ReusedBuffer reused_buffer(size_t bytes);

}  // namespace tsfs
