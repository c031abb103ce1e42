#pragma once
// What the reducer tests share: the vendored UCR data scikit-learn saw, and its outputs in
// tests/reference/reducers/ (make_reference.py says how they were made).
#include <doctest/doctest.h>

#include <Eigen/Core>
#include <Eigen/SVD>
#include <map>
#include <string>
#include <vector>

#include "data/dataset.hpp"
#include "report/csv_table.hpp"

namespace tsfs::testing {

inline Dataset reference_split(const std::string& name, Split split) {
  return load_ucr_dataset({name,
                           std::filesystem::path(TSFS_SOURCE_DIR) / "third_party" / "ucr" / name,
                           split, std::nullopt});
}

// reference/reducers/<file>: rows of `reducer` and `dataset` as a matrix, the two columns before
// the last giving (row, column) and the last the value.
inline Eigen::MatrixXd reference_matrix(const std::string& file, const std::string& reducer,
                                        const std::string& dataset) {
  const CsvTable table =
      read_csv_table(std::filesystem::path(TSFS_REFERENCE_DIR) / "reducers" / file);
  std::vector<std::array<double, 3>> entries;
  Eigen::Index rows = 0, columns = 0;
  for (const auto& row : table.rows) {
    if (row[0] != reducer || row[1] != dataset) continue;
    const auto r = std::stol(row[2]), c = std::stol(row[3]);
    entries.push_back({static_cast<double>(r), static_cast<double>(c), std::stod(row[4])});
    rows = std::max<Eigen::Index>(rows, r + 1);
    columns = std::max<Eigen::Index>(columns, c + 1);
  }
  Eigen::MatrixXd matrix = Eigen::MatrixXd::Zero(rows, columns);
  for (const auto& [r, c, value] : entries)
    matrix(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) = value;
  return matrix;
}

// ratios.csv of `reducer` and `dataset`, in index order.
inline Eigen::VectorXd reference_ratios(const std::string& reducer, const std::string& dataset) {
  const CsvTable table =
      read_csv_table(std::filesystem::path(TSFS_REFERENCE_DIR) / "reducers" / "ratios.csv");
  std::vector<double> values;
  for (const auto& row : table.rows)
    if (row[0] == reducer && row[1] == dataset) values.push_back(std::stod(row[3]));
  return Eigen::Map<Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
}

// The sine of the largest principal angle between the column spaces of two matrices with
// orthonormal columns: the spectral norm of b's part outside a's span, (I - a a^T) b (accurate
// for small angles, where acos of the cosines would lose half the digits).
inline double largest_principal_angle_sine(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  Eigen::JacobiSVD<Eigen::MatrixXd> svd(b - a * (a.transpose() * b));
  return svd.singularValues()(0);
}

// Largest |got - expected| after giving each column of `got` the sign that matches `expected`.
inline double difference_up_to_sign(Eigen::MatrixXd got, const Eigen::MatrixXd& expected) {
  REQUIRE(got.rows() == expected.rows());
  REQUIRE(got.cols() == expected.cols());
  for (Eigen::Index c = 0; c < got.cols(); ++c)
    if (got.col(c).dot(expected.col(c)) < 0) got.col(c) *= -1.0;
  return (got - expected).cwiseAbs().maxCoeff();
}

}  // namespace tsfs::testing
