// The reducers that approximate their input report ||X - X^||_F of the training rows, and the
// truncated SVD's `energy` counts squared singular values (the lab's "90% of the energy") unless
// energy_of says variance. Each checked against the residual computed directly.
#include <doctest/doctest.h>

#include <Eigen/Core>
#include <cmath>
#include <memory>
#include <random>

#include "reduce/nonnegative_factorization.hpp"
#include "reduce/principal_components.hpp"
#include "reduce/reducer.hpp"

namespace {

std::shared_ptr<const tsfs::Reducer> reconstruction_make_reducer(
    const std::string& kind, std::initializer_list<std::pair<const char*, tsfs::ParamValue>> set) {
  const tsfs::ReducerRegistration* registration = tsfs::ReducerRegistry::instance().find(kind);
  REQUIRE(registration != nullptr);
  tsfs::ParamSet params;
  for (const auto& declaration : registration->info.params) {
    bool given = false;
    for (const auto& [name, value] : set)
      if (declaration.name == name) {
        params.set(name, value);
        given = true;
      }
    if (!given && declaration.default_value)
      params.set(declaration.name, *declaration.default_value);
  }
  return registration->configure(params).component();
}

// 30 rows of 6 positive columns on very different scales, so the directions differ in weight.
Eigen::MatrixXd rows(std::uint64_t seed) {
  std::mt19937_64 generator(seed);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  Eigen::MatrixXd x(30, 6);
  for (Eigen::Index r = 0; r < x.rows(); ++r)
    for (Eigen::Index c = 0; c < x.cols(); ++c)
      x(r, c) = 1.0 + uniform(generator) * std::pow(3.0, static_cast<double>(c));
  return x;
}

}  // namespace

TEST_CASE("energy_shares and dropped_energy_norm of hand-picked singular values") {
  const Eigen::VectorXd singular = (Eigen::VectorXd(3) << 4.0, 2.0, 1.0).finished();
  const Eigen::VectorXd shares = tsfs::energy_shares(singular);
  CHECK(shares[0] == doctest::Approx(16.0 / 21.0).epsilon(1e-15));
  CHECK(shares[2] == doctest::Approx(1.0 / 21.0).epsilon(1e-15));
  CHECK(tsfs::dropped_energy_norm(singular, 1) == doctest::Approx(std::sqrt(5.0)).epsilon(1e-15));
  CHECK(tsfs::dropped_energy_norm(singular, 3) == 0.0);
}

TEST_CASE("pca and svd report the Frobenius norm of the residual of their kept directions") {
  const Eigen::MatrixXd train = rows(1);
  const Eigen::MatrixXd test = rows(2);
  const Eigen::VectorXi labels = Eigen::VectorXi::Zero(train.rows());
  for (const bool centred : {true, false}) {
    CAPTURE(centred);
    const auto reducer = reconstruction_make_reducer(
        centred ? "pca" : "svd", {{"components", tsfs::ParamValue{2LL}}, {"standardize", false}});
    const tsfs::Reduction reduced = reducer->fit_transform(train, labels, 1, test);
    const tsfs::PrincipalComponents fitted =
        centred ? tsfs::principal_components(train) : tsfs::truncated_svd(train);
    const Eigen::MatrixXd shifted = train.rowwise() - fitted.mean;
    const Eigen::MatrixXd directions = fitted.directions.leftCols(2);
    const double residual = (shifted - shifted * directions * directions.transpose()).norm();
    CHECK(reduced.reconstruction_error == doctest::Approx(residual).epsilon(1e-10));
  }
}

TEST_CASE("svd keeps the fewest directions whose squared singular values reach energy") {
  const Eigen::MatrixXd train = rows(3);
  const Eigen::VectorXi labels = Eigen::VectorXi::Zero(train.rows());
  const tsfs::PrincipalComponents fitted = tsfs::truncated_svd(train);
  for (const double energy : {0.9, 0.99, 0.999}) {
    CAPTURE(energy);
    const auto by_singular_values = reconstruction_make_reducer(
        "svd", {{"energy", tsfs::ParamValue{energy}}, {"standardize", false}});
    const auto by_variance =
        reconstruction_make_reducer("svd", {{"energy", tsfs::ParamValue{energy}},
                                            {"energy_of", std::string("variance")},
                                            {"standardize", false}});
    CHECK(by_singular_values->fit_transform(train, labels, 1, train).train.cols() ==
          tsfs::components_reaching(tsfs::energy_shares(fitted.singular_values), energy));
    CHECK(by_variance->fit_transform(train, labels, 1, train).train.cols() ==
          tsfs::components_reaching(fitted.explained_variance_ratio, energy));
  }
  // Uncentred positive rows: the first direction holds most of the energy (the mean) but less
  // of the variance, so at 90% the two rules keep different counts.
  CHECK(tsfs::components_reaching(tsfs::energy_shares(fitted.singular_values), 0.9) <
        tsfs::components_reaching(fitted.explained_variance_ratio, 0.9));
}

TEST_CASE("nmf reports ||X - W H||_F of its training rows with either solver") {
  const Eigen::MatrixXd train = rows(4);
  const Eigen::VectorXi labels = Eigen::VectorXi::Zero(train.rows());
  for (const std::string solver : {"cd", "mu"}) {
    CAPTURE(solver);
    const auto reducer = reconstruction_make_reducer(
        "nmf", {{"components", tsfs::ParamValue{3LL}}, {"solver", solver}});
    const tsfs::Reduction reduced = reducer->fit_transform(train, labels, 1, train);
    CHECK(std::isfinite(reduced.reconstruction_error));
    CHECK(reduced.reconstruction_error > 0.0);
    CHECK(reduced.reconstruction_error < train.norm());
  }
  const auto lda = reconstruction_make_reducer("lda", {});
  const Eigen::VectorXi two =
      (Eigen::VectorXi(30) << Eigen::VectorXi::Zero(15), Eigen::VectorXi::Ones(15)).finished();
  CHECK(std::isnan(lda->fit_transform(train, two, 2, train).reconstruction_error));
  CHECK_FALSE(tsfs::ReducerRegistry::instance().find("lda")->reconstructs);
  CHECK(tsfs::ReducerRegistry::instance().find("svd")->reconstructs);
}
