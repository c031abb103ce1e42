#!/usr/bin/env python3
"""Compare a tsfs holdout accuracy-vs-sigma run with the study's saved results, point by point.

The study's saved results (tests/reference/study/accuracy_vs_sigma.csv, converted from its
saved_results/*.pkl, see the README there) are holdout accuracies of the study's code: Laplacian
score on the directed kNN graph (k = 10) of its DTW matrix, literal weights, largest scores kept,
selector fitted on all rows, SVC on the first half, tested on the second, for
sigma_ratio = logspace(-7, 3, 100) and n_features in {10, 30, 50, 80, 130, 150, 200}. The tsfs
run that corresponds is experiments/report/fig3_sigma_holdout.yaml, variant report2023.

A point is (dataset, n_features, sigma_ratio); it is equal when both accuracies agree to 1e-12
(they are ratios correct / test_rows). The script prints every differing point with tsfs's
zero_weight_fraction (the share of kNN edges whose weight underflowed to 0) beside it, then the
counts per dataset and in total. Standard library only.

  experiments/report/fidelity.py [RESULTS_CSV] [--reference CSV] [--skip DATASET ...]
                                 [--distance PREFIX]

RESULTS_CSV defaults to results/report/fig3_sigma_holdout/results.csv. Exit code 0 whatever the
counts (it reports, it does not judge); 2 when a file is missing or has no comparable rows.
"""

import argparse
import csv
import sys
from collections import defaultdict

DEFAULT_RESULTS = "results/report/fig3_sigma_holdout/results.csv"
DEFAULT_REFERENCE = "tests/reference/study/accuracy_vs_sigma.csv"
# What the study's saved runs fixed; tsfs rows with other values are not comparable.
STUDY_SETTINGS = {"selector": "laplacian", "variant": "report2023", "k": "10",
                  "fit_on": "all", "protocol": "holdout_half", "classifier": "svc"}


def read_csv(path):
    try:
        with open(path, newline="") as handle:
            return list(csv.DictReader(handle))
    except OSError as error:
        sys.exit(f"fidelity: cannot read {path}: {error.strerror}")


def sigma_key(value):
    """sigma_ratio rounded to 12 significant digits: both files print logspace(-7, 3, 100)."""
    return float(f"{float(value):.12g}")


def study_points(reference_rows):
    return {(row["dataset"], int(row["n_features"]), sigma_key(row["sigma_ratio"])): row
            for row in reference_rows}


def tsfs_points(result_rows, distance_prefix):
    points = {}
    for row in result_rows:
        if all(row.get(column) == value for column, value in STUDY_SETTINGS.items()) and \
                row["distance"].startswith(distance_prefix):
            points[(row["dataset"], int(row["n_features"]), sigma_key(row["sigma_ratio"]))] = row
    return points


def compare(study, tsfs, skipped):
    """Counts per dataset (equal, differing) and the differing points, in key order."""
    counts = defaultdict(lambda: [0, 0])
    differing = []
    for key in sorted(set(study) & set(tsfs)):
        if key[0] in skipped:
            continue
        study_accuracy = float(study[key]["accuracy"])
        tsfs_accuracy = float(tsfs[key]["accuracy"])
        equal = abs(study_accuracy - tsfs_accuracy) <= 1e-12
        counts[key[0]][0 if equal else 1] += 1
        if not equal:
            differing.append((key, study[key], tsfs[key]))
    return counts, differing


def print_report(counts, differing):
    print("dataset,n_features,sigma_ratio,study_accuracy,study_correct,tsfs_accuracy,"
          "difference,tsfs_zero_weight_fraction")
    for (dataset, n_features, sigma), study_row, tsfs_row in differing:
        study_accuracy = float(study_row["accuracy"])
        tsfs_accuracy = float(tsfs_row["accuracy"])
        print(f"{dataset},{n_features},{sigma:.6g},{study_accuracy:.6f},"
              f"{study_row['correct']}/{study_row['test_rows']},{tsfs_accuracy:.6f},"
              f"{tsfs_accuracy - study_accuracy:+.6f},{tsfs_row['zero_weight_fraction']}")
    print()
    total_equal = total = 0
    for dataset in sorted(counts):
        equal, unequal = counts[dataset]
        total_equal += equal
        total += equal + unequal
        print(f"{dataset}: {equal} of {equal + unequal} points equal")
    print(f"total: {total_equal} of {total} points equal")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("results", nargs="?", default=DEFAULT_RESULTS)
    parser.add_argument("--reference", default=DEFAULT_REFERENCE)
    parser.add_argument("--skip", nargs="*", default=[], metavar="DATASET",
                        help="datasets left out (e.g. Wafer, whose rows here differ)")
    parser.add_argument("--distance", default="dtw", metavar="PREFIX",
                        help="compare the rows whose distance label starts with PREFIX "
                             "(default dtw; `precomputed` for a run on the study's DTW matrices)")
    arguments = parser.parse_args()
    study = study_points(read_csv(arguments.reference))
    tsfs = tsfs_points(read_csv(arguments.results), arguments.distance)
    if not set(study) & set(tsfs):
        print(f"fidelity: no point of {arguments.results} matches the study's settings "
              f"{STUDY_SETTINGS} and a distance starting with {arguments.distance!r}",
              file=sys.stderr)
        sys.exit(2)
    counts, differing = compare(study, tsfs, set(arguments.skip))
    print_report(counts, differing)


if __name__ == "__main__":
    main()
