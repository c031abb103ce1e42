// PLS-DA against scikit-learn 1.2.1's PLSRegression(3) on label_binarize(y): the TEST rows' x
// scores to 1e-8 up to sign, with one response column (two classes) and three.
#include "reduce/partial_least_squares.hpp"

#include "reduce/reducer_reference.hpp"

using namespace tsfs::testing;

TEST_CASE("partial_least_squares scores equal scikit-learn's PLSRegression transform up to sign") {
  for (const std::string dataset : {"ECG200", "ArrowHead"}) {
    CAPTURE(dataset);
    const tsfs::Dataset train = reference_split(dataset, tsfs::Split::train);
    const tsfs::Dataset test = reference_split(dataset, tsfs::Split::test);
    const Eigen::MatrixXd responses =
        tsfs::PartialLeastSquares::indicators(train.labels, train.classes());
    CHECK(responses.cols() == (train.classes() == 2 ? 1 : train.classes()));
    const tsfs::PartialLeastSquares model = tsfs::partial_least_squares(train.values, responses, 3);
    const Eigen::MatrixXd expected = reference_matrix("scores.csv", "pls", dataset);
    const Eigen::MatrixXd got = tsfs::pls_scores(model, test.values);
    CHECK(difference_up_to_sign(got, expected) < 1e-8 * expected.cwiseAbs().maxCoeff());
  }
}

TEST_CASE("partial_least_squares stops when the responses left are constant") {
  // Two centred, orthogonal predictors and a response equal to the first: the first component
  // explains it fully, so there is no second.
  Eigen::MatrixXd x(4, 2);
  x << 1, 1, -1, 1, 1, -1, -1, -1;
  const Eigen::MatrixXd y = x.col(0);
  const tsfs::PartialLeastSquares model = tsfs::partial_least_squares(x, y, 2);
  CHECK(model.x_rotations.cols() == 1);
}
