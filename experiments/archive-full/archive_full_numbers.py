#!/usr/bin/env python3
"""Tables and numbers of results/archive-full/README.md that the comparison folders do not hold.

  python3 experiments/archive-full/archive_full_numbers.py      (from the repository root, after
                                                                 `make archive-full`)

Writes into results/archive-full/:
  runtime.csv       run, stage, seconds: the stage times of every run's manifest.json
  dataset_cost.csv  dataset, distance_seconds, fit_seconds, tuning_seconds, total_seconds of the
                    selection run, most expensive first: its distance matrices and its nested CV
                    (the tuned rows' outer folds included) in wall seconds from its run.log, the
                    fit seconds of its untuned grid cells summed from results.csv (per worker
                    thread, so up to the thread count times their wall seconds)
  breakdown.csv     comparison, grouping, group, datasets, method, average_rank: each
                    comparison's per-dataset ranks (per_dataset.csv) averaged within the archive's
                    dataset types and bands of train size and series length (DataSummary.csv)
and prints the numbers the README quotes. Standard library only.
"""

import collections
import csv
import glob
import json
import os
import re

FOLDER = "results/archive-full"
SUMMARY = "tests/reference/ucr-baselines/DataSummary.csv"
RUNS = ["selection", "svc_tsfel", "svc_catch22", "nearest_neighbour", "official_split",
        "selection_official", "svc_tsfel_official", "svc_catch22_official"]


def read_csv(path):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


def write_csv(path, header, rows):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)


def runtime():
    rows, total, finished = [], 0.0, 0
    for run in RUNS:
        with open(os.path.join(FOLDER, run, "manifest.json")) as handle:
            manifest = json.load(handle)
        if manifest["status"] != "finished":
            print(f"runtime.csv: {run} is {manifest['status']}, left out")
            continue
        finished += 1
        for stage, seconds in manifest["stage_seconds"].items():
            rows.append([run, stage, f"{seconds:.1f}"])
            total += seconds
    write_csv(os.path.join(FOLDER, "runtime.csv"), ["run", "stage", "seconds"], rows)
    print(f"runtime.csv: stage seconds of {finished} runs sum to {total:.0f} s "
          f"({total / 60:.1f} min)")


def dataset_cost():
    distance, tuning = collections.Counter(), collections.Counter()
    distance_line = re.compile(r"\] distances (\S+) \S+: .* in ([0-9.]+) s")
    tuning_line = re.compile(r"\] tuned (\S+): \d+ rows in ([0-9.]+) s")
    log = os.path.join(FOLDER, "selection", "run.log")
    if not os.path.exists(log):  # not committed: only a run of the study writes it
        print(f"dataset_cost.csv: kept as it is ({log} comes from a run of the study)")
        return
    with open(log) as handle:
        for line in handle:
            for pattern, counter in ((distance_line, distance), (tuning_line, tuning)):
                match = pattern.search(line)
                if match:
                    counter[match.group(1)] += float(match.group(2))
    fits = collections.Counter()
    for row in read_csv(os.path.join(FOLDER, "selection", "results.csv")):
        # The untuned cells only: a tuned row's outer fits are in its dataset's nested-CV seconds
        # (tune.outer: chosen) or repeat its chosen candidates' (outer: all).
        if row["fit_seconds"] and "tuned" not in row.values():
            fits[row["dataset"]] += float(row["fit_seconds"])
    names = sorted(set(distance) | set(fits) | set(tuning),
                   key=lambda name: -(distance[name] + fits[name] + tuning[name]))
    write_csv(os.path.join(FOLDER, "dataset_cost.csv"),
              ["dataset", "distance_seconds", "fit_seconds", "tuning_seconds", "total_seconds"],
              [[name, f"{distance[name]:.2f}", f"{fits[name]:.2f}", f"{tuning[name]:.2f}",
                f"{distance[name] + fits[name] + tuning[name]:.2f}"] for name in names])
    print("dataset_cost.csv: the ten most expensive datasets of the selection run "
          "(distances + untuned cells' fits + nested CV, s):")
    for name in names[:10]:
        print(f"  {name}: {distance[name]:.1f} + {fits[name]:.1f} + {tuning[name]:.1f}")


def band(value, edges, unit):
    for low, high in zip(edges, edges[1:]):
        if low <= value < high:
            return f"{low}-{high - 1} {unit}" if high != float("inf") else f">= {low} {unit}"
    return "?"


def breakdown():
    summary = {row["Name"].strip(): row for row in read_csv(SUMMARY)}
    rows = []
    for comparison in sorted(glob.glob(os.path.join(FOLDER, "*comparison_n*")),
                             key=lambda path: (os.path.basename(path).rsplit("n", 1)[0],
                                               int(path.rsplit("n", 1)[1]))):
        name = os.path.basename(comparison)
        ranks = collections.defaultdict(list)  # (grouping, group, method) -> ranks
        datasets = collections.defaultdict(set)
        for row in read_csv(os.path.join(comparison, "per_dataset.csv")):
            info = summary[row["dataset"]]
            length = info["Length"].strip()
            groups = {"type": info["Type"].strip(),
                      "train_size": band(int(info["Train "]), [0, 100, 500, float("inf")],
                                         "series"),
                      "length": "variable" if not length.isdigit()
                      else band(int(length), [0, 200, 500, float("inf")], "points")}
            for grouping, group in groups.items():
                ranks[(grouping, group, row["method"])].append(float(row["rank"]))
                datasets[(grouping, group)].add(row["dataset"])
        for (grouping, group, method), values in sorted(ranks.items()):
            rows.append([name, grouping, group, len(datasets[(grouping, group)]), method,
                         f"{sum(values) / len(values):.3f}"])
    write_csv(os.path.join(FOLDER, "breakdown.csv"),
              ["comparison", "grouping", "group", "datasets", "method", "average_rank"], rows)
    print(f"breakdown.csv: {len(rows)} rows")


def rank_table(prefix):
    """Markdown rows: method, then average rank (mean accuracy) per n_features comparison."""
    members = sorted(glob.glob(os.path.join(FOLDER, prefix + "*")),
                     key=lambda path: int(path.rsplit("n", 1)[1]))
    if not members:
        return
    table = collections.defaultdict(dict)
    for member in members:
        for row in read_csv(os.path.join(member, "methods.csv")):
            table[row["method"]][member] = (float(row["average_rank"]),
                                            float(row["mean_accuracy"]))
    header = [os.path.basename(member).rsplit("_", 1)[1].replace("n", "n = ") for member in members]
    print(f"\n{prefix}: average rank (mean accuracy)")
    print("| method | " + " | ".join(header) + " |")
    for method, cells in sorted(table.items(), key=lambda item: item[1][members[0]][0]):
        print(f"| {method} | " + " | ".join(f"{cells[m][0]:.2f} ({cells[m][1]:.3f})"
                                           for m in members) + " |")


def significant_pairs(prefix):
    for member in sorted(glob.glob(os.path.join(FOLDER, prefix + "*"))):
        rows = [row for row in read_csv(os.path.join(member, "pairwise.csv"))
                if row["holm_significant"] == "true" and float(row["median_difference"]) > 0]
        print(f"{os.path.basename(member)}: {len(rows)} significant pairs after Holm")
        for row in rows:
            print(f"  {row['method']} > {row['versus']}: wins {row['wins']}/ties {row['ties']}/"
                  f"losses {row['losses']}, median {float(row['median_difference']):.3f}, "
                  f"Holm p {float(row['holm_p']):.2g}, P(better) {float(row['bayes_p_better']):.3f}")


def main():
    runtime()
    dataset_cost()
    breakdown()
    for prefix in ("comparison_n", "official_comparison_n"):
        rank_table(prefix)
        significant_pairs(prefix)


if __name__ == "__main__":
    main()
