#!/usr/bin/python3
"""References of scikit-learn 1.2.1's SequentialFeatureSelector for tsfs's `sequential` selector
(tests/select/wrappers/sequential_selector_test.cpp).

Run with Debian's interpreter and scikit-learn (apt-get install python3-sklearn):
    /usr/bin/python3 tests/reference/wrappers/make_sequential.py
It reads GunPoint.csv and ArrowHead.csv (written by make_reference.py: label, then raw values)
and rewrites sequential.csv next to this script, one row per (case, column):
  id, dataset, classifier (knn5 | svc), direction, floating, target (n_features_to_select), cv,
  scoring, feature, position (0 = first in the ranking tsfs must give), and per case the best
  mean inner CV score at each subset size reached (cv_score_size, empty for sizes never reached;
  row k of the case holds size k + 1).

The classifiers are pipelines StandardScaler + KNeighborsClassifier(n_neighbors=5) or + SVC()
(scikit-learn's defaults), as tsfs's knn and svc standardise each fit's training rows.

Plain searches: scikit-learn's own SequentialFeatureSelector gives the support; the script
replays its loop (cross_val_score on the unshuffled StratifiedKFold(cv), the first best candidate
in column order) to get the order of addition or removal and the scores, and asserts the replay's
support equals scikit-learn's for every target size on the way. The ranking is tsfs's:
forward, the order of addition; backward, the kept columns ordered by the score without each
(lowest first, lower column on ties), then the removed ones, last removed first.

Floating searches have no scikit-learn counterpart: the script's `floating_search` is an
independent replay of the rule tsfs documents (Pudil et al. 1994 with strict improvement over
the best subset of each size; conditional steps back while more than 2 columns stay on the side
being stepped back from), on the same cross_val_score. It checks the arithmetic of tsfs's
implementation, not the rule itself.
"""
import csv
import os
import warnings

import numpy as np
from sklearn.feature_selection import SequentialFeatureSelector
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

HERE = os.path.dirname(os.path.abspath(__file__))

CASES = [  # dataset, classifier, direction, floating, target, cv, scoring
    ("GunPoint", "knn5", "forward", False, 5, 5, "accuracy"),
    ("GunPoint", "knn5", "backward", False, 5, 5, "accuracy"),
    ("GunPoint", "svc", "forward", False, 4, 3, "balanced_accuracy"),
    ("ArrowHead", "knn5", "forward", False, 6, 5, "accuracy"),
    ("ArrowHead", "svc", "backward", False, 10, 5, "balanced_accuracy"),
    ("GunPoint", "knn5", "forward", False, 4, 10, "accuracy"),  # 10 folds: numpy's pairwise mean
    ("ArrowHead", "knn5", "forward", True, 8, 5, "accuracy"),
    ("GunPoint", "svc", "forward", True, 6, 5, "accuracy"),
    ("ArrowHead", "knn5", "backward", True, 8, 5, "accuracy"),
]


def read_rows(name):
    data = np.loadtxt(os.path.join(HERE, f"{name}.csv"), delimiter=",", skiprows=1)
    return data[:, 1:], data[:, 0].astype(int)


def classifier(kind):
    model = KNeighborsClassifier(n_neighbors=5) if kind == "knn5" else SVC()
    return make_pipeline(StandardScaler(), model)


class Scores:
    """Mean inner CV score of a column subset (a tuple of booleans), each computed once."""

    def __init__(self, x, y, kind, cv, scoring):
        self.x, self.y, self.kind, self.cv, self.scoring = x, y, kind, cv, scoring
        self.known = {}

    def __call__(self, subset):
        if subset not in self.known:
            mask = np.array(subset)
            self.known[subset] = cross_val_score(
                classifier(self.kind), self.x[:, mask], self.y,
                cv=StratifiedKFold(self.cv), scoring=self.scoring).mean()
        return self.known[subset]


def best_flip(score, subset, member):
    """The column whose flip among those with subset[column] == member scores best (first)."""
    best, best_score = None, -np.inf
    for column, value in enumerate(subset):
        if value != member:
            continue
        flipped = list(subset)
        flipped[column] = not member
        s = score(tuple(flipped))
        if s > best_score:
            best, best_score = column, s
    return best, best_score


def search(score, columns, direction, floating, target):
    """The search tsfs documents; returns (kept subset, change log, best score per size)."""
    forward = direction == "forward"
    subset = tuple([not forward] * columns)
    best = {}  # size -> (score, subset)
    changes = []  # columns in the order they entered or left

    def flip(column, s):
        nonlocal subset
        flipped = list(subset)
        flipped[column] = not flipped[column]
        subset = tuple(flipped)
        changes.append(column)
        size = sum(subset)
        if size not in best or s > best[size][0]:
            best[size] = (s, subset)

    while sum(subset) != target:
        column, s = best_flip(score, subset, not forward)
        flip(column, s)
        if not floating:
            continue
        changed = column
        while (sum(subset) > 2) if forward else (columns - sum(subset) > 2):
            back, s = best_flip(score, subset, forward)
            back_size = sum(subset) + (-1 if forward else 1)
            if back == changed or not (s > best.get(back_size, (-np.inf,))[0]):
                break
            flip(back, s)
            changed = None
    kept = best[target][1] if target in best else subset
    return kept, changes, best


def ranking(score, kept, changes, direction, floating):
    columns = len(kept)
    kept_columns = [c for c in range(columns) if kept[c]]
    others = [c for c in range(columns) if not kept[c]]
    last_change = {c: i for i, c in enumerate(changes)}
    if direction == "forward" and not floating:
        kept_columns.sort(key=lambda c: last_change[c])
    elif len(kept_columns) > 1:
        without = {}
        for c in kept_columns:
            smaller = list(kept)
            smaller[c] = False
            without[c] = score(tuple(smaller))
        kept_columns.sort(key=lambda c: without[c])  # stable: lower column first on ties
    if direction == "backward":
        others.sort(key=lambda c: -last_change[c])
    return kept_columns + others


def check_against_sklearn(x, y, kind, direction, target, cv, scoring, kept_by_size):
    for size, kept in kept_by_size.items():
        if size == x.shape[1]:
            continue
        sfs = SequentialFeatureSelector(classifier(kind), n_features_to_select=size,
                                        direction=direction, cv=cv, scoring=scoring)
        support = tuple(bool(v) for v in sfs.fit(x, y).get_support())
        assert support == kept, (kind, direction, size, support, kept)


def main():
    warnings.simplefilter("error")
    data = {name: read_rows(name) for name in ("GunPoint", "ArrowHead")}
    with open(os.path.join(HERE, "sequential.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["id", "dataset", "classifier", "direction", "floating", "target", "cv",
                         "scoring", "feature", "position", "cv_score_size"])
        for case_id, (name, kind, direction, floating, target, cv, scoring) in enumerate(CASES):
            x, y = data[name]
            score = Scores(x, y, kind, cv, scoring)
            kept, changes, best = search(score, x.shape[1], direction, floating, target)
            order = ranking(score, kept, changes, direction, floating)
            if not floating:
                # Every size the plain search passed through is scikit-learn's support there.
                passed = {size: subset for size, (_, subset) in best.items()}
                check_against_sklearn(x, y, kind, direction, target, cv, scoring, passed)
            position = {column: i for i, column in enumerate(order)}
            for feature in range(x.shape[1]):
                size = feature + 1
                writer.writerow([case_id, name, kind, direction, str(floating).lower(), target, cv,
                                 scoring, feature, position[feature],
                                 repr(float(best[size][0])) if size in best else ""])
            print(name, kind, direction, "floating" if floating else "plain", target,
                  "order", order[:target], "score", best[target][0], "steps", len(changes))


if __name__ == "__main__":
    main()
