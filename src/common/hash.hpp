#pragma once
// 64-bit FNV-1a content hashing for cache keys (the key of a cached artefact is the hash of the
// bytes of its inputs and of its parameters' canonical text), and SplitMix64's mixing, which turns
// seeds and hashes into random generators' states.
#include <Eigen/Core>
#include <cstdint>
#include <string>
#include <string_view>

namespace tsfs {

class Hasher {
 public:
  Hasher& bytes(const void* data, size_t size);
  Hasher& text(std::string_view value);  // length-prefixed, so ("ab","c") != ("a","bc")
  Hasher& number(double value);
  Hasher& integer(long long value);
  Hasher& matrix(const Eigen::MatrixXd& values);
  Hasher& vector(const Eigen::VectorXi& values);
  std::uint64_t digest() const { return state_; }
  std::string hex() const;  // 16 lowercase hex digits

 private:
  std::uint64_t state_ = 14695981039346656037ull;
};

// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", OOPSLA
// 2014): its state advances by this odd constant (2^64 / golden ratio), and its output function is
// a bijection of 64-bit words whose every output bit depends on every input bit.
inline constexpr std::uint64_t kSplitMix64Increment = 0x9e3779b97f4a7c15ULL;
inline std::uint64_t splitmix64_finaliser(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace tsfs
