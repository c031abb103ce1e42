#pragma once
// Non-negative matrix factorisation X ~ W H (W, H >= 0) minimising the Frobenius norm, as
// scikit-learn 1.2.1's NMF(solver="cd", beta_loss="frobenius", no regularisation): cyclic
// coordinate descent (Cichocki & Phan 2009; scikit-learn's _update_cdnmf_fast, no shuffle) over
// W then H each iteration, stopped when the summed projected gradients fall to `tolerance` times
// the first iteration's, or after `max_iterations`.
#include <Eigen/Core>
#include <cstdint>

namespace tsfs {

struct Factorization {
  Eigen::MatrixXd w;  // rows x components
  Eigen::MatrixXd h;  // components x features
  int iterations = 0;
};

// scikit-learn's "nndsvda" start (Boutsidis & Gallopoulos 2008): the leading singular triplets
// split into positive and negative parts (here from an exact SVD, where scikit-learn uses a
// randomized one), entries below 1e-6 set to the mean of X. X >= 0, components <= min(rows,
// features).
Factorization nndsvda_start(const Eigen::MatrixXd& x, Eigen::Index components);

// scikit-learn's "random" start: |N(0, 1)| x sqrt(mean(X) / components), from tsfs's own seeded
// generator (not numpy's: the same seed gives other numbers than scikit-learn).
Factorization random_start(const Eigen::MatrixXd& x, Eigen::Index components, std::uint64_t seed);

// Coordinate descent from `start` (updated in place). With update_h false only W moves: how
// scikit-learn transforms new rows (W starting at 0, H the fitted components).
void coordinate_descent(const Eigen::MatrixXd& x, Factorization& start, bool update_h,
                        int max_iterations, double tolerance);

// ||X - W H||_F (scikit-learn's reconstruction_err_).
double reconstruction_error(const Eigen::MatrixXd& x, const Factorization& factors);

}  // namespace tsfs
