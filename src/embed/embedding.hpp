#pragma once
// Embedding stage: 2-D (or k-D) coordinates of a dataset's rows from their distances, for the
// dataset-view plot kinds (plot/embedding_plots.cpp): classical MDS (Torgerson 1952; Cox & Cox,
// "Multidimensional Scaling", 2001, ch. 2), Isomap (Tenenbaum, de Silva & Langford 2000: classical
// MDS of the geodesic distances of a kNN graph, as scikit-learn 1.2.1's Isomap) and exact t-SNE
// (van der Maaten & Hinton 2008, as scikit-learn 1.2.1's TSNE(method="exact")), Laplacian
// eigenmaps and locally linear embedding (neighbourhood_embeddings.cpp).
#include <Eigen/Core>
#include <cstdint>

namespace tsfs {

// Classical MDS: the top `dimensions` eigenpairs of B = -1/2 J D^2 J (J the centring matrix),
// coordinates V sqrt(max(lambda, 0)); each axis signed so its largest |coordinate| is positive.
Eigen::MatrixXd classical_mds(const Eigen::MatrixXd& distances, int dimensions);

// Raw stress as scikit-learn's MDS.stress_: sum over pairs i < j of (d_ij - ||x_i - x_j||)^2.
double raw_stress(const Eigen::MatrixXd& distances, const Eigen::MatrixXd& coordinates);

// Geodesic distances along the undirected kNN graph (each row linked to its `neighbours` nearest
// other rows, ties to the lower index; edge weight = distance), by Dijkstra from every row. A
// disconnected graph is completed as scikit-learn's Isomap does: one edge between the closest
// rows of every pair of components.
Eigen::MatrixXd geodesic_distances(const Eigen::MatrixXd& distances, int neighbours);

// Isomap: classical MDS of the geodesic distances.
Eigen::MatrixXd isomap(const Eigen::MatrixXd& distances, int neighbours, int dimensions);

// Laplacian eigenmaps (Belkin & Niyogi 2003) as scikit-learn 1.2.1's SpectralEmbedding(affinity=
// "precomputed_nearest_neighbors", n_neighbors=neighbours): A_ij = 1 when j is one of the
// `neighbours` nearest rows of i, the row itself counted first (ties to the lower index), made
// symmetric as (A + A') / 2; the normalised Laplacian L = I - D^-1/2 A D^-1/2 with the degrees
// D of A's off-diagonal part (scipy's csgraph.laplacian ignores the diagonal); the eigenvectors
// of its `dimensions` + 1 smallest eigenvalues, the first (constant direction) dropped, each
// divided by sqrt(D) and signed so that its largest |entry| is positive.
Eigen::MatrixXd laplacian_eigenmaps(const Eigen::MatrixXd& distances, int neighbours,
                                    int dimensions);

// Locally linear embedding (Roweis & Saul 2000) as scikit-learn 1.2.1's LocallyLinearEmbedding
// (method="standard", eigen_solver="dense"), from distances: the local Gram matrix of row i's
// `neighbours` nearest other rows, G_jk = (x_j - x_i).(x_k - x_i), is (d_ij^2 + d_ik^2 - d_jk^2)
// / 2, exact for Euclidean distances; G + reg trace(G) I (reg alone when the trace is 0) gives
// the weights w = G^-1 1 / 1'G^-1 1 that rebuild row i from its neighbours; the embedding is the
// eigenvectors of (I - W)'(I - W) for its `dimensions` smallest eigenvalues after the first
// (the constant vector), each signed so that its largest |entry| is positive (scikit-learn
// leaves the signs to its eigensolver).
Eigen::MatrixXd locally_linear_embedding(const Eigen::MatrixXd& distances, int neighbours,
                                         int dimensions, double regularization);

// t-SNE's joint probabilities from squared distances: per row, the Gaussian conditional
// probabilities whose perplexity matches `perplexity` (scikit-learn's binary search on beta: 100
// steps, entropy tolerance 1e-5, the distances rounded to float as there), then
// P = (P_cond + P_cond^T) / sum, at least 2^-52. n x n, zero diagonal.
Eigen::MatrixXd tsne_joint_probabilities(const Eigen::MatrixXd& squared_distances,
                                         double perplexity);

// KL(P || Q) of an embedding with Student-t (1 degree of freedom) similarities Q, and its
// gradient (n x dimensions), as scikit-learn's _kl_divergence.
double tsne_kl_divergence(const Eigen::MatrixXd& joint_probabilities,
                          const Eigen::MatrixXd& embedding, Eigen::MatrixXd* gradient);

struct TsneOptions {
  int dimensions = 2;
  double perplexity = 30.0;
  int iterations = 1000;       // at least 250 (the early-exaggeration phase)
  double learning_rate = 0.0;  // 0: scikit-learn's "auto", max(n / 12 / 4, 50)
  std::uint64_t seed = 0;      // initial coordinates: 1e-4 x N(0, 1), tsfs's generator
};

// Gradient descent with momentum and gains as scikit-learn's _gradient_descent: 250 iterations
// with P x 12 and momentum 0.5, then momentum 0.8; stops early when the gradient norm falls below
// 1e-7 or the error has not improved for 300 iterations (checked every 50).
Eigen::MatrixXd tsne(const Eigen::MatrixXd& squared_distances, const TsneOptions& options);

}  // namespace tsfs
