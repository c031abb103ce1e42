// The supervised reducers on a fold's training rows that lack a class (a class only in the test
// rows) or hold one class only: lda fits the classes present, as scikit-learn does; a single class
// is refused as bad input (InputError, which the sweep names at the spec's reduce line), and the
// plan-time check says so before any fit. Never an internal error.
#include <doctest/doctest.h>

#include <Eigen/Core>
#include <memory>

#include "common/error.hpp"
#include "reduce/reducer.hpp"

namespace {

std::shared_ptr<const tsfs::Reducer> make_reducer(const std::string& kind) {
  const tsfs::ReducerRegistration* registration = tsfs::ReducerRegistry::instance().find(kind);
  REQUIRE(registration != nullptr);
  tsfs::ParamSet params;
  for (const auto& declaration : registration->info.params)
    if (declaration.default_value) params.set(declaration.name, *declaration.default_value);
  return registration->configure(params).component();
}

}  // namespace

TEST_CASE("lda and pls fit a fold whose training rows lack a class, refuse one with one class") {
  const Eigen::MatrixXd train = Eigen::MatrixXd::Random(8, 4);
  const Eigen::MatrixXd test = Eigen::MatrixXd::Random(3, 4);
  // Classes 0 and 2 of 3: class 1 has no training row.
  const Eigen::VectorXi two_of_three = (Eigen::VectorXi(8) << 0, 0, 0, 0, 2, 2, 2, 2).finished();
  const Eigen::VectorXi one_class = Eigen::VectorXi::Zero(8);
  for (const char* kind : {"lda", "pls"}) {
    CAPTURE(kind);
    const auto reducer = make_reducer(kind);
    const tsfs::Reduction reduced = reducer->fit_transform(train, two_of_three, 3, test);
    CHECK(reduced.train.rows() == 8);
    CHECK(reduced.test.rows() == 3);
    CHECK(reduced.train.cols() >= 1);
    CHECK(reduced.train.allFinite());
    CHECK_THROWS_AS(reducer->fit_transform(train, one_class, 3, test), tsfs::InputError);
    const auto& check = tsfs::ReducerRegistry::instance().find(kind)->check_training_rows;
    REQUIRE(check);
    CHECK(check(1, 8));
    CHECK_FALSE(check(2, 8));
  }
  // lda keeps at most (classes present - 1) directions: one here, not two.
  CHECK(make_reducer("lda")->fit_transform(train, two_of_three, 3, test).train.cols() == 1);
}

TEST_CASE("present_classes lists the classes a fold's labels hold, in order") {
  const Eigen::VectorXi labels = (Eigen::VectorXi(5) << 3, 0, 3, 1, 0).finished();
  CHECK(tsfs::present_classes(labels, 5) == std::vector<int>{0, 1, 3});
  CHECK(tsfs::present_classes(Eigen::VectorXi(), 2).empty());
}

// scikit-learn's LinearDiscriminantAnalysis refuses n_samples <= n_classes (no within-class
// scatter: its scaling divides by n - classes); so does lda, at plan time and in the fit.
TEST_CASE("lda refuses training rows no more than their classes") {
  const auto& check = tsfs::ReducerRegistry::instance().find("lda")->check_training_rows;
  CHECK(doctest::String(check(2, 2).value_or("").c_str()) ==
        doctest::Contains("lda needs more training rows than classes"));
  CHECK_FALSE(check(2, 3));
  const Eigen::MatrixXd rows = (Eigen::MatrixXd(2, 1) << 1.0, 2.0).finished();
  const Eigen::VectorXi labels = (Eigen::VectorXi(2) << 0, 1).finished();
  CHECK_THROWS_WITH_AS(make_reducer("lda")->fit_transform(rows, labels, 2, rows),
                       doctest::Contains("2 rows of 2 classes"), tsfs::InputError);
}
