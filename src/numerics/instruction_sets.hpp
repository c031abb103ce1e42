#pragma once
// Run-time choice among kernels compiled for AVX-512, AVX2 and the x86-64 baseline. Each kernel
// is a function with its own [[gnu::target]] and a vector of its register width: one vector type
// for all three (GCC's target_clones) makes GCC split a 64-byte vector's every operation through
// the stack on AVX2 and SSE2.
namespace tsfs {

// The kernel for the best instruction set this CPU has; call once and keep the result.
template <class Function>
Function best_kernel_for_cpu(Function avx512, Function avx2, Function baseline) {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) return avx512;
  if (__builtin_cpu_supports("avx2")) return avx2;
  return baseline;
}

}  // namespace tsfs
