#!/usr/bin/env python3
"""results/baselines/comparison.md: the test error rates of the three 1-NN baselines that
experiments/baselines/ucr_1nn.yaml computed (results/baselines/results.csv, tuned.csv) next to the
UCR archive's published ones (tests/reference/ucr-baselines/DataSummary.csv).

  python3 experiments/baselines/compare_published.py [RUN_DIR]   (from the repository root)

RUN_DIR (default results/baselines) is a run of ucr_1nn.yaml's three baselines, such as
results/archive-full/official_split; comparison.md is written into it. A baseline the run skipped
on a dataset (Euclidean distance on series of unequal lengths) is shown as skipped and not
counted. Standard library only. A rate "agrees" when it rounds to the published 4 decimals.
"""

import csv
import os
import sys

EUCLIDEAN = "euclidean"
FULL = "dtw-symmetric1-sq"
LEARNED_PREFIX = "dtw-symmetric1-sq-r"


def read(path):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


def published():
    table = {}
    for row in read("tests/reference/ucr-baselines/DataSummary.csv"):
        learned = row["DTW (learned_w) "].strip()
        table[row["Name"]] = {
            "euclidean": float(row["ED (w=0)"]),
            "learned": float(learned.split("(")[0]),
            "percent": int(learned.split("(")[1].rstrip(")")),
            "full": float(row["DTW (w=100)"]),
        }
    return table


def percent_of(label):
    return round(float(label[len(LEARNED_PREFIX):]) * 100)


def measured(folder):
    """{dataset: {"euclidean", "learned", "full": test error rate, "percent": learned window}} of a
    run of ucr_1nn.yaml (a baseline the run skipped is absent). Imported by results/*/claims.py."""
    results = read(os.path.join(folder, "results.csv"))
    tuned = {row["dataset"]: row for row in read(os.path.join(folder, "tuned.csv"))}
    ours = {}
    for row in results:
        entry = ours.setdefault(row["dataset"], {})
        error = 1.0 - float(row["accuracy"])
        if row["distance"] == EUCLIDEAN:
            entry["euclidean"] = error
        elif row["distance"] == FULL:
            entry["full"] = error
        elif row["distance"] == "tuned":
            entry["learned"] = error
            entry["percent"] = percent_of(tuned[row["dataset"]]["chosen_distance"])
    return ours


def agrees(mine, theirs, key):
    """Whether tsfs's number agrees with the published one (None when tsfs skipped it)."""
    if key not in mine:
        return None
    if key == "percent":
        return mine[key] == theirs[key]
    return round(mine[key], 4) == theirs[key]


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "results/baselines"
    ours = measured(folder)
    reference = published()
    lines = [
        "# The UCR archive's 1-NN baselines: tsfs vs DataSummary.csv",
        "",
        "Test error rates on the official TRAIN/TEST split (written by "
        "experiments/baselines/compare_published.py from results.csv, tuned.csv and "
        "tests/reference/ucr-baselines/DataSummary.csv). Each cell: tsfs / published; "
        "a mark `*` where they differ at the published 4 decimals.",
        "",
        "| dataset | ED | DTW learned window (%) | DTW full window |",
        "|---|---|---|---|",
    ]
    agree = 0
    total = 0
    for name in sorted(ours):
        mine, theirs = ours[name], reference[name]

        def pair(key):
            nonlocal agree, total
            if key not in mine:
                return f"skipped / {theirs[key]:.4f}"
            same = agrees(mine, theirs, key)
            agree += same
            total += 1
            return f"{mine[key]:.4f} / {theirs[key]:.4f}{'' if same else ' *'}"

        if "percent" not in mine:
            lines.append(f"| {name} | {pair('euclidean')} | {pair('learned')} | {pair('full')} |")
            continue
        same_window = agrees(mine, theirs, "percent")
        agree += same_window
        total += 1
        window = f"{mine['percent']} / {theirs['percent']}{'' if same_window else ' *'}"
        lines.append(f"| {name} | {pair('euclidean')} | {pair('learned')} ({window}) | "
                     f"{pair('full')} |")
    lines += ["", f"{agree} of {total} numbers agree (error rates and learned windows)."]
    with open(os.path.join(folder, "comparison.md"), "w") as handle:
        handle.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
