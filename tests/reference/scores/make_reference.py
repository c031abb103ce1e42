#!/usr/bin/python3
"""Reference scores (decision values and probabilities) of scikit-learn 1.2.1's classifiers for
tsfs's Classifier::fit_predict_scores (tests/classify/classifier_scores_test.cpp).

Run with Debian's interpreter and scikit-learn (apt-get install python3-sklearn):
    /usr/bin/python3 tests/reference/scores/make_reference.py
It rewrites scores.csv next to this script: dataset, classifier, test_row, column, score (%.17g).
Two classes give one column (the score of class 1: decision_function, or predict_proba[:, 1]
for knn); more give one column per class (decision_function with decision_function_shape="ovr",
or predict_proba).

Inputs: the vendored UCR files GunPoint (2 classes) and ArrowHead (3 classes), the series values
as features, standardised as tsfs does (StandardScaler fit on the training rows). Classifiers:
SVC() (scikit-learn's defaults, as tsfs's svc), KNeighborsClassifier(n_neighbors=5),
LogisticRegression(solver="liblinear", tol=1e-10) and LinearSVC(C=0.1, tol=1e-8) (tight fits:
see tests/reference/linear/make_reference.py; their decision values agree to about 1e-6).
"""
import csv
import importlib.util
import os

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC, LinearSVC

HERE = os.path.dirname(os.path.abspath(__file__))


def linear_reference_module():
    """tests/reference/linear/make_reference.py, whose load() reads and standardises a dataset."""
    path = os.path.join(HERE, "..", "linear", "make_reference.py")
    spec = importlib.util.spec_from_file_location("linear_reference", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def scores(kind, train, labels, test):
    if kind == "svc":
        return SVC().fit(train, labels).decision_function(test)
    if kind == "knn":
        probabilities = KNeighborsClassifier(n_neighbors=5).fit(train, labels).predict_proba(test)
        return probabilities[:, 1] if probabilities.shape[1] == 2 else probabilities
    if kind == "logistic":
        model = LogisticRegression(solver="liblinear", tol=1e-10, max_iter=1000)
        return model.fit(train, labels).decision_function(test)
    model = LinearSVC(C=0.1, tol=1e-8, max_iter=1000, random_state=0)
    return model.fit(train, labels).decision_function(test)


def main():
    with open(os.path.join(HERE, "scores.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["dataset", "classifier", "test_row", "column", "score"])
        load = linear_reference_module().load
        for dataset in ("GunPoint", "ArrowHead"):
            train, labels, test = load(dataset)
            for kind in ("svc", "knn", "logistic", "linear_svc"):
                values = scores(kind, train, labels, test).reshape(len(test), -1)
                for row in range(values.shape[0]):
                    for column in range(values.shape[1]):
                        writer.writerow([dataset, kind, row, column, "%.17g" % values[row, column]])


if __name__ == "__main__":
    main()
