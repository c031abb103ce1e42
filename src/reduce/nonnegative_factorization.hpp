#pragma once
// Non-negative matrix factorisation X ~ W H (W, H >= 0) minimising the Frobenius norm, as
// scikit-learn 1.2.1's NMF(beta_loss="frobenius", no regularisation): by solver="cd", cyclic
// coordinate descent (Cichocki & Phan 2009; scikit-learn's _update_cdnmf_fast, no shuffle) over
// W then H each iteration, stopped when the summed projected gradients fall to `tolerance` times
// the first iteration's, or after `max_iterations`; or by solver="mu" (multiplicative_updates).
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

// Multiplicative updates (Lee & Seung 2001) for the Frobenius loss, as scikit-learn 1.2.1's
// NMF(solver="mu", beta_loss="frobenius", no regularisation): each iteration W <- W * (X H') /
// (W H H') then H <- H * (W' X) / (W' W H), a zero denominator replaced by float32's epsilon; every
// 10 iterations ||X - W H||_F is computed, and the updates stop when it fell by less than
// `tolerance` times the starting error since the last check, or after `max_iterations`. With
// update_h false only W moves (scikit-learn's transform, which starts W at sqrt(mean(X) / k):
// multiplicative updates never move an entry away from 0).
void multiplicative_updates(const Eigen::MatrixXd& x, Factorization& start, bool update_h,
                            int max_iterations, double tolerance);

// scikit-learn's start of W for transforming new rows with multiplicative updates: every entry
// sqrt(mean(X) / components).
Eigen::MatrixXd multiplicative_transform_start(const Eigen::MatrixXd& x, Eigen::Index components);

// ||X - W H||_F (scikit-learn's reconstruction_err_).
double reconstruction_error(const Eigen::MatrixXd& x, const Factorization& factors);

}  // namespace tsfs
