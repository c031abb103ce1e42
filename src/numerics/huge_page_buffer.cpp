#include "numerics/huge_page_buffer.hpp"

#include <sys/mman.h>

#include <cstdint>
#include <memory>
#include <new>
#include <utility>

namespace tsfs {
namespace {

// The buffer this thread's last ReusedBuffer gave back (empty before the first, after one over
// kKeptBufferBytes, and while a request too large for it is served).
thread_local std::unique_ptr<HugePageBuffer> kept_buffer;

}  // namespace

HugePageBuffer::HugePageBuffer(size_t bytes) : bytes_(bytes) {
  if (bytes < kHugePageBytes) {
    data_ = ::operator new(bytes);
    return;
  }
  // Whole huge pages, and one more, so that a 2 MiB boundary falls within the first one.
  const size_t whole_pages = (bytes + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
  mapped_bytes_ = whole_pages + kHugePageBytes;
  mapping_ =
      ::mmap(nullptr, mapped_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapping_ == MAP_FAILED) {
    mapping_ = nullptr;
    throw std::bad_alloc();
  }
  const auto start = reinterpret_cast<std::uintptr_t>(mapping_);
  const auto aligned = (start + kHugePageBytes - 1) & ~(std::uintptr_t{kHugePageBytes} - 1);
  data_ = reinterpret_cast<void*>(aligned);
  // Advice only: without transparent huge pages the buffer keeps 4 KiB pages.
  ::madvise(data_, whole_pages, MADV_HUGEPAGE);
}

HugePageBuffer::~HugePageBuffer() {
  if (mapping_ != nullptr)
    ::munmap(mapping_, mapped_bytes_);
  else
    ::operator delete(data_);
}

ReusedBuffer reused_buffer(size_t bytes) {
  if (kept_buffer && kept_buffer->size() >= bytes) return ReusedBuffer(kept_buffer.release());
  kept_buffer.reset();  // too small: freed before the new one is mapped
  return ReusedBuffer(new HugePageBuffer(bytes));
}

void KeepForThread::operator()(HugePageBuffer* buffer) const {
  std::unique_ptr<HugePageBuffer> owned(buffer);
  if (owned->size() <= kKeptBufferBytes) kept_buffer = std::move(owned);
}

}  // namespace tsfs
