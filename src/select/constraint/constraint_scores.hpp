#pragma once
// Constraint scores (Zhang, Chen & Zhou, "Constraint Score: A new filter method for feature
// selection with pairwise constraints", Pattern Recognition 2008; semi-supervised variants as
// compared in Kalakech et al. 2011 and Salmi, Hammouche & Macaire 2020). Shared by the
// constraint_sc1 .. constraint_sc4 selectors, one registered file each.
//
// Constraints come from the LABELLED fit rows: every pair of labelled rows of the same class is a
// must-link (M), every pair of different classes a cannot-link (C). With
// f'L^X f = sum over unordered pairs (i, j) in X of (f_i - f_j)^2 (S^X_ij = 1 on X, L^X = D - S;
// computed in O(n) per feature from class sums of squares, never as an n x n matrix):
// - sc1 = f'L^M f / f'L^C f                                   (smaller better)
// - sc2 = f'L^M f - lambda f'L^C f                             (smaller better)
// - sc3 = f'L^N f / f'L^C f, S^N_ij = gamma on must-link pairs, 1 on pairs of the symmetric
//   k-nearest-neighbour graph of the fit rows' distances with at least one UNLABELLED end,
//   0 otherwise                                               (smaller better, semi-supervised)
// - sc4 = Laplacian score x sc1, the Laplacian score (He et al. 2005) on the kNN heat-kernel
//   graph of all fit rows (symmetric "or" graph, exp(-d^2 / sigma^2), sigma = sigma_ratio x mean
//   distance, as the laplacian selector's he2005 variant)     (smaller better)
// A zero denominator gives +inf (NaN when the numerator is 0 too), e.g. with a single labelled
// class.
//
// labeled_fraction (default 1) hides labels deterministically and STRATIFIED: for each class in
// turn, its rows (in row order) are shuffled with a Fisher-Yates shuffle driven by
// std::mt19937_64(seed) (portable, see evaluate/shuffle.hpp), and the first
// max(1, ceil(fraction x n_c)) stay labelled. So at least one row per class present stays
// labelled, and fraction 1 labels everything whatever the seed.
#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "graph/knn_graph.hpp"
#include "select/selector.hpp"

namespace tsfs {

enum class ConstraintVariant { sc1, sc2, sc3, sc4 };

// true = the row keeps its label.
std::vector<bool> labelled_rows(const Eigen::VectorXi& labels, int classes, double fraction,
                                std::uint64_t seed);

struct ConstraintForms {
  Eigen::VectorXd must;    // f'L^M f per feature
  Eigen::VectorXd cannot;  // f'L^C f per feature
};
ConstraintForms constraint_forms(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                                 int classes, const std::vector<bool>& labelled);

// sum over unordered edges {i, j} of a symmetric-support graph with i or j unlabelled of
// (f_i - f_j)^2, per feature.
Eigen::VectorXd unlabelled_edge_form(const Eigen::MatrixXd& features, const SparseGraph& graph,
                                     const std::vector<bool>& labelled);

struct ConstraintSettings {
  ConstraintVariant variant = ConstraintVariant::sc1;
  double lambda = 1.0;       // sc2
  double gamma = 100.0;      // sc3
  int neighbours = 10;       // sc3, sc4
  double sigma_ratio = 1.0;  // sc4
  double labeled_fraction = 1.0;
  std::uint64_t seed = 0;
  ScoreOrder order = ScoreOrder::ascending;
};

// The scores of one variant given an explicit labelled mask (distances needed for sc3, sc4).
Eigen::VectorXd constraint_scores(const SelectionProblem& problem,
                                  const std::vector<bool>& labelled,
                                  const ConstraintSettings& settings);

SelectorRegistration constraint_registration(ConstraintVariant variant);

}  // namespace tsfs
