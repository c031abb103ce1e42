#!/usr/bin/python3
"""References of scikit-learn 1.2.1 for tsfs's model-based selectors `rfe` and `l1_path`
(tests/select/wrappers/rfe_selector_test.cpp, tests/select/wrappers/l1_path_selector_test.cpp).

Run with Debian's interpreter and scikit-learn (apt-get install python3-sklearn):
    /usr/bin/python3 tests/reference/wrappers/make_reference.py
It rewrites, next to this script:
  <dataset>.csv  the input rows: label (class index, sorted numeric order), then the raw values of
                 every `stride`-th time step of the vendored UCR series (TRAIN then TEST rows),
                 unstandardised: the selector standardises them itself, as tsfs does
  rfe.csv        id, dataset, estimator, penalty, C, tol, step, feature, ranking (scikit-learn's
                 RFE(n_features_to_select=1).ranking_), position (0 = best in the refined order)
  l1_path.csv    id, dataset, C_min, C_max, steps, tol, feature, entry_step (first grid index
                 whose fit gives the feature a nonzero coefficient in any class row, `steps` when
                 none), end_magnitude (sum over class rows of |w| at C_max), position

Inputs are standardised as tsfs standardises a selector's fit rows (StandardScaler: population
standard deviation). The refined RFE order is scikit-learn's ranking_ with the columns dropped in
one step ordered by their importance at that step (sum over the coefficient rows of w^2, RFE's
transform_func="square"); the script replays RFE's loop to get those importances and checks that
its replay gives RFE's own ranking_. Column counts stay at most 16 where L1 fits give exact-zero
(tied) importances: numpy's argsort sorts such short arrays by insertion, i.e. stably, which is
the tie rule tsfs uses (lower column dropped first).

Tolerances are tight (1e-10 for L2 logistic, 1e-8 for L1 logistic and for LinearSVC at C <= 0.05)
so that both liblinear builds (scikit-learn's, which shuffles rows with its own generator;
Debian's, with rand()) land on the optimum and the weights, hence the orders, agree. The script
runs with warnings as errors, so every fit converges within scikit-learn's bounds, and checks
that every L1 fit takes fewer than the 100 Newton steps Debian's liblinear 2.3 allows.
"""
import csv
import gzip
import os
import warnings

import numpy as np
from sklearn.feature_selection import RFE
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.svm import LinearSVC

HERE = os.path.dirname(os.path.abspath(__file__))
UCR = os.path.join(HERE, "..", "..", "..", "third_party", "ucr")
DATASETS = {"GunPoint": 10, "ArrowHead": 16}  # name -> stride (15 and 16 columns)


def load(name, stride):
    def read(split):
        with gzip.open(os.path.join(UCR, name, f"{name}_{split}.tsv.gz"), "rt") as handle:
            return np.loadtxt(handle, delimiter="\t")
    rows = np.vstack([read("TRAIN"), read("TEST")])
    labels = np.searchsorted(np.unique(rows[:, 0]), rows[:, 0])
    return rows[:, 1::stride], labels


def write_rows(name, stride, x, y):
    """<name>.csv: label, then the raw values of every `stride`-th time step."""
    with open(os.path.join(HERE, f"{name}.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["label"] + [f"t{stride * j}" for j in range(x.shape[1])])
        for label, row in zip(y, x):
            writer.writerow([int(label)] + [repr(float(v)) for v in row])


def estimator(kind, penalty, c, tol):
    if kind == "logistic":
        return LogisticRegression(solver="liblinear", penalty=penalty, C=c, tol=tol,
                                  max_iter=1000, random_state=0)
    return LinearSVC(C=c, tol=tol, max_iter=1000, random_state=0)


def fitted(model, x, y):
    model.fit(x, y)
    if getattr(model, "penalty", "l2") == "l1":
        assert model.n_iter_.max() < 100, "beyond Debian liblinear's 100 newGLMNET steps"
    return model


def importance(model):
    return np.square(model.coef_).sum(axis=0)


def refined_rfe(x, y, make, step):
    """RFE's loop, keeping each step's importances; returns (ranking_, order best first)."""
    n = x.shape[1]
    per_step = int(max(1, step * n)) if 0 < step < 1 else int(step)
    surviving = list(range(n))
    dropped = []  # worst first
    ranking = np.ones(n, dtype=int)
    while len(surviving) > 1:
        weights = importance(fitted(make(), x[:, surviving], y))
        lightest = np.argsort(weights)
        count = min(per_step, len(surviving) - 1)
        gone = [surviving[i] for i in lightest[:count]]
        dropped.extend(gone)
        surviving = [f for f in surviving if f not in gone]
        ranking[[f for f in range(n) if f not in surviving]] += 1
    return ranking, surviving + dropped[::-1]


def rfe_configurations():
    """(dataset, estimator, penalty, C, tol, step)."""
    yield "GunPoint", "logistic", "l2", 1.0, 1e-10, 1
    yield "GunPoint", "logistic", "l1", 1.0, 1e-8, 1
    yield "GunPoint", "linear_svc", "l2", 0.02, 1e-8, 2
    yield "ArrowHead", "logistic", "l2", 1.0, 1e-10, 0.2
    yield "ArrowHead", "logistic", "l1", 0.5, 1e-8, 1
    yield "ArrowHead", "linear_svc", "l2", 0.05, 1e-8, 3


def l1_configurations():
    """(dataset, C_min, C_max, steps, tol)."""
    yield "GunPoint", 1e-3, 1.0, 20, 1e-8
    yield "ArrowHead", 1e-3, 1.0, 15, 1e-8


def l1_path(x, y, c_min, c_max, steps, tol):
    grid = np.logspace(np.log10(c_min), np.log10(c_max), steps)
    entry = np.full(x.shape[1], steps)
    for index, c in enumerate(grid):
        model = fitted(estimator("logistic", "l1", c, tol), x, y)
        nonzero = (model.coef_ != 0).any(axis=0)
        entry[(entry == steps) & nonzero] = index
    end = np.abs(model.coef_).sum(axis=0)
    order = sorted(range(x.shape[1]), key=lambda f: (entry[f], -end[f], f))
    return entry, end, order


def main():
    data = {}
    for name, stride in DATASETS.items():
        x, y = load(name, stride)
        data[name] = (StandardScaler().fit_transform(x), y)
        write_rows(name, stride, x, y)

    with open(os.path.join(HERE, "rfe.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["id", "dataset", "estimator", "penalty", "C", "tol", "step", "feature",
                         "ranking", "position"])
        for id_, (name, kind, penalty, c, tol, step) in enumerate(rfe_configurations()):
            x, y = data[name]
            make = lambda: estimator(kind, penalty, c, tol)
            reference = RFE(make(), n_features_to_select=1, step=step).fit(x, y).ranking_
            ranking, order = refined_rfe(x, y, make, step)
            assert (ranking == reference).all(), (name, kind, ranking, reference)
            position = {feature: p for p, feature in enumerate(order)}
            for feature in range(x.shape[1]):
                writer.writerow([id_, name, kind, penalty, repr(c), repr(tol), repr(step), feature,
                                 int(reference[feature]), position[feature]])

    with open(os.path.join(HERE, "l1_path.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["id", "dataset", "C_min", "C_max", "steps", "tol", "feature",
                         "entry_step", "end_magnitude", "position"])
        for id_, (name, c_min, c_max, steps, tol) in enumerate(l1_configurations()):
            x, y = data[name]
            entry, end, order = l1_path(x, y, c_min, c_max, steps, tol)
            position = {feature: p for p, feature in enumerate(order)}
            for feature in range(x.shape[1]):
                writer.writerow([id_, name, repr(c_min), repr(c_max), steps, repr(tol), feature,
                                 int(entry[feature]), repr(float(end[feature])),
                                 position[feature]])


if __name__ == "__main__":
    warnings.simplefilter("error")
    main()
