#!/usr/bin/python3
"""Reference values of the lab's PR-AUC for tsfs's pr_auc metric (src/evaluate/score_metrics.hpp,
tests/evaluate/score_metrics_test.cpp): the trapezoidal area under the precision-recall points,
scikit-learn 1.2.1's auc(recall, precision) after precision_recall_curve (beside
average_precision_score, the step-wise area).

Run with Debian's interpreter and scikit-learn (apt-get install python3-sklearn):
    /usr/bin/python3 tests/reference/metrics/make_pr_auc.py
It reads the committed inputs scores.csv (written by make_reference.py; read, not regenerated,
so that the cases stay bit for bit the ones expected.csv was computed on) and rewrites, next to
this script:
  pr_auc.csv  case, classes, pr_auc (%.17g): binary cases on their one score column (class 1
              positive); for C > 2 classes the unweighted mean over the classes of the binary
              value of "class c vs the rest" on score column c (label_binarize), as tsfs and
              average_precision_score(average="macro") average.
"""
import csv
import os
from collections import defaultdict

import numpy as np
from sklearn.metrics import auc, precision_recall_curve

HERE = os.path.dirname(os.path.abspath(__file__))


def pr_auc(positive, score):
    precision, recall, _ = precision_recall_curve(positive, score)
    return auc(recall, precision)


def main():
    rows = defaultdict(dict)  # case -> row -> (truth, {column: score})
    with open(os.path.join(HERE, "scores.csv"), newline="") as handle:
        for entry in csv.DictReader(handle):
            case, row = int(entry["case"]), int(entry["row"])
            truth, scores = rows[case].setdefault(row, (int(entry["truth"]), {}))
            scores[int(entry["column"])] = float(entry["score"])
    with open(os.path.join(HERE, "pr_auc.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["case", "classes", "pr_auc"])
        for case in sorted(rows):
            ordered = [rows[case][row] for row in sorted(rows[case])]
            truth = np.array([t for t, _ in ordered])
            columns = len(ordered[0][1])
            scores = np.array([[s[c] for c in range(columns)] for _, s in ordered])
            if columns == 1:
                classes, value = 2, pr_auc(truth == 1, scores[:, 0])
            else:
                classes = columns
                value = np.mean([pr_auc(truth == c, scores[:, c]) for c in range(classes)])
            writer.writerow([case, classes, "%.17g" % value])


if __name__ == "__main__":
    main()
