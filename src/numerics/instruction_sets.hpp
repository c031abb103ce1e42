#pragma once
// Run-time choice among kernels compiled for AVX-512, AVX2 and the x86-64 baseline (SSE2). Each
// kernel is a function with its own [[gnu::target]] and a vector of its register width: one vector
// type for all three (GCC's target_clones) makes GCC split a 64-byte vector's every operation
// through the stack on AVX2 and SSE2.
namespace tsfs {

enum class Isa { sse2, avx2, avx512 };

// Whether this CPU (and OS) can run `isa`; the fastest supported one (decided once); its name.
bool isa_supported(Isa isa);
Isa best_isa();
const char* isa_name(Isa isa);

// The kernel compiled for `isa`.
template <class Function>
Function kernel_for(Isa isa, Function avx512, Function avx2, Function baseline) {
  switch (isa) {
    case Isa::avx512:
      return avx512;
    case Isa::avx2:
      return avx2;
    case Isa::sse2:
      break;
  }
  return baseline;
}

// The kernel for the best instruction set this CPU has; call once and keep the result.
template <class Function>
Function best_kernel_for_cpu(Function avx512, Function avx2, Function baseline) {
  return kernel_for(best_isa(), avx512, avx2, baseline);
}

}  // namespace tsfs
