#!/usr/bin/env python3
"""Simulates sharded runs from a run's measured seconds per work group (issue 44).

  python3 experiments/archive-full/shard_simulation.py WORK_SECONDS PLAN_DIR... [--out CSV]

WORK_SECONDS is a finished run's work_seconds.csv (docs/outputs.md): per work group, the seconds its
score vectors, fits and nested CV took. Each PLAN_DIR is a `runner plan SPEC --shards N` output
folder of the same spec (its plan/groups.csv gives every group's shard, in the same order as
WORK_SECONDS's rows), planned from the cost model or with `--calibrate`; or, planned with
`--split-folds`, its plan/folds.csv gives every outer fold of every dataset its shard, and a unit's
seconds are its dataset's measured seconds over its folds (every fold of a dataset does the same
work). For each plan the script adds up, per shard, the measured seconds of the units (groups,
or folds) it assigns there: what each shard would take on a node of one CPU, so the longest shard
is the wall time of the sharded run's selection step on N such nodes (the artefacts job before it
and the merge after it left out). It prints and writes (--out) per plan: shards, how the plan is
split (groups: whole bundles; folds), where the costs came from, the total, the longest shard,
its ratio to the mean, the largest unit (a bundle: a tuned row's candidates go to one shard; or an
outer fold of a dataset), and the lower bound no plan of such units can beat: the larger of
total / N and the largest unit.

results/archive-full/cluster/simulation.csv came from results/archive-full/selection/work_seconds.csv
(the cold `make archive-full` of 2026-12-06 on the 2-core machine: its selection run, 2 threads,
17 min 24 s) and plans of 8, 16, 64 and 256 shards made as

  build/runner plan experiments/archive-full/selection.yaml --shards N \
      --set output=/tmp/af/plan_model_N                                  # the cost model's
  build/runner plan experiments/archive-full/selection.yaml --shards N \
      --set output=/tmp/af/plan_calibrated_N --calibrate results/archive-full/selection
  build/runner plan experiments/archive-full/selection.yaml --shards N --split-folds \
      --set output=/tmp/af/plan_folds_N --calibrate results/archive-full/selection

Caveat: a fit two groups share is measured once, charged to the first group (work_seconds.csv);
groups in different shards fit it once each, so a sharded run does slightly more work in all.
"""

import argparse
import csv
import os
import sys


def read_rows(path):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


def measured_seconds(row):
    return sum(float(row[column]) for column in ("score_seconds", "fit_seconds", "tuning_seconds"))


def fold_units(seconds_rows, plan_dir):
    """Per unit of a plan split by folds (plan/folds.csv): its shard and measured seconds."""
    units = read_rows(os.path.join(plan_dir, "plan", "folds.csv"))
    dataset_seconds, folds = {}, {}
    for measured in seconds_rows:
        dataset = measured["dataset"]
        dataset_seconds[dataset] = dataset_seconds.get(dataset, 0.0) + measured_seconds(measured)
    for unit in units:
        folds[unit["dataset"]] = folds.get(unit["dataset"], 0) + 1
    if set(folds) != set(dataset_seconds):
        sys.exit(f"{plan_dir}: plan/folds.csv's datasets are not the measured run's")
    return [(unit["shard"], dataset_seconds[unit["dataset"]] / folds[unit["dataset"]])
            for unit in units]


def bundle_units(seconds_rows, plan_dir, groups):
    """Per bundle of work groups: its shard and measured seconds."""
    if len(groups) != len(seconds_rows):
        sys.exit(f"{plan_dir}: {len(groups)} work groups, the measured run has {len(seconds_rows)}")
    bundles = {}
    for group, measured in zip(groups, seconds_rows):
        for key in ("dataset", "selector"):
            if group[key] != measured[key]:
                sys.exit(f"{plan_dir}: group {group['group']} is {group[key]}, the measured "
                         f"run's row {measured[key]}: not the same spec")
        shard, seconds = bundles.get(group["bundle"], (group["shard"], 0.0))
        if shard != group["shard"]:
            sys.exit(f"{plan_dir}: bundle {group['bundle']} spans shards {shard} and {group['shard']}")
        bundles[group["bundle"]] = (shard, seconds + measured_seconds(measured))
    return list(bundles.values())


def simulate(seconds_rows, plan_dir):
    groups = read_rows(os.path.join(plan_dir, "plan", "groups.csv"))
    by_folds = os.path.exists(os.path.join(plan_dir, "plan", "folds.csv"))
    units = fold_units(seconds_rows, plan_dir) if by_folds else \
        bundle_units(seconds_rows, plan_dir, groups)
    shards = {}
    for shard, seconds in units:
        shards[shard] = shards.get(shard, 0.0) + seconds
    count = int(max(int(shard) for shard in shards))
    total = sum(shards.values())
    longest = max(shards.values())
    largest = max(seconds for _, seconds in units)
    sources = sorted({group.get("cost_source", "model") for group in groups})
    return {
        "plan": os.path.basename(os.path.normpath(plan_dir)),
        "shards": count,
        "split": "folds" if by_folds else "groups",
        "costs": "+".join(sources),
        "total_seconds": f"{total:.1f}",
        "longest_shard_seconds": f"{longest:.1f}",
        "longest_over_mean": f"{longest / (total / count):.3f}",
        "largest_unit_seconds": f"{largest:.1f}",
        "lower_bound_seconds": f"{max(total / count, largest):.1f}",
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("work_seconds")
    parser.add_argument("plans", nargs="+")
    parser.add_argument("--out")
    arguments = parser.parse_args()
    seconds_rows = read_rows(arguments.work_seconds)
    if any(row["rows_resumed"] != "0" or row["score_seconds"] == "" for row in seconds_rows):
        sys.exit(f"{arguments.work_seconds}: some groups were resumed or not timed")
    results = [simulate(seconds_rows, plan) for plan in arguments.plans]
    writer = csv.DictWriter(sys.stdout, fieldnames=list(results[0]))
    writer.writeheader()
    writer.writerows(results)
    if arguments.out:
        with open(arguments.out, "w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(results[0]), lineterminator="\n")
            writer.writeheader()
            writer.writerows(results)


if __name__ == "__main__":
    main()
