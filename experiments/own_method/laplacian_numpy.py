"""A researcher's own graph selector for tsfs: the Laplacian score, written in NumPy from the
distance matrix tsfs hands it.

A function with a parameter named ``distances`` gets the fit rows' distance matrix (rows x rows,
from the spec's ``distances:``) besides ``X`` and ``y``, and its entry is swept over the spec's
distances as the native graph selectors are. ``laplacian_scores`` is He, Cai & Niyogi's (2005)
score on the k-nearest-neighbour heat-kernel graph as tsfs's ``laplacian`` builds it (an edge when
either row is among the other's k nearest, ties to the lower index; width sigma = sigma_ratio x
the mean distance), so ``{kind: python, function: ..., order: ascending}`` beside the native
``laplacian`` ranks the same (python/tests/test_python_components.py).
"""
import numpy as np


def laplacian_scores(X, y, distances, k=10, sigma_ratio=1.0):
    """L_r = sum_ij W_ij (f_i - f_j)^2 / (2 f~'D f~) per column: smaller keeps local structure.

    ``y`` is not used: the score is unsupervised.
    """
    n = distances.shape[0]
    others = distances + np.diag(np.full(n, np.inf))  # a row is not its own neighbour
    nearest = np.argsort(others, axis=1, kind="stable")[:, :k]
    edges = np.zeros((n, n), dtype=bool)
    edges[np.repeat(np.arange(n), k), nearest.ravel()] = True
    edges |= edges.T
    sigma = sigma_ratio * distances.mean()
    weights = np.where(edges, np.exp(-distances**2 / sigma**2), 0.0)
    degrees = weights.sum(axis=1)
    centred = X - degrees @ X / degrees.sum()
    scores = np.empty(X.shape[1])
    for column in range(X.shape[1]):
        f = centred[:, column]
        # The numerator as a sum of non-negative edge terms: f~'(D - W)f~ would cancel digits.
        numerator = 0.5 * (weights * (f[:, None] - f[None, :]) ** 2).sum()
        scores[column] = numerator / (degrees @ f**2)
    return scores
