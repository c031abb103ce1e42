#!/usr/bin/env python3
"""Recompute the numbers behind results/report/README.md from the committed CSVs and data.

  experiments/report/review_numbers.py [SECTION ...]     (run from the repository root)

Sections (all by default): zero_weight, k_spread, n_features_ranges, dip, baselines,
below_majority, variants_equal, duplicates, sigma_claims, protocols, bands,
plateaus, score_tops, duplicates_group, nested. Each prints the facts
that experiments/report/REVIEW_NOTES.md quotes. Standard library only; reads results/report/*/results.csv,
experiments/report/*.yaml and the gzipped UCR files under third_party/ucr/.
"""

import collections
import csv
import glob
import gzip
import itertools
import math
import re
import statistics
import sys

RESULTS = "results/report/{}/results.csv"
UCR = "third_party/ucr/{0}/{0}_{1}.tsv.gz"
DATASETS = {"Earthquakes": ["TRAIN", "TEST"], "Wafer": ["TRAIN"],
            "WormsTwoClass": ["TRAIN", "TEST"]}  # the parts the report's specs load
RANGES = [(2, 20), (21, 100), (101, 389)]


def read_results(spec):
    with open(RESULTS.format(spec), newline="") as handle:
        rows = list(csv.DictReader(handle))
    for row in rows:
        for column in ("sigma_ratio", "accuracy", "accuracy_std", "balanced_accuracy",
                       "zero_weight_fraction"):
            if row.get(column):
                row[column] = float(row[column])
        for column in ("k", "n_features"):
            if row.get(column):
                row[column] = int(row[column])
    return rows


def select(rows, **conditions):
    return [row for row in rows if all(row.get(key) == value for key, value in conditions.items())]


def curve_name(row):
    if row["selector"] != "laplacian":
        return row["selector"]
    return f"laplacian/{row['distance']}/{row['variant']}"


def moving_average(values, window, before=None):
    """Centred moving average shrinking at the ends. The study (numpy.convolve 'same') and pandas
    (rolling(center=True)) take window // 2 points before and the rest after; tsfs's `smooth`
    (src/plot/line_plot.cpp) takes (window - 1) // 2 before: one point later for an even window."""
    before = window // 2 if before is None else before
    after = window - 1 - before
    result = []
    for index in range(len(values)):
        part = values[max(0, index - before):min(len(values), index + after + 1)]
        result.append(sum(part) / len(part))
    return result


def nearest(rows, sigma):
    return min(rows, key=lambda row: abs(math.log(row["sigma_ratio"] / sigma)))


# --- zero-weight fraction (Fig. 3 specs, 30 features; the fraction does not depend on n) -------
def zero_weight():
    print("## zero_weight: zero_weight_fraction along sigma/M-bar (fig3_sigma_*, n_features 30)")
    for protocol in ("holdout", "kfold"):
        rows = select(read_results(f"fig3_sigma_{protocol}"), n_features=30)
        for variant in ("report2023", "he2005"):
            for dataset in DATASETS:
                curve = sorted(select(rows, variant=variant, dataset=dataset),
                               key=lambda row: row["sigma_ratio"])
                describe_zero_weight(protocol, variant, dataset, curve)


def describe_zero_weight(protocol, variant, dataset, curve):
    below = [row["zero_weight_fraction"] for row in curve if row["sigma_ratio"] < 1e-3]
    plateau = [row for row in curve if row["zero_weight_fraction"] == curve[0]["zero_weight_fraction"]]
    under = [row["sigma_ratio"] for row in curve if row["zero_weight_fraction"] < 0.97]
    zero = [row["sigma_ratio"] for row in curve if row["zero_weight_fraction"] == 0]
    at = nearest(curve, 8.7e-4)
    print(f"{protocol:7} {variant:10} {dataset:13} below 1e-3: {min(below):.4f}-{max(below):.4f}; "
          f"value at 1e-7 ({curve[0]['zero_weight_fraction']:.4f}) held up to "
          f"{plateau[-1]['sigma_ratio']:.3g}; first < 0.97 at {min(under):.3g}; first 0 at "
          f"{min(zero):.3g}; at {at['sigma_ratio']:.3g}: {at['zero_weight_fraction']:.4f}")


# --- Fig. 4: how much k matters -----------------------------------------------------------------
def k_spread():
    print("## k_spread: spread between the k curves of fig4_k_* (max over k - min over k)")
    for protocol in ("holdout", "kfold"):
        rows = read_results(f"fig4_k_{protocol}")
        for variant in ("report2023", "he2005"):
            describe_k_spread(protocol, variant, select(rows, variant=variant))
    grid = sorted({row["sigma_ratio"] for row in read_results("fig4_k_holdout")})
    study_grid = [10 ** (-2 + 2 * index / 299) for index in range(300)]
    print(f"grid points <= 0.1: tsfs {sum(s <= 0.1 for s in grid)} of "
          f"{len(grid)}; the study's logspace(-2, 0, 300) {sum(s <= 0.1 for s in study_grid)} of 300")


def describe_k_spread(protocol, variant, rows):
    curves = {}
    for k in sorted({row["k"] for row in rows}):
        curve = sorted(select(rows, k=k), key=lambda row: row["sigma_ratio"])
        curves[k] = ([row["sigma_ratio"] for row in curve], [row["accuracy"] for row in curve])
    sigmas = next(iter(curves.values()))[0]
    for label, window, before in (("raw", 1, 0), ("smoothed 8 (study)", 8, 4),
                                  ("smoothed 8 (tsfs)", 8, 3)):
        values = {k: moving_average(accuracy, window, before) for k, (_, accuracy) in curves.items()}
        spread = [max(v[i] for v in values.values()) - min(v[i] for v in values.values())
                  for i in range(len(sigmas))]
        worst = max(range(len(sigmas)), key=lambda i: spread[i])
        low = max(s for s, sigma in zip(spread, sigmas) if sigma <= 0.1)
        print(f"{protocol:7} {variant:10} {label:18}: max spread {spread[worst]:.4f} at "
              f"sigma/M-bar {sigmas[worst]:.3f}; max for sigma <= 0.1: {low:.4f}; median "
              f"{statistics.median(spread):.4f}")
    for low, high in ((0, 0.1), (0.5, 1.0)):
        means = {k: statistics.mean(a for s, a in zip(*curves[k]) if low < s <= high) for k in curves}
        print(f"        mean accuracy for {low} < sigma/M-bar <= {high}: " +
              ", ".join(f"k={k}: {mean:.4f}" for k, mean in means.items()))
    if variant == "report2023":
        describe_nonzero_edges(protocol, rows)


def describe_nonzero_edges(protocol, rows):
    """Directed kNN graph: k edges per fit row, so (1 - fraction) x k x rows nonzero edges."""
    fit_rows = 258 if protocol == "holdout" else 258 * 4 / 5
    for sigma in sorted({row["sigma_ratio"] for row in rows})[:2]:
        counts = [f"k={row['k']}: {(1 - row['zero_weight_fraction']) * row['k'] * fit_rows:.1f}"
                  for row in sorted(select(rows, sigma_ratio=sigma), key=lambda row: row["k"])]
        print(f"        nonzero edges at sigma/M-bar {sigma:.4f}: " + ", ".join(counts))


# --- Fig. 5 ------------------------------------------------------------------------------------
def n_features_ranges():
    print("## n_features_ranges: mean accuracy over ranges of n_features (fig5_n_features_*)")
    for protocol in ("holdout", "kfold"):
        rows = read_results(f"fig5_n_features_{protocol}")
        for name in sorted({curve_name(row) for row in rows}):
            curve = [row for row in rows if curve_name(row) == name]
            means = [statistics.mean(r["accuracy"] for r in curve if low <= r["n_features"] <= high)
                     for low, high in RANGES]
            print(f"{protocol:7} {name:36} " + "  ".join(
                f"{low}-{high}: {mean:.4f}" for (low, high), mean in zip(RANGES, means)))


def dip():
    print("## dip: lowest holdout accuracy at n_features <= 20 per curve, against the k-fold cell")
    holdout = read_results("fig5_n_features_holdout")
    kfold = read_results("fig5_n_features_kfold")
    for name in sorted({curve_name(row) for row in holdout}):
        curve = [row for row in holdout if curve_name(row) == name and row["n_features"] <= 20]
        low = min(curve, key=lambda row: row["accuracy"])
        twin = next(row for row in kfold
                    if curve_name(row) == name and row["n_features"] == low["n_features"])
        distance = (twin["accuracy"] - low["accuracy"]) / twin["accuracy_std"]
        print(f"{name:36} holdout {low['accuracy']:.4f} (balanced {low['balanced_accuracy']:.4f}) "
              f"at n = {low['n_features']}; k-fold {twin['accuracy']:.4f} +/- "
              f"{twin['accuracy_std']:.4f} (standard error {twin['accuracy_std'] / 5:.4f}): "
              f"{distance:.1f} fold standard deviations apart")


# --- class balance and baselines ---------------------------------------------------------------
def load_series(dataset, parts=None):
    """(label, values) per row, TRAIN rows then TEST rows; NaN (padding) kept comparable."""
    rows = []
    for part in parts or DATASETS[dataset]:
        with gzip.open(UCR.format(dataset, part), "rt") as handle:
            for line in handle:
                fields = line.rstrip("\n").split("\t")
                values = tuple(None if math.isnan(v) else v for v in map(float, fields[1:]))
                rows.append((fields[0], values))
    return rows


def class_order(labels):
    return sorted(set(labels), key=float)  # tsfs's class index: numeric labels by value


def kfold_majority_share(labels, folds=5):
    """Mean over the test folds of the majority share, with tsfs's dealing (protocol.cpp): each
    class's rows, in ascending class order, dealt round-robin with the position carried over.
    Fold sizes per class do not depend on the shuffle, so this holds for every repeat."""
    counts = collections.Counter(labels)
    per_fold = [collections.Counter() for _ in range(folds)]
    position = 0
    for label in class_order(labels):
        for _ in range(counts[label]):
            per_fold[position % folds][label] += 1
            position += 1
    return statistics.mean(max(fold.values()) / sum(fold.values()) for fold in per_fold)


def baselines():
    print("## baselines: class counts and the accuracy of uninformative classifiers")
    for dataset in DATASETS:
        labels = [label for label, _ in load_series(dataset)]
        half = len(labels) // 2
        train, test = collections.Counter(labels[:half]), collections.Counter(labels[half:])
        train_majority = max(class_order(labels), key=lambda label: train[label])
        print(f"{dataset}: {len(labels)} rows {dict(collections.Counter(labels))}; whole-data "
              f"majority share {max(collections.Counter(labels).values()) / len(labels):.4f}")
        print(f"    holdout: train half {dict(train)}, test half {dict(test)}; test-half majority "
              f"share {max(test.values()) / (len(labels) - half):.4f}; "
              f"predicting the train half's majority ({train_majority}) scores "
              f"{test[train_majority] / (len(labels) - half):.4f}")
        print(f"    5-fold stratified: mean test-fold majority share "
              f"{kfold_majority_share(labels):.4f}")


def below_majority():
    print("## below_majority: WormsTwoClass at large sigma/M-bar (fig3_sigma_*)")
    for protocol in ("holdout", "kfold"):
        rows = select(read_results(f"fig3_sigma_{protocol}"), dataset="WormsTwoClass")
        for variant, low in (("report2023", 0.1), ("report2023", 1.0), ("he2005", 0.1)):
            for n in (30, 80, 150):
                part = [row for row in select(rows, variant=variant, n_features=n)
                        if row["sigma_ratio"] > low]
                accuracy = [row["accuracy"] for row in part]
                balanced = [row["balanced_accuracy"] for row in part]
                print(f"{protocol:7} {variant:10} sigma/M-bar > {low}: n={n:3}: accuracy "
                      f"{min(accuracy):.4f}-{max(accuracy):.4f} (mean {statistics.mean(accuracy):.4f}),"
                      f" balanced {min(balanced):.4f}-{max(balanced):.4f}")


def variants_equal():
    print("## variants_equal: cells with sigma/M-bar <= 1e-3 where he2005 == report2023 (fig3)")
    for protocol in ("holdout", "kfold"):
        rows = [row for row in read_results(f"fig3_sigma_{protocol}") if row["sigma_ratio"] <= 1e-3]
        for dataset in DATASETS:
            cells = collections.defaultdict(dict)
            for row in select(rows, dataset=dataset):
                cells[(row["sigma_ratio"], row["n_features"])][row["variant"]] = row["accuracy"]
            equal = sum(1 for v in cells.values() if v["he2005"] == v["report2023"])
            print(f"{protocol:7} {dataset:13} {equal} of {len(cells)} cells equal")


# --- exact duplicate series --------------------------------------------------------------------
def duplicates():
    print("## duplicates: exact duplicate series (all values equal), every dataset in third_party/ucr")
    print("(the report's datasets with the rows their specs load; the others TRAIN then TEST)")
    for folder in sorted(glob.glob("third_party/ucr/*/")):
        dataset = folder.rstrip("/").split("/")[-1]
        parts = DATASETS.get(dataset) or [part for part in ("TRAIN", "TEST")
                                          if glob.glob(UCR.format(dataset, part))]
        describe_duplicates(dataset, load_series(dataset, parts))


def describe_duplicates(dataset, series):
    groups = collections.defaultdict(list)
    for index, (_, values) in enumerate(series):
        groups[values].append(index)
    pairs = [pair for group in groups.values() if len(group) > 1
             for pair in itertools.combinations(group, 2)]
    half = len(series) // 2
    straddling = sum(1 for a, b in pairs if (a < half) != (b < half))
    conflicting = sum(1 for a, b in pairs if series[a][0] != series[b][0])
    sizes = collections.Counter(len(group) for group in groups.values() if len(group) > 1)
    print(f"{dataset} ({len(series)} rows): {len(pairs)} identical pairs (group sizes "
          f"{dict(sizes)}), {straddling} straddling the holdout split at row {half}, "
          f"{conflicting} with different labels")


# --- other sentences ---------------------------------------------------------------------------
def sigma_claims():
    print("## sigma_claims: the README's quoted cells (fig3_sigma_*)")
    holdout, kfold = read_results("fig3_sigma_holdout"), read_results("fig3_sigma_kfold")
    for label, rows, dataset, variant, n, sigma in (
            ("holdout", holdout, "Wafer", "report2023", 30, 1e-4),
            ("kfold", kfold, "Wafer", "report2023", 30, 1e-4),
            ("kfold", kfold, "Wafer", "report2023", 30, 1e3),
            ("kfold", kfold, "WormsTwoClass", "he2005", 80, 1e-4),
            ("kfold", kfold, "WormsTwoClass", "he2005", 80, 1e3)):
        row = nearest(select(rows, dataset=dataset, variant=variant, n_features=n), sigma)
        print(f"{label:7} {dataset} {variant} n={n} at {row['sigma_ratio']:.3g}: "
              f"{row['accuracy']:.4f} +/- {row['accuracy_std'] or 0:.4f} (balanced "
              f"{row['balanced_accuracy']:.4f})")
    curve = select(kfold, dataset="WormsTwoClass", variant="he2005", n_features=80)
    best = max(curve, key=lambda row: row["accuracy"])
    print(f"kfold WormsTwoClass he2005 n=80: maximum of {len(curve)} points {best['accuracy']:.4f}"
          f" at {best['sigma_ratio']:.3g}; its fold std {best['accuracy_std']:.4f}, standard error "
          f"{best['accuracy_std'] / 5:.4f}")
    for label, rows in (("holdout", holdout), ("kfold", kfold)):
        earthquakes = select(rows, dataset="Earthquakes")
        values = collections.Counter(round(row["accuracy"], 3) for row in earthquakes)
        balanced = collections.Counter(round(row["balanced_accuracy"], 3) for row in earthquakes)
        print(f"{label:7} Earthquakes over {len(earthquakes)} cells: accuracy {dict(values)}, "
              f"balanced accuracy {dict(balanced)}")


def protocols():
    print("## protocols: WormsTwoClass mean accuracy (balanced) holdout vs k-fold, per spec and curve")
    for figure in ("fig3_sigma", "fig4_k", "fig5_n_features"):
        holdout = select(read_results(f"{figure}_holdout"), dataset="WormsTwoClass")
        kfold = select(read_results(f"{figure}_kfold"), dataset="WormsTwoClass")
        for name in sorted({curve_name(row) for row in holdout}):
            pair = [[row for row in rows if curve_name(row) == name] for rows in (holdout, kfold)]
            means = [(statistics.mean(r["accuracy"] for r in part),
                      statistics.mean(r["balanced_accuracy"] for r in part)) for part in pair]
            print(f"{figure:16} {name:36} holdout {means[0][0]:.4f} ({means[0][1]:.4f})  "
                  f"k-fold {means[1][0]:.4f} ({means[1][1]:.4f})")


def bands():
    print("## bands: which report specs draw a +/- std band")
    for path in sorted(glob.glob("experiments/report/*.yaml")):
        with open(path) as handle:
            text = handle.read()
        if "kfold" in path:
            print(f"{path}: {'band' if 'band:' in text else 'NO band'}")


def plateaus():
    print("## plateaus: fig3 curves on the column-order plateau, near 1e-4, at 1e3, and their maximum")
    for spec in ("fig3_sigma_holdout", "fig3_sigma_kfold"):
        rows = read_results(spec)
        for dataset, variant, n in (("Wafer", "report2023", 30), ("WormsTwoClass", "report2023", 30),
                                    ("WormsTwoClass", "he2005", 80)):
            curve = sorted(select(rows, dataset=dataset, variant=variant, n_features=n),
                           key=lambda row: row["sigma_ratio"])
            plateau = [row["accuracy"] for row in curve if row["sigma_ratio"] <= 2.2e-5]
            middle = [row["accuracy"] for row in curve if 5e-5 <= row["sigma_ratio"] <= 2e-4]
            best = max(curve, key=lambda row: row["accuracy"])
            print(f"{spec:18} {dataset} {variant} n={n}: <= 2.2e-5 {min(plateau):.3f}-{max(plateau):.3f};"
                  f" 5e-5..2e-4 {min(middle):.3f}-{max(middle):.3f}; at 1e3 {curve[-1]['accuracy']:.3f};"
                  f" maximum of {len(curve)} points {best['accuracy']:.3f} at {best['sigma_ratio']:.3g}")


def score_tops():
    print("## score_tops: Fig. 2 scores (fig2_score_histograms/scores.csv), Wafer, DTW, k = 20")
    with open("results/report/fig2_score_histograms/scores.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    for key in sorted({(row["variant"], row["sigma_ratio"]) for row in rows}):
        part = [row for row in rows if (row["variant"], row["sigma_ratio"]) == key]
        scores = [float(row["score"]) for row in part if not math.isnan(float(row["score"]))]
        top = sorted((row for row in part if row["rank"]), key=lambda row: int(row["rank"]))[:5]
        print(f"{key[0]:10} sigma/M-bar {float(key[1]):.0e}: {len(scores)} finite scores, "
              f"{sum(1 for score in scores if score == 0)} exactly 0, max {max(scores):.4g}; top 5: "
              f"{', '.join(row['feature'].partition('_')[2] for row in top)}")


def duplicates_group():
    print("## duplicates_group: WormsTwoClass, mean over n_features {5 .. 389} (9 values), keep vs group")
    n_values = {5, 10, 20, 30, 50, 80, 150, 250, 389}
    for keep, group in (("fig5_n_features_holdout", "duplicates_group_holdout"),
                        ("fig5_n_features_kfold", "duplicates_group_kfold")):
        parts = [[row for row in read_results(spec) if row["n_features"] in n_values]
                 for spec in (keep, group)]
        for name in sorted({curve_name(row) for row in parts[0]}):
            means = [[statistics.mean(row[metric] for row in part if curve_name(row) == name)
                      for metric in ("accuracy", "balanced_accuracy")] for part in parts]
            print(f"{group:24} {name:36} keep {means[0][0]:.3f} ({means[0][1]:.3f})  "
                  f"group {means[1][0]:.3f} ({means[1][1]:.3f})")
    series = load_series("WormsTwoClass")
    copies = collections.defaultdict(list)
    for index, (_, values) in enumerate(series):
        copies[values].append(index)
    moved = {index for group in copies.values() if min(group) < 129 <= max(group)
             for index in group if index >= 129}
    test = collections.Counter(series[i][0] for i in range(129, len(series)) if i not in moved)
    train = collections.Counter([series[i][0] for i in range(129)] + [series[i][0] for i in moved])
    print(f"holdout with group: {len(moved)} test copies move to training (labels "
          f"{dict(collections.Counter(series[i][0] for i in moved))}); test {dict(test)} majority "
          f"share {max(test.values()) / sum(test.values()):.3f}; train {dict(train)}")


def read_fold_accuracies(spec):
    """{(dataset, variant, k, sigma_ratio): {(repeat, fold): accuracy}} from a run's
    folds.csv.gz; the rows marked tuned have k = sigma_ratio = "tuned"."""
    path = f"results/report/{spec}/folds.csv.gz"
    with gzip.open(path, "rt", newline="") as handle:
        rows = list(csv.DictReader(handle))
    folds = collections.defaultdict(dict)
    for row in rows:
        key = (row["dataset"], row["variant"], row["k"], row["sigma_ratio"])
        folds[key][(int(row["repeat"]), int(row["fold"]))] = float(row["accuracy"])
    return folds


def nested():
    """Best (k, sigma) picked on the test folds vs nested CV (experiments/report_nested/
    nested_sigma.yaml). Optimism = test-picked accuracy - nested accuracy; its spread is over the
    outer folds' paired differences. The per-fold oracle picks the best cell on each fold's own
    test rows (one split, as the study's holdout did)."""
    folds = read_fold_accuracies("nested_sigma")
    with open("results/report/nested_sigma/tuned.csv", newline="") as handle:
        choices = list(csv.DictReader(handle))
    for dataset, variant in sorted({key[:2] for key in folds}):
        grid = {key: value for key, value in folds.items()
                if key[:2] == (dataset, variant) and key[2] != "tuned"}
        tuned = folds[(dataset, variant, "tuned", "tuned")]
        order = sorted(tuned)
        n = len(order)
        mean = {key: statistics.fmean(value[f] for f in order) for key, value in grid.items()}
        picked = max(mean, key=lambda key: mean[key])
        differences = [grid[picked][f] - tuned[f] for f in order]
        oracle_differences = [max(value[f] for value in grid.values()) - tuned[f] for f in order]
        rows = [row for row in choices if (row["dataset"], row["variant"]) == (dataset, variant)]
        chosen = collections.Counter((row["chosen_k"], float(row["chosen_sigma_ratio"]))
                                     for row in rows)
        spread = statistics.stdev(differences)
        # Nadeau & Bengio's corrected standard error: the outer folds share training rows.
        outer_k = int(re.search(r"folds=(\d+)", rows[0]["protocol"]).group(1))
        corrected = spread * math.sqrt(1 / n + 1 / (outer_k - 1))
        print(f"{dataset} {variant}: test-picked k={picked[2]} sigma/M-bar={float(picked[3]):.3g} "
              f"accuracy {mean[picked]:.4f}; nested {statistics.fmean(tuned.values()):.4f} "
              f"(mean inner score {statistics.fmean(float(row['inner_accuracy']) for row in rows):.4f})")
        print(f"  optimism {statistics.fmean(differences):+.4f} (paired std over {n} folds "
              f"{spread:.4f}, Nadeau-Bengio standard error {corrected:.4f}; test-picked better on "
              f"{sum(d > 0 for d in differences)}, equal on {sum(d == 0 for d in differences)}, "
              f"worse on {sum(d < 0 for d in differences)} folds)")
        print(f"  per-fold oracle optimism {statistics.fmean(oracle_differences):+.4f} "
              f"(std {statistics.stdev(oracle_differences):.4f})")
        print("  nested choices (k/sigma): "
              + ", ".join(f"{k}/{sigma:.3g} x{count}" for (k, sigma), count in chosen.most_common()))


SECTIONS = {function.__name__: function for function in (
    zero_weight, k_spread, n_features_ranges, dip, baselines, below_majority, variants_equal,
    duplicates, sigma_claims, protocols, bands, plateaus, score_tops, duplicates_group, nested)}



def main():
    names = sys.argv[1:] or list(SECTIONS)
    unknown = [name for name in names if name not in SECTIONS]
    if unknown:
        sys.exit(f"unknown section(s) {unknown}; choose from {list(SECTIONS)}")
    for name in names:
        SECTIONS[name]()
        print()


if __name__ == "__main__":
    main()
