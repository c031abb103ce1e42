// shape_dtw as in aeon 1.5 (aeon/distances/elastic/_shape_dtw.py, identity descriptor; Zhao &
// Itti 2018, "shapeDTW: shape dynamic time warping"), README "Definitions": each series is padded
// with `reach` copies of its first value in front and of its last value behind; point i's
// descriptor is the 2 reach + 1 padded values centred on it. D is the n x m DTW matrix over
// descriptors, local cost sum_k (x^_{i+k} - y^_{j+k})^2 (k ascending), D[0][0] = cost(0, 0),
// predecessors outside the matrix or band +inf. The distance walks the warping path back from
// (n - 1, m - 1) while i >= 0 and j >= 0, adding (x_i - y_j)^2 of the ORIGINAL points, stepping to
// (i - 1, j - 1) if D there is below both others, else to (i, j - 1) if that is below (i - 1, j),
// else to (i - 1, j); index -1 wraps to the last row / column, as aeon's numba code indexes.
//
// Not batched: the walk back needs the whole n x m matrix per pair, and each cell costs
// 2 reach + 1 squared differences (31 at the default reach) that must be summed in order.
//
//   distances:
//     - {kind: shape_dtw, reach: 15, window: 0.1}
#include <vector>

#include "common/interrupt.hpp"
#include "common/registry.hpp"
#include "distance/elastic/registration.hpp"

namespace tsfs::elastic {
namespace {

using simd::kInf;

double shape_dtw_pair(const Params& params, const Input& input, const Band& band) {
  const int n = input.n, m = input.m, reach = params.reach, width = 2 * params.reach + 1;
  std::vector<double> x(static_cast<size_t>(n + 2 * reach)), y(static_cast<size_t>(m + 2 * reach));
  for (int k = 0; k < n + 2 * reach; ++k)
    x[static_cast<size_t>(k)] =
        input.x[static_cast<size_t>(std::clamp(k - reach, 0, n - 1)) * input.x_stride];
  for (int k = 0; k < m + 2 * reach; ++k)
    y[static_cast<size_t>(k)] = input.y[std::clamp(k - reach, 0, m - 1)];

  thread_local std::vector<double> cost;
  cost.assign(static_cast<size_t>(n) * static_cast<size_t>(m), kInf);
  auto at = [&](int i, int j) -> double& {
    return cost[static_cast<size_t>(i) * static_cast<size_t>(m) + static_cast<size_t>(j)];
  };
  for (int i = 0; i < n; ++i) {
    // One pair can take minutes (n m (2 reach + 1) terms: a reach of 1000 on series of 10^4
    // points), and parallel_for checks for an interrupt only between pairs: each row checks, so
    // Ctrl-C stops the pair within one row's time.
    throw_if_interrupted();
    for (int j = band.start[static_cast<size_t>(i)]; j < band.end[static_cast<size_t>(i)]; ++j) {
      double local = 0.0;
      for (int k = 0; k < width; ++k) {
        const double difference = x[static_cast<size_t>(i + k)] - y[static_cast<size_t>(j + k)];
        local += difference * difference;
      }
      double best = 0.0;
      if (i > 0 || j > 0) {
        const double up = i > 0 ? at(i - 1, j) : kInf;
        const double left = j > 0 ? at(i, j - 1) : kInf;
        const double diagonal = i > 0 && j > 0 ? at(i - 1, j - 1) : kInf;
        best = std::min(std::min(up, left), diagonal);
      }
      at(i, j) = local + best;
    }
  }
  auto wrap_row = [n](int i) { return i < 0 ? n - 1 : i; };
  auto wrap_column = [m](int j) { return j < 0 ? m - 1 : j; };
  double total = 0.0;
  int i = n - 1, j = m - 1;
  while (i >= 0 && j >= 0) {
    const double difference = x[static_cast<size_t>(reach + i)] - y[static_cast<size_t>(reach + j)];
    total += difference * difference;
    const double diagonal = at(wrap_row(i - 1), wrap_column(j - 1));
    const double left = at(i, wrap_column(j - 1));
    const double up = at(wrap_row(i - 1), j);
    if (diagonal < left && diagonal < up) {
      --i;
      --j;
    } else if (left < up) {
      --j;
    } else {
      --i;
    }
  }
  return total;
}

const Registrar<DistanceRegistration> kRegisterShapeDtw{elastic_registration(
    {.distance = Distance{.name = "shape_dtw", .pair = &shape_dtw_pair},
     .doc = "Shape DTW as in aeon (identity descriptor): DTW over windows of 2 reach + 1 values, "
            "then the squared differences of the original points along its path.",
     .params = {ParamDeclaration{.name = "reach",
                                 .type = ParamType::integer,
                                 .default_value = ParamValue{15LL},
                                 .doc = "half-width of each point's descriptor: 2 reach + 1 values "
                                        "(aeon's reach, >= 0)",
                                 .check = between(0.0, 1e6)}},
     .read = [](const ParamSet& params, Params& result) {
       result.reach = static_cast<int>(params.integer("reach"));
     }})};

}  // namespace
}  // namespace tsfs::elastic
