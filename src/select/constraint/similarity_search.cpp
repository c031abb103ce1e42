#include "select/constraint/similarity_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>

#include "common/interrupt.hpp"
#include "evaluate/shuffle.hpp"
#include "select/constraint/constraint_scores.hpp"

namespace tsfs {

namespace {

double unit_draw(std::mt19937_64& generator) {
  return static_cast<double>(generator() >> 11) * 0x1.0p-53;
}

}  // namespace

Eigen::MatrixXd kmeans_centres(const Eigen::MatrixXd& points, int k, std::uint64_t seed) {
  const Eigen::Index rows = points.rows();
  const Eigen::Index count = std::min<Eigen::Index>(k, rows);
  Eigen::MatrixXd centres(count, points.cols());
  if (count == 0) return centres;
  std::mt19937_64 generator(seed);
  centres.row(0) = points.row(
      static_cast<Eigen::Index>(draw_below(generator, static_cast<std::uint64_t>(rows))));
  Eigen::VectorXd nearest = (points.rowwise() - centres.row(0)).rowwise().squaredNorm();
  for (Eigen::Index c = 1; c < count; ++c) {
    const double total = nearest.sum();
    Eigen::Index chosen = 0;
    if (total > 0.0) {
      double target = unit_draw(generator) * total;
      for (chosen = 0; chosen < rows - 1; ++chosen) {
        target -= nearest[chosen];
        if (target < 0.0 && nearest[chosen] > 0.0) break;
      }
    }
    centres.row(c) = points.row(chosen);
    nearest = nearest.cwiseMin((points.rowwise() - centres.row(c)).rowwise().squaredNorm());
  }
  std::vector<Eigen::Index> assignment(static_cast<size_t>(rows), -1);
  for (int iteration = 0; iteration < 100; ++iteration) {
    bool changed = false;
    for (Eigen::Index row = 0; row < rows; ++row) {
      Eigen::Index best = 0;
      (centres.rowwise() - points.row(row)).rowwise().squaredNorm().minCoeff(&best);
      if (assignment[static_cast<size_t>(row)] != best) {
        assignment[static_cast<size_t>(row)] = best;
        changed = true;
      }
    }
    if (!changed) break;
    for (Eigen::Index c = 0; c < count; ++c) {
      Eigen::RowVectorXd sum = Eigen::RowVectorXd::Zero(points.cols());
      double members = 0.0;
      for (Eigen::Index row = 0; row < rows; ++row)
        if (assignment[static_cast<size_t>(row)] == c) {
          sum += points.row(row);
          members += 1.0;
        }
      if (members > 0.0) centres.row(c) = sum / members;  // an empty cluster keeps its centre
    }
  }
  return centres;
}

namespace {

struct ConstraintPair {
  Eigen::Index first = 0;
  Eigen::Index second = 0;
  double target = 0.0;
};

// At most `limit` of `rows`, stratified by class and seeded (all of them when they fit).
std::vector<int> stratified_subsample(const std::vector<int>& rows, const Eigen::VectorXi& labels,
                                      int classes, long long limit, std::uint64_t seed) {
  if (static_cast<long long>(rows.size()) <= limit) return rows;
  Eigen::VectorXi subset_labels(static_cast<Eigen::Index>(rows.size()));
  for (size_t i = 0; i < rows.size(); ++i)
    subset_labels[static_cast<Eigen::Index>(i)] = labels[rows[i]];
  const double fraction = static_cast<double>(limit) / static_cast<double>(rows.size());
  const std::vector<bool> kept = labelled_rows(subset_labels, classes, fraction, seed);
  std::vector<int> result;
  for (size_t i = 0; i < rows.size(); ++i)
    if (kept[i]) result.push_back(rows[i]);
  return result;
}

// Columns centred and divided by their population standard deviation (constant ones only centred).
Eigen::MatrixXd standardised(const Eigen::MatrixXd& features) {
  Eigen::MatrixXd points = features;
  for (Eigen::Index j = 0; j < points.cols(); ++j) {
    const double mean = points.col(j).mean();
    points.col(j).array() -= mean;
    const double deviation =
        std::sqrt(points.col(j).squaredNorm() / static_cast<double>(points.rows()));
    if (deviation > 0.0) points.col(j) /= deviation;
  }
  return points;
}

struct Prototypes {
  std::vector<Eigen::RowVectorXd> centres;
  std::vector<int> classes;  // the class of each centre
};

// k-means prototypes of every class's labelled rows.
Prototypes class_prototypes(const Eigen::MatrixXd& points, const Eigen::VectorXi& labels,
                            int classes, const std::vector<int>& labelled_list,
                            const SimilaritySearchSettings& settings) {
  Prototypes prototypes;
  for (int label = 0; label < classes; ++label) {
    std::vector<int> members;
    for (const int row : labelled_list)
      if (labels[row] == label) members.push_back(row);
    if (members.empty()) continue;
    const Eigen::MatrixXd class_points = points(members, Eigen::all);
    const Eigen::MatrixXd centres =
        kmeans_centres(class_points, settings.prototypes_per_class,
                       settings.seed + 1000003ULL * static_cast<std::uint64_t>(label + 1));
    for (Eigen::Index c = 0; c < centres.rows(); ++c) {
      prototypes.centres.push_back(centres.row(c));
      prototypes.classes.push_back(label);
    }
  }
  return prototypes;
}

// Semi-supervised must-links: each unlabelled row whose nearest prototype is clearly nearer than
// any prototype of another class is linked to it. The prototypes are appended to `points`, and at
// most max_rows links (seeded) to `pairs`; the link statistics go to `result`.
// The rows' labels, and which rows the search sees labelled (the others' labels are only used to
// report how often an inferred link is right).
struct LabelSplit {
  const Eigen::VectorXi& labels;
  int classes = 0;
  const std::vector<int>& labelled;
  const std::vector<int>& unlabelled;
};

void add_inferred_must_links(Eigen::MatrixXd& points, const LabelSplit& split,
                             const SimilaritySearchSettings& settings,
                             std::vector<ConstraintPair>& pairs, SimilaritySearchResult& result) {
  const Eigen::VectorXi& labels = split.labels;
  const std::vector<int>& unlabelled_list = split.unlabelled;
  const Prototypes prototypes =
      class_prototypes(points, labels, split.classes, split.labelled, settings);
  std::vector<int> linked_rows;
  std::vector<Eigen::Index> linked_prototype;
  long long correct = 0;
  for (const int row : unlabelled_list) {
    double best = std::numeric_limits<double>::infinity();
    size_t best_index = 0;
    for (size_t p = 0; p < prototypes.centres.size(); ++p) {
      const double distance = (points.row(row) - prototypes.centres[p]).norm();
      if (distance < best) {
        best = distance;
        best_index = p;
      }
    }
    double other = std::numeric_limits<double>::infinity();
    for (size_t p = 0; p < prototypes.centres.size(); ++p)
      if (prototypes.classes[p] != prototypes.classes[best_index])
        other = std::min(other, (points.row(row) - prototypes.centres[p]).norm());
    if (best > settings.acceptance_ratio * other) continue;
    linked_rows.push_back(row);
    linked_prototype.push_back(static_cast<Eigen::Index>(best_index));
    if (labels[row] == prototypes.classes[best_index]) ++correct;
  }
  result.must_links_inferred = static_cast<long long>(linked_rows.size());
  result.coverage =
      static_cast<double>(linked_rows.size()) / static_cast<double>(unlabelled_list.size());
  if (!linked_rows.empty())
    result.must_link_correct_ratio =
        static_cast<double>(correct) / static_cast<double>(linked_rows.size());
  const Eigen::Index base = points.rows();
  points.conservativeResize(base + static_cast<Eigen::Index>(prototypes.centres.size()),
                            points.cols());
  for (size_t p = 0; p < prototypes.centres.size(); ++p)
    points.row(base + static_cast<Eigen::Index>(p)) = prototypes.centres[p];
  std::vector<int> link_index(linked_rows.size());
  for (size_t i = 0; i < link_index.size(); ++i) link_index[i] = static_cast<int>(i);
  if (static_cast<long long>(link_index.size()) > settings.max_rows) {
    std::mt19937_64 generator(settings.seed);
    shuffle_in_place(link_index, generator);
    link_index.resize(static_cast<size_t>(settings.max_rows));
    std::sort(link_index.begin(), link_index.end());
  }
  for (const int i : link_index)
    pairs.push_back({linked_rows[static_cast<size_t>(i)],
                     base + linked_prototype[static_cast<size_t>(i)], 1.0});
}

// The greedy forward search: at each step, the unused feature whose addition gives the smallest
// mean squared gap between the pairs' kernel similarity and their targets.
void greedy_forward_search(const Eigen::MatrixXd& points, const std::vector<ConstraintPair>& pairs,
                           const SimilaritySearchSettings& settings,
                           SimilaritySearchResult& result) {
  const Eigen::Index columns = points.cols();
  const long long steps =
      settings.max_features > 0 ? std::min<long long>(settings.max_features, columns) : columns;
  std::vector<double> squared(pairs.size(), 0.0);  // d_F^2 of every pair
  std::vector<bool> used(static_cast<size_t>(columns), false);
  const double inverse_pairs = 1.0 / static_cast<double>(pairs.size());
  for (long long step = 1; step <= steps; ++step) {
    throw_if_interrupted();  // a greedy step scans every column: Ctrl-C within one step's time
    const double scale = 1.0 / (2.0 * settings.sigma * settings.sigma * static_cast<double>(step));
    double best_objective = std::numeric_limits<double>::infinity();
    Eigen::Index best_feature = -1;
    for (Eigen::Index j = 0; j < columns; ++j) {
      if (used[static_cast<size_t>(j)]) continue;
      double objective = 0.0;
      for (size_t q = 0; q < pairs.size(); ++q) {
        const double difference = points(pairs[q].first, j) - points(pairs[q].second, j);
        const double similarity = std::exp(-(squared[q] + difference * difference) * scale);
        objective += (similarity - pairs[q].target) * (similarity - pairs[q].target);
      }
      objective *= inverse_pairs;
      if (objective < best_objective) {
        best_objective = objective;
        best_feature = j;
      }
    }
    if (best_feature < 0) break;
    used[static_cast<size_t>(best_feature)] = true;
    for (size_t q = 0; q < pairs.size(); ++q) {
      const double difference =
          points(pairs[q].first, best_feature) - points(pairs[q].second, best_feature);
      squared[q] += difference * difference;
    }
    result.order.push_back(static_cast<int>(best_feature));
    result.objective.push_back(best_objective);
  }
}

}  // namespace

SimilaritySearchResult similarity_forward_search(const Eigen::MatrixXd& features,
                                                 const Eigen::VectorXi& labels, int classes,
                                                 const SimilaritySearchSettings& settings) {
  const Eigen::Index rows = features.rows();
  if (labels.size() != rows) throw std::invalid_argument("similarity_constraint: label count");
  // Standardised features; prototypes are appended as extra points.
  Eigen::MatrixXd points = standardised(features);

  const std::vector<bool> labelled =
      labelled_rows(labels, classes, settings.labeled_fraction, settings.seed);
  std::vector<int> labelled_list;
  std::vector<int> unlabelled_list;
  for (Eigen::Index row = 0; row < rows; ++row)
    (labelled[static_cast<size_t>(row)] ? labelled_list : unlabelled_list)
        .push_back(static_cast<int>(row));
  const std::vector<int> chosen =
      stratified_subsample(labelled_list, labels, classes, settings.max_rows, settings.seed);

  SimilaritySearchResult result;
  std::vector<ConstraintPair> pairs;
  for (size_t a = 0; a < chosen.size(); ++a)
    for (size_t b = a + 1; b < chosen.size(); ++b)
      pairs.push_back({chosen[a], chosen[b], labels[chosen[a]] == labels[chosen[b]] ? 1.0 : 0.0});

  result.must_link_correct_ratio = std::numeric_limits<double>::quiet_NaN();
  result.coverage = std::numeric_limits<double>::quiet_NaN();
  if (settings.semi_supervised && !unlabelled_list.empty())
    add_inferred_must_links(points, {labels, classes, labelled_list, unlabelled_list}, settings,
                            pairs, result);
  result.pairs = static_cast<long long>(pairs.size());
  if (pairs.empty())
    throw std::invalid_argument(
        "similarity_constraint: no constraint pairs (too few labelled rows)");
  greedy_forward_search(points, pairs, settings, result);
  result.best_size =
      static_cast<long long>(std::min_element(result.objective.begin(), result.objective.end()) -
                             result.objective.begin() + 1);
  return result;
}

}  // namespace tsfs
