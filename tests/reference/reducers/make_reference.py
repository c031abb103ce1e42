#!/usr/bin/python3
"""Reference reductions of scikit-learn 1.2.1 for the `reduce:` stage (tests/reduce/*_test.cpp).

Run with Debian's interpreter and scikit-learn (apt-get install python3-sklearn):
    /usr/bin/python3 tests/reference/reducers/make_reference.py
It rewrites the CSVs next to this script (%.17g):
  ratios.csv      reducer, dataset, index, ratio: PCA(svd_solver="full") explained_variance_ratio_
                  (every component) and TruncatedSVD(5, algorithm="arpack")'s five;
  directions.csv  reducer, dataset, component, feature, value: the first 5 directions (components_)
                  of both, compared as subspaces (principal angles);
  scores.csv      reducer, dataset, row, component, value: the TEST rows transformed by
                  LinearDiscriminantAnalysis() (solver "svd") and PLSRegression(3) fitted on the
                  TRAIN rows (PLS-DA: y = label_binarize(labels), one column for two classes);
                  compared up to the sign of each component.
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
        svd = TruncatedSVD(5, algorithm="arpack").fit(train)
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


if __name__ == "__main__":
    main()
