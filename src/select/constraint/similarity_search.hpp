#pragma once
// Similarity-based constraint subset search (after Salmi, Hammouche & Macaire, "Similarity-based
// constraint score for feature selection", Knowledge-Based Systems 2020: epsilon^S supervised,
// epsilon^SS semi-supervised). Our reading, stated fully here:
//
// - Features are standardised on the fit rows (z-scores, population standard deviation), so every
//   feature contributes on the same scale.
// - Constraint pairs P with targets W^_ij: every pair of labelled rows, W^ = 1 for the same class
//   (must-link), 0 otherwise (cannot-link). At most max_rows labelled rows take part (a
//   stratified subsample, seeded) so a step costs O(max_rows^2) per candidate.
// - Semi-supervised (epsilon^SS): prototypes_per_class k-means prototypes (k-means++ seeded, Lloyd
//   iterations, standardised feature space) of each class's labelled rows; every unlabelled row u
//   whose nearest prototype p is at most acceptance_ratio x its distance to the nearest prototype
//   of another class gets a must-link (u, p) (W^ = 1), the prototype acting as an extra point.
//   Reported: coverage = accepted / unlabelled rows, correct ratio = accepted links whose hidden
//   label equals the prototype's class.
// - Similarity in a subset F: W_ij(F) = exp(-d_F(i, j)^2 / (2 sigma^2 |F|)), with d_F^2 the squared
//   Euclidean distance over the features of F (so the exponent is the mean per-feature squared
//   difference, comparable across |F|).
// - Objective J(F) = mean over P of (W_ij(F) - W^_ij)^2. Greedy forward selection: from F = {},
//   add the feature minimising J(F + {j}) (ties: lower index); squared distances of the pairs are
//   updated incrementally (one O(|P|) pass per candidate). m^ = argmin_m J(F_m) (smallest m on
//   ties).
#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace tsfs {

struct SimilaritySearchSettings {
  bool semi_supervised = false;
  double labeled_fraction = 1.0;  // labels hidden as in the constraint scores (stratified, seeded)
  long long max_rows = 200;
  int prototypes_per_class = 3;
  double acceptance_ratio = 0.9;
  double sigma = 1.0;
  long long max_features = 0;  // forward steps; 0: all features
  std::uint64_t seed = 0;
};

struct SimilaritySearchResult {
  std::vector<int> order;         // features in the order selected
  std::vector<double> objective;  // J(F_m) for m = 1 .. order.size()
  long long best_size = 0;        // m^
  long long pairs = 0;            // |P|
  long long must_links_inferred = 0;
  double must_link_correct_ratio = 0.0;  // NaN when none inferred
  double coverage = 0.0;                 // NaN when no row is unlabelled
};

// labels: class indices of the fit rows (all known; the hidden ones are used only to report the
// correct ratio).
SimilaritySearchResult similarity_forward_search(const Eigen::MatrixXd& features,
                                                 const Eigen::VectorXi& labels, int classes,
                                                 const SimilaritySearchSettings& settings);

// Lloyd's k-means with k-means++ seeding on the rows of `points`; returns k x columns centres
// (k is reduced to the number of rows when there are fewer).
Eigen::MatrixXd kmeans_centres(const Eigen::MatrixXd& points, int k, std::uint64_t seed);

}  // namespace tsfs
