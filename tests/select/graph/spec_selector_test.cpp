#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "graph/spectral_score.hpp"
#include "select/reference_data.hpp"
#include "select/selector.hpp"
#include "select/selector_test_helpers.hpp"

namespace {

using tsfs::ParamSet;
using tsfs::ParamValue;
using tsfs::ScoreOrder;

Eigen::MatrixXd euclidean(const Eigen::MatrixXd& features) {
  Eigen::MatrixXd distances(features.rows(), features.rows());
  for (Eigen::Index i = 0; i < features.rows(); ++i)
    for (Eigen::Index j = 0; j < features.rows(); ++j)
      distances(i, j) = (features.row(i) - features.row(j)).norm();
  return distances;
}

ParamSet spec_params(const std::string& graph, const std::string& ranker) {
  ParamSet params;
  params.set("graph", ParamValue{graph});
  params.set("ranker", ParamValue{ranker});
  return params;
}

}  // namespace

TEST_CASE("spec selector registration and default orders") {
  const auto& registration = tsfs::testing::selector_registration("spec");
  CHECK_FALSE(registration.supervised);
  CHECK(registration.uses_distance);
  CHECK(tsfs::testing::make_selector("spec")->order() == ScoreOrder::ascending);
  CHECK(tsfs::testing::make_selector("spec", spec_params("knn", "phi3"))->order() ==
        ScoreOrder::descending);
  CHECK(tsfs::testing::make_selector("spec", spec_params("knn", "phi2"))->check_fit_rows(10));
}

// The rbf graph with sigma such that 2 sigma^2 = 2 t_data^2 is the reference W_rbf_tdata, so the
// selector must reproduce scikit-feature's style -1 scores (up to the graph's round-off).
TEST_CASE("spec selector with the rbf graph reproduces the reference RBF scores") {
  const auto data = tsfs::testing::load_labelled_data("gunpoint50");
  const Eigen::MatrixXd distances = euclidean(data.features);
  ParamSet params = spec_params("rbf", "phi1");
  params.set("sigma_ratio", ParamValue{3.179 / distances.mean()});
  const tsfs::SelectionProblem problem{data.features, nullptr, 0, &distances};
  const auto scores = tsfs::testing::make_selector("spec", params)->score(problem);
  tsfs::testing::check_against(scores.scores, "gunpoint50_spec_Wrbftdata_style-1.csv",
                               ScoreOrder::descending, 1e-10);
  CHECK(scores.zero_weight_fraction == 0.0);
}

TEST_CASE("spec selector: knn graph, phi3 by Lanczos equals the dense eigendecomposition") {
  const auto data = tsfs::testing::load_labelled_data("wafer150");
  const Eigen::MatrixXd distances = euclidean(data.features);
  const tsfs::SelectionProblem problem{data.features, nullptr, 0, &distances};
  ParamSet params = spec_params("knn", "phi3");
  params.set("k", ParamValue{8LL});
  params.set("n_eigen", ParamValue{3LL});
  const Eigen::VectorXd dense = tsfs::testing::make_selector("spec", params)->score(problem).scores;
  params.set("dense_limit", ParamValue{0LL});
  const Eigen::VectorXd lanczos =
      tsfs::testing::make_selector("spec", params)->score(problem).scores;
  CHECK(tsfs::testing::max_relative_difference(lanczos, dense) < 1e-8);
  CHECK(tsfs::rank_by_score(lanczos, ScoreOrder::descending) ==
        tsfs::rank_by_score(dense, ScoreOrder::descending));

  // Every spectral function runs on the dense path; phi2 with gamma increasing stays finite.
  for (const std::string function :
       {"polynomial", "regularized", "diffusion", "random_walk", "inverse_cosine"}) {
    CAPTURE(function);
    ParamSet other = spec_params("knn", "phi2");
    other.set("spectral_function", ParamValue{function});
    const Eigen::VectorXd scores =
        tsfs::testing::make_selector("spec", other)->score(problem).scores;
    CHECK(scores.allFinite());
  }
  CHECK_THROWS(tsfs::testing::make_selector("spec", [] {
    ParamSet bad = spec_params("knn", "phi3");
    bad.set("spectral_function", ParamValue{std::string("inverse_cosine")});
    return bad;
  }()));
}
