// LDA against scikit-learn 1.2.1's LinearDiscriminantAnalysis (solver "svd"): the TEST rows'
// discriminant scores to 1e-8 up to sign, with two classes (one direction) and three (two; more
// features than training rows, so the within-class SVD is cut by its tolerance).
#include "reduce/linear_discriminant.hpp"

#include "reduce/reducer_reference.hpp"

using namespace tsfs::testing;

TEST_CASE("linear_discriminant scores equal scikit-learn's transform up to sign") {
  for (const std::string dataset : {"ECG200", "ArrowHead"}) {
    CAPTURE(dataset);
    const tsfs::Dataset train = reference_split(dataset, tsfs::Split::train);
    const tsfs::Dataset test = reference_split(dataset, tsfs::Split::test);
    const tsfs::LinearDiscriminant model =
        tsfs::linear_discriminant(train.values, train.labels, train.classes());
    const Eigen::MatrixXd expected = reference_matrix("scores.csv", "lda", dataset);
    CHECK(expected.cols() == train.classes() - 1);
    const Eigen::MatrixXd got = tsfs::discriminant_scores(model, test.values, expected.cols());
    CHECK(difference_up_to_sign(got, expected) < 1e-8 * expected.cwiseAbs().maxCoeff());
  }
}

TEST_CASE("linear_discriminant refuses a class without rows") {
  const Eigen::MatrixXd rows = Eigen::MatrixXd::Random(6, 2);
  const Eigen::VectorXi labels = (Eigen::VectorXi(6) << 0, 0, 0, 2, 2, 2).finished();
  CHECK_THROWS_AS(tsfs::linear_discriminant(rows, labels, 3), std::invalid_argument);
}
