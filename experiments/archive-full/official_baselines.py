#!/usr/bin/env python3
"""The three published 1-NN baselines, as rows `runner compare` can take beside the selection
methods: results/archive-full/official_baselines/results.csv, from official_split/results.csv.

  python3 experiments/archive-full/official_baselines.py      (from the repository root)

official_split.yaml sweeps 1-NN over Euclidean distance, DTW with a full window and DTW with each
window of 0-100% (every window a grid cell), and its rows marked `tuned` are the learned window's.
`runner compare --tuned` would keep only those (it drops a tuned selector's other rows), so this
keeps the three baselines' rows unchanged but for the `distance` of the learned window's row:
`tuned` becomes `dtw-symmetric1-sq-learned`. Every value is copied, none computed. Standard library
only.
"""

import csv
import os

SOURCE = "results/archive-full/official_split/results.csv"
TARGET = "results/archive-full/official_baselines/results.csv"
KEPT = {"euclidean": "euclidean", "dtw-symmetric1-sq": "dtw-symmetric1-sq",
        "tuned": "dtw-symmetric1-sq-learned"}


def main():
    with open(SOURCE, newline="") as handle:
        reader = csv.DictReader(handle)
        header = reader.fieldnames
        rows = [row for row in reader if row["distance"] in KEPT]
    for row in rows:
        row["distance"] = KEPT[row["distance"]]
    os.makedirs(os.path.dirname(TARGET), exist_ok=True)
    with open(TARGET, "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=header, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    print(f"{TARGET}: {len(rows)} rows ({', '.join(KEPT.values())})")


if __name__ == "__main__":
    main()
