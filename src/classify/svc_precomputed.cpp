#include "classify/svc_precomputed.hpp"

#include "classify/ordered_column_sums.hpp"
#include "classify/svc_libsvm.hpp"
#include "numerics/exp_each.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <type_traits>

namespace tsfs {

PrecomputedKernelRows::PrecomputedKernelRows(Eigen::Index rows)
    : rows_(static_cast<size_t>(rows)),
      stride_(rows_ + 2),
      nodes_(reused_buffer(rows_ * stride_ * sizeof(svm_node))),  // filled by write_symmetric
      starts_(rows_) {
  // svm_node is a plain struct: the uninitialised buffer holds its objects once written.
  static_assert(std::is_trivially_default_constructible_v<svm_node>);
  for (size_t row = 0; row < rows_; ++row) {
    svm_node* nodes = static_cast<svm_node*>(nodes_->data()) + row * stride_;
    nodes[0] = svm_node{0, static_cast<double>(row + 1)};
    nodes[rows_ + 1] = svm_node{-1, 0.0};
    starts_[row] = nodes;
  }
}

void PrecomputedKernelRows::set_rbf(const Eigen::MatrixXd& squared, double gamma) {
  const auto rows = static_cast<Eigen::Index>(rows_);
  if (squared.rows() != rows || squared.cols() != rows)
    throw std::invalid_argument("precomputed kernel: the squared distances are not rows x rows");
  write_symmetric([&](const Tile& tile) {
    for (size_t j = tile.first_column; j < tile.last_column; ++j)
      for (size_t i = std::max(tile.first_row, j); i < tile.last_row; ++i)
        tile.value(i, j) =
            -gamma * squared(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j));
  });
}

void PrecomputedKernelRows::set_libsvm_rbf(const Eigen::MatrixXd& features, double gamma) {
  const Eigen::Index columns = features.cols();
  const auto rows = static_cast<Eigen::Index>(rows_);
  if (features.rows() != rows)
    throw std::invalid_argument("precomputed kernel: the features have another number of rows");
  // x_i.x_i for every row, and each row's values contiguous (the references of the Gram's
  // products; read from `features`, each value of a reference row is on its own cache line).
  Eigen::VectorXd squares = Eigen::VectorXd::Zero(rows);
  add_squares_in_column_order({features.data(), rows, rows, columns}, squares.data());
  const Eigen::MatrixXd transposed = features.transpose();
  write_symmetric([&](const Tile& tile) {
    // The tile's dot products x_i.x_j (libsvm's dot(): products summed in column order), four
    // columns j at a time over the rows from the first of them down (a few above the diagonal
    // are summed for nothing), then term for term libsvm's kernel_rbf:
    // x_square[i] + x_square[j] - 2 * dot(x[i], x[j]).
    auto add_dots = [&](size_t first, size_t count) {
      const size_t first_row = std::max(tile.first_row, first);
      const double* references[4];
      double* targets[4];
      for (size_t r = 0; r < count; ++r) {
        references[r] = transposed.col(static_cast<Eigen::Index>(first + r)).data();
        targets[r] = &tile.value(first_row, first + r);
        std::fill(targets[r], targets[r] + (tile.last_row - first_row), 0.0);
      }
      const ColumnMajorBlock block{features.data() + first_row,
                                   static_cast<Eigen::Index>(tile.last_row - first_row), rows,
                                   columns};
      if (count == 4) {
        add_products_of_four_in_column_order(block, {references, 1}, targets);
      } else {
        for (size_t r = 0; r < count; ++r)
          add_products_in_column_order(block, {references[r], 1}, targets[r]);
      }
    };
    size_t j = tile.first_column;
    for (; j + 4 <= tile.last_column; j += 4) add_dots(j, 4);
    if (j < tile.last_column) add_dots(j, tile.last_column - j);
    for (j = tile.first_column; j < tile.last_column; ++j)
      for (size_t i = std::max(tile.first_row, j); i < tile.last_row; ++i)
        tile.value(i, j) = -gamma * (squares(static_cast<Eigen::Index>(i)) +
                                     squares(static_cast<Eigen::Index>(j)) - 2 * tile.value(i, j));
  });
}

template <class FillTile>
void PrecomputedKernelRows::write_symmetric(FillTile fill_tile) {
  // Tiles of kTileSize x kTileSize pairs, in four passes: the tile's arguments of exp
  // (fill_tile), its kernel values (exp_each_for_floats, several at a time), then K(i, j) along the
  // tile's rows and K(j, i) along its columns, each a contiguous run of nodes. The nodes (10 MB for
  // 800 rows, written once per fit) are mostly not in cache: while a column's exponentials are
  // computed, one row's run of each kind is prefetched for writing, so that the writes find their
  // lines in cache (fig3_sigma_kfold took 30.1 s without the prefetches, 27.3-28.3 s with them,
  // 29.3-31.6 s with std::exp called between the writes).
  // The tile's (i, j), column after column; each written before it is read (fill_tile zeroes
  // what it sums into), so not zeroed here.
  std::array<double, kTileSize * kTileSize> values;
  for (size_t first_column = 0; first_column < rows_; first_column += kTileSize)
    for (size_t first_row = first_column; first_row < rows_; first_row += kTileSize) {
      const Tile tile{first_row, std::min(first_row + kTileSize, rows_), first_column,
                      std::min(first_column + kTileSize, rows_), values.data()};
      fill_tile(tile);
      for (size_t j = tile.first_column; j < tile.last_column; ++j) {
        const size_t row = tile.first_row + (j - tile.first_column);
        // Four nodes to a 64-byte line; a run that starts inside a line ends in one line more.
        if (row < tile.last_row) {
          for (size_t k = tile.first_column; k < tile.last_column; k += 4)
            __builtin_prefetch(&starts_[row][k + 1], 1);
          __builtin_prefetch(&starts_[row][tile.last_column], 1);
        }
        for (size_t k = tile.first_row; k < tile.last_row; k += 4)
          __builtin_prefetch(&starts_[j][k + 1], 1);
        __builtin_prefetch(&starts_[j][tile.last_row], 1);
        const size_t first = std::max(tile.first_row, j);
        if (first >= tile.last_row) continue;
        // std::exp's floats (svc_precomputed.hpp); on the diagonal, which libsvm reads as a
        // double, std::exp's double (1 for both kernels' zero arguments, whatever a caller gives).
        const double diagonal_argument = tile.value(first, j);
        exp_each_for_floats(&tile.value(first, j), tile.last_row - first);
        if (first == j) tile.value(j, j) = std::exp(diagonal_argument);
      }
      for (size_t i = tile.first_row; i < tile.last_row; ++i)
        for (size_t j = tile.first_column; j < std::min(tile.last_column, i + 1); ++j)
          starts_[i][j + 1] = svm_node{static_cast<int>(j) + 1, tile.value(i, j)};
      for (size_t j = tile.first_column; j < tile.last_column; ++j)
        for (size_t i = std::max(tile.first_row, j); i < tile.last_row; ++i)
          starts_[j][i + 1] = svm_node{static_cast<int>(i) + 1, tile.value(i, j)};
    }
}

std::vector<Eigen::Index> support_vector_rows(const svm_model& model) {
  std::vector<Eigen::Index> rows(static_cast<size_t>(model.l));
  for (size_t vector = 0; vector < rows.size(); ++vector)
    rows[vector] = static_cast<Eigen::Index>(std::lround(model.SV[vector][0].value)) - 1;
  return rows;
}

Predictions predict_precomputed(const svm_model& model, const Eigen::MatrixXd& test_squared,
                                double gamma, int classes) {
  const std::vector<Eigen::Index> rows = support_vector_rows(model);
  // Support vector v's kernel values with a block's rows at v * kDecisionBlockRows + r; the rows
  // past a last, partial block keep finite values.
  std::vector<double> kernel_values(rows.size() * kDecisionBlockRows, 0.0);
  LibsvmDecisions decisions_of(model);
  return libsvm_predictions(
      model, test_squared.rows(), classes,
      [&](Eigen::Index first, Eigen::Index count, double* decisions, int* labels) {
        for (size_t vector = 0; vector < rows.size(); ++vector) {
          const double* squared = test_squared.col(rows[vector]).data() + first;
          double* values = kernel_values.data() + vector * kDecisionBlockRows;
          for (Eigen::Index r = 0; r < count; ++r) values[r] = -gamma * squared[r];
          exp_each(values, static_cast<size_t>(count));
        }
        decisions_of.decide(kernel_values.data(), count, decisions, labels);
      });
}

Eigen::MatrixXd squared_distances_to_rows(const Eigen::MatrixXd& test, const Eigen::MatrixXd& train,
                                          const std::vector<Eigen::Index>& train_rows) {
  if (test.cols() != train.cols())
    throw std::invalid_argument("squared distances: test and training columns differ");
  Eigen::MatrixXd squared = Eigen::MatrixXd::Zero(test.rows(), train.rows());
  // Test rows in chunks of about 192 KiB, each chunk against every listed row: the chunk stays in
  // the core's cache while the training rows pass over it, instead of the whole test matrix
  // streaming in once per training row. Each entry is still one sum in column order. Chunks are
  // whole multiples of the AVX2 kernel's 24-row block, at least four of them.
  constexpr Eigen::Index kChunkBytes = Eigen::Index{192} << 10, kKernelBlockRows = 24;
  const Eigen::Index row_bytes =
      static_cast<Eigen::Index>(sizeof(double)) * std::max<Eigen::Index>(1, test.cols());
  const Eigen::Index chunk_rows = std::max<Eigen::Index>(
      4 * kKernelBlockRows, kChunkBytes / row_bytes / kKernelBlockRows * kKernelBlockRows);
  const Eigen::MatrixXd listed = train(train_rows, Eigen::all).transpose();
  for (Eigen::Index first = 0; first < test.rows(); first += chunk_rows) {
    const Eigen::Index count = std::min(chunk_rows, test.rows() - first);
    for (size_t slot = 0; slot < train_rows.size(); ++slot)
      add_squared_differences_in_column_order(
          {test.data() + first, count, test.rows(), test.cols()},
          {listed.col(static_cast<Eigen::Index>(slot)).data(), 1},
          squared.col(train_rows[slot]).data() + first);
  }
  return squared;
}

}  // namespace tsfs
