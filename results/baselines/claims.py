#!/usr/bin/env python3
"""The numbers of results/baselines/README.md, computed from the run's CSVs, manifest and log, the
vendored UCR files and the archive's published baselines (tests/reference/ucr-baselines/),
reusing experiments/baselines/compare_published.py.

  python3 results/baselines/claims.py [--check | --write | --list]    (from the repository root)

The mechanism (markers, lint, exit status) is scripts/claims/claimlib.py's. Needs pandas.
"""

import os
import re
import sys
from datetime import datetime

import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "../../scripts/claims"))
import claimlib  # noqa: E402
from claimlib import Claims, fixed, integer  # noqa: E402

# Numbers the lint lets through: settings of experiments/baselines/ucr_1nn.yaml and the archive's
# conventions, named, not measured.
ALLOW = [
    r"\b1-NN", r"three 1-NN", r"2-core", r"published 4 decimals", r"at the published 4",
    # counts of the design, spelled out (the baselines and the numbers compared per dataset, how
    # the search runs), not results
    r"[Ll]eave-one-out", r"one pruned window search, not one block per window",
    r"two builds shared it", r"before this one", r"the first part of", r"three error rates and",
    r"All four agree", r"of its four", r"padded to one length",
]


def log_time(line):
    return datetime.strptime(line[1:24], "%Y-%m-%d %H:%M:%S.%f")


def disagreement(c, prefix, name, ours, reference, verdicts, expected, rates):
    """The claims of a dataset whose numbers disagree with the published ones: its learned window
    here and published, and its error rates `rates` (joined with "and"); returns its numbers."""
    assert verdicts[name] == expected, verdicts[name]
    measured, published = ours[name], reference[name]
    c[f"{prefix}_window"] = integer(measured["percent"])
    c[f"{prefix}_window_published"] = integer(published["percent"])
    key = f"{prefix}_rates" if len(rates) > 1 else f"{prefix}_rate"
    c[key] = " and ".join(f"{measured[rate]:.4f}" for rate in rates)
    c[f"{key}_published"] = " and ".join(f"{published[rate]:.4f}" for rate in rates)
    return measured


def compute(folder):
    c = Claims()
    compare = claimlib.load_script("experiments/baselines/compare_published.py")
    results = pd.read_csv(f"{folder}/results.csv")
    tuned = pd.read_csv(f"{folder}/tuned.csv")
    skipped = pd.read_csv(f"{folder}/skipped.csv")
    manifest = claimlib.manifest(folder)
    archive = "third_party/ucr"
    vendored = sorted(name for name in os.listdir(archive) if os.path.isdir(f"{archive}/{name}"))
    datasets = sorted(results.dataset.unique())
    c["datasets"] = integer(len(datasets))
    c["vendored"] = integer(len(vendored))
    assert sorted(set(vendored) - set(datasets)) == ["Wafer"]

    # which vendored files are stored z-normalised (every series mean 0, sample std 1, to 1e-3)
    unnormalised = []
    for dataset in datasets:
        for part in ("TRAIN", "TEST"):
            frame = pd.read_csv(f"{archive}/{dataset}/{dataset}_{part}.tsv.gz", sep="\t", header=None)
            values = frame.iloc[:, 1:]
            mean, std = values.mean(axis=1), values.std(axis=1, ddof=1)
            if not ((mean.abs() < 1e-3) & ((std - 1).abs() < 1e-3)).all():
                unnormalised.append(dataset)
                break
    c["unnormalised"] = " and ".join(unnormalised)

    # GestureMidAirD1: unequal lengths, the windows that cannot join them are skipped
    lengths = []
    for part in ("TRAIN", "TEST"):
        frame = pd.read_csv(f"{archive}/GestureMidAirD1/GestureMidAirD1_{part}.tsv.gz", sep="\t", header=None)
        lengths += frame.iloc[:, 1:].notna().sum(axis=1).tolist()
    c["gesture_min_length"], c["gesture_max_length"] = integer(min(lengths)), integer(max(lengths))
    assert set(skipped.dataset) == {"GestureMidAirD1"}
    windows = results[results.distance.str.startswith("dtw-symmetric1-sq-r")].distance.unique()
    skipped_windows = skipped.component.str.contains("dtw-symmetric1-sq-r").sum()
    c["windows"] = integer(len(windows))
    c["gesture_skipped_windows"] = integer(skipped_windows)
    c["skipped_rows"] = integer(len(skipped))
    assert len(skipped) == skipped_windows + 1  # and euclidean
    c["gesture_run_windows"] = integer(len(windows) - skipped_windows)
    c["distances_per_dataset"] = integer(len(windows) + 2)
    c["tuned_rows"] = integer((results.distance == "tuned").sum())
    c["grid_cells"] = integer(manifest["counts"]["grid_cells"])
    assert manifest["counts"]["grid_cells"] == len(results)

    # run.log: the pruned window search, and the run before this one
    with open(f"{folder}/run.log", encoding="utf-8") as handle:
        log = handle.read().splitlines()
    # The first run computed every DTW matrix (before the pruned window search); the last is the
    # committed one. Runs between them (a rerun for the tie columns of tuned.csv) change neither.
    starts = [index for index, line in enumerate(log) if "] tsfs " in line]
    assert len(starts) >= 2
    current = log[starts[-1]:]
    searches = [line for line in current if "nearest neighbours of" in line]
    bands = {int(re.search(r"under (\d+) DTW bands", line).group(1)) for line in searches}
    c["dtw_bands"] = integer(max(bands))
    shares = [float(re.search(r"search: ([0-9.]+)% of", line).group(1)) for line in searches]
    c["pruned_low"], c["pruned_high"] = fixed(min(shares), 1), fixed(max(shares), 1)
    stages = manifest["stage_seconds"]
    c["distances_seconds"] = fixed(stages["distances"], 1)
    c["tuning_seconds"] = fixed(stages["tuning"], 1)
    c["threads"] = integer(manifest["threads"])
    earlier = log[starts[0]:starts[1]]
    last_distances = [line for line in earlier if "] [info] distances " in line][-1]
    c["earlier_datasets"] = integer(sum("nearest neighbours of" in line for line in earlier))
    c["earlier_distances_seconds"] = fixed(
        (log_time(last_distances) - log_time(earlier[0])).total_seconds(), 1)

    # against the published numbers (compare_published.py's comparison)
    ours, reference = compare.measured(folder), compare.published()
    keys = ("euclidean", "learned", "full", "percent")
    verdicts = {name: {key: compare.agrees(ours[name], reference[name], key) for key in keys}
                for name in ours}
    agree = sum(v is True for d in verdicts.values() for v in d.values())
    total = sum(v is not None for d in verdicts.values() for v in d.values())
    c["agree"], c["total"] = integer(agree), integer(total)
    with open(f"{folder}/comparison.md", encoding="utf-8") as handle:
        assert f"{agree} of {total} numbers agree" in handle.read(), "comparison.md is stale"
    all_four = [name for name, d in verdicts.items() if all(v is True for v in d.values())]
    c["all_four"] = integer(len(all_four))
    assert "PigAirwayPressure" in all_four
    c["all_four_unnormalised"] = " and ".join(name for name in unnormalised if name in all_four)
    others = sorted(set(verdicts) - set(all_four))
    assert others == ["GestureMidAirD1", "SmallKitchenAppliances"], others
    disagreement(c, "gesture", "GestureMidAirD1", ours, reference, verdicts,
                 {"euclidean": None, "learned": False, "full": False, "percent": False},
                 ("learned", "full"))
    kitchen = disagreement(c, "kitchen", "SmallKitchenAppliances", ours, reference, verdicts,
                           {"euclidean": True, "learned": False, "full": True, "percent": False},
                           ("learned",))
    published_kitchen = reference["SmallKitchenAppliances"]
    row = tuned.set_index("dataset").loc["SmallKitchenAppliances"]
    train_rows = len(claimlib.ucr_labels("SmallKitchenAppliances", ("TRAIN",)))
    c["kitchen_train_rows"] = integer(train_rows)
    c["kitchen_inner_accuracy"] = fixed(row.inner_accuracy, 5)
    c["kitchen_errors"] = integer(round(train_rows * (1 - row.inner_accuracy)))
    with open("tests/distance/ucr_baselines_test.cpp", encoding="utf-8") as handle:
        test = handle.read()
    pinned = dict(re.findall(r"kitchen\.errors\[(\d+)\] == (\d+)", test))
    assert pinned[str(kitchen["percent"])] == c["kitchen_errors"]
    c["kitchen_errors_published_window"] = pinned[str(published_kitchen["percent"])]
    return c


if __name__ == "__main__":
    claimlib.study_main(__file__, compute, ALLOW)
