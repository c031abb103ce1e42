// The generic matrix driver of the elastic distances (matrix.hpp).
//
// Layout. Series (after the derivative, for ddtw / wddtw) are ordered by increasing length
// (stable), and stored twice: time-major (value i of every series, then value i + 1, ...), so
// that `lanes` consecutive series are the lanes of one batch without copying, and contiguous per
// series. A task is one reference series (position r in that order) against consecutive earlier
// series q of ONE length (so that all lanes share the band of (length q, length r)): a batch of up
// to `lanes` pairs when there are enough of them, else those pairs one by one. Under the full
// band (window 1) the rows do not depend on the lengths, and the distances whose kernels allow it
// (Distance::mixed_lengths) batch consecutive queries of any lengths, as the DTW kernel does. The
// query q is x, the reference r is y. All distances here are symmetric in x and y (aeon's band is
// transposed for n > m, and every recurrence treats its two series alike), so which one is x does
// not change the value; for equal lengths x is also the earlier row, as in aeon's
// pairwise_distance.
//
// Determinism. The tasks depend only on the dataset, the distance and `simd`; each pair is
// computed by exactly one task with the same operations whichever thread runs it, so the matrix
// is bit-identical for any thread count. Each batch lane gives the same double as the one-pair
// kernel (engine.hpp), so it is also identical for any `simd`.
//
// Cancellation. parallel_for checks for an interrupt before every task (one reference against
// at most `lanes` series: milliseconds), and throws Interrupted; nothing partial is returned.
#include "distance/elastic/matrix.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "common/error.hpp"
#include "common/parallel.hpp"
#include "common/progress.hpp"

namespace tsfs::elastic {
namespace {

// Below this many DP cells (a few seconds of work) no progress line is printed.
constexpr double kProgressCells = 2e10;

struct Task {
  int reference;
  int first;  // first query position
  int count;  // queries [first, first + count), all of one length
  bool batch;
};

struct Prepared {
  std::vector<int> order;                   // order[position] = dataset row
  std::vector<int> length;                  // per position, after the derivative
  std::vector<std::vector<double>> series;  // per position
  std::vector<double> scale;                // per position (needs_scale), else zeros
  std::vector<double> length_value;         // per position (and padding lanes: 0), as doubles
  size_t stride = 0;                        // time-major row: positions + padding lanes
  std::vector<double> time_major;           // time_major[i * stride + position]
};

Prepared prepare(const Dataset& dataset, const Distance& distance, int lanes) {
  const auto count = static_cast<size_t>(dataset.rows());
  for (long long row = 0; row < dataset.rows(); ++row)
    if (dataset.lengths(row) < distance.min_length)
      throw InputError(
          dataset.name,
          fmt::format("series {} of dataset {} has {} value(s); {} needs at least {}", row,
                      dataset.name, dataset.lengths(row), distance.name, distance.min_length));
  Prepared prepared;
  prepared.order.resize(count);
  std::iota(prepared.order.begin(), prepared.order.end(), 0);
  std::stable_sort(prepared.order.begin(), prepared.order.end(),
                   [&](int a, int b) { return dataset.lengths(a) < dataset.lengths(b); });
  prepared.series.resize(count);
  prepared.length.resize(count);
  prepared.scale.assign(count + static_cast<size_t>(lanes), 0.0);
  prepared.length_value.assign(count + static_cast<size_t>(lanes), 0.0);
  int longest = 0;
  for (size_t position = 0; position < count; ++position) {
    const Eigen::VectorXd values = dataset.series(prepared.order[position]);
    std::vector<double>& series = prepared.series[position];
    if (distance.derivative)
      series = derivative(values.data(), static_cast<int>(values.size()));
    else
      series.assign(values.data(), values.data() + values.size());
    prepared.length[position] = static_cast<int>(series.size());
    longest = std::max(longest, prepared.length[position]);
    prepared.length_value[position] = prepared.length[position];
    if (distance.needs_scale)
      prepared.scale[position] = numpy_std(series.data(), static_cast<int>(series.size()));
  }
  if (lanes > 0) {
    prepared.stride = count + static_cast<size_t>(lanes);
    prepared.time_major.assign(static_cast<size_t>(longest) * prepared.stride, 0.0);
    for (size_t position = 0; position < count; ++position)
      for (size_t i = 0; i < prepared.series[position].size(); ++i)
        prepared.time_major[i * prepared.stride + position] = prepared.series[position][i];
  }
  return prepared;
}

// A run of at least a quarter of the lanes goes as one batch; shorter runs (datasets of mostly
// distinct lengths) go pair by pair, which then costs no wasted lanes. With `mixed` (the full
// band and a kernel that takes lanes of different lengths) a run need not share its length.
std::vector<Task> make_tasks(const std::vector<int>& length, int lanes, bool mixed) {
  std::vector<Task> tasks;
  const int count = static_cast<int>(length.size());
  const int batch_at_least = std::max(2, lanes / 4);
  for (int reference = 1; reference < count; ++reference) {
    int first = 0;
    while (first < reference) {
      int end = first + 1;
      const int limit = lanes > 0 ? lanes : 64;
      while (end < reference && end - first < limit &&
             (mixed || length[static_cast<size_t>(end)] == length[static_cast<size_t>(first)]))
        ++end;
      tasks.push_back({reference, first, end - first, lanes > 0 && end - first >= batch_at_least});
      first = end;
    }
  }
  return tasks;
}

BatchKernel batch_kernel(const Distance& distance, Simd simd) {
  switch (simd) {
    case Simd::none:
      return nullptr;
    case Simd::sse2:
      return distance.batch_sse2;
    case Simd::avx2:
      return distance.batch_avx2;
  }
  return nullptr;
}

}  // namespace

Eigen::MatrixXd elastic_matrix(const Dataset& dataset, const Distance& distance,
                               const Params& params, int threads, Simd simd, bool show_progress) {
  if (!simd_supported(simd))
    throw std::logic_error(fmt::format("this CPU cannot run the {} kernels", simd_name(simd)));
  const long long count = dataset.rows();
  Eigen::MatrixXd distances = Eigen::MatrixXd::Zero(count, count);
  if (count < 2) return distances;
  const BatchKernel batch = batch_kernel(distance, simd);
  const int lanes = batch ? simd_lanes(simd) : 0;
  const Prepared prepared = prepare(dataset, distance, lanes);
  const bool mixed = lanes > 0 && distance.mixed_lengths && params.window == 1.0;
  const std::vector<Task> tasks = make_tasks(prepared.length, lanes, mixed);

  const double cells = elastic_matrix_cells(dataset, distance, params);
  Progress progress(fmt::format("{} {}", distance.name, dataset.name),
                    static_cast<size_t>(count * (count - 1) / 2),
                    !show_progress || cells < kProgressCells);

  parallel_for(tasks.size(), threads, [&](size_t index) {
    const Task task = tasks[index];
    const auto reference = static_cast<size_t>(task.reference);
    // Sorted by length: the task's last query is its longest (the rows a mixed batch runs).
    const int n = prepared.length[static_cast<size_t>(task.first + task.count - 1)];
    const int m = prepared.length[reference];
    const Band band = sakoe_chiba_band(n, m, params.window);
    thread_local std::vector<double> results;
    results.assign(static_cast<size_t>(std::max(lanes, task.count)), 0.0);
    Input input;
    input.n = n;
    input.y = prepared.series[reference].data();
    input.m = m;
    input.y_scale = prepared.scale[reference];
    if (task.batch) {
      input.x = prepared.time_major.data() + task.first;
      input.x_stride = prepared.stride;
      input.x_scale = prepared.scale.data() + task.first;
      if (mixed) input.x_length = prepared.length_value.data() + task.first;
      batch(params, input, band, results.data());
    } else {
      for (int lane = 0; lane < task.count; ++lane) {
        const auto query = static_cast<size_t>(task.first + lane);
        input.x = prepared.series[query].data();
        input.x_stride = 1;
        input.x_scale = prepared.scale.data() + query;
        // A mixed run of too few queries for a batch: each pair with its own (full) band.
        input.n = prepared.length[query];
        results[static_cast<size_t>(lane)] =
            input.n == n
                ? distance.pair(params, input, band)
                : distance.pair(params, input, sakoe_chiba_band(input.n, m, params.window));
      }
    }
    const int reference_row = prepared.order[reference];
    for (int lane = 0; lane < task.count; ++lane) {
      const int query_row = prepared.order[static_cast<size_t>(task.first + lane)];
      const double value = results[static_cast<size_t>(lane)];
      if (!std::isfinite(value))
        throw InputError(dataset.name,
                         fmt::format("{} between series {} and {} of dataset {} is {}; are the "
                                     "values too large for double precision?",
                                     distance.name, std::min(query_row, reference_row),
                                     std::max(query_row, reference_row), dataset.name, value));
      distances(query_row, reference_row) = value;
      distances(reference_row, query_row) = value;
    }
    progress.advance(static_cast<size_t>(task.count));
  });
  progress.finish();
  return distances;
}

double elastic_matrix_cells(const Dataset& dataset, const Distance& distance,
                            const Params& params) {
  // Pairs by length: series of one length share their band's size.
  const int shorten = distance.derivative ? 2 : 0;
  std::map<int, double> series_of_length;
  for (long long row = 0; row < dataset.rows(); ++row)
    series_of_length[dataset.lengths(row)] += 1.0;
  double cells = 0.0;
  for (auto a = series_of_length.begin(); a != series_of_length.end(); ++a)
    for (auto b = a; b != series_of_length.end(); ++b) {
      const int n = a->first - shorten, m = b->first - shorten;
      if (n < 1 || m < 1) continue;
      const double pairs = a == b ? a->second * (a->second - 1.0) / 2.0 : a->second * b->second;
      cells += pairs * static_cast<double>(band_cells(n, m, params.window));
    }
  return cells;
}

}  // namespace tsfs::elastic
