#include "distance/window_search.hpp"

#include <algorithm>
#include <cfloat>
#include <limits>
#include <map>
#include <numeric>
#include <set>

#include "common/parallel.hpp"
#include "distance/dtw.hpp"
#include "distance/ucr_dtw.hpp"

namespace tsfs {
namespace {

constexpr int kNotExact = std::numeric_limits<int>::max();

// What the search knows about one (query, reference) pair from wider bands: `bound` is a lower
// bound of the distance under every narrower band (a distance, or the lower bound of an abandoned
// computation), and the exact distance for bands >= exact_from.
struct PairState {
  double bound = 0.0;
  int exact_from = kNotExact;
};

// The series of every row, without padding, contiguous.
struct SeriesStore {
  std::vector<double> values;
  std::vector<size_t> offset;
  std::vector<int> length;
  ucr::SeriesView view(int row) const {
    return {values.data() + offset[static_cast<size_t>(row)], length[static_cast<size_t>(row)]};
  }
};

SeriesStore store_series(const Dataset& data) {
  SeriesStore store;
  for (long long row = 0; row < data.rows(); ++row) {
    store.offset.push_back(store.values.size());
    store.length.push_back(data.lengths(row));
    for (int a = 0; a < data.lengths(row); ++a) store.values.push_back(data.values(row, a));
  }
  return store;
}

// Whether every reference row is also a query (leave-one-out): then the pairs among the references
// are computed once each, DTW being symmetric (the same double both ways, as dtw_matrix uses).
bool references_are_queries(const std::vector<int>& query_rows,
                            const std::vector<int>& reference_rows) {
  const std::set<int> queries(query_rows.begin(), query_rows.end());
  return std::all_of(reference_rows.begin(), reference_rows.end(),
                     [&](int row) { return queries.contains(row); });
}

// The cells a brute-force search computes for one band: every query against every reference
// but itself, counted once per pair of lengths; each pair among the references once when they are
// all queries (`symmetric`: references_are_queries, asked once per search).
long long brute_force_cells(const SeriesStore& series, const std::vector<int>& query_rows,
                            const std::vector<int>& reference_rows, const std::vector<int>& self,
                            long long band, bool symmetric) {
  auto lengths_of = [&](const std::vector<int>& rows) {
    std::map<int, long long> counts;
    for (int row : rows) ++counts[series.length[static_cast<size_t>(row)]];
    return counts;
  };
  auto cells_between = [&](const std::map<int, long long>& first,
                           const std::map<int, long long>& second) {
    long long cells = 0;
    for (const auto& [n, count_n] : first)
      for (const auto& [m, count_m] : second) cells += count_n * count_m * dtw_cells(n, m, band);
    return cells;
  };
  const std::map<int, long long> references = lengths_of(reference_rows);
  if (symmetric) {
    const std::set<int> among(reference_rows.begin(), reference_rows.end());
    std::vector<int> others;
    for (int row : query_rows)
      if (!among.contains(row)) others.push_back(row);
    long long among_references = cells_between(references, references);
    for (const auto& [length, count] : references)
      among_references -= count * dtw_cells(length, length, band);
    return cells_between(lengths_of(others), references) + among_references / 2;
  }
  long long cells = cells_between(lengths_of(query_rows), references);
  for (size_t q = 0; q < query_rows.size(); ++q)
    if (self[q] >= 0) {
      const int length = series.length[static_cast<size_t>(query_rows[q])];
      cells -= dtw_cells(length, length, band);
    }
  return cells;
}

// The rows of `data` given, as a dataset of their own.
Dataset rows_of(const Dataset& data, const std::vector<int>& rows) {
  Dataset subset;
  subset.name = data.name;
  subset.values = data.values(rows, Eigen::all);
  subset.lengths = data.lengths(rows);
  subset.labels = data.labels(rows);
  subset.class_names = data.class_names;
  return subset;
}

// DTW under `band` of every query against every reference by the batch kernel, each pair among
// the references once where they are all queries (references_are_queries): an archive-tuned
// distance's queries are the TRAIN rows and the TEST rows (nearest_blocks.cpp), so this saves a
// quarter of the cells where the two splits are the same size. Each part is copied into the result
// and let go before the next is computed.
Eigen::MatrixXd widest_band_distances(const Dataset& data, const std::vector<int>& query_rows,
                                      const std::vector<int>& reference_rows, long long band,
                                      int threads) {
  DtwOptions options;
  options.step_pattern = dtw::StepPattern::symmetric1;
  options.local = dtw::LocalCost::squared;
  options.window = band;
  if (!references_are_queries(query_rows, reference_rows))
    return dtw_block(data, {query_rows, reference_rows}, options, threads, dtw::best_isa(), false);
  std::map<int, Eigen::Index> position;  // dataset row -> position in reference_rows
  for (size_t r = 0; r < reference_rows.size(); ++r)
    position[reference_rows[r]] = static_cast<Eigen::Index>(r);
  std::vector<int> others;
  for (int row : query_rows)
    if (!position.contains(row)) others.push_back(row);
  Eigen::MatrixXd distances(query_rows.size(), reference_rows.size());
  Eigen::MatrixXd part =
      dtw_matrix(rows_of(data, reference_rows), options, threads, dtw::best_isa(), false);
  for (size_t q = 0; q < query_rows.size(); ++q)
    if (const auto found = position.find(query_rows[q]); found != position.end())
      distances.row(static_cast<Eigen::Index>(q)) = part.row(found->second);
  part.resize(0, 0);
  part = dtw_block(data, {others, reference_rows}, options, threads, dtw::best_isa(), false);
  Eigen::Index other = 0;
  for (size_t q = 0; q < query_rows.size(); ++q)
    if (!position.contains(query_rows[q]))
      distances.row(static_cast<Eigen::Index>(q)) = part.row(other++);
  return distances;
}

struct Envelope {
  std::vector<double> upper, lower;
};

// One query's search at one band.
// What every query of one band searches: the reference rows, their envelopes under the band, and
// the slack of the lower bounds.
struct SearchReferences {
  const SeriesStore& series;
  const std::vector<int>& rows;
  const std::vector<Envelope>& envelopes;
  double slack = 0.0;
};

class QuerySearch {
 public:
  QuerySearch(const SearchReferences& references, ucr::SeriesView query, int self,
              std::vector<PairState>& states, WindowSearchStats& stats)
      : series_(references.series),
        references_(references.rows),
        envelopes_(references.envelopes),
        query_(query),
        self_(self),
        states_(states),
        stats_(stats),
        slack_(references.slack) {}

  // The nearest neighbour under `band` given the one of the previous (wider) band, or -1.
  int run(long long band, int previous) {
    band_ = band;
    best_ = -1;
    best_distance_ = ucr::kInfinity;
    const auto count = static_cast<long long>(references_.size()) - (self_ >= 0 ? 1 : 0);
    stats_.pairs += count;
    if (previous >= 0 && states_[static_cast<size_t>(previous)].exact_from <= band) {
      stats_.kept += count;
      return previous;
    }
    if (previous >= 0) compute(static_cast<size_t>(previous), ucr::kInfinity);
    order_.clear();
    for (size_t r = 0; r < references_.size(); ++r)
      if (static_cast<int>(r) != self_ && static_cast<int>(r) != previous) order_.push_back(r);
    // Most promising first: by the bound known from wider bands, raised by LB_Kim.
    keys_.resize(references_.size());
    for (size_t r : order_)
      keys_[r] = std::max(states_[r].bound, ucr::lb_kim(query_, reference(r)));
    std::sort(order_.begin(), order_.end(), [&](size_t a, size_t b) {
      return keys_[a] != keys_[b] ? keys_[a] < keys_[b] : a < b;
    });
    for (size_t r : order_) visit(r);
    return best_;
  }

  // The widest band's exact distances, computed beforehand: the nearest neighbour among them.
  int start(long long band, const Eigen::Ref<const Eigen::RowVectorXd>& distances) {
    band_ = band;
    for (size_t r = 0; r < references_.size(); ++r) {
      if (static_cast<int>(r) == self_) continue;
      const double distance = distances(static_cast<Eigen::Index>(r));
      states_[r] = {distance, static_cast<int>(band)};
      offer(r, distance);
    }
    stats_.pairs += static_cast<long long>(references_.size()) - (self_ >= 0 ? 1 : 0);
    stats_.dtw_full += static_cast<long long>(references_.size()) - (self_ >= 0 ? 1 : 0);
    // The nearest neighbour's distance stays exact down to its path's deviation
    // (window_search.hpp).
    if (best_ >= 0) {
      const auto r = static_cast<size_t>(best_);
      states_[r].exact_from = static_cast<int>(
          ucr::warp(query_, reference(r), band_, ucr::kInfinity, scratch_).deviation);
    }
    return best_;
  }

  double best_distance() const { return best_distance_; }

 private:
  ucr::SeriesView reference(size_t r) const { return series_.view(references_[r]); }

  // Whether a reference at `distance` would be the new nearest neighbour.
  bool beats(size_t r, double distance) const {
    return distance < best_distance_ ||
           (distance == best_distance_ && (best_ < 0 || static_cast<int>(r) < best_));
  }

  void offer(size_t r, double distance) {
    if (beats(r, distance)) {
      best_ = static_cast<int>(r);
      best_distance_ = distance;
    }
  }

  // A bound that is not a DTW value prunes only beyond its rounding error.
  bool exceeds(double bound) const { return bound > best_distance_ * slack_; }

  void compute(size_t r, double abandon_above) {
    const ucr::Warp warp = ucr::warp(query_, reference(r), band_, abandon_above, scratch_);
    stats_.cells += warp.cells;
    PairState& state = states_[r];
    if (warp.abandoned) {
      ++stats_.dtw_abandoned;
      state.bound = std::max(state.bound, warp.value);
      return;
    }
    ++stats_.dtw_full;
    state.bound = warp.value;
    state.exact_from = static_cast<int>(warp.deviation);  // exact from there up (ucr_dtw.hpp)
    offer(r, warp.value);
  }

  void visit(size_t r) {
    const PairState& state = states_[r];
    if (state.exact_from <= band_) {
      ++stats_.reused;
      offer(r, state.bound);
      return;
    }
    // A bound from the recursion is exact arithmetic's: it prunes on equality too, unless the
    // reference would win the tie.
    if (!beats(r, state.bound) || exceeds(keys_[r])) return;
    const Envelope& envelope = envelopes_[r];
    if (exceeds(ucr::lb_keogh(query_, envelope.upper, envelope.lower, best_distance_ * slack_))) {
      ++stats_.pruned_keogh;
      return;
    }
    compute(r, best_distance_);
  }

  const SeriesStore& series_;
  const std::vector<int>& references_;
  const std::vector<Envelope>& envelopes_;
  ucr::SeriesView query_;
  int self_;
  std::vector<PairState>& states_;
  WindowSearchStats& stats_;
  double slack_;
  long long band_ = 0;
  int best_ = -1;
  double best_distance_ = ucr::kInfinity;
  std::vector<size_t> order_;
  std::vector<double> keys_;
  ucr::WarpScratch scratch_;
};

}  // namespace

WindowSearchStats& WindowSearchStats::operator+=(const WindowSearchStats& other) {
  pairs += other.pairs;
  kept += other.kept;
  reused += other.reused;
  pruned_keogh += other.pruned_keogh;
  dtw_full += other.dtw_full;
  dtw_abandoned += other.dtw_abandoned;
  cells += other.cells;
  brute_cells += other.brute_cells;
  return *this;
}

double WindowSearchStats::pruning_rate() const {
  if (pairs == 0) return 0.0;
  return 1.0 - static_cast<double>(dtw_full + dtw_abandoned) / static_cast<double>(pairs);
}

NeighbourTable nearest_neighbours_by_band(const Dataset& data, const std::vector<int>& query_rows,
                                          const std::vector<int>& reference_rows,
                                          const std::vector<long long>& bands, bool leave_out_self,
                                          int threads) {
  const size_t queries = query_rows.size(), references = reference_rows.size();
  NeighbourTable table;
  table.bands = bands;
  table.neighbour.assign(bands.size(), std::vector<int>(queries, -1));
  table.distance.assign(bands.size(), std::vector<double>(queries, ucr::kInfinity));
  if (queries == 0) return table;
  const SeriesStore series = store_series(data);
  const int longest = data.lengths.maxCoeff();
  const double slack = 1.0 + 4.0 * longest * DBL_EPSILON;
  // Widest band first; equal bands are searched once.
  std::vector<size_t> by_width(bands.size());
  std::iota(by_width.begin(), by_width.end(), 0);
  std::stable_sort(by_width.begin(), by_width.end(),
                   [&](size_t a, size_t b) { return bands[a] > bands[b]; });
  // The position in reference_rows of each query's own row, for leave-one-out.
  const bool symmetric = references_are_queries(query_rows, reference_rows);
  std::vector<int> self(queries, -1);
  if (leave_out_self)
    for (size_t q = 0; q < queries; ++q) {
      auto found = std::find(reference_rows.begin(), reference_rows.end(), query_rows[q]);
      if (found != reference_rows.end()) self[q] = static_cast<int>(found - reference_rows.begin());
    }
  std::vector<std::vector<PairState>> states(queries, std::vector<PairState>(references));
  std::vector<WindowSearchStats> stats(queries);
  std::vector<int> previous(queries, -1);
  std::vector<double> previous_distance(queries, ucr::kInfinity);
  std::vector<Envelope> envelopes(references);
  for (size_t k = 0; k < by_width.size(); ++k) {
    const size_t index = by_width[k];
    const long long band = bands[index];
    if (k > 0 && band == bands[by_width[k - 1]]) {
      table.neighbour[index] = table.neighbour[by_width[k - 1]];
      table.distance[index] = table.distance[by_width[k - 1]];
      continue;
    }
    table.stats.brute_cells +=
        brute_force_cells(series, query_rows, reference_rows, self, band, symmetric);
    parallel_for(references, threads, [&](size_t r) {
      ucr::envelope(series.view(reference_rows[r]), band, longest, envelopes[r].upper,
                    envelopes[r].lower);
    });
    // The widest band is computed whole by the batch kernel (dtw_kernel.hpp): its DTW has no
    // narrower band's neighbour to start from and LB_Keogh is weakest there, while its exact
    // distances bound every narrower band's.
    Eigen::MatrixXd widest;
    const bool whole = k == 0 && !dtw_band_problem(data, band);  // else some pairs have no path
    if (whole) {
      widest = widest_band_distances(data, query_rows, reference_rows, band, threads);
      table.stats.cells += table.stats.brute_cells;
    }
    const SearchReferences searched{series, reference_rows, envelopes, slack};
    parallel_for(queries, threads, [&](size_t q) {
      QuerySearch search(searched, series.view(query_rows[q]), self[q], states[q], stats[q]);
      previous[q] = whole ? search.start(band, widest.row(static_cast<Eigen::Index>(q)))
                          : search.run(band, previous[q]);
      if (previous[q] >= 0)
        previous_distance[q] = states[q][static_cast<size_t>(previous[q])].bound;
    });
    table.neighbour[index] = previous;
    table.distance[index] = previous_distance;
  }
  for (const auto& query_stats : stats) table.stats += query_stats;
  return table;
}

std::vector<long long> percent_bands(long long length) {
  std::vector<long long> bands;
  for (int percent = 0; percent <= 100; ++percent)
    bands.push_back(ucr::band_of_percent(percent, length));
  return bands;
}

WindowChoice learn_window(const Dataset& data, const std::vector<int>& train_rows, int threads) {
  const std::vector<long long> bands = percent_bands(data.lengths.maxCoeff());
  const NeighbourTable table =
      nearest_neighbours_by_band(data, train_rows, train_rows, bands, true, threads);
  WindowChoice choice;
  choice.stats = table.stats;
  for (size_t k = 0; k < bands.size(); ++k) {
    long long errors = 0;
    for (size_t q = 0; q < train_rows.size(); ++q) {
      const int neighbour = table.neighbour[k][q];
      if (neighbour < 0 ||
          data.labels(train_rows[static_cast<size_t>(neighbour)]) != data.labels(train_rows[q]))
        ++errors;
    }
    choice.errors.push_back(errors);
  }
  choice.percent = static_cast<int>(std::min_element(choice.errors.begin(), choice.errors.end()) -
                                    choice.errors.begin());
  choice.band = bands[static_cast<size_t>(choice.percent)];
  return choice;
}

}  // namespace tsfs
