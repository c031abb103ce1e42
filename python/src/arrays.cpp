#include "arrays.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "common/error.hpp"
#include "data/series_file.hpp"

namespace tsfs::python {
namespace {

// The dtype kinds read as numbers: float, signed and unsigned integer (numpy converts them to
// float64 exactly up to 2**53). Booleans, complex, strings and objects are refused: their
// conversion would hide a mistake.
bool numeric_kind(char kind) {
  return kind == 'f' || kind == 'i' || kind == 'u';
}

py::array_t<double> float64_array(const py::handle& object, const std::string& what) {
  py::array array = py::array::ensure(object);
  if (!array) throw py::type_error(fmt::format("{} must be a numeric array", what));
  if (!numeric_kind(array.dtype().kind()))
    throw py::type_error(
        fmt::format("{} must hold numbers (float64, or an integer or float dtype "
                    "converted to it), got dtype {}",
                    what, py::str(array.dtype()).cast<std::string>()));
  // A float64 array of any layout passes through as it is (no copy); others are converted.
  return py::array_t<double>::ensure(array);
}

// The checks the TSV reader makes of each value (data/ucr_loader.cpp), with the series and
// position instead of file:line and column.
void check_value(double value, long long row, long long position, const std::string& what) {
  if (std::isinf(value))
    throw InputError(what, fmt::format("series {}, position {}: infinite value", row, position));
  if (std::abs(value) > kLargestValue)
    throw InputError(what, fmt::format("series {}, position {}: {}", row, position,
                                       too_large_value_reason(fmt::format("{}", value))));
}

// Length of one series whose values are `at(0 .. stored-1)`: trailing NaN are padding, any
// other NaN is a missing value and refused as the TSV reader refuses it.
template <typename At>
int series_length(long long stored, At at, long long row, const std::string& what) {
  long long length = 0;
  long long first_nan = -1;
  for (long long i = 0; i < stored; ++i) {
    double value = at(i);
    if (std::isnan(value)) {
      if (first_nan < 0) first_nan = i;
      continue;
    }
    check_value(value, row, i, what);
    if (first_nan >= 0)
      throw InputError(what,
                       fmt::format("series {}: value at position {} after NaN at position {}; "
                                   "NaN may only pad the end of a shorter series, and "
                                   "inside a series it is a missing value (tsfs.load_dataset "
                                   "with missing='interpolate' fills those of data files)",
                                   row, i, first_nan));
    length = i + 1;
  }
  if (length == 0) throw InputError(what, fmt::format("series {} has no values", row));
  return static_cast<int>(length);
}

Dataset empty_dataset(long long rows, long long columns) {
  Dataset dataset;
  dataset.name = "input";
  dataset.values = Eigen::MatrixXd::Constant(rows, columns, std::nan(""));
  dataset.lengths = Eigen::VectorXi::Zero(rows);
  dataset.labels = Eigen::VectorXi::Zero(rows);
  dataset.class_names = {"0"};
  dataset.train_rows = rows;
  dataset.merged_rows = rows;
  return dataset;
}

}  // namespace

Dataset series_dataset(const py::handle& series, const std::string& what) {
  const bool is_array = py::isinstance<py::array>(series);
  if (!is_array && (py::isinstance<py::list>(series) || py::isinstance<py::tuple>(series))) {
    // A sequence of series of any lengths (unless it is a plain nested list of numbers of one
    // length, which numpy reads as a 2-D array just as well).
    py::sequence items = py::reinterpret_borrow<py::sequence>(series);
    std::vector<py::array_t<double>> arrays;
    long long longest = 0;
    for (size_t r = 0; r < items.size(); ++r) {
      arrays.push_back(float64_array(items[r], fmt::format("{}[{}]", what, r)));
      if (arrays.back().ndim() != 1)
        throw py::value_error(
            fmt::format("{}[{}] must be a 1-D array (one series), got {} dimensions", what, r,
                        arrays.back().ndim()));
      longest = std::max<long long>(longest, arrays.back().shape(0));
    }
    if (arrays.empty()) throw py::value_error(fmt::format("{} holds no series", what));
    Dataset dataset = empty_dataset(static_cast<long long>(arrays.size()), longest);
    for (size_t r = 0; r < arrays.size(); ++r) {
      auto view = arrays[r].unchecked<1>();
      const auto row = static_cast<long long>(r);
      dataset.lengths(row) = series_length(
          view.shape(0), [&](long long i) { return view(i); }, row, what);
      for (long long i = 0; i < dataset.lengths(row); ++i) dataset.values(row, i) = view(i);
    }
    return dataset;
  }
  py::array_t<double> array = float64_array(series, what);
  if (array.ndim() == 1) array = array.reshape({py::ssize_t{1}, array.shape(0)});
  if (array.ndim() != 2)
    throw py::value_error(fmt::format(
        "{} must be a 2-D array (one series per row), a 1-D array or a list of 1-D arrays, got "
        "{} dimensions",
        what, array.ndim()));
  if (array.shape(0) == 0 || array.shape(1) == 0)
    throw py::value_error(
        fmt::format("{} is empty (shape {} x {})", what, array.shape(0), array.shape(1)));
  auto view = array.unchecked<2>();
  Dataset dataset = empty_dataset(view.shape(0), view.shape(1));
  for (long long r = 0; r < view.shape(0); ++r) {
    dataset.lengths(r) = series_length(
        view.shape(1), [&](long long i) { return view(r, i); }, r, what);
    for (long long i = 0; i < dataset.lengths(r); ++i) dataset.values(r, i) = view(r, i);
  }
  return dataset;
}

Eigen::MatrixXd matrix_from(const py::handle& object, const std::string& what, bool allow_nan) {
  py::array_t<double> array = float64_array(object, what);
  if (array.ndim() != 2)
    throw py::value_error(
        fmt::format("{} must be a 2-D array, got {} dimensions", what, array.ndim()));
  auto view = array.unchecked<2>();
  const long long rows = view.shape(0), columns = view.shape(1);
  Eigen::MatrixXd matrix(rows, columns);
  // NumPy's rows are contiguous and Eigen's columns: tile by tile, both sides stay in the cache (a
  // 9,000 x 9,000 distance matrix, copied row by row into the columns, took 1.5 s). The copy holds
  // the GIL, so it runs Python's signal handlers itself between rows of tiles: Ctrl-C during the
  // copy of a large matrix raises KeyboardInterrupt at once.
  constexpr long long kTile = 64;
  for (long long row_start = 0; row_start < rows; row_start += kTile) {
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    for (long long column_start = 0; column_start < columns; column_start += kTile)
      for (long long c = column_start; c < std::min(columns, column_start + kTile); ++c)
        for (long long r = row_start; r < std::min(rows, row_start + kTile); ++r)
          matrix(r, c) = view(r, c);
  }
  if (!allow_nan && matrix.hasNaN())
    for (long long r = 0; r < rows; ++r)  // the first NaN in NumPy's order, row by row
      for (long long c = 0; c < columns; ++c)
        if (std::isnan(matrix(r, c)))
          throw InputError(what, fmt::format("row {}, column {}: NaN", r, c));
  return matrix;
}

Eigen::VectorXi class_indices(const py::handle& labels, long long rows, py::object& classes,
                              const std::string& what) {
  py::module_ numpy = py::module_::import("numpy");
  py::array array = numpy.attr("asarray")(labels);
  if (array.ndim() != 1)
    throw py::value_error(
        fmt::format("{} must be 1-D (one label per row), got {} dimensions", what, array.ndim()));
  if (array.shape(0) != rows)
    throw py::value_error(fmt::format("{} has {} values for {} rows; give one label per row", what,
                                      array.shape(0), rows));
  // numpy.unique makes NaN (or None, pandas' NA) a class of its own: a missing label is no class.
  const auto missing = [&](long long row, const py::handle& value) {
    return py::value_error(fmt::format("{}: row {} is {}, not a class", what, row,
                                       py::str(value).cast<std::string>()));
  };
  if (array.dtype().kind() == 'f') {
    const py::array nan_rows = numpy.attr("flatnonzero")(numpy.attr("isnan")(array));
    if (nan_rows.size() > 0) {
      const auto row = nan_rows.attr("item")(0).cast<long long>();
      throw missing(row, array.attr("item")(row));
    }
  } else if (array.dtype().kind() == 'O') {
    const py::object real = py::module_::import("numbers").attr("Real");
    const py::list values = array.attr("tolist")();
    for (long long r = 0; r < rows; ++r) {
      const py::handle value = values[static_cast<size_t>(r)];
      // Not `value != value`: Python's == is true for an object with itself, NaN included.
      if (value.is_none() ||
          py::str(py::type::of(value).attr("__name__")).cast<std::string>() == "NAType" ||
          (py::isinstance(value, real) && std::isnan(value.cast<double>())))
        throw missing(r, value);
    }
  }
  py::tuple unique = numpy.attr("unique")(array, py::arg("return_inverse") = true);
  classes = unique[0];
  py::array_t<int> inverse = py::array_t<int, py::array::forcecast>::ensure(unique[1]);
  auto view = inverse.unchecked<1>();
  Eigen::VectorXi indices(rows);
  for (long long r = 0; r < rows; ++r) indices(r) = view(r);
  return indices;
}

py::array to_numpy(Eigen::MatrixXd&& matrix) {
  auto* owned = new Eigen::MatrixXd(std::move(matrix));
  py::capsule owner(owned, [](void* pointer) { delete static_cast<Eigen::MatrixXd*>(pointer); });
  const auto size = static_cast<py::ssize_t>(sizeof(double));
  return py::array_t<double>({owned->rows(), owned->cols()}, {size, size * owned->rows()},
                             owned->data(), owner);
}

py::array to_numpy(Eigen::VectorXd&& vector) {
  auto* owned = new Eigen::VectorXd(std::move(vector));
  py::capsule owner(owned, [](void* pointer) { delete static_cast<Eigen::VectorXd*>(pointer); });
  return py::array_t<double>({owned->size()}, {static_cast<py::ssize_t>(sizeof(double))},
                             owned->data(), owner);
}

py::array to_numpy(const std::vector<int>& values) {
  py::array_t<long long> array(static_cast<py::ssize_t>(values.size()));
  auto view = array.mutable_unchecked<1>();
  for (size_t i = 0; i < values.size(); ++i) view(static_cast<py::ssize_t>(i)) = values[i];
  return array;
}

}  // namespace tsfs::python
