#include "numerics/instruction_sets.hpp"

#include "common/enum_names.hpp"

namespace tsfs {

bool isa_supported(Isa isa) {
  __builtin_cpu_init();
  switch (isa) {
    case Isa::sse2:
      return true;  // x86-64 baseline
    case Isa::avx2:
      return __builtin_cpu_supports("avx2");
    case Isa::avx512:
      return __builtin_cpu_supports("avx512f");
  }
  return false;
}

Isa best_isa() {
  static const Isa best = isa_supported(Isa::avx512) ? Isa::avx512
                          : isa_supported(Isa::avx2) ? Isa::avx2
                                                     : Isa::sse2;
  return best;
}

const char* isa_name(Isa isa) {
  // String literals in the table, so the view is NUL-terminated.
  static constexpr auto isa_names =
      enum_names<Isa>({{Isa::sse2, "sse2"}, {Isa::avx2, "avx2"}, {Isa::avx512, "avx512"}});
  return isa_names.name(isa).data();
}

}  // namespace tsfs
