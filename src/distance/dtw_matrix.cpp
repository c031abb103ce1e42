// The pairwise DTW matrix: splits the m(m-1)/2 pairs into batches of one reference series against
// `lanes` query series (see dtw_kernel.hpp), runs them over the threads and writes each distance
// to both halves of the matrix.
//
// Layout. Series are processed in order of increasing length (stable), so that the queries of a
// batch have similar lengths: a batch runs as many rows as its longest query, and a lane whose
// query is shorter reads its distance off its own last row. The queries of all series sit in one
// time-major matrix (value a of every series, then value a + 1, ...), so the queries of a batch
// are `lanes` consecutive columns of it and need no copying. Each thread keeps one cost row of
// columns x lanes doubles: memory O(threads x length) besides the inputs and the result.
//
// Determinism. Every pair is computed by exactly one batch, lane by lane with the same operations
// whichever thread, batch or ISA runs it, so the matrix is bit-identical for any thread count.
// DTW with these step patterns and the band |a - b| <= W is exactly symmetric (the recursion is
// symmetric in its up and left predecessors, and |x - y| = |y - x|), so computing (i, j) with i as
// the query gives the same double as with j as the query.
//
// Cancellation. parallel_for checks for an interrupt (common/interrupt.hpp) before every batch, so
// a SIGINT stops even a matrix of hours within one batch's time (milliseconds) and throws
// Interrupted; nothing of a cancelled matrix is cached.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "common/error.hpp"
#include "common/parallel.hpp"
#include "common/progress.hpp"
#include "distance/dtw.hpp"

namespace tsfs {
namespace {

// Below this many DP cells (about a few seconds of work) no progress line is printed.
constexpr double kProgressCells = 2e10;

// One unit of parallel work: the reference `reference` (a position in length order) against the
// queries at positions [first_query, first_query + lanes), of which those below `reference` count.
struct Task {
  int reference;
  int first_query;
};

void check_lengths(const Dataset& dataset) {
  for (long long row = 0; row < dataset.rows(); ++row)
    if (dataset.lengths(row) < 1)
      throw InputError(dataset.name, fmt::format("series {} of dataset {} is empty; DTW needs at "
                                                 "least one value per series",
                                                 row, dataset.name));
}

// |n - m| <= W for every pair, else no warping path exists inside the band (dtw-python raises
// "No warping path found compatible with the local constraints"). The shortest and the longest
// series are the worst pair.
}  // namespace

std::optional<std::string> dtw_band_problem(const Dataset& dataset, std::optional<long long> band) {
  if (!band || dataset.rows() == 0) return std::nullopt;
  Eigen::Index shortest = 0, longest = 0;
  dataset.lengths.minCoeff(&shortest);
  dataset.lengths.maxCoeff(&longest);
  long long gap = dataset.lengths(longest) - dataset.lengths(shortest);
  if (gap <= *band) return std::nullopt;
  return fmt::format(
      "DTW with a Sakoe-Chiba band of {} finds no warping path between series {} "
      "(length {}) and series {} (length {}) of dataset {}: the band |a - b| <= {} "
      "must reach the end cell, so lengths may differ by at most {} (here {}); widen "
      "the window, use window_ratio, or raise window_if_longer_than",
      *band, shortest, dataset.lengths(shortest), longest, dataset.lengths(longest), dataset.name,
      *band, *band, gap);
}

namespace {

std::vector<Task> make_tasks(int count, int lanes) {
  std::vector<Task> tasks;
  for (int reference = 1; reference < count; ++reference)
    for (int first = 0; first < reference; first += lanes) tasks.push_back({reference, first});
  return tasks;
}

// The series sorted by increasing length and laid out for the batch kernel.
struct LengthOrder {
  int lanes = 0;
  size_t stride = 0;       // count + lanes: one query row, padding lanes included
  size_t series_rows = 0;  // the longest length
  std::vector<int> order;  // order[position] = dataset row
  std::vector<int> length;
  // queries[a * stride + position]: time-major, zero past a series' end and in the padding lanes.
  std::vector<double> queries;
  // references[position * series_rows + b]: each series contiguous.
  std::vector<double> references;
  std::vector<double> last_rows;
};

LengthOrder sort_by_length(const Dataset& dataset, int lanes, int longest) {
  const auto count = static_cast<size_t>(dataset.rows());
  LengthOrder sorted;
  sorted.lanes = lanes;
  sorted.stride = count + static_cast<size_t>(lanes);
  sorted.series_rows = static_cast<size_t>(longest);
  sorted.order.resize(count);
  std::iota(sorted.order.begin(), sorted.order.end(), 0);
  std::stable_sort(sorted.order.begin(), sorted.order.end(),
                   [&](int a, int b) { return dataset.lengths(a) < dataset.lengths(b); });
  sorted.length.resize(count);
  sorted.queries.assign(sorted.series_rows * sorted.stride, 0.0);
  sorted.references.assign(count * sorted.series_rows, 0.0);
  sorted.last_rows.assign(sorted.stride, 0.0);
  for (size_t position = 0; position < count; ++position) {
    const int row = sorted.order[position];
    sorted.length[position] = dataset.lengths(row);
    for (int a = 0; a < sorted.length[position]; ++a) {
      const double value = dataset.values(row, a);
      sorted.queries[static_cast<size_t>(a) * sorted.stride + position] = value;
      sorted.references[position * sorted.series_rows + static_cast<size_t>(a)] = value;
    }
    sorted.last_rows[position] = sorted.length[position] - 1;
  }
  return sorted;
}

}  // namespace

Eigen::MatrixXd dtw_matrix(const Dataset& dataset, const DtwOptions& options, int threads,
                           dtw::Isa isa, bool show_progress) {
  if (auto problem = dtw_options_problem(options))
    throw InputError(dataset.name, "distance dtw: " + problem->message);
  if (!dtw::isa_supported(isa))
    throw std::logic_error(
        fmt::format("this CPU cannot run the {} DTW kernel", dtw::isa_name(isa)));
  const long long count = dataset.rows();
  Eigen::MatrixXd distances = Eigen::MatrixXd::Zero(count, count);
  if (count < 2) return distances;
  check_lengths(dataset);
  const int longest = dataset.lengths.maxCoeff();
  const std::optional<long long> band = dtw_band(options, longest);
  if (auto problem = dtw_band_problem(dataset, band)) throw InputError(dataset.name, *problem);

  const LengthOrder sorted = sort_by_length(dataset, dtw::batch_lanes(isa), longest);
  const int lanes = sorted.lanes;
  const std::vector<int>& order = sorted.order;
  const std::vector<int>& length = sorted.length;

  const long long band_width = band.value_or(dtw::kNoBand);
  const std::vector<Task> tasks = make_tasks(static_cast<int>(count), lanes);
  const double total_cells = static_cast<double>(count) * static_cast<double>(count - 1) / 2.0 *
                             static_cast<double>(dtw_cells(longest, longest, band));
  Progress progress(fmt::format("dtw {}", dataset.name),
                    static_cast<size_t>(count * (count - 1) / 2),
                    !show_progress || total_cells < kProgressCells);

  parallel_for(tasks.size(), threads, [&](size_t index) {
    const Task task = tasks[index];
    const int valid = std::min(lanes, task.reference - task.first_query);
    // One cost row and one result block per thread, reused by all its batches.
    thread_local std::vector<double> scratch, results;
    scratch.resize(static_cast<size_t>(longest) * static_cast<size_t>(lanes));
    results.resize(static_cast<size_t>(lanes));

    const int reference_length = length[static_cast<size_t>(task.reference)];
    dtw::Batch batch;
    batch.queries = sorted.queries.data() + task.first_query;
    batch.query_stride = sorted.stride;
    batch.last_rows = sorted.last_rows.data() + task.first_query;
    batch.rows = length[static_cast<size_t>(task.first_query + valid - 1)];  // the longest
    batch.reference =
        sorted.references.data() + static_cast<size_t>(task.reference) * sorted.series_rows;
    batch.columns = reference_length;
    batch.band = band_width;
    batch.scratch = scratch.data();
    batch.results = results.data();
    dtw::run_batch(isa, batch, options.step_pattern, options.local);

    const int reference_row = order[static_cast<size_t>(task.reference)];
    for (int lane = 0; lane < valid; ++lane) {
      const auto query = static_cast<size_t>(task.first_query + lane);
      double distance = results[static_cast<size_t>(lane)];
      if (!std::isfinite(distance))
        throw std::logic_error(fmt::format("DTW gave {} for series {} and {} of {}", distance,
                                           order[query], reference_row, dataset.name));
      if (options.normalize) distance /= static_cast<double>(length[query] + reference_length);
      distances(order[query], reference_row) = distance;
      distances(reference_row, order[query]) = distance;
    }
    progress.advance(static_cast<size_t>(valid));
  });
  progress.finish();
  return distances;
}

}  // namespace tsfs
