#include "evaluate/fold_means.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

namespace tsfs {
namespace {

TEST_CASE("mean_of_fractions: equal fractions give equal doubles, in any order") {
  // 0.7 + 0.9 and 0.8 + 0.8 (tenths), the same accuracies permuted: summed in fold order as
  // doubles they can end an ulp apart; as fractions they are one value.
  const auto a = mean_of_fractions({7, 9}, {10, 10});
  const auto b = mean_of_fractions({8, 8}, {10, 10});
  REQUIRE(a);
  REQUIRE(b);
  CHECK(*a == *b);
  CHECK(*a == 0.8);
  // Folds of unequal size: 1/3 + 2/4 + 5/6 = 5/3, mean 5/9, rounded once.
  CHECK(*mean_of_fractions({1, 2, 5}, {3, 4, 6}) == 5.0 / 9.0);
  CHECK(*mean_of_fractions({5, 2, 1}, {6, 4, 3}) == 5.0 / 9.0);
  // A sum whose fold-order double differs from the exact mean's rounding.
  const std::vector<long long> correct = {54, 68, 52, 58, 53, 65, 64, 65, 70, 62};
  const std::vector<long long> totals(10, 70);
  double folded = 0;
  for (long long c : correct) folded += static_cast<double>(c) / 70.0;
  const double exact = 611.0 / 700.0;
  CHECK(folded / 10 != exact);
  CHECK(std::abs(folded / 10 - exact) < 1e-15);
  CHECK(*mean_of_fractions(correct, totals) == exact);
  std::vector<long long> reversed(correct.rbegin(), correct.rend());
  CHECK(*mean_of_fractions(reversed, totals) == exact);
}

TEST_CASE("mean_of_fractions: refuses what is not a set of fractions") {
  CHECK(!mean_of_fractions({}, {}));
  CHECK(!mean_of_fractions({1}, {0}));
  CHECK(!mean_of_fractions({3}, {2}));
  CHECK(!mean_of_fractions({-1}, {2}));
  CHECK(!mean_of_fractions({1, 2}, {2}));
  // Coprime totals beyond 62 bits of common denominator.
  const std::vector<long long> primes = {1000003, 1000033, 1000037, 1000039, 1000081};
  CHECK(!mean_of_fractions({1, 1, 1, 1, 1}, primes));
}

TEST_CASE("order_free_mean: the same values in any order, the same double") {
  std::vector<double> values = {0.1, 0.7, 0.2, 1e-17, 0.3333333333333333, 0.9};
  const double mean = order_free_mean(values);
  std::sort(values.begin(), values.end());
  do {
    CHECK(order_free_mean(values) == mean);
  } while (std::next_permutation(values.begin(), values.end()));
  CHECK(std::isnan(order_free_mean({})));
  CHECK(std::isnan(order_free_mean({0.5, std::nan("")})));
}

}  // namespace
}  // namespace tsfs
