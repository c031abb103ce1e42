#include "numerics/numpy_pairwise_sum.hpp"

#include <doctest/doctest.h>

#include <vector>

namespace {

// Values whose sum depends on the order of the additions: a large value cancels only when it meets
// its negative before the small ones are absorbed into it.
std::vector<double> order_sensitive(int count) {
  std::vector<double> values;
  for (int i = 0; i < count; ++i)
    values.push_back(i % 8 == 0 ? 1e16 : (i % 8 == 4 ? -1e16 : 1.0 + 0.25 * (i % 3)));
  return values;
}

}  // namespace

TEST_CASE("numpy_pairwise_sum: fewer than 8 values are added left to right") {
  const std::vector<double> values{1e16, 1.0, -1e16, 1.0};
  CHECK(tsfs::numpy_pairwise_sum(values.data(), 4) == ((1e16 + 1.0) - 1e16) + 1.0);
  CHECK(tsfs::numpy_pairwise_sum(values.data(), 0) == 0.0);
}

TEST_CASE("numpy_pairwise_sum: up to 128 values go to 8 interleaved lanes, then the remainder") {
  // 2^53 + 1 rounds to 2^53 (ties to even), but 2^53 + 7 rounds up to 2^53 + 8: where the small
  // values meet the large one changes the result (7 pairwise, 9 left to right).
  const double large = 9007199254740992.0;
  const std::vector<double> v{1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, large, -large, 1.0};
  // Lanes r_j = v[j] (one block of 8), combined pairwise, then v[8] and v[9] left to right.
  const double expected =
      (((v[0] + v[1]) + (v[2] + v[3])) + ((v[4] + v[5]) + (v[6] + v[7])) + v[8]) + v[9];
  CHECK(tsfs::numpy_pairwise_sum(v.data(), 10) == expected);
  CHECK(expected == 7.0);
  double left_to_right = 0.0;
  for (double value : v) left_to_right += value;
  CHECK(left_to_right == 9.0);
}

TEST_CASE("numpy_pairwise_sum: longer ranges split at half rounded down to a multiple of 8") {
  const std::vector<double> v = order_sensitive(300);
  // 300 -> 144 + 156 (150 rounded down to 144); 144 -> 72 + 72; 156 -> 72 + 84.
  const double* data = v.data();
  const double expected =
      (tsfs::numpy_pairwise_sum(data, 72) + tsfs::numpy_pairwise_sum(data + 72, 72)) +
      (tsfs::numpy_pairwise_sum(data + 144, 72) + tsfs::numpy_pairwise_sum(data + 216, 84));
  CHECK(tsfs::numpy_pairwise_sum(data, 300) == expected);
}

TEST_CASE("numpy_pairwise_sum_of: an element function gives the sum of its values") {
  const std::vector<double> v = order_sensitive(200);
  const double direct = tsfs::numpy_pairwise_sum(v.data(), 200);
  CHECK(tsfs::numpy_pairwise_sum_of(
            0, 200, [&v](Eigen::Index i) { return v[static_cast<size_t>(i)]; }) == direct);
  CHECK(tsfs::numpy_pairwise_sum_of(50, 10, [&v](Eigen::Index i) {
          return v[static_cast<size_t>(i)];
        }) == tsfs::numpy_pairwise_sum(v.data() + 50, 10));
  CHECK(tsfs::numpy_mean({1.0, 2.0, 4.0}) == 7.0 / 3.0);
}
