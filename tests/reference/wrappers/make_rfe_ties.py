#!/usr/bin/python3
"""How tsfs's `rfe` breaks ties between equal (exactly zero) L1 weights, against scikit-learn 1.2.1
(tests/select/wrappers/rfe_selector_test.cpp, "rfe drops the lowest column among equal weights").

Run with Debian's interpreter, numpy 1.24 and scikit-learn 1.2.1 (apt-get install python3-sklearn):
    /usr/bin/python3 tests/reference/wrappers/make_rfe_ties.py
It rewrites, next to this script:
  GunPoint30.csv, ArrowHead32.csv  the input rows, as make_reference.py writes <dataset>.csv:
                 every 5th time step of GunPoint (30 columns), every 8th of ArrowHead (32)
  rfe_ties.csv   make_reference.py's rfe.csv columns (id, dataset, estimator, penalty, C, tol,
                 step, feature, ranking, position) for RFE's loop replayed with the tie rule tsfs
                 documents: among equal importances the lowest column is dropped first (a stable
                 argsort), then `sklearn_ranking`, scikit-learn's own RFE(...).ranking_
and prints, per configuration, Kendall's tau-b between the two rankings, the columns whose rank
differs and the fits at which the lightest importance was tied.

RFE drops np.argsort(importances)[:step]. numpy's default argsort is an introsort: on 16 or
fewer elements it is an insertion sort (stable), on more the quicksort's median-of-3 pivoting
puts equal keys in an order that is a by-product of the partitioning (and numpy >= 1.25 sends
argsort to AVX-512 sorting networks where the CPU has them, another order again). The replay
calls the same estimator with the same inputs; only the tie rule differs, so every difference
between the two rankings comes from ties (and the fits that follow a different drop).
"""
import csv
import os
import warnings

import numpy as np
from scipy.stats import kendalltau
from sklearn.feature_selection import RFE
from sklearn.preprocessing import StandardScaler

from make_reference import HERE, estimator, fitted, importance, load, write_rows

DATASETS = {"GunPoint30": ("GunPoint", 5), "ArrowHead32": ("ArrowHead", 8)}


def configurations():
    """(dataset, estimator, penalty, C, tol, step): L1 fits leaving many exact-zero weights."""
    yield "GunPoint30", "logistic", "l1", 0.2, 1e-8, 1
    yield "ArrowHead32", "logistic", "l1", 0.05, 1e-8, 1


def stable_rfe(x, y, make):
    """RFE's loop at step 1 with a stable argsort; returns (ranking_, order best first, tied)."""
    n = x.shape[1]
    surviving = list(range(n))
    dropped = []
    ranking = np.ones(n, dtype=int)
    tied = 0
    while len(surviving) > 1:
        weights = importance(fitted(make(), x[:, surviving], y))
        tied += int((weights == weights.min()).sum() > 1)
        gone = surviving[int(np.argsort(weights, kind="stable")[0])]
        dropped.append(gone)
        surviving.remove(gone)
        ranking[[f for f in range(n) if f not in surviving]] += 1
    return ranking, surviving + dropped[::-1], tied


def main():
    data = {}
    for name, (source, stride) in DATASETS.items():
        x, y = load(source, stride)
        data[name] = (StandardScaler().fit_transform(x), y)
        write_rows(name, stride, x, y)

    with open(os.path.join(HERE, "rfe_ties.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["id", "dataset", "estimator", "penalty", "C", "tol", "step", "feature",
                         "ranking", "position", "sklearn_ranking"])
        for id_, (name, kind, penalty, c, tol, step) in enumerate(configurations()):
            x, y = data[name]
            make = lambda: estimator(kind, penalty, c, tol)
            reference = RFE(make(), n_features_to_select=1, step=step).fit(x, y).ranking_
            ranking, order, tied = stable_rfe(x, y, make)
            tau = kendalltau(ranking, reference)[0]
            print(f"{name} {kind} {penalty} C={c}: Kendall tau {tau:.4f}, "
                  f"{int((ranking != reference).sum())} of {x.shape[1]} ranks differ, "
                  f"{tied} of {x.shape[1] - 1} fits tied at the lightest weight")
            position = {feature: p for p, feature in enumerate(order)}
            for feature in range(x.shape[1]):
                writer.writerow([id_, name, kind, penalty, repr(c), repr(tol), repr(step), feature,
                                 int(ranking[feature]), position[feature],
                                 int(reference[feature])])


if __name__ == "__main__":
    warnings.simplefilter("error")
    main()
