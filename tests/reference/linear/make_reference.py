#!/usr/bin/python3
"""Reference fits of scikit-learn 1.2.1's liblinear estimators for tsfs's `logistic` and
`linear_svc` classifiers (tests/classify/liblinear_model_test.cpp).

Run with Debian's interpreter and scikit-learn (apt-get install python3-sklearn):
    /usr/bin/python3 tests/reference/linear/make_reference.py
It rewrites, next to this script:
  configs.csv      one row per fit: id, dataset, estimator, penalty, C, class_weight, tol, max_iter,
                   n_iter (the largest liblinear iteration count scikit-learn reports),
                   coefficients_pinned, prediction_seed_spread (see below)
  coefficients.csv id, row (one per one-vs-rest class; one row for two classes, pointing to
                   class 1), feature (0-based, or -1 for the intercept), value (%.17g)
  predictions.csv  id, test_row, predicted class index

Inputs: the vendored UCR files under third_party/ucr, labels mapped to class indices in sorted
numeric order over TRAIN and TEST, features standardised as tsfs does (StandardScaler fit on the
training rows: population standard deviation, scale 1 for a constant column).

Fits at scikit-learn's default tol 1e-4 check the predictions; tight fits (tol 1e-10 for
logistic, 1e-8 for LinearSVC; coefficients_pinned = 1) pin the coefficients to 1e-6 relative. At the default tol the
solvers stop early and the dual / L1 solvers visit rows in a random order (scikit-learn's own
Mersenne Twister; Debian's liblinear uses rand()), so coefficients only agree to about the tol;
a tight fit lands on the unique optimum of the (strictly convex) objective whatever the order.
"""
import csv
import gzip
import os

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler
from sklearn.svm import LinearSVC

SEEDS = 10  # random_state values 0..9 behind prediction_seed_spread
HERE = os.path.dirname(os.path.abspath(__file__))
UCR = os.path.join(HERE, "..", "..", "..", "third_party", "ucr")


def load(name):
    def read(split):
        with gzip.open(os.path.join(UCR, name, f"{name}_{split}.tsv.gz"), "rt") as handle:
            return np.loadtxt(handle, delimiter="\t")
    train, test = read("TRAIN"), read("TEST")
    labels = np.unique(np.concatenate([train[:, 0], test[:, 0]]))
    to_index = lambda column: np.searchsorted(labels, column)
    scaler = StandardScaler().fit(train[:, 1:])
    return (scaler.transform(train[:, 1:]), to_index(train[:, 0]),
            scaler.transform(test[:, 1:]))


def configurations():
    """(dataset, estimator, penalty, C, class_weight, tol, coefficients pinned). Tight fits only
    where both liblinear builds converge within Debian's fixed iteration bounds (newGLMNET: 100
    Newton steps, so no tight L1 fit at C = 10; dual coordinate descent: 1000 passes, so tight
    LinearSVC fits at C <= 0.1 and tol 1e-8, where scikit-learn's own results move by < 2e-9
    relative between random_state values)."""
    for dataset, c_values in (("GunPoint", (0.1, 1.0, 10.0)), ("ArrowHead", (1.0,))):
        for penalty in ("l2", "l1"):
            for c in c_values:
                for class_weight in (None, "balanced"):
                    yield dataset, "logistic", penalty, c, class_weight, 1e-4, False
                    if penalty == "l2" or c <= 1.0:
                        yield dataset, "logistic", penalty, c, class_weight, 1e-10, True
        for class_weight in (None, "balanced"):
            yield dataset, "linear_svc", "l2", 1.0, class_weight, 1e-4, False
            for c in (0.01, 0.1):
                yield dataset, "linear_svc", "l2", c, class_weight, 1e-8, True


def estimator(kind, penalty, c, class_weight, tol, seed=0):
    if kind == "logistic":
        # max_iter: Debian's liblinear 2.3 has no such parameter (trust-region Newton stops
        # after 1000 iterations, newGLMNET after 100 Newton steps); the fits below converge
        # well before either bound (n_iter in configs.csv).
        return LogisticRegression(solver="liblinear", penalty=penalty, C=c, tol=tol,
                                  class_weight=class_weight, max_iter=1000,
                                  random_state=seed)
    return LinearSVC(C=c, tol=tol, class_weight=class_weight, max_iter=1000, random_state=seed)


def main():
    data = {name: load(name) for name in ("GunPoint", "ArrowHead")}
    configs, coefficients, predictions = [], [], []
    for dataset, kind, penalty, c, class_weight, tol, pinned in configurations():
        train, labels, test = data[dataset]
        model = estimator(kind, penalty, c, class_weight, tol).fit(train, labels)
        predicted = model.predict(test)
        # How many test predictions scikit-learn itself changes when only random_state changes
        # (the row order of liblinear's L1 and dual solvers): the most tsfs may differ by.
        spread = 0 if pinned else max(
            int(np.sum(estimator(kind, penalty, c, class_weight, tol, seed).fit(train, labels)
                       .predict(test) != predicted)) for seed in range(1, SEEDS))
        fit_id = len(configs)
        configs.append([fit_id, dataset, kind, penalty, repr(c), class_weight or "none",
                        repr(tol), int(np.max(model.n_iter_)), int(pinned), spread])
        for row in range(model.coef_.shape[0]):
            for feature, value in enumerate(model.coef_[row]):
                coefficients.append([fit_id, row, feature, "%.17g" % value])
            coefficients.append([fit_id, row, -1, "%.17g" % model.intercept_[row]])
        for test_row, label in enumerate(predicted):
            predictions.append([fit_id, test_row, int(label)])
    tables = {
        "configs.csv": (["id", "dataset", "estimator", "penalty", "C", "class_weight", "tol",
                         "n_iter", "coefficients_pinned", "prediction_seed_spread"], configs),
        "coefficients.csv": (["id", "row", "feature", "value"], coefficients),
        "predictions.csv": (["id", "test_row", "predicted"], predictions),
    }
    for name, (header, rows) in tables.items():
        with open(os.path.join(HERE, name), "w", newline="") as handle:
            writer = csv.writer(handle, lineterminator="\n")
            writer.writerow(header)
            writer.writerows(rows)


if __name__ == "__main__":
    main()
