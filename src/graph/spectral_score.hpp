#pragma once
// SPEC feature scores (Zhao & Liu, "Spectral feature selection for supervised and unsupervised
// learning", ICML 2007) on a weighted graph, as scikit-feature's SPEC.spec computes them, extended
// with the paper's spectral functions gamma.
//
// With d = W 1, L^ = I - D^-1/2 W D^-1/2 (a node of degree 0 gets D^-1/2 = 0), eigenpairs
// (lambda_i, u_i) of L^ in ascending order (lambda_0 = 0, u_0 = v = D^1/2 1 / |D^1/2 1|), and for a
// feature f: F = D^1/2 f / |D^1/2 f|, a_i = (F . u_i)^2:
//   phi1 = sum_i a_i gamma(lambda_i)                         = F' gamma(L^) F
//   phi2 = sum_(i >= 1) a_i gamma(lambda_i) / sum_(i >= 1) a_i = (phi1 - a_0 gamma(0)) / (1 - a_0)
//   phi3 = sum_(i = 1)^(k-1) a_i (gamma(2) - gamma(lambda_i))   (k = n_eigen: the k smallest
//          eigenpairs, the trivial one included, as scikit-feature's style = k)
// With gamma = identity: phi1 = scikit-feature style -1 (= f'Lf / f'Df), phi2 = style 0, and
// phi3 = sum a_i (2 - lambda_i) = style k.
// In the paper smaller phi1 / phi2 and LARGER phi3 are better; scikit-feature's feature_ranking
// sorts the other way round for all three (the selector's `order` chooses).
// A feature with |D^1/2 f| < 100 machine epsilons scores 1000 (phi1, phi2) or -1000 (phi3), as in
// scikit-feature.
//
// Computation: phi1 and phi2 for identity and polynomial gamma are exact quadratic forms with
// repeated products by W (no eigendecomposition, any n). phi3 and the other gammas need
// eigenpairs: for n <= dense_limit a dense symmetric eigendecomposition; above it, phi3 uses
// Spectra (Lanczos, only the k smallest eigenpairs, sparse products when W is sparse), and phi1 /
// phi2 with a non-polynomial gamma (which need the whole spectrum) are refused.
#include <Eigen/Core>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "common/error.hpp"
#include "graph/knn_graph.hpp"

namespace tsfs {

enum class SpecRanker { phi1, phi2, phi3 };

enum class SpectralFunction {
  identity,        // gamma(l) = l
  polynomial,      // gamma(l) = l^nu (nu a positive integer)
  regularized,     // gamma(l) = 1 + s^2 l
  diffusion,       // gamma(l) = exp(s^2 l / 2)
  random_walk,     // gamma(l) = (a - l)^-p, a > 2
  inverse_cosine,  // gamma(l) = 1 / cos(l pi / 4)  (infinite at l = 2: not usable with phi3)
};

std::optional<SpecRanker> parse_spec_ranker(std::string_view name);
std::optional<SpectralFunction> parse_spectral_function(std::string_view name);

struct SpecSettings {
  SpecRanker ranker = SpecRanker::phi2;
  int n_eigen = 4;  // k of phi3
  SpectralFunction function = SpectralFunction::identity;
  int nu = 2;                    // polynomial
  double s = 1.0;                // regularized, diffusion
  double a = 3.0;                // random_walk
  double p = 1.0;                // random_walk
  long long dense_limit = 2000;  // largest n for a dense eigendecomposition
  int max_iterations = 10000;    // restarts allowed to the Lanczos solver (n > dense_limit)
};

// The eigensolver stopped before the requested eigenpairs converged: a NotConverged (not
// std::invalid_argument), so that the sweep records the score as not converged instead of
// treating it as bad input or a bug.
class ScoreNotConverged : public NotConverged {
 public:
  ScoreNotConverged(std::string solver, int iterations, long long converged, long long requested);
  const std::string& solver() const { return solver_; }
  int iterations() const { return iterations_; }
  long long converged() const { return converged_; }  // eigenpairs converged (Spectra's nconv)
  long long requested() const { return requested_; }

 private:
  std::string solver_;
  int iterations_;
  long long converged_;
  long long requested_;
};

double spectral_function_value(const SpecSettings& settings, double lambda);

// features: n x R; weights: n x n, symmetric, non-negative. Throws std::invalid_argument on size
// mismatches, n_eigen outside 2 .. n - 1 for phi3 or a spectrum the settings cannot use; throws
// ScoreNotConverged when the eigensolver does not converge.
Eigen::VectorXd spec_scores(const Eigen::MatrixXd& features, const Eigen::MatrixXd& weights,
                            const SpecSettings& settings);
Eigen::VectorXd spec_scores(const Eigen::MatrixXd& features, const SparseGraph& weights,
                            const SpecSettings& settings);

}  // namespace tsfs
