#!/usr/bin/env python3
"""The numbers of results/report/README.md, computed from the runs' CSVs, manifests, the UCR files
and the study's saved accuracies (tests/reference/study/), reusing experiments/report/
review_numbers.py and fidelity.py.

  python3 results/report/claims.py [--check | --write | --list]    (from the repository root)

The mechanism (markers, lint, exit status) is scripts/claims/claimlib.py's. Sections of the README
not yet converted sit in `<!--unchecked: ...-->` regions, which the check counts and lists.
"""

import collections
import importlib.util
import os
import re
import statistics
import sys

import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "../../scripts/claims"))
import claimlib  # noqa: E402
from claimlib import Claims, fixed, general, integer, points, signed  # noqa: E402


def load(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, f"../../experiments/report/{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Numbers the lint lets through: parameters of the specs and of the study (grids, protocols,
# feature counts the text names as settings), figure numbers and the study's own numbers quoted.
ALLOW = [
    r"Fig\. \d(/\d)?", r"MVA 2023", r"2005", r"\b2023\b", r"5-fold", r"5 times", r"seed 0",
    r"25 folds", r"25-fold", r"fold std / 5", r"n_features 10, 30, 50, 80, 130, 150 and 200",
    r"n_features 30, 80, 150", r"1000 series", r"2000", r"1000 TEST", r"TRAIN plus the first",
    r"all seven n_features", r"sigma/M-bar \[", r"k = (10|20|25|30)\b", r"\(0: 368, 1: 93\)",
    r"`logspace\([^)]*\)`", r"k in \{5, 10, 20\}", r"21 log-spaced", r"1e-7\s+to 1e3",
    r"30 TSFEL features", r"repeated twice", r"3 stratified inner folds", r"63 candidates",
    r"the 10 outer test folds", r"10 paired fold differences", r"258 series",
    r"with 258", r"the Fig\. 3/5 grid", r"2-core", r"the 60", r"Figs\. 3 and 5",
    r"\(dataset x variant x 10 outer folds\)", r"3 datasets", r"30 / 80 / 150 features",
    r"80 features", r"three datasets", r"holdout test half", r"500 rows", r"1000", r"Fig\. 3/5",
    r"the 30 features", r"sqrt\(2\)",
]


def nested_claims(c, folder, review):
    folds = review.read_fold_accuracies("nested_sigma")
    choices = pd.read_csv(f"{folder}/nested_sigma/tuned.csv")
    rows, facts = [], {}
    for dataset, variant in sorted({key[:2] for key in folds}):
        grid = {key: value for key, value in folds.items()
                if key[:2] == (dataset, variant) and key[2] != "tuned"}
        tuned = folds[(dataset, variant, "tuned", "tuned")]
        order = sorted(tuned)
        mean = {key: statistics.fmean(value[f] for f in order) for key, value in grid.items()}
        picked = max(mean, key=lambda key: mean[key])
        differences = [grid[picked][f] - tuned[f] for f in order]
        oracle = [max(value[f] for value in grid.values()) - tuned[f] for f in order]
        spread = statistics.stdev(differences)
        se = spread / len(order) ** 0.5
        better = sum(d > 0 for d in differences)
        equal = sum(d == 0 for d in differences)
        worse = sum(d < 0 for d in differences)
        facts[(dataset, variant)] = dict(optimism=statistics.fmean(differences), se=se,
                                         oracle=statistics.fmean(oracle), worse=worse,
                                         picked=mean[picked], folds=len(order))
        rows.append([dataset, variant, f"{picked[2]}, {general(float(picked[3]), 2)}",
                     fixed(mean[picked], 4), fixed(statistics.fmean(tuned.values()), 4),
                     f"{signed(statistics.fmean(differences))} ({fixed(spread)}, {fixed(se, 4)})",
                     f"{better} / {equal} / {worse}",
                     f"{signed(statistics.fmean(oracle))} ({fixed(statistics.stdev(oracle))})"])
    c["nested_table"] = claimlib.table(
        ["dataset", "variant", "test-picked (k, sigma/M-bar)", "test-picked", "nested",
         "optimism (std, SE)", "folds better / equal / worse", "per-fold oracle optimism (std)"],
        rows)
    worms = {variant: facts[("WormsTwoClass", variant)] for variant in ("he2005", "report2023")}
    c["nested_worms_he"] = points(worms["he2005"]["optimism"], 1)
    c["nested_worms_report"] = points(worms["report2023"]["optimism"], 1)
    ratios = [f["optimism"] / f["se"] for f in worms.values()]
    c["nested_se_low"], c["nested_se_high"] = fixed(min(ratios), 1), fixed(max(ratios), 1)
    oracle = [f["oracle"] for f in worms.values()]
    c["nested_oracle_low"], c["nested_oracle_high"] = points(min(oracle), 1), points(max(oracle), 1)
    c["nested_worms_worse"] = integer(sum(f["worse"] for f in worms.values()))
    earthquakes = choices[choices.dataset == "Earthquakes"]
    assert (earthquakes.balanced_accuracy == 0.5).all()
    c["nested_eq_accuracy"] = fixed(facts[("Earthquakes", "report2023")]["picked"])
    c["nested_eq_balanced"] = "0.5"
    wafer = choices[choices.dataset == "Wafer"]
    report = wafer[wafer.variant == "report2023"]
    he = wafer[wafer.variant == "he2005"]
    c["nested_wafer_plateau"] = integer((report.chosen_sigma_ratio <= 2.2e-5).sum())
    c["nested_outer_folds"] = integer(len(report))
    assert he.chosen_sigma_ratio.nunique() == 1
    c["nested_wafer_he_sigma"] = general(he.chosen_sigma_ratio.iloc[0], 1)
    c["nested_wafer_he_count"] = "every time" if len(he) == len(report) else f"{len(he)} times"
    for variant in ("report2023", "he2005"):
        part = choices[(choices.dataset == "WormsTwoClass") & (choices.variant == variant)]
        counted = collections.Counter(zip(part.chosen_k, part.chosen_sigma_ratio)).most_common()
        words = {1: "once", 2: "twice"}
        c[f"nested_choices_{variant}"] = ", ".join(
            f"({k}, {general(sigma, 2)}) {words.get(n, f'{n} times')}" for (k, sigma), n in counted)
    c["nested_wall_seconds"] = integer(claimlib.wall_seconds(f"{folder}/nested_sigma"))
    c["nested_candidates"] = integer(choices.candidates.iloc[0])
    c["nested_choices_count"] = integer(len(choices))


def fidelity_claims(c, folder):
    fidelity = load("fidelity")
    with open("tests/integration/fidelity_test.cpp", encoding="utf-8") as handle:
        test = handle.read()
    pinned = dict(re.findall(r'equal\["(\w+)"\] == (\d+)', test))
    reference = pd.read_csv(fidelity.DEFAULT_REFERENCE)
    per_dataset = reference.groupby("dataset").size()
    c["fidelity_pinned_eq"] = pinned["Earthquakes"]
    c["fidelity_pinned_worms"] = pinned["WormsTwoClass"]
    assert per_dataset["Earthquakes"] == per_dataset["WormsTwoClass"]
    c["fidelity_points"] = integer(per_dataset["Earthquakes"])
    c["fidelity_compared"] = integer(len(pinned))
    c["fidelity_saved"] = integer(reference.dataset.nunique())
    low, high = re.findall(r"expected\.sigma_ratio [<>]= ([0-9.e-]+)", test)
    c["fidelity_band_low"], c["fidelity_band_high"] = low, high
    study = fidelity.study_points(fidelity.read_csv(fidelity.DEFAULT_REFERENCE))
    tsfs = fidelity.tsfs_points(fidelity.read_csv(f"{folder}/fig3_sigma_holdout/results.csv"), "dtw")
    counts, differing = fidelity.compare(study, tsfs, {"Wafer"})
    equal = {dataset: count[0] for dataset, count in counts.items()}
    totals = {dataset: sum(count) for dataset, count in counts.items()}
    assert len(set(equal.values())) == 1 and len(set(totals.values())) == 1
    c["fidelity_run_equal"] = integer(next(iter(equal.values())))
    c["fidelity_run_points"] = integer(next(iter(totals.values())))
    c["fidelity_run_differing"] = integer(len(differing))
    rows = []
    for (dataset, n, sigma), study_row, tsfs_row in differing:
        rows.append([dataset, integer(n), claimlib.sci(sigma, 2),
                     f"{fixed(float(study_row['accuracy']))} ({study_row['correct']}/"
                     f"{study_row['test_rows']})", fixed(float(tsfs_row["accuracy"])),
                     fixed(float(tsfs_row["zero_weight_fraction"]))])
    c["fidelity_table"] = claimlib.table(["dataset", "n_features", "sigma/M-bar", "study", "tsfs",
                                          "zero-weight fraction (tsfs)"], rows)


def baseline_claims(c, review):
    rows = []
    for dataset in review.DATASETS:
        labels = [label for label, _ in review.load_series(dataset)]
        half = len(labels) // 2
        train = collections.Counter(labels[:half])
        test = collections.Counter(labels[half:])
        classes = review.class_order(labels)
        majority = max(classes, key=lambda label: train[label])
        counts = collections.Counter(labels)
        order = sorted(classes, key=lambda label: -counts[label])
        name = dataset + (" (TRAIN only)" if review.DATASETS[dataset] == ["TRAIN"] else "")
        rows.append([name, f"{len(labels)} (" + ", ".join(f"{label}: {counts[label]}" for label in order) + ")",
                     " : ".join(str(train[label]) for label in order),
                     " : ".join(str(test[label]) for label in order),
                     fixed(max(test.values()) / (len(labels) - half)),
                     fixed(test[majority] / (len(labels) - half)),
                     fixed(review.kfold_majority_share(labels))])
        if dataset == "WormsTwoClass":
            c["worms_train_majority_score"] = fixed(test[majority] / (len(labels) - half))
            c["worms_test_majority"] = fixed(max(test.values()) / (len(labels) - half))
    c["baselines_table"] = claimlib.table(
        ["dataset", "rows (class counts)", "holdout train half", "holdout test half",
         "test-half majority share", "predicting the train half's majority",
         "k-fold majority share"], rows)


def ranges_claims(c, review):
    curves = ["anova", "variance", "laplacian/ned/report2023", "laplacian/ned/he2005",
              "laplacian/dtw-w100-if500/report2023", "laplacian/dtw-w100-if500/he2005"]
    label = {"anova": "anova", "variance": "variance"}
    means = {}
    for protocol in ("holdout", "kfold"):
        rows = review.read_results(f"fig5_n_features_{protocol}")
        for name in curves:
            curve = [row for row in rows if review.curve_name(row) == name]
            means[(protocol, name)] = [statistics.mean(r["accuracy"] for r in curve
                                                       if low <= r["n_features"] <= high)
                                       for low, high in review.RANGES]
    pretty = lambda name: label.get(name) or "Laplacian " + name.split("/")[1].replace(
        "dtw-w100-if500", "DTW").replace("ned", "NED") + " " + name.split("/")[2]
    ranges = [f"{low}-{high}" for low, high in review.RANGES]
    c["ranges_table"] = claimlib.table(
        ["curve"] + [f"holdout {ranges[0]}"] + ranges[1:] + [f"k-fold {ranges[0]}"] + ranges[1:],
        [[pretty(name)] + [fixed(v) for v in means[("holdout", name)] + means[("kfold", name)]]
         for name in curves])


def duplicates_group_claims(c, review):
    n_values = {5, 10, 20, 30, 50, 80, 150, 250, 389}
    curves = ["anova", "variance", "laplacian/ned/report2023", "laplacian/ned/he2005",
              "laplacian/dtw-w100-if500/report2023", "laplacian/dtw-w100-if500/he2005"]
    cells = {}
    for protocol in ("holdout", "kfold"):
        for kind, spec in (("keep", f"fig5_n_features_{protocol}"),
                           ("group", f"duplicates_group_{protocol}")):
            rows = [row for row in review.read_results(spec) if row["n_features"] in n_values]
            for name in curves:
                part = [row for row in rows if review.curve_name(row) == name]
                cells[(protocol, kind, name)] = (statistics.mean(r["accuracy"] for r in part),
                                                 statistics.mean(r["balanced_accuracy"] for r in part))
    pretty = lambda name: name if "/" not in name else "Laplacian " + name.split("/")[1].replace(
        "dtw-w100-if500", "DTW").replace("ned", "NED") + " " + name.split("/")[2]
    c["duplicates_group_table"] = claimlib.table(
        ["curve", "holdout keep", "holdout group", "k-fold keep", "k-fold group"],
        [[pretty(name)] + [f"{fixed(a)} ({fixed(b)})" for a, b in
                           (cells[(p, k, name)] for p in ("holdout", "kfold") for k in ("keep", "group"))]
         for name in curves])
    drops = [cells[("kfold", "keep", n)][0] - cells[("kfold", "group", n)][0] for n in curves]
    balanced = [cells[("kfold", "keep", n)][1] - cells[("kfold", "group", n)][1] for n in curves]
    c["group_drop_low"], c["group_drop_high"] = fixed(min(drops)), fixed(max(drops))
    c["group_drop_balanced_low"] = fixed(min(balanced))
    c["group_drop_balanced_high"] = fixed(max(balanced))


def compute(folder):
    c = Claims()
    review = load("review_numbers")
    fidelity_claims(c, folder)
    baseline_claims(c, review)
    ranges_claims(c, review)
    duplicates_group_claims(c, review)
    nested_claims(c, folder, review)
    return c


if __name__ == "__main__":
    claimlib.study_main(__file__, compute, ALLOW)
