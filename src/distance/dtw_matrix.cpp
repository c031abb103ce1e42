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

// One unit of parallel work: the reference at position `reference` of its length order against
// the `valid` queries from position `first_query` of theirs.
struct Task {
  int reference;
  int first_query;
  int valid;
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

std::vector<int> all_rows(long long count) {
  std::vector<int> rows(static_cast<size_t>(count));
  std::iota(rows.begin(), rows.end(), 0);
  return rows;
}

// Each pair of one set of series once: the queries below each reference.
std::vector<Task> pair_tasks(int count, int lanes) {
  std::vector<Task> tasks;
  for (int reference = 1; reference < count; ++reference)
    for (int first = 0; first < reference; first += lanes)
      tasks.push_back({reference, first, std::min(lanes, reference - first)});
  return tasks;
}

// Every query against every reference.
std::vector<Task> block_tasks(int queries, int references, int lanes) {
  std::vector<Task> tasks;
  for (int reference = 0; reference < references; ++reference)
    for (int first = 0; first < queries; first += lanes)
      tasks.push_back({reference, first, std::min(lanes, queries - first)});
  return tasks;
}

// Some series of a dataset (`rows`), sorted by increasing length and laid out for the batch
// kernel.
struct LengthOrder {
  int lanes = 0;
  size_t stride = 0;       // count + lanes: one query row, padding lanes included
  size_t series_rows = 0;  // the longest length
  std::vector<int> order;  // order[position] = index into `rows`
  std::vector<int> length;
  // queries[a * stride + position]: time-major, zero past a series' end and in the padding lanes.
  std::vector<double> queries;
  // references[position * series_rows + b]: each series contiguous.
  std::vector<double> references;
  std::vector<double> last_rows;
};

LengthOrder sort_by_length(const Dataset& dataset, const std::vector<int>& rows, int lanes,
                           int longest) {
  const size_t count = rows.size();
  LengthOrder sorted;
  sorted.lanes = lanes;
  sorted.stride = count + static_cast<size_t>(lanes);
  sorted.series_rows = static_cast<size_t>(longest);
  sorted.order.resize(count);
  std::iota(sorted.order.begin(), sorted.order.end(), 0);
  std::stable_sort(sorted.order.begin(), sorted.order.end(), [&](int a, int b) {
    return dataset.lengths(rows[static_cast<size_t>(a)]) <
           dataset.lengths(rows[static_cast<size_t>(b)]);
  });
  sorted.length.resize(count);
  sorted.queries.assign(sorted.series_rows * sorted.stride, 0.0);
  sorted.references.assign(count * sorted.series_rows, 0.0);
  sorted.last_rows.assign(sorted.stride, 0.0);
  for (size_t position = 0; position < count; ++position) {
    const int row = rows[static_cast<size_t>(sorted.order[position])];
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

// Checks shared by the matrix and the block: options, ISA, lengths and band. The band, or nullopt.
std::optional<long long> checked_band(const Dataset& dataset, const DtwOptions& options,
                                      dtw::Isa isa) {
  if (auto problem = dtw_options_problem(options))
    throw InputError(dataset.name, "distance dtw: " + problem->message);
  if (!dtw::isa_supported(isa))
    throw std::logic_error(
        fmt::format("this CPU cannot run the {} DTW kernel", dtw::isa_name(isa)));
  if (dataset.rows() == 0) return std::nullopt;
  check_lengths(dataset);
  const std::optional<long long> band = dtw_band(options, dataset.lengths.maxCoeff());
  if (auto problem = dtw_band_problem(dataset, band)) throw InputError(dataset.name, *problem);
  return band;
}

// What every task of one matrix or block shares.
struct DtwRun {
  const Dataset& dataset;
  const DtwOptions& options;
  std::optional<long long> band;  // checked_band
  dtw::Isa isa = dtw::Isa::sse2;
  int threads = 1;
  bool show_progress = true;
};

// Runs the tasks over the threads and hands each distance to store(query position, reference
// position, distance), positions in the two length orders.
template <typename Store>
void run_tasks(const DtwRun& run, const LengthOrder& queries, const LengthOrder& references,
               const std::vector<Task>& tasks, Store&& store) {
  const Dataset& dataset = run.dataset;
  const DtwOptions& options = run.options;
  const std::optional<long long> band = run.band;
  const int lanes = queries.lanes;
  double total_cells = 0.0;
  size_t pairs = 0;
  for (const Task& task : tasks) pairs += static_cast<size_t>(task.valid);
  const int longest = static_cast<int>(std::max(queries.series_rows, references.series_rows));
  total_cells = static_cast<double>(pairs) * static_cast<double>(dtw_cells(longest, longest, band));
  Progress progress(fmt::format("dtw {}", dataset.name), pairs,
                    !run.show_progress || total_cells < kProgressCells);
  parallel_for(tasks.size(), run.threads, [&](size_t index) {
    const Task task = tasks[index];
    // One cost row and one result block per thread, reused by all its batches.
    thread_local std::vector<double> scratch, results;
    scratch.resize(references.series_rows * static_cast<size_t>(lanes));
    results.resize(static_cast<size_t>(lanes));

    const int reference_length = references.length[static_cast<size_t>(task.reference)];
    dtw::Batch batch;
    batch.queries = queries.queries.data() + task.first_query;
    batch.query_stride = queries.stride;
    batch.last_rows = queries.last_rows.data() + task.first_query;
    batch.rows = queries.length[static_cast<size_t>(task.first_query + task.valid - 1)];
    batch.reference =
        references.references.data() + static_cast<size_t>(task.reference) * references.series_rows;
    batch.columns = reference_length;
    batch.band = band.value_or(dtw::kNoBand);
    batch.scratch = scratch.data();
    batch.results = results.data();
    dtw::run_batch(run.isa, batch, options.step_pattern, options.local);

    for (int lane = 0; lane < task.valid; ++lane) {
      const auto query = static_cast<size_t>(task.first_query + lane);
      double distance = results[static_cast<size_t>(lane)];
      if (!std::isfinite(distance))
        throw std::logic_error(
            fmt::format("DTW gave {} for a pair of series of {}", distance, dataset.name));
      if (options.normalize)
        distance /= static_cast<double>(queries.length[query] + reference_length);
      store(query, static_cast<size_t>(task.reference), distance);
    }
    progress.advance(static_cast<size_t>(task.valid));
  });
  progress.finish();
}

}  // namespace

Eigen::MatrixXd dtw_matrix(const Dataset& dataset, const DtwOptions& options, int threads,
                           dtw::Isa isa, bool show_progress) {
  const std::optional<long long> band = checked_band(dataset, options, isa);
  const long long count = dataset.rows();
  Eigen::MatrixXd distances = Eigen::MatrixXd::Zero(count, count);
  if (count < 2) return distances;
  const LengthOrder sorted =
      sort_by_length(dataset, all_rows(count), dtw::batch_lanes(isa), dataset.lengths.maxCoeff());
  const std::vector<int>& order = sorted.order;
  run_tasks({dataset, options, band, isa, threads, show_progress}, sorted, sorted,
            pair_tasks(static_cast<int>(count), sorted.lanes),
            [&](size_t query, size_t reference, double value) {
              distances(order[query], order[reference]) = value;
              distances(order[reference], order[query]) = value;
            });
  return distances;
}

Eigen::MatrixXd dtw_block(const Dataset& dataset, const BlockRows& block, const DtwOptions& options,
                          int threads, dtw::Isa isa, bool show_progress) {
  const std::vector<int>& query_rows = block.rows;
  const std::vector<int>& reference_rows = block.columns;
  const std::optional<long long> band = checked_band(dataset, options, isa);
  Eigen::MatrixXd distances(query_rows.size(), reference_rows.size());
  if (distances.size() == 0) return distances;
  const int longest = dataset.lengths.maxCoeff();
  const int lanes = dtw::batch_lanes(isa);
  const LengthOrder queries = sort_by_length(dataset, query_rows, lanes, longest);
  const LengthOrder references = sort_by_length(dataset, reference_rows, lanes, longest);
  run_tasks({dataset, options, band, isa, threads, show_progress}, queries, references,
            block_tasks(static_cast<int>(query_rows.size()),
                        static_cast<int>(reference_rows.size()), lanes),
            [&](size_t query, size_t reference, double value) {
              distances(queries.order[query], references.order[reference]) = value;
            });
  return distances;
}

}  // namespace tsfs
