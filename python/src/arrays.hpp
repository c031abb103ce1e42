#pragma once
// numpy arrays <-> the library's types. Input arrays are checked with the messages the data
// readers give, then copied once into the column-major Eigen matrices the stages take (a
// C-contiguous float64 array is read in place by that copy; other numeric dtypes, non-contiguous
// and read-only arrays are accepted and converted by numpy first). Outputs are handed to numpy
// without a copy: the returned array owns the Eigen matrix (Fortran order).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <Eigen/Core>
#include <string>
#include <vector>

#include "data/dataset.hpp"

namespace tsfs::python {

namespace py = pybind11;

// A collection of series: a 2-D array (one series per row; trailing NaN pad a shorter series, as
// in a UCR TSV file, and NaN inside a series is refused as a missing value), a 1-D array (one
// series), or a sequence of 1-D arrays of any lengths. `what` names the argument in messages.
// Labels are left empty (class 0 for every row): the features and distances do not read them.
Dataset series_dataset(const py::handle& series, const std::string& what);

// A 2-D numeric array as a matrix (`what` names it in messages); NaN allowed when `allow_nan`.
Eigen::MatrixXd matrix_from(const py::handle& array, const std::string& what, bool allow_nan);

// Labels of any type (numbers or strings, one per row) -> class indices in [0, classes), classes
// sorted as numpy.unique sorts them; the classes are returned in `classes` (a numpy array).
Eigen::VectorXi class_indices(const py::handle& labels, long long rows, py::object& classes,
                              const std::string& what);

// Zero-copy outputs.
py::array to_numpy(Eigen::MatrixXd&& matrix);
py::array to_numpy(Eigen::VectorXd&& vector);
py::array to_numpy(const std::vector<int>& values);

}  // namespace tsfs::python
