#!/usr/bin/env python3
"""Reference scores of the `t_score`, `kolmogorov_smirnov` and `pearson` selectors on the P_X.csv /
P_y.csv inputs of this folder (P = wafer150, gunpoint50; two classes each), written as
P_t_score.csv, P_kolmogorov_smirnov.csv and P_pearson.csv ("feature,score,rank", rank 0 = first: descending
score, ties to the lower feature index).

- t_score: scikit-feature's t_score (skfeature/function/statistical_based/t_score.py, commit
  48cffad4, the version SOURCE_README.md names), whose arithmetic is restated here with NumPy:
  |mean0 - mean1| / sqrt(std0**2 / n0 + std1**2 / n1), numpy.std with ddof 0. (scikit-feature is
  not a Debian package; its function is these five NumPy lines.)
- kolmogorov_smirnov: scipy.stats.ks_2samp(class0, class1).statistic (Debian's scipy).
- pearson: abs(sklearn.feature_selection.r_regression(X, y)) with y the class index 0/1
  (Debian's scikit-learn), written as P_pearson.csv.
- gini_index: scikit-feature's gini_index (statistical_based/gini_index.py, Python 2 code, so its
  loop is restated here with the same arithmetic in the same order), written as
  P_gini_index.csv; its ranking is ascending (smaller index first), rank 0 = smallest.

Run with Debian's python3 from the repository root:
    python3 tests/reference/selectors/make_t_score_ks.py
"""
import os

import numpy as np
import scipy
import sklearn
from scipy import stats
from sklearn.feature_selection import r_regression

FOLDER = os.path.dirname(os.path.abspath(__file__))


def t_score(X, y):
    c = np.unique(y)
    assert len(c) == 2
    scores = np.zeros(X.shape[1])
    for i in range(X.shape[1]):
        f = X[:, i]
        class0, class1 = f[y == c[0]], f[y == c[1]]
        t = np.mean(class0) - np.mean(class1)
        scores[i] = t / (np.std(class0) ** 2 / len(class0) + np.std(class1) ** 2 / len(class1)) ** 0.5
    return np.abs(scores)


def kolmogorov_smirnov(X, y):
    c = np.unique(y)
    assert len(c) == 2
    return np.array([stats.ks_2samp(X[y == c[0], i], X[y == c[1], i]).statistic
                     for i in range(X.shape[1])])


def gini_index(X, y):
    W = np.ones(X.shape[1]) * 0.5
    for i in range(X.shape[1]):
        for v in np.unique(X[:, i]):
            left_y, right_y = y[X[:, i] <= v], y[X[:, i] > v]
            gini_left = gini_right = 0
            for k in range(int(np.min(y)), int(np.max(y)) + 1):
                if len(left_y) != 0:
                    gini_left += np.power(np.true_divide(len(left_y[left_y == k]), len(left_y)), 2)
                if len(right_y) != 0:
                    gini_right += np.power(np.true_divide(len(right_y[right_y == k]), len(right_y)),
                                           2)
            gini = np.true_divide(len(left_y) * (1 - gini_left) + len(right_y) * (1 - gini_right),
                                  len(y))
            if gini < W[i]:
                W[i] = gini
    return W


def write(path, scores, descending=True):
    sign = -1 if descending else 1
    order = sorted(range(len(scores)), key=lambda i: (sign * scores[i], i))
    rank = np.empty(len(scores), dtype=int)
    rank[order] = np.arange(len(scores))
    with open(path, "w") as out:
        out.write("feature,score,rank\n")
        for i, score in enumerate(scores):
            out.write(f"{i},{float(score)!r},{rank[i]}\n")


for prefix in ("wafer150", "gunpoint50"):
    X = np.loadtxt(os.path.join(FOLDER, f"{prefix}_X.csv"), delimiter=",", skiprows=1)
    y = np.loadtxt(os.path.join(FOLDER, f"{prefix}_y.csv"), delimiter=",", skiprows=1)
    write(os.path.join(FOLDER, f"{prefix}_t_score.csv"), t_score(X, y))
    write(os.path.join(FOLDER, f"{prefix}_kolmogorov_smirnov.csv"), kolmogorov_smirnov(X, y))
    classes = np.searchsorted(np.unique(y), y).astype(float)
    write(os.path.join(FOLDER, f"{prefix}_pearson.csv"), np.abs(r_regression(X, classes)))
    write(os.path.join(FOLDER, f"{prefix}_gini_index.csv"), gini_index(X, y.astype(int)),
          descending=False)
print(f"numpy {np.__version__}, scipy {scipy.__version__}, scikit-learn {sklearn.__version__}")
