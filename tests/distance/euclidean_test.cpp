// Tests of the "euclidean" and "ned" distances.
#include <doctest/doctest.h>

#include <cmath>

#include "../data/test_support.hpp"
#include "distance/distance.hpp"

using tsfs::Dataset;
using tsfs::DistanceMeasure;
using tsfs::DistanceRegistry;
using tsfs::ParamSet;
using tsfs::test::input_error_text;
using tsfs::test::make_dataset;
using tsfs::test::ucr_folder;

namespace {

std::shared_ptr<const DistanceMeasure> make_distance(const std::string& name) {
  return tsfs::test::configured_distance(name, ParamSet{});
}

Dataset gun_point() {
  tsfs::DatasetOptions options;
  options.name = "GunPoint";
  options.folder = ucr_folder("GunPoint");
  return tsfs::load_ucr_dataset(options);
}

}  // namespace

TEST_CASE("euclidean and ned are registered without parameters") {
  for (std::string name : {"euclidean", "ned"}) {
    const auto* registration = DistanceRegistry::instance().find(name);
    REQUIRE(registration != nullptr);
    CHECK(registration->info.params.empty());
    CHECK(make_distance(name)->label() == name);
    CHECK(make_distance(name)->cacheable());
  }
}

TEST_CASE("euclidean on a hand-checked example") {
  Dataset dataset = make_dataset({{0, 0, 3}, {4, 0, 0}, {4, 0, 3}});
  auto distances = make_distance("euclidean")->pairwise(dataset, 1);
  REQUIRE(distances.rows() == 3);
  CHECK(distances(0, 1) == 5.0);  // sqrt(16 + 0 + 9)
  CHECK(distances(0, 2) == 4.0);
  CHECK(distances(1, 2) == 3.0);
  CHECK(distances(2, 0) == 4.0);
  CHECK(distances.diagonal().isZero(0.0));
}

TEST_CASE("ned z-normalises each series with its population standard deviation") {
  // a = (1,2,3): mean 2, population std sqrt(2/3), so z = (-sqrt(3/2), 0, sqrt(3/2)).
  // b = (3,2,1) is its mirror image: distance sqrt(2 * (2 sqrt(3/2))^2) = sqrt(12).
  // c = (2,4,6) has the same shape as a: distance 0.
  // d = (5,5,5) is constant, so all zeros: distance sqrt(|z_a|^2) = sqrt(3).
  // e = (0.1,0.1,0.1) is constant too (its mean is not exactly 0.1): distance 0 to d.
  Dataset dataset = make_dataset({{1, 2, 3}, {3, 2, 1}, {2, 4, 6}, {5, 5, 5}, {0.1, 0.1, 0.1}});
  auto distances = make_distance("ned")->pairwise(dataset, 2);
  CHECK(distances(0, 1) == doctest::Approx(std::sqrt(12.0)).epsilon(1e-14));
  CHECK(distances(0, 2) < 1e-14);
  CHECK(distances(0, 3) == doctest::Approx(std::sqrt(3.0)).epsilon(1e-14));
  CHECK(distances(1, 3) == doctest::Approx(std::sqrt(3.0)).epsilon(1e-14));
  CHECK(distances(3, 4) == 0.0);
  CHECK(distances(0, 4) == doctest::Approx(std::sqrt(3.0)).epsilon(1e-14));
}

TEST_CASE("ned on the raw series is euclidean on series loaded with normalise: z, bit for bit") {
  tsfs::DatasetOptions options;
  options.name = "GunPoint";
  options.folder = ucr_folder("GunPoint");
  const Dataset raw = tsfs::load_ucr_dataset(options);
  options.normalise = tsfs::Normalisation::z;
  const Dataset normalised = tsfs::load_ucr_dataset(options);
  CHECK(make_distance("ned")->pairwise(raw, 2) ==
        make_distance("euclidean")->pairwise(normalised, 2));
}

TEST_CASE("distance matrices are exactly symmetric, zero on the diagonal, thread-invariant") {
  Dataset gun = gun_point();
  for (std::string name : {"euclidean", "ned"}) {
    CAPTURE(name);
    auto distance = make_distance(name);
    Eigen::MatrixXd one = distance->pairwise(gun, 1);
    Eigen::MatrixXd three = distance->pairwise(gun, 3);
    REQUIRE(one.rows() == 200);
    CHECK((one.array() == three.array()).all());  // bitwise, not approximately
    CHECK(one == one.transpose());
    CHECK((one.diagonal().array() == 0.0).all());
    CHECK(distance->pairwise(gun, 0) == one);
    CHECK(distance->pairwise(gun, 500) == one);
  }
  // Against a plain Eigen computation of a few entries.
  Eigen::MatrixXd euclidean = make_distance("euclidean")->pairwise(gun, 2);
  for (auto [i, j] : {std::pair{0, 1}, std::pair{7, 150}, std::pair{199, 3}})
    CHECK(euclidean(i, j) ==
          doctest::Approx((gun.values.row(i) - gun.values.row(j)).norm()).epsilon(1e-12));
}

TEST_CASE("tiny and empty datasets") {
  auto distance = make_distance("ned");
  CHECK(distance->pairwise(make_dataset({}), 3).size() == 0);
  Eigen::MatrixXd single = distance->pairwise(make_dataset({{1, 2}}), 3);
  REQUIRE(single.rows() == 1);
  CHECK(single(0, 0) == 0.0);
}

TEST_CASE("series of unequal length are rejected, naming the dataset") {
  Dataset ragged = make_dataset({{1, 2, 3}, {1, 2}}, "Gestures");
  for (std::string name : {"euclidean", "ned"}) {
    auto text = input_error_text([&] { make_distance(name)->pairwise(ragged, 1); });
    CHECK(text == doctest::Contains("Gestures"));
    CHECK(text == doctest::Contains("unequal lengths (2 to 3)"));
    CHECK(text == doctest::Contains("DTW"));
  }
}
