#!/usr/bin/python3
"""Reference per-fold metrics of scikit-learn 1.2.1 for the `metrics:` key of a tsfs spec
(tests/integration/metrics_test.cpp, spec tests/integration/specs/ucr_metrics.yaml).

Run with Debian's interpreter and scikit-learn (apt-get install python3-sklearn):
    /usr/bin/python3 tests/reference/fold_metrics/make_reference.py
It rewrites expected.csv next to this script: dataset, classifier, n_features, macro_f1, roc_auc,
average_precision (%.17g); and curves.csv: the curves of the n = 40 runs (`curves:` in the spec,
tests/integration/metrics_test.cpp): dataset, classifier, curve (roc: roc_curve's fpr, tpr,
thresholds, drop_intermediate=True as by default; pr: precision_recall_curve's recall, precision,
thresholds, the last point (recall 0, precision 1) without one), class (the positive class's label:
class 1 of two, each class of several, one-vs-rest), threshold, x, y.

The runs it mirrors: the vendored UCR datasets GunPoint (2 classes) and ArrowHead (3 classes), the
official TRAIN/TEST split (protocol train_test: one fold), the series values as features, the
first n columns (selector `none` keeps column order; n = 40 or every column), standardised with
the training rows' statistics, and the classifiers tsfs pins to scikit-learn in
tests/reference/scores/: KNeighborsClassifier(n_neighbors=5) (predict_proba, whose values are
multiples of 1/5, so ties are frequent and their handling is tested) and
LogisticRegression(solver="liblinear", tol=1e-10) (decision_function). Two classes: the score of
class 1. Several: one column per class, and the metrics are the macro average over the classes of
"class c vs the rest" (label_binarize, then scikit-learn's average="macro").
"""
import csv
import gzip
import os

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import (average_precision_score, f1_score, precision_recall_curve,
                             roc_auc_score, roc_curve)
from sklearn.neighbors import KNeighborsClassifier
from sklearn.preprocessing import StandardScaler, label_binarize

HERE = os.path.dirname(os.path.abspath(__file__))
UCR = os.path.join(HERE, "..", "..", "..", "third_party", "ucr")


def read(name, split):
    with gzip.open(os.path.join(UCR, name, f"{name}_{split}.tsv.gz"), "rt") as handle:
        table = np.loadtxt(handle, delimiter="\t")
    return table[:, 1:], table[:, 0]


def model(kind):
    if kind == "knn":
        return KNeighborsClassifier(n_neighbors=5)
    return LogisticRegression(solver="liblinear", tol=1e-10, max_iter=1000)


def scores(kind, fitted, test):
    values = fitted.predict_proba(test) if kind == "knn" else fitted.decision_function(test)
    if kind == "knn" and values.shape[1] == 2:
        return values[:, 1]
    return values


def metrics(truth, predicted, values, classes):
    if classes == 2:
        return (f1_score(truth, predicted, average="macro"), roc_auc_score(truth, values),
                average_precision_score(truth, values))
    indicator = label_binarize(truth, classes=list(range(classes)))
    return (f1_score(truth, predicted, average="macro"),
            roc_auc_score(indicator, values, average="macro"),
            average_precision_score(indicator, values, average="macro"))


def curve_rows(dataset, kind, truth, values, names):
    values = values.reshape(len(truth), -1)
    problems = [(1, values[:, 0])] if values.shape[1] == 1 else list(enumerate(values.T))
    for positive, column in problems:
        label = "%g" % names[positive]
        fpr, tpr, thresholds = roc_curve(truth == positive, column)
        for threshold, x, y in zip(thresholds, fpr, tpr):
            yield [dataset, kind, "roc", label, "%.17g" % threshold, "%.17g" % x, "%.17g" % y]
        precision, recall, thresholds = precision_recall_curve(truth == positive, column)
        for i in range(len(precision)):
            threshold = "%.17g" % thresholds[i] if i < len(thresholds) else ""
            yield [dataset, kind, "pr", label, threshold, "%.17g" % recall[i],
                   "%.17g" % precision[i]]


def main():
    curves = open(os.path.join(HERE, "curves.csv"), "w", newline="")
    curve_writer = csv.writer(curves, lineterminator="\n")
    curve_writer.writerow(["dataset", "classifier", "curve", "class", "threshold", "x", "y"])
    with open(os.path.join(HERE, "expected.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["dataset", "classifier", "n_features", "macro_f1", "roc_auc",
                         "average_precision"])
        for dataset in ("GunPoint", "ArrowHead"):
            train, train_labels = read(dataset, "TRAIN")
            test, test_labels = read(dataset, "TEST")
            names = np.unique(np.concatenate([train_labels, test_labels]))
            train_classes = np.searchsorted(names, train_labels)
            test_classes = np.searchsorted(names, test_labels)
            for kind in ("knn", "logistic"):
                for n_features in (40, train.shape[1]):
                    scaler = StandardScaler().fit(train[:, :n_features])
                    fitted = model(kind).fit(scaler.transform(train[:, :n_features]),
                                             train_classes)
                    scaled_test = scaler.transform(test[:, :n_features])
                    test_scores = scores(kind, fitted, scaled_test)
                    values = metrics(test_classes, fitted.predict(scaled_test), test_scores,
                                     len(names))
                    if n_features == 40:
                        curve_writer.writerows(
                            curve_rows(dataset, kind, test_classes, test_scores, names))
                    label = "40" if n_features == 40 else "all"
                    writer.writerow([dataset, kind, label] + ["%.17g" % v for v in values])
    curves.close()


if __name__ == "__main__":
    main()
