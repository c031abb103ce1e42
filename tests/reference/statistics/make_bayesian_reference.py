#!/usr/bin/python3
"""Reference values for tsfs's Bayesian signed-rank test (src/statistics/bayesian_signed_rank.*),
from an independent NumPy implementation of the definition in Benavoli, Corani, Demsar and
Zaffalon (2017), "Time for a change: a tutorial for comparing multiple classifiers through
Bayesian analysis", JMLR 18(77), section 5.2:

  differences z_1..z_n plus the prior's pseudo-observation z_0 = 0 of strength s = 0.5;
  a posterior draw w ~ Dirichlet(s, 1, ..., 1);
  theta_left  = sum_ij w_i w_j [z_i + z_j < -2r],
  theta_rope  = sum_ij w_i w_j [-2r <= z_i + z_j <= 2r],
  theta_right = sum_ij w_i w_j [z_i + z_j > 2r]   (i, j over 0..n, i = j included),
  with the bounds 2r widened by a relative 1e-9 (as tsfs does);
  P(region) = share of the draws in which that region has the largest theta (ties split).

Evaluated here directly over the (n+1)^2 pairs (tsfs sorts and uses suffix sums instead).
NumPy's and tsfs's random generators differ, so two kinds of reference are written:

- bayes_weights.csv, bayes_masses.csv, bayes_from_weights.csv: 200 Dirichlet draws per case
  from NumPy, written out; tsfs reads the same draws and must give the same thetas (to rounding)
  and the same probabilities (exactly: the same votes).
- bayes_monte_carlo.csv: the probabilities with 400000 NumPy draws; tsfs's own sampler (its
  seed, 50000 draws) must agree within 5 Monte-Carlo standard errors of the difference.

Run from this folder: `/usr/bin/python3 make_bayesian_reference.py` (Debian's python3-numpy).
"""
import csv

import numpy as np

PRIOR_STRENGTH = 0.5
SLACK = 1e-9
rng = np.random.default_rng(20170077)


def number(value):
    return repr(float(value))


def write(name, header, rows):
    with open(name, "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)


def region_matrices(z, rope):
    """0/1 matrices of the pairs (i, j) of (0, z_1, ..., z_n) in each region."""
    values = np.concatenate(([0.0], z))
    sums = values[:, None] + values[None, :]
    limit = 2 * rope * (1 + SLACK)
    left = (sums < -limit).astype(float)
    right = (sums > limit).astype(float)
    return left, 1.0 - left - right, right


def masses(weights, matrices):
    """theta per draw (rows of weights) and region: w^T M w."""
    return np.stack([np.einsum("di,ij,dj->d", weights, m, weights) for m in matrices], axis=1)


def votes(thetas):
    """Share of the draws in which each region has the largest mass, ties split."""
    largest = thetas.max(axis=1, keepdims=True)
    winners = thetas == largest
    return (winners / winners.sum(axis=1, keepdims=True)).mean(axis=0)


def draws(count, n):
    return rng.dirichlet(np.concatenate(([PRIOR_STRENGTH], np.ones(n))), size=count)


def quantised(size, steps):
    return np.round(rng.uniform(0.5, 1.0, size) * steps) / steps


def cases():
    """(differences, ropes): accuracy-like differences with ties and zeros, as in comparisons."""
    result = []
    result.append((np.array([0.02, 0.05, 0.01, 0.03, 0.04]), (0.0, 0.01)))  # A better
    x = quantised(14, 40)
    result.append((x - np.clip(x + rng.choice([-0.05, -0.025, 0.0, 0.0, 0.025], 14), 0, 1),
                   (0.0, 0.01, 0.05)))  # archive-like: 14 datasets, zeros and ties
    result.append((rng.normal(0.0, 0.004, 30), (0.0, 0.01)))  # practically equivalent
    result.append((rng.normal(-0.03, 0.03, 20), (0.01, 0.02)))  # B better, some noise
    result.append((np.zeros(8), (0.0, 0.01)))  # every difference zero
    result.append((np.array([0.01, -0.01, 0.03, 0.0, 0.02, 0.01, -0.02, 0.04, 0.01]),
                   (0.01,)))  # differences on the rope's bounds (0.01 = r, 0.02 = 2r)
    result.append((rng.normal(0.01, 0.05, 97), (0.01,)))  # the archive's 97 datasets
    return result


def main():
    inputs, weight_rows, mass_rows, from_weights, monte_carlo = [], [], [], [], []
    for case, (z, ropes) in enumerate(cases()):
        inputs += [[case, i, number(v)] for i, v in enumerate(z)]
        weights = draws(200, len(z))
        weight_rows += [[case, d, " ".join(number(v) for v in row)]
                        for d, row in enumerate(weights)]
        for rope in ropes:
            matrices = region_matrices(z, rope)
            thetas = masses(weights, matrices)
            mass_rows += [[case, number(rope), d] + [number(v) for v in row]
                          for d, row in enumerate(thetas)]
            from_weights.append([case, number(rope), len(weights)] +
                                [number(v) for v in votes(thetas)])
            total = np.zeros(3)
            count = 400000
            for _ in range(count // 50000):
                total += votes(masses(draws(50000, len(z)), matrices)) * 50000
            monte_carlo.append([case, number(rope), count] + [number(v) for v in total / count])
    write("bayes_input.csv", ["case", "index", "difference"], inputs)
    write("bayes_weights.csv", ["case", "draw", "weights"], weight_rows)
    write("bayes_masses.csv", ["case", "rope", "draw", "left", "rope_mass", "right"], mass_rows)
    write("bayes_from_weights.csv", ["case", "rope", "samples", "p_left", "p_rope", "p_right"],
          from_weights)
    write("bayes_monte_carlo.csv", ["case", "rope", "samples", "p_left", "p_rope", "p_right"],
          monte_carlo)


if __name__ == "__main__":
    main()
