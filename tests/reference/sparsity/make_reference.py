#!/usr/bin/python3
"""Reference sparsity (share of zero coefficients) and accuracy of scikit-learn 1.2.1's
LogisticRegression(solver="liblinear") for `metrics: [sparsity]` (tests/integration/
sparsity_test.cpp, spec tests/integration/specs/ucr_sparsity.yaml).

Run with Debian's interpreter and scikit-learn (apt-get install python3-sklearn):
    /usr/bin/python3 tests/reference/sparsity/make_reference.py
It rewrites expected.csv next to this script: dataset, penalty, C, sparsity (np.mean(coef_ == 0),
the measure of scikit-learn's example "L1 Penalty and Sparsity in Logistic Regression"), accuracy
(%.17g).

The runs it mirrors: the vendored UCR datasets GunPoint (2 classes: one coefficient row) and
ArrowHead (3 classes: one row per class, one-vs-rest), the official TRAIN/TEST split, the series
values as features (every column), standardised with the training rows' statistics, penalty l1
and l2, C in 0.01, 0.1, 1, tol 1e-8.
"""
import csv
import gzip
import os

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler

HERE = os.path.dirname(os.path.abspath(__file__))
UCR = os.path.join(HERE, "..", "..", "..", "third_party", "ucr")


def read(name, split):
    with gzip.open(os.path.join(UCR, name, f"{name}_{split}.tsv.gz"), "rt") as handle:
        table = np.loadtxt(handle, delimiter="\t")
    return table[:, 1:], table[:, 0]


def main():
    rows = []
    for dataset in ["GunPoint", "ArrowHead"]:
        train, train_labels = read(dataset, "TRAIN")
        test, test_labels = read(dataset, "TEST")
        scaler = StandardScaler().fit(train)
        train, test = scaler.transform(train), scaler.transform(test)
        for penalty in ["l1", "l2"]:
            for c in ["0.01", "0.1", "1"]:
                model = LogisticRegression(solver="liblinear", penalty=penalty, C=float(c),
                                           tol=1e-8, max_iter=1000).fit(train, train_labels)
                accuracy = np.mean(model.predict(test) == test_labels)
                rows.append([dataset, penalty, c, "%.17g" % np.mean(model.coef_ == 0),
                             "%.17g" % accuracy])
    with open(os.path.join(HERE, "expected.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["dataset", "penalty", "C", "sparsity", "accuracy"])
        writer.writerows(rows)


if __name__ == "__main__":
    main()
