#!/usr/bin/env python3
"""Numbers of results/archive/README.md not in the comparison files: how much better the Laplacian
score's best (k, sigma/M-bar) grid cell looks, picked on the test rows, than its nested-CV choice.

  python3 experiments/archive/archive_numbers.py      (from the repository root)

Reads results/archive/results.csv; standard library only.
"""

import collections
import csv
import statistics


def main():
    with open("results/archive/results.csv", newline="") as handle:
        rows = [row for row in csv.DictReader(handle) if row["selector"] == "laplacian"]
    groups = collections.defaultdict(lambda: {"grid": [], "tuned": None})
    for row in rows:
        key = (row["variant"], row["distance"], row["n_features"] if row["n_features"] != "tuned"
               else None, row["dataset"])
        entry = groups[key]
        if row["sigma_ratio"] == "tuned":
            entry["tuned"] = float(row["accuracy"])
        else:
            entry["grid"].append(float(row["accuracy"]))
    summary = collections.defaultdict(list)
    for (variant, distance, n_features, dataset), entry in groups.items():
        summary[(variant, distance, int(n_features))].append(max(entry["grid"]) - entry["tuned"])
    print("variant distance n_features: mean optimism of the test-picked (k, sigma) over the "
          "datasets (median, max; datasets where it is > 0)")
    for key in sorted(summary):
        values = summary[key]
        print(f"{key[0]} {key[1]} {key[2]}: {statistics.fmean(values):+.4f} "
              f"(median {statistics.median(values):+.4f}, max {max(values):+.4f}; "
              f"{sum(v > 0 for v in values)} of {len(values)})")
    everything = [value for values in summary.values() for value in values]
    print(f"all: {statistics.fmean(everything):+.4f} over {len(everything)} "
          "(dataset, variant, distance, n_features) groups")


if __name__ == "__main__":
    main()
