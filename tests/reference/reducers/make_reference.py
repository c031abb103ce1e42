#!/usr/bin/python3
"""Reference reductions of scikit-learn 1.2.1 for the `reduce:` stage (tests/reduce/*_test.cpp).

Run with Debian's interpreter and scikit-learn (apt-get install python3-sklearn):
    /usr/bin/python3 tests/reference/reducers/make_reference.py
It rewrites the CSVs next to this script (%.17g):
  ratios.csv      reducer, dataset, index, ratio: PCA(svd_solver="full") explained_variance_ratio_
                  (every component) and TruncatedSVD(5, algorithm="arpack", random_state=0)'s five;
  directions.csv  reducer, dataset, component, feature, value: the first 5 directions (components_)
                  of both, compared as subspaces (principal angles);
  scores.csv      reducer, dataset, row, component, value: the TEST rows transformed by
                  LinearDiscriminantAnalysis() (solver "svd") and PLSRegression(3) fitted on the
                  TRAIN rows (PLS-DA: y = label_binarize(labels), one column for two classes);
                  compared up to the sign of each component;
  nmf_start.csv, nmf.csv  see nmf_reference().
Data: the vendored UCR datasets' series values, official split: ECG200 (2 classes, 100 x 96:
more rows than columns) and ArrowHead (3 classes, 36 x 251: fewer, so LDA's within-class SVD drops
directions by its tolerance).
"""
import csv
import gzip
import os

import numpy as np
from sklearn.cross_decomposition import PLSRegression
from sklearn.decomposition import PCA, TruncatedSVD
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.preprocessing import label_binarize

HERE = os.path.dirname(os.path.abspath(__file__))
UCR = os.path.join(HERE, "..", "..", "..", "third_party", "ucr")
DATASETS = ["ECG200", "ArrowHead"]


def read(name, split):
    with gzip.open(os.path.join(UCR, name, f"{name}_{split}.tsv.gz"), "rt") as handle:
        table = np.loadtxt(handle, delimiter="\t")
    return table[:, 1:], table[:, 0]


def number(value):
    return "%.17g" % value


def main():
    ratios, directions, scores = [], [], []
    for dataset in DATASETS:
        train, labels = read(dataset, "TRAIN")
        test, _ = read(dataset, "TEST")
        pca = PCA(svd_solver="full").fit(train)
        svd = TruncatedSVD(5, algorithm="arpack", random_state=0).fit(train)
        for name, model in [("pca", pca), ("svd", svd)]:
            for i, ratio in enumerate(model.explained_variance_ratio_):
                ratios.append([name, dataset, i, number(ratio)])
            for c in range(5):
                for f, value in enumerate(model.components_[c]):
                    directions.append([name, dataset, c, f, number(value)])
        lda = LinearDiscriminantAnalysis().fit(train, labels)
        classes = np.unique(labels)
        pls = PLSRegression(3).fit(train, label_binarize(labels, classes=classes))
        for name, transformed in [("lda", lda.transform(test)), ("pls", pls.transform(test))]:
            for r, row in enumerate(transformed):
                for c, value in enumerate(row):
                    scores.append([name, dataset, r, c, number(value)])
    for file, header, rows in [
            ("ratios.csv", ["reducer", "dataset", "index", "ratio"], ratios),
            ("directions.csv", ["reducer", "dataset", "component", "feature", "value"], directions),
            ("scores.csv", ["reducer", "dataset", "row", "component", "value"], scores)]:
        with open(os.path.join(HERE, file), "w", newline="") as handle:
            writer = csv.writer(handle, lineterminator="\n")
            writer.writerow(header)
            writer.writerows(rows)


def nmf_reference():
    """nmf_start.csv (matrix W or H, row, column, value): scikit-learn's "nndsvda" start of
    NMF(4) on GunPoint's TRAIN series shifted by the minimum of TRAIN and TEST (non-negative);
    nmf.csv (quantity, value): its reconstruction error, iterations and the TEST rows'
    transform error ||X_test - W_test H||_F after NMF(4, init="custom", solver="cd", max_iter=200)
    from that start, and the same three (mu_*) after NMF(4, init="custom", solver="mu",
    max_iter=200), multiplicative updates, from that start."""
    from sklearn.decomposition import NMF
    from sklearn.decomposition._nmf import _initialize_nmf
    train, _ = read("GunPoint", "TRAIN")
    test, _ = read("GunPoint", "TEST")
    low = min(train.min(), test.min())
    train, test = train - low, test - low
    w0, h0 = _initialize_nmf(train, 4, init="nndsvda", random_state=0)
    rows = []
    for name, matrix in [("W", w0), ("H", h0)]:
        for r, row in enumerate(matrix):
            for c, value in enumerate(row):
                rows.append([name, r, c, number(value)])
    model = NMF(4, init="custom", solver="cd", max_iter=200)
    model.fit_transform(train, W=w0.copy(), H=h0.copy())
    w_test = model.transform(test)
    quantities = [["reconstruction_error", number(model.reconstruction_err_)],
                  ["iterations", model.n_iter_],
                  ["test_error", number(np.linalg.norm(test - w_test @ model.components_))]]
    model = NMF(4, init="custom", solver="mu", max_iter=200)
    model.fit_transform(train, W=w0.copy(), H=h0.copy())
    w_test = model.transform(test)
    quantities += [["mu_reconstruction_error", number(model.reconstruction_err_)],
                   ["mu_iterations", model.n_iter_],
                   ["mu_test_error", number(np.linalg.norm(test - w_test @ model.components_))]]
    with open(os.path.join(HERE, "nmf_start.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["matrix", "row", "column", "value"])
        writer.writerows(rows)
    with open(os.path.join(HERE, "nmf.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["quantity", "value"])
        writer.writerows(quantities)


if __name__ == "__main__":
    main()
    nmf_reference()
