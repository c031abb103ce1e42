// HugePageBuffer and ReusedBuffer (src/numerics/huge_page_buffer.hpp): small buffers from operator
// new, large ones mapped on 2 MiB boundaries, every byte writable, a thread's buffers reused, and
// the precomputed SVC kernel's rows in one.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>

#include "classify/svc_precomputed.hpp"
#include "numerics/huge_page_buffer.hpp"

namespace tsfs {
namespace {

bool on_huge_page_boundary(const void* address) {
  return reinterpret_cast<std::uintptr_t>(address) % kHugePageBytes == 0;
}

TEST_CASE("HugePageBuffer: every byte writable, large buffers on 2 MiB boundaries") {
  for (const size_t bytes : {size_t{1}, size_t{4096}, kHugePageBytes - 1, kHugePageBytes,
                             kHugePageBytes + 1, 3 * kHugePageBytes + 12345}) {
    CAPTURE(bytes);
    HugePageBuffer buffer(bytes);
    REQUIRE(buffer.data() != nullptr);
    CHECK(reinterpret_cast<std::uintptr_t>(buffer.data()) % alignof(std::max_align_t) == 0);
    CHECK(on_huge_page_boundary(buffer.data()) == (bytes >= kHugePageBytes));
    auto* data = static_cast<unsigned char*>(buffer.data());
    std::memset(data, 0xab, bytes);
    CHECK(data[0] == 0xab);
    CHECK(data[bytes - 1] == 0xab);
  }
}

TEST_CASE("ReusedBuffer: a thread's next buffer is its last one when large enough") {
  const void* first = nullptr;
  {
    const ReusedBuffer buffer = reused_buffer(3 * kHugePageBytes);
    first = buffer->data();
    std::memset(buffer->data(), 1, 3 * kHugePageBytes);
  }
  {
    const ReusedBuffer smaller = reused_buffer(kHugePageBytes);
    CHECK(smaller->data() == first);  // kept and handed on
  }
  {
    const ReusedBuffer larger =
        reused_buffer(4 * kHugePageBytes);  // the kept one is too small: a new buffer
    std::memset(larger->data(), 2, 4 * kHugePageBytes);
    const ReusedBuffer while_the_other_is_held = reused_buffer(kHugePageBytes);
    CHECK(while_the_other_is_held->data() != larger->data());
  }
}

// 400 rows of 402 nodes of 16 bytes: 2.6 MB, one buffer from the first row's first node on.
TEST_CASE("PrecomputedKernelRows keeps a kernel of megabytes in a ReusedBuffer") {
  PrecomputedKernelRows kernel(400);
  CHECK(on_huge_page_boundary(kernel.row_pointers()[0]));
  CHECK(kernel.row_pointers()[1] - kernel.row_pointers()[0] == 402);
  PrecomputedKernelRows small(10);
  CHECK(small.row_pointers()[0][0].value == 1.0);  // the row's serial number
}

}  // namespace
}  // namespace tsfs
