#!/usr/bin/env python3
"""Reference scores of the `relieff` and `trace_ratio` selectors on the P_X.csv / P_y.csv inputs of
this folder (P = wafer150, gunpoint50; two classes each), computed by scikit-feature's own functions
(skfeature/function/similarity_based, commit 48cffad4, the version SOURCE_README.md names).

- P_relieff_k5.csv: reliefF(X01, y, k=5) / n, where X01 is X with each column scaled to [0, 1]
  ((x - min) / (max - min)). scikit-feature takes Manhattan distances and absolute differences of
  the values it is given and does not divide by the number of instances; on [0, 1] columns with
  two classes (its class-prior factor is then 1) that is n times ReliefF's weight as Robnik-Sikonja
  and Kononenko (2003) define it, which the `relieff` selector computes from the raw columns.
- P_trace_ratio_fisher_subsets.csv, "subset_size,k,features": trace_ratio(X, y, M, style='fisher')
  for M = 10, 30, its subset score k and the M features it returns (feature_idx). The function
  keeps the M features of largest s_b / s_w (the Fisher score) as its only candidates before it
  iterates, so with M candidates for M places it returns the Fisher top M and their ratio. The
  criterion of Nie et al. maximises the ratio over all subsets of M features, which the
  `trace_ratio` selector does; its test checks that its subset's ratio is at least this k.
  (P_trace_ratio_fisher.csv, every feature, where both agree, is copied from
  ../shared/reference/selectors.)
- P_trace_ratio_laplacian.csv: trace_ratio(X, y, n_features, style='laplacian'), every feature:
  the kNN heat-kernel graph of construct_W (k = 5, t = 1, Euclidean, self included) for s_w =
  f'(D - W)f and s_b = f'(D - dd'/1'd)f; per feature its score s_b - k s_w (feature_score mapped
  back through feature_idx). P_trace_ratio_laplacian_t4.csv: the same on X / 4, where t = 1 is
  t = 4 on X (every distance divided by 4): the selector with `t: 4` on X gives 16 times these
  scores (X / 4 is exact in binary).

Run with Debian's python3 from the repository root, with a checkout of scikit-feature at commit
48cffad4 (git clone https://github.com/jundongl/scikit-feature):
    SKFEATURE=/path/to/scikit-feature python3 tests/reference/selectors/make_similarity_based.py
"""
import os
import sys
import warnings

import numpy as np

FOLDER = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ["SKFEATURE"])
warnings.simplefilter("ignore", SyntaxWarning)  # trace_ratio.py compares strings with `is`

from skfeature.function.similarity_based import reliefF, trace_ratio  # noqa: E402


def write(path, scores, order=None):
    """rank = position in `order`, or descending score with ties to the lower index."""
    if order is None:
        order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
    rank = np.empty(len(scores), dtype=int)
    rank[list(order)] = np.arange(len(scores))
    with open(path, "w") as out:
        out.write("feature,score,rank\n")
        for i, score in enumerate(scores):
            out.write(f"{i},{float(score)!r},{rank[i]}\n")


subsets = []
for prefix in ("wafer150", "gunpoint50"):
    X = np.loadtxt(os.path.join(FOLDER, f"{prefix}_X.csv"), delimiter=",", skiprows=1)
    y = np.loadtxt(os.path.join(FOLDER, f"{prefix}_y.csv"), delimiter=",", skiprows=1).astype(int)
    low, high = X.min(axis=0), X.max(axis=0)
    scaled = (X - low) / (high - low)
    write(os.path.join(FOLDER, f"{prefix}_relieff_k5.csv"),
          reliefF.reliefF(scaled, y, k=5) / X.shape[0])
    subsets.append(f"{prefix}_trace_ratio_fisher_subsets.csv")
    with open(os.path.join(FOLDER, subsets[-1]), "w") as out:
        out.write("subset_size,k,features\n")
        for m in (10, 30):
            order, _, k = trace_ratio.trace_ratio(X, y, m, style="fisher")
            out.write(f"{m},{float(k)!r},{' '.join(str(int(i)) for i in order)}\n")
            print(f"{prefix}: trace ratio m = {m}: k = {k!r}")
    for suffix, divisor in (("", 1.0), ("_t4", 4.0)):
        n = X.shape[1]
        order, ordered_scores, k = trace_ratio.trace_ratio(X / divisor, y, n, style="laplacian")
        scores = np.empty(n)
        scores[order] = ordered_scores
        write(os.path.join(FOLDER, f"{prefix}_trace_ratio_laplacian{suffix}.csv"), scores)
        print(f"{prefix}: laplacian trace ratio{suffix}: k = {k!r}")
print(f"numpy {np.__version__}")
