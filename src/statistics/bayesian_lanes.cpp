// Eight posterior draws side by side (bayesian_lanes.hpp) with GCC vector extensions: one body per
// vector width, instantiated in functions carrying a target attribute. With AVX-512 a vector holds
// the eight lanes; AVX2 and SSE2 run two and four vectors of narrower width in lockstep.
#include "statistics/bayesian_lanes.hpp"

#include "common/hash.hpp"

// GCC warns that passing 32- and 64-byte vectors by value has had different ABIs (-Wpsabi); every
// function here that takes or returns one is inlined into the kernel of its instruction set, so no
// call crosses such a boundary.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace tsfs::statistics {
namespace {

template <int kWidth>
struct LaneTypes;
template <>
struct LaneTypes<2> {
  typedef double Values __attribute__((vector_size(16)));
  typedef std::uint64_t Bits __attribute__((vector_size(16)));
};
template <>
struct LaneTypes<4> {
  typedef double Values __attribute__((vector_size(32)));
  typedef std::uint64_t Bits __attribute__((vector_size(32)));
};
template <>
struct LaneTypes<8> {
  typedef double Values __attribute__((vector_size(64)));
  typedef std::uint64_t Bits __attribute__((vector_size(64)));
};

template <typename To, typename From>
[[gnu::always_inline]] inline To bits_as(const From& from) {
  static_assert(sizeof(To) == sizeof(From));
  To to;
  __builtin_memcpy(&to, &from, sizeof(To));
  return to;
}

constexpr std::uint64_t kOneBits = 0x3ff0000000000000ULL;  // 1.0
constexpr std::uint64_t kMantissaBits = 0x000fffffffffffffULL;
constexpr double kSqrt2 = 1.4142135623730950488;
constexpr double kLn2 = 0.69314718055994530942;

// atanh(s) / s = sum_j z^j / (2j + 1) with z = s^2 <= (3 - 2 sqrt 2)^2 (|s| <= (sqrt 2 - 1) /
// (sqrt 2 + 1)): the polynomial of degree 7 interpolating it at the 8 Chebyshev nodes of that
// interval, where the series itself would need 10 terms. scripts/negative_log_coefficients.py
// computes the coefficients exactly and bounds the polynomial's error in doubles by 1.2e-16 (by
// Horner's rule); tests/statistics/bayesian_lanes_test.cpp bounds the logarithm as computed here.
constexpr std::array<double, 8> kAtanhSeries = {1.0,
                                                0.33333333333333826,
                                                0.1999999999965117,
                                                0.1428571438032084,
                                                0.11111098528363024,
                                                0.09091815840114664,
                                                0.07656264074182095,
                                                0.07404855180327638};

// -log(u) for positive normal u, per lane (Values, Bits: a vector or one double and its bits).
// u = 2^e m with m in [sqrt(2) / 2, sqrt(2)); log m = 2 atanh(s) with s = (m - 1) / (m + 1) =
// f / (2 + f), f = m - 1 exact (Sterbenz). The error is a few units in the last place of the
// result plus that of e ln 2's rounding.
template <typename Values, typename Bits>
[[gnu::always_inline]] inline Values negative_log_of(Values u) {
  const Bits bits = bits_as<Bits>(u);
  const Bits mantissa_bits = (bits & kMantissaBits) | kOneBits;  // m in [1, 2)
  const auto high = bits_as<Values>(mantissa_bits) > kSqrt2;
  // m / 2 for m > sqrt 2, by its exponent's bits (exact)
  const Values m = bits_as<Values>(high ? mantissa_bits - (1ULL << 52) : mantissa_bits);
  const Bits biased_exponent = (bits >> 52) + (high ? Bits{} + 1 : Bits{});
  // The biased exponent (< 2^11) as a double: 2^52 + k has k in its low mantissa bits.
  const Values e = bits_as<Values>(biased_exponent | 0x4330000000000000ULL) - (0x1p52 + 1023);
  const Values f = m - 1.0;
  const Values s = f / (2.0 + f);
  const Values z = s * s;
  // Estrin's scheme (pairs of terms, then pairs of pairs): a dependency chain of three
  // multiply-adds where Horner's rule has seven; the lanes ran 5% faster (15.7 ms against 16.5 ms
  // per benchmark pair).
  const Values z2 = z * z;
  Values pairs[4];
  for (size_t j = 0; j < 8; j += 2) pairs[j / 2] = kAtanhSeries[j] + kAtanhSeries[j + 1] * z;
  const Values series = (pairs[0] + pairs[1] * z2) + (pairs[2] + pairs[3] * z2) * (z2 * z2);
  return -(e * kLn2 + (s + s) * series);
}

// cos(pi / 2 u) for u in [0, 1], per lane, within 2^-51 (the rounding of x = pi / 2 u included):
// cos x = sum_k (-1)^k x^(2k) / (2k)!, k = 0..11; with x^2 <= pi^2 / 4 the first term left out
// is below 1e-19.
constexpr int kCosineTerms = 12;
constexpr std::array<double, kCosineTerms> cosine_terms() {
  std::array<double, kCosineTerms> terms{};
  double factorial = 1;
  for (int k = 0; k < kCosineTerms; ++k) {
    if (k > 0) factorial *= (2.0 * k - 1) * (2.0 * k);
    terms[static_cast<size_t>(k)] = (k % 2 == 0 ? 1.0 : -1.0) / factorial;
  }
  return terms;
}
constexpr std::array<double, kCosineTerms> kCosine = cosine_terms();

template <typename Values>
[[gnu::always_inline]] inline Values quarter_turn_cosine(Values u) {
  constexpr double kHalfPi = 1.5707963267948966192;
  const Values x = u * kHalfPi;
  const Values y = x * x;
  Values sum = y * kCosine[kCosineTerms - 1] + kCosine[kCosineTerms - 2];
  for (int k = kCosineTerms - 3; k >= 0; --k) sum = sum * y + kCosine[static_cast<size_t>(k)];
  return sum;
}

// Lane-wise xoshiro256+: xoshiro256**'s state transition with the sum s0 + s3 as output, which its
// authors recommend for floating-point numbers made of the upper bits (the lowest bits of the sum
// are weaker; the 12 dropped here include them).
template <typename Bits>
struct LaneGenerator {
  Bits s0, s1, s2, s3;

  [[gnu::always_inline]] static Bits rotate_left(Bits x, int k) {
    return (x << k) | (x >> (64 - k));
  }
  [[gnu::always_inline]] Bits next() {
    const Bits result = s0 + s3;
    const Bits shifted = s1 << 17;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= shifted;
    s3 = rotate_left(s3, 45);
    return result;
  }
  // Uniform on (0, 1]: the top 52 bits as a double in [1, 2), subtracted from 2 (exact).
  template <typename Values>
  [[gnu::always_inline]] Values uniform() {
    return 2.0 - bits_as<Values>((next() >> 12) | kOneBits);
  }
};

template <int kWidth>
struct Lanes {
  using Values = typename LaneTypes<kWidth>::Values;
  using Bits = typename LaneTypes<kWidth>::Bits;
  static constexpr int kVectors = kDrawLanes / kWidth;
  using Generators = std::array<LaneGenerator<Bits>, kVectors>;

  [[gnu::always_inline]] static Values load(const double* p) {
    Values v;
    __builtin_memcpy(&v, p, sizeof(Values));
    return v;
  }
  [[gnu::always_inline]] static void store(double* p, const Values& v) {
    __builtin_memcpy(p, &v, sizeof(Values));
  }

  [[gnu::always_inline]] static Generators load_generators(const LaneStreams& streams) {
    Generators generators;
    for (int v = 0; v < kVectors; ++v) {
      Bits* words[4] = {&generators[v].s0, &generators[v].s1, &generators[v].s2, &generators[v].s3};
      for (size_t k = 0; k < 4; ++k)
        __builtin_memcpy(words[k], streams.words[k].data() + v * kWidth, sizeof(Bits));
    }
    return generators;
  }
  [[gnu::always_inline]] static void store_generators(const Generators& generators,
                                                      LaneStreams& streams) {
    for (int v = 0; v < kVectors; ++v) {
      const Bits* words[4] = {&generators[v].s0, &generators[v].s1, &generators[v].s2,
                              &generators[v].s3};
      for (size_t k = 0; k < 4; ++k)
        __builtin_memcpy(streams.words[k].data() + v * kWidth, words[k], sizeof(Bits));
    }
  }

  [[gnu::always_inline]] static Values exponential(LaneGenerator<Bits>& generator) {
    return negative_log_of<Values, Bits>(generator.template uniform<Values>());
  }

  // The prior's weights: E cos^2(theta) with theta uniform on (0, pi / 2], which has the
  // distribution of cos^2(2 pi U') (cos^2 has period pi and is symmetric about pi / 2).
  [[gnu::always_inline]] static void prior_weights(Generators& generators, double* prior) {
    for (int v = 0; v < kVectors; ++v) {
      const Values exponential_draw = exponential(generators[v]);
      const Values c = quarter_turn_cosine(generators[v].template uniform<Values>());
      store(prior + v * kWidth, exponential_draw * c * c);
    }
  }

  // The weights of z_0..z_n in this order, each stored at its sorted position.
  [[gnu::always_inline]] static void draw(LaneStreams& streams, const SortedWalsh& walsh,
                                          LaneScratch& scratch) {
    Generators generators = load_generators(streams);
    double* weights = scratch.weights();
    // In locals: the stores through __builtin_memcpy may alias the vector's bounds.
    const Eigen::Index* rank = walsh.rank.data();
    const size_t count = walsh.count();
    prior_weights(generators, weights + static_cast<size_t>(rank[0]) * kDrawLanes);
    for (size_t p = 1; p < count; ++p) {
      double* sorted = weights + static_cast<size_t>(rank[p]) * kDrawLanes;
      for (int v = 0; v < kVectors; ++v) store(sorted + v * kWidth, exponential(generators[v]));
    }
    store_generators(generators, streams);
  }

  // prefix[(i + 1) * 8 + l] = prefix[i * 8 + l] + weights[i * 8 + l] from prefix[l] = 0, over the
  // sorted positions i.
  [[gnu::always_inline]] static void prefix_sums(size_t count, LaneScratch& scratch) {
    const double* weights = scratch.weights();
    double* prefix = scratch.prefix();
    for (int v = 0; v < kVectors; ++v) {
      Values sum{};
      store(prefix + v * kWidth, sum);
      for (size_t i = 0; i < count; ++i) {
        sum += load(weights + i * kDrawLanes + v * kWidth);
        store(prefix + (i + 1) * kDrawLanes + v * kWidth, sum);
      }
    }
  }

  // Per lane: sum_i w_i times the prefix masses of position i's partners in each region.
  [[gnu::always_inline]] static LaneMasses masses(const SortedWalsh& walsh, LaneScratch& scratch) {
    const double* weights = scratch.weights();
    const double* prefix = scratch.prefix();
    const size_t count = walsh.count();
    LaneMasses result;
    for (int v = 0; v < kVectors; ++v) {
      const size_t lane = static_cast<size_t>(v * kWidth);
      const Values total = load(prefix + count * kDrawLanes + lane);
      Values left{}, rope{}, right{};
      for (size_t i = 0; i < count; ++i) {
        const Values w = load(weights + i * kDrawLanes + lane);
        const Values below =
            load(prefix + static_cast<size_t>(walsh.left_end[i]) * kDrawLanes + lane);
        const Values not_above =
            load(prefix + static_cast<size_t>(walsh.right_begin[i]) * kDrawLanes + lane);
        left += w * below;
        rope += w * (not_above - below);
        right += w * (total - not_above);
      }
      store(result.left.data() + lane, left);
      store(result.rope.data() + lane, rope);
      store(result.right.data() + lane, right);
    }
    return result;
  }

  [[gnu::always_inline]] static void exponentials(LaneStreams& streams, double* out,
                                                  size_t vectors) {
    Generators generators = load_generators(streams);
    for (size_t i = 0; i < vectors; ++i)
      for (int v = 0; v < kVectors; ++v)
        store(out + i * kDrawLanes + v * kWidth, exponential(generators[v]));
    store_generators(generators, streams);
  }
};

// The three entry points per instruction set.
#define TSFS_LANE_KERNELS(suffix, width, target)                                         \
  target LaneMasses draw_##suffix(LaneStreams& streams, const SortedWalsh& walsh,        \
                                  LaneScratch& scratch) {                                \
    Lanes<width>::draw(streams, walsh, scratch);                                         \
    Lanes<width>::prefix_sums(walsh.count(), scratch);                                   \
    return Lanes<width>::masses(walsh, scratch);                                         \
  }                                                                                      \
  target LaneMasses masses_##suffix(const SortedWalsh& walsh, LaneScratch& scratch) {    \
    Lanes<width>::prefix_sums(walsh.count(), scratch);                                   \
    return Lanes<width>::masses(walsh, scratch);                                         \
  }                                                                                      \
  target void exponentials_##suffix(LaneStreams& streams, double* out, size_t vectors) { \
    Lanes<width>::exponentials(streams, out, vectors);                                   \
  }

TSFS_LANE_KERNELS(avx512, 8, [[gnu::target("avx512f")]])
TSFS_LANE_KERNELS(avx2, 4, [[gnu::target("avx2")]])
TSFS_LANE_KERNELS(sse2, 2, )
#undef TSFS_LANE_KERNELS

}  // namespace

LaneStreams::LaneStreams(std::uint64_t seed) {
  for (size_t l = 0; l < kDrawLanes; ++l)
    for (auto& word : words) {  // SplitMix64 (Steele, Lea and Flood 2014)
      seed += kSplitMix64Increment;
      word[l] = splitmix64_finaliser(seed);
    }
}

LaneMasses draw_lane_masses(LaneStreams& streams, const SortedWalsh& walsh, LaneScratch& scratch,
                            Isa isa) {
  return kernel_for(isa, &draw_avx512, &draw_avx2, &draw_sse2)(streams, walsh, scratch);
}

LaneMasses lane_masses(const SortedWalsh& walsh, LaneScratch& scratch, Isa isa) {
  return kernel_for(isa, &masses_avx512, &masses_avx2, &masses_sse2)(walsh, scratch);
}

void lane_exponentials(LaneStreams& streams, double* out, size_t vectors, Isa isa) {
  kernel_for(isa, &exponentials_avx512, &exponentials_avx2, &exponentials_sse2)(streams, out,
                                                                                vectors);
}

double negative_log(double u) {
  return negative_log_of<double, std::uint64_t>(u);
}

double quarter_turn_cos(double u) {
  return quarter_turn_cosine(u);
}

}  // namespace tsfs::statistics
