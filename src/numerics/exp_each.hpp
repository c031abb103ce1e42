#pragma once
// The exponential of many doubles at once, each the double glibc's exp returns for it.
//
// The SVC's predictions (classify/svc_precomputed.hpp) call exp once per test row and support
// vector and must equal libsvm's, which calls glibc's exp; one call at a time, exp was a quarter of
// the report's sigma sweep (fig3_sigma_kfold), training kernels included (which need only its
// floats: exp_each_for_floats below). Here four or eight values (AVX2, AVX-512) are computed
// at once in double-double arithmetic (Tang's table method: x = k ln2 / 128 + r, exp(x) =
// 2^(k / 128) e^r with 2^(j / 128) from a table and e^r from its Taylor polynomial), accurate to
// about 2^-68 relative, far below half a unit in the last place (ulp). That is rounded to the
// nearest double and kept wherever glibc's exp is known to round to the same double. glibc (2.28
// on) states its exp's error as at most 0.509 ulp of the exact value (0.511 on CPUs without fused
// multiply-add), a figure from its authors' analysis in sysdeps/ieee754/dbl-64/e_exp_data.c, not
// a proof: everything here rests on it. When the exact value lies more than 1/64 ulp (0.0156) from
// the midpoint between two doubles, the nearest double is within 0.5 - 1/64 ulp of it and every
// other double more than 0.5 + 1/64 away, so glibc returns the nearest; 0.0046 ulp of the margin
// is left beyond glibc's stated excess and this computation's error. The other values (about 1 in
// 32), those whose result would not be a normal double, and results equal to 1 (the one power of
// two in reach, whose neighbours lie at different distances) are computed by glibc's exp.
#include <cstddef>

#include "numerics/instruction_sets.hpp"

namespace tsfs {

// values[i] = std::exp(values[i]) for i < count, the same doubles.
void exp_each(double* values, size_t count);

// The same with the kernel compiled for `isa` (one this CPU supports), returning how many values
// glibc's exp computed: the tests compare every instruction set with glibc's exp, and check that
// the vector kernels settle most values themselves.
size_t exp_each(double* values, size_t count, Isa isa);

// The instruction set whose kernel exp_each(..., isa) runs: the AVX-512 kernel needs AVX512DQ as
// well, the AVX2 kernel the fused multiply-add; without them the next one down runs.
Isa exp_each_isa(Isa isa);

// values[i] = a double that rounds to the same float as std::exp(values[i]) for i < count: for
// values that are used as floats, such as libsvm's training kernel (its solver keeps the kernel as
// `Qfloat`, float, and reads the double of the diagonal only, which is exp(0) = 1 here exactly).
// It takes one rounding of a double-precision vector exponential (Tang's table method, a degree-5
// polynomial): within 1.6 ulp of the exact value, glibc's within 0.51, so both round to the same
// float unless the value lies within 2.2 ulp (of a double) of the midpoint between two floats.
// Values within 16 ulp of one (about 1 in 16 million), values whose float would be subnormal
// (arguments from -104.5 to -87), NaN and arguments from 88 up go to glibc's exp; below -104.5
// the result is 0, the float of every exp there.
void exp_each_for_floats(double* values, size_t count);

// The same with the kernel compiled for `isa`, returning how many values glibc's exp computed.
size_t exp_each_for_floats(double* values, size_t count, Isa isa);

}  // namespace tsfs
