#include "evaluate/fold_means.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

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
  const auto unequal = mean_of_fractions({1, 2, 5}, {3, 4, 6});
  const auto permuted = mean_of_fractions({5, 2, 1}, {6, 4, 3});
  REQUIRE(unequal);
  REQUIRE(permuted);
  CHECK(*unequal == 5.0 / 9.0);
  CHECK(*permuted == 5.0 / 9.0);
  // A sum whose fold-order double differs from the exact mean's rounding.
  const std::vector<long long> correct = {54, 68, 52, 58, 53, 65, 64, 65, 70, 62};
  const std::vector<long long> totals(10, 70);
  double folded = 0;
  for (long long c : correct) folded += static_cast<double>(c) / 70.0;
  const double exact = 611.0 / 700.0;
  CHECK(folded / 10 != exact);
  CHECK(std::abs(folded / 10 - exact) < 1e-15);
  const std::vector<long long> reversed(correct.rbegin(), correct.rend());
  const auto forward = mean_of_fractions(correct, totals);
  const auto backward = mean_of_fractions(reversed, totals);
  REQUIRE(forward);
  REQUIRE(backward);
  CHECK(*forward == exact);
  CHECK(*backward == exact);
}

TEST_CASE("mean_of_fractions: rounded once beyond 53 bits (grouped folds of a dozen sizes)") {
  // The mean is 25474554192341699 / 32898779144431200 (lcm of the sizes times 12): dividing the
  // two as doubles gives 0.7743312929791134; the nearest double, Python's float(Fraction), is
  // 0.7743312929791133.
  const auto mean = mean_of_fractions({38, 32, 41, 32, 31, 48, 41, 44, 53, 45, 44, 41},
                                      {47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 58, 59});
  REQUIRE(mean);
  CHECK(*mean == 0.7743312929791133);
  CHECK(*mean_of_fractions({1}, {3}) == 1.0 / 3.0);
  CHECK(*mean_of_fractions({0, 0}, {3, 5}) == 0.0);
  CHECK(*mean_of_fractions({3, 5}, {3, 5}) == 1.0);
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

TEST_CASE("mean_accuracy: from the counts the accuracies are, else the order-free mean") {
  // 54/70, 68/70, ... as doubles, in two orders: the exact mean both times.
  const std::vector<long long> correct = {54, 68, 52, 58, 53, 65, 64, 65, 70, 62};
  std::vector<double> accuracies;
  for (long long c : correct) accuracies.push_back(static_cast<double>(c) / 70.0);
  const std::vector<long long> sizes(10, 70);
  CHECK(mean_accuracy(accuracies, sizes) == 611.0 / 700.0);
  std::reverse(accuracies.begin(), accuracies.end());
  CHECK(mean_accuracy(accuracies, sizes) == 611.0 / 700.0);
  // 0.5 is no count of 19 rows: the order-free mean.
  CHECK(mean_accuracy({0.5, 1.0, 0.75}, {19, 19, 19}) == order_free_mean({0.5, 1.0, 0.75}));
  CHECK(mean_accuracy({0.5, 0.25}, {0, 4}) == order_free_mean({0.5, 0.25}));
  CHECK(std::isnan(mean_accuracy({std::nan(""), 0.5}, {2, 2})));
  CHECK_THROWS_AS(mean_accuracy({0.5}, {2, 2}), std::logic_error);
}

TEST_CASE("mean_of_fractions: whether it overflows does not depend on the fold order") {
  const std::vector<long long> primes = {1000003, 1000033, 1000037};
  std::vector<long long> totals = {primes[0], primes[1], primes[2],
                                   primes[0], primes[1], primes[2]};
  const std::vector<long long> ones(6, 1);
  const auto interleaved = mean_of_fractions(ones, totals);
  std::sort(totals.begin(), totals.end());
  const auto grouped = mean_of_fractions(ones, totals);
  REQUIRE(interleaved.has_value() == grouped.has_value());
  if (interleaved) CHECK(*interleaved == *grouped);
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
