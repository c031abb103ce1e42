// The Laplacian batch's vector kernels against textbook loops, bit for bit, for feature counts
// that leave every kind of remainder after the kernels' blocks (narrower than one vector, single
// vectors, a last vector overlapping features already summed), for the instruction set this CPU
// runs (the one the kernels choose).
#include "graph/laplacian_batch_kernels.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <vector>

namespace tsfs::laplacian_kernels {
namespace {

using RowMajorMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Each product is stored before it is added (volatile), so no build fuses them.
double product(double a, double b) {
  volatile double result = a * b;
  return result;
}

const std::vector<Eigen::Index> kWidths = {1, 5, 8, 9, 16, 31, 32, 33, 45, 70, 389};

}  // namespace

TEST_CASE("weighted_row_sums equals the textbook sums for every width and count of sets") {
  std::srand(17);
  // Row counts within one chunk of rows (256), at its end and past it (sums continued from the
  // chunk before), with sets that fill and do not fill the kernels' groups of four.
  for (const Eigen::Index row_count : {23, 256, 600})
    for (const Eigen::Index width : kWidths)
      for (const Eigen::Index sets : {1, 3, 4, 6, 9}) {
        CAPTURE(row_count);
        CAPTURE(width);
        CAPTURE(sets);
        const RowMajorMatrix rows = RowMajorMatrix::Random(row_count, width) * 10.0;
        const RowMajorMatrix weights = RowMajorMatrix::Random(sets, row_count);
        RowMajorMatrix sums = RowMajorMatrix::Constant(sets, width, 99.0);  // overwritten
        weighted_row_sums(rows.data(), row_count, width, weights.data(), sets, sums.data());
        bool same = true;
        for (Eigen::Index s = 0; s < sets; ++s)
          for (Eigen::Index r = 0; r < width; ++r) {
            double sum = 0.0;
            for (Eigen::Index p = 0; p < row_count; ++p)
              sum = sum + product(weights(s, p), rows(p, r));
            same = same && sums(s, r) == sum;
          }
        CHECK(same);
      }
}

TEST_CASE("literal_forms equals the textbook quadratic forms for every width") {
  std::srand(19);
  // A sparse matrix over 12 nodes: node i's entries at (i + 1), (i + 3) and (i + 7) modulo 12.
  const Eigen::Index nodes = 12;
  std::vector<Eigen::Index> row_starts{0};
  std::vector<int> columns;
  std::vector<double> entries;
  for (Eigen::Index i = 0; i < nodes; ++i) {
    for (const Eigen::Index step : {1, 3, 7}) {
      columns.push_back(static_cast<int>((i + step) % nodes));
      entries.push_back(0.25 + 0.1 * static_cast<double>(std::rand() % 17));
    }
    row_starts.push_back(static_cast<Eigen::Index>(columns.size()));
  }
  const Eigen::VectorXd degrees = Eigen::VectorXd::Random(nodes).cwiseAbs();
  for (const Eigen::Index width : kWidths) {
    CAPTURE(width);
    const RowMajorMatrix values = RowMajorMatrix::Random(nodes, width) * 5.0;
    Eigen::VectorXd means(width), numerators(width), denominators(width);
    RowMajorMatrix centred(nodes, width);
    literal_forms({values.data(), nodes, width}, {degrees.data(), 3.5},
                  {row_starts.data(), columns.data(), entries.data()},
                  {means.data(), centred.data(), numerators.data(), denominators.data()});
    bool same = true;
    for (Eigen::Index r = 0; r < width; ++r) {
      double mean = 0.0;
      for (Eigen::Index i = 0; i < nodes; ++i) mean = mean + product(values(i, r), degrees[i]);
      mean = mean / 3.5;
      double numerator = 0.0, denominator = 0.0;
      for (Eigen::Index i = 0; i < nodes; ++i) {
        const double own = values(i, r) - mean;
        same = same && centred(i, r) == own;
        for (Eigen::Index e = row_starts[static_cast<size_t>(i)];
             e < row_starts[static_cast<size_t>(i) + 1]; ++e) {
          const double other = values(columns[static_cast<size_t>(e)], r) - mean;
          numerator = numerator + product(product(own, other), entries[static_cast<size_t>(e)]);
        }
        denominator = denominator + product(product(own, own), degrees[i]);
      }
      same =
          same && means[r] == mean && numerators[r] == numerator && denominators[r] == denominator;
    }
    CHECK(same);
  }
}

}  // namespace tsfs::laplacian_kernels
