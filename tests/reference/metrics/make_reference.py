#!/usr/bin/python3
"""Reference values of scikit-learn 1.2.1's classification metrics for tsfs's
src/evaluate/score_metrics.hpp (tests/evaluate/score_metrics_test.cpp).

Run with Debian's interpreter and scikit-learn (apt-get install python3-sklearn):
    /usr/bin/python3 tests/reference/metrics/make_reference.py
It rewrites, next to this script:
  scores.csv    case, row, truth, predicted, column, score: the inputs, long format; a binary
                case has one score column (the score of class 1, as decision_function gives),
                a case of C > 2 classes has C columns (one-vs-rest scores that sum to 1 per row,
                as predict_proba gives; scikit-learn's multi-class ROC AUC requires that)
  expected.csv  case, classes, macro_f1, roc_auc, average_precision (%.17g; "nan" where
                scikit-learn raises because a class has no positive or no negative row)

Metrics: f1_score(average="macro", zero_division=0) over the labels present in truth or
prediction; roc_auc_score (binary; multi_class="ovr", average="macro" for C > 2);
average_precision_score (binary; label_binarize + average="macro" for C > 2).
Cases mix continuous scores, scores with many ties (rounded to one decimal), perfect and
inverted rankings, unbalanced classes and a class that is never predicted.
"""
import csv
import os

import numpy as np
from sklearn.metrics import average_precision_score, f1_score, roc_auc_score
from sklearn.preprocessing import label_binarize

HERE = os.path.dirname(os.path.abspath(__file__))


def binary_case(rng, rows, positive_share, separation, ties):
    truth = (rng.random(rows) < positive_share).astype(int)
    truth[0], truth[1] = 0, 1  # both classes present
    score = rng.normal(size=rows) + separation * truth
    if ties:
        score = np.round(score, 1)
    predicted = (score > 0).astype(int)
    return truth, predicted, score.reshape(-1, 1)


def multiclass_case(rng, rows, classes, separation, ties):
    truth = rng.integers(0, classes, rows)
    truth[:classes] = np.arange(classes)
    logits = rng.normal(size=(rows, classes))
    logits[np.arange(rows), truth] += separation
    if ties:
        logits = np.round(logits, 0)
    probabilities = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    predicted = probabilities.argmax(axis=1)
    return truth, predicted, probabilities


def metrics(truth, predicted, scores):
    classes = scores.shape[1] if scores.shape[1] > 1 else 2
    f1 = f1_score(truth, predicted, average="macro", zero_division=0)
    if classes == 2:
        auc = roc_auc_score(truth, scores[:, 0])
        ap = average_precision_score(truth, scores[:, 0])
    else:
        auc = roc_auc_score(truth, scores, multi_class="ovr", average="macro")
        ap = average_precision_score(label_binarize(truth, classes=list(range(classes))), scores,
                                     average="macro")
    return classes, f1, auc, ap


def main():
    rng = np.random.default_rng(20261123)
    cases = []
    for rows, share, separation, ties in [(40, 0.5, 1.0, False), (61, 0.2, 0.5, False),
                                          (50, 0.5, 1.5, True), (33, 0.3, 0.0, True),
                                          (25, 0.5, 10.0, False), (25, 0.5, -10.0, False),
                                          (200, 0.05, 2.0, True)]:
        cases.append(binary_case(rng, rows, share, separation, ties))
    for rows, classes, separation, ties in [(60, 3, 1.0, False), (90, 4, 0.5, True),
                                            (45, 5, 2.0, False), (30, 3, 0.0, True)]:
        cases.append(multiclass_case(rng, rows, classes, separation, ties))
    # A class never predicted: its F1 is 0 (zero_division only matters for precision).
    truth = np.array([0, 0, 1, 1, 2, 2, 2, 0])
    predicted = np.array([0, 0, 1, 0, 1, 1, 0, 0])
    scores = np.array([[.6, .3, .1], [.5, .3, .2], [.2, .5, .3], [.4, .4, .2],
                       [.3, .4, .3], [.2, .5, .3], [.5, .2, .3], [.7, .2, .1]])
    cases.append((truth, predicted, scores))

    with open(os.path.join(HERE, "scores.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["case", "row", "truth", "predicted", "column", "score"])
        for case, (truth, predicted, scores) in enumerate(cases):
            for row in range(len(truth)):
                for column in range(scores.shape[1]):
                    writer.writerow([case, row, truth[row], predicted[row], column,
                                     "%.17g" % scores[row, column]])
    with open(os.path.join(HERE, "expected.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["case", "classes", "macro_f1", "roc_auc", "average_precision"])
        for case, (truth, predicted, scores) in enumerate(cases):
            classes, f1, auc, ap = metrics(truth, predicted, scores)
            writer.writerow([case, classes, "%.17g" % f1, "%.17g" % auc, "%.17g" % ap])


if __name__ == "__main__":
    main()
