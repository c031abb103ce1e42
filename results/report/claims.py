#!/usr/bin/env python3
"""The numbers of results/report/README.md, computed from the runs' CSVs, manifests, the UCR files
and the study's saved accuracies (tests/reference/study/), reusing experiments/report/
review_numbers.py and fidelity.py.

  python3 results/report/claims.py [--check | --write | --list]    (from the repository root)

The mechanism (markers, lint, exit status) is scripts/claims/claimlib.py's. Sections of the README
not yet converted sit in `<!--unchecked: ...-->` regions, which the check counts and lists.
"""

import collections
import math
import importlib.util
import os
import re
import statistics
import sys

import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "../../scripts/claims"))
import claimlib  # noqa: E402
from claimlib import Claims, fixed, general, integer, percent, points, signed  # noqa: E402


def load(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, f"../../experiments/report/{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Numbers the lint lets through: parameters of the specs and of the study (grids, protocols,
# feature counts the text names as settings), figure numbers and the study's own numbers quoted.
ALLOW = [
    # settings of the specs and the study (experiments/report/*.yaml), named, not measured
    r"TSFEL 0\.1\.5", r"fs = 100", r"band of 100 for series longer than 500", r"C = 1\b",
    r"Python 3", r"factor 2 in", r"2 vs 1", r"4 selectors", r"k = 25", r"used 20\b", r"weight is 0",
    r"laplacian-score-4-time-series", r"k in \{5, 10, 20, 30\}", r"over 8 points", r"top 5",
    r"30, 80 and 150 features", r"30 and 80 features", r"\b30 features", r"\b80 features",
    r"at 150\b", r"first 30 FFT", r"k = 30, sigma/M-bar = 0\.05",
    r"0\.5 < sigma/M-bar <= 1", r"sigma/M-bar 0\.1 - 1\b", r"\b0\.1 - 1\b", r"around 1e-4",
    r"underflow to 0",
    # the values of the grids and ranges where the text looks (the claim is the value found there)
    r"sigma/M-bar (= |<= |< |> )?(1e-6|1e-3|1e-4|0\.01|0\.1|1)\b", r"at 1e-4", r"at 1e3", r"at 1e-7",
    r"below 1e-3", r"below 2e-4", r"5e-5 \.\. 2e-4", r"1 \.\. 1000", r"<= 2\.2e-5", r"0\.1 - 1\b",
    r"\b(2-20|21-100|101-389)\b", r"Below\s+20 features",
    r"<= 20 features", r"of 25 folds", r"the 25 overlapping", r"95%", r"to 3 decimals",
    r"\(about 0\.8\)", r"calls 0\.8 =",
    # exact values named as such (a weight of 0 or 1, an interval containing 0), labels, ranges
    r"exactly 0", r"score is 0", r"are 0 and", r"distance 0", r"distance is 0",
    r"weight 1", r"never reaches 1", r"\[0, 1\]", r"label [01]", r"class 2",
    # (the first list, kept from the first conversion)
    r"Fig\. \d(/\d)?", r"MVA 2023", r"2005", r"\b2023\b", r"25-fold", r"\b5-fold", r"5 times", r"seed 0",
    r"25 folds", r"25-fold", r"fold std / 5", r"n_features 10, 30, 50, 80, 130, 150 and 200",
    r"n_features 30, 80, 150", r"1000 series", r"2000-row cap", r"has 2000 rows", r"used 2000", r"instead of 2000", r"1000 TEST", r"TRAIN plus the first",
    r"all seven n_features", r"sigma/M-bar \[", r"k = (10|20|25|30)\b",
 r"k in \{5, 10, 20\}", r"21 log-spaced", r"1e-7\s+to 1e3",
    r"30 TSFEL features", r"repeated twice", r"3 stratified inner folds",
    r"the 10 outer test folds", r"10 paired fold differences", r"258 series",
    r"with 258", r"the Fig\. 3/5 grid", r"2-core", r"Figs\. 3 and 5",
    r"\(dataset x variant x 10 outer folds\)", r"3 datasets", r"30 / 80 / 150 features",
    r"80 features", r"three datasets", r"holdout test half", r"500 rows, not 1000", r"tsfs's 1000", r"Fig\. 3/5",
    r"the 30 features", r"sqrt\(2\)",
    # counts of the design, spelled out (the protocols, the variants, what a figure or table
    # shows, the study's own words), not results
    r"one row per grid cell", r"comparison of two curves", r"all three domains", r"two protocols",
    r"first half of the rows", r"One split", r"\+/- one", r"two graph variants", r"The two kernels",
    r"at one sigma(/M-bar)?", r"the two variants", r"saved one set of results", r"two versions of its",
    r"the two datasets", r"one test row", r"train-half", r"the halves", r"two halves", r"training half",
    r"test half", r"mostly one class", r"the first n TSFEL columns", r"two-sided", r"first two rows",
    r"the first =", r"these two techniques", r"every one of the", r"the first in grid order",
    r"one holdout split", r"one saved result",
]


def corrected_se(fold_std, folds=25, k=5):
    """Nadeau & Bengio's corrected standard error of a mean over the folds of repeated k-fold CV
    (5 x 5 here): fold std * sqrt(1/J + 1/(k-1)); the folds share training rows."""
    return fold_std * math.sqrt(1 / folds + 1 / (k - 1))


def nested_claims(c, folder, review):
    folds = review.read_fold_accuracies("nested_sigma")
    choices = pd.read_csv(f"{folder}/nested_sigma/tuned.csv")
    # The outer folds of repeated k-fold CV share training rows: Nadeau & Bengio's corrected
    # standard error of the J paired differences, std * sqrt(1/J + 1/(k-1)).
    outer = re.fullmatch(r"stratified_kfold\(folds=(\d+);repeats=(\d+);seed=\d+\)",
                         pd.read_csv(f"{folder}/nested_sigma/results.csv").protocol.iloc[0])
    outer_k = int(outer.group(1))
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
        se = spread * (1 / len(order) + 1 / (outer_k - 1)) ** 0.5
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
         "optimism (std, corrected SE)", "folds better / equal / worse",
         "per-fold oracle optimism (std)"],
        rows)
    worms = {variant: facts[("WormsTwoClass", variant)] for variant in ("he2005", "report2023")}
    c["nested_worms_he"] = points(worms["he2005"]["optimism"], 1)
    c["nested_worms_report"] = points(worms["report2023"]["optimism"], 1)
    ratios = [f["optimism"] / f["se"] for f in worms.values()]
    from scipy import stats
    c["nested_optimism"] = claimlib.Verdict([claimlib.Test(
        f"WormsTwoClass {variant}: optimism over its corrected standard error, two-sided t-test with "
        f"{f['folds'] - 1} df", significant=2 * stats.t.sf(abs(f["optimism"] / f["se"]), f["folds"] - 1) <= ALPHA,
        p=2 * stats.t.sf(abs(f["optimism"] / f["se"]), f["folds"] - 1), alpha=ALPHA)
        for variant, f in worms.items()])
    low, high = fixed(min(ratios), 1), fixed(max(ratios), 1)
    c["nested_se_range"] = low if low == high else f"{low} to {high}"
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
            c["worms_kfold_majority"] = fixed(review.kfold_majority_share(labels))
        if dataset == "Earthquakes":
            c["eq_kfold_majority"] = fixed(review.kfold_majority_share(labels))
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
    c["group_drop_points"] = f"{points(min(drops), 1)} to {points(max(drops), 1)}"
    c["group_leak"] = claimlib.Verdict(claimlib.Test(
        "5x5 k-fold, duplicates grouped against kept, every curve (not tested: other folds)",
        lowered=min(drops) > 0))


# --- Setup, data --------------------------------------------------------------------------------
def setup_claims(c, folder, review):
    labels = {dataset: claimlib.ucr_labels(dataset, tuple(parts))
              for dataset, parts in review.DATASETS.items()}
    c["rows_earthquakes"] = integer(len(labels["Earthquakes"]))
    c["rows_worms"] = integer(len(labels["WormsTwoClass"]))
    c["rows_wafer"] = integer(len(labels["Wafer"]))
    c["wafer_test_half"] = integer(len(labels["Wafer"]) - len(labels["Wafer"]) // 2)
    scores = pd.read_csv(f"{folder}/fig2_score_histograms/scores.csv")
    c["features_wafer"] = integer(scores.feature.nunique())
    c["features_worms"] = integer(pd.read_csv(f"{folder}/fig5_n_features_holdout/results.csv")
                                  .n_features.max())
    c["fft_coefficients_wafer"] = integer(scores.feature.drop_duplicates()
                                          .str.contains("FFT mean coefficient").sum())
    # he2005 at s is report2023 at s / sqrt(2): that many steps of Fig. 4's log grid
    grid = sorted({row["sigma_ratio"] for row in review.read_results("fig3_sigma_holdout")})
    step = (math.log10(grid[-1]) - math.log10(grid[0])) / (len(grid) - 1)
    c["fig4_grid_points"] = integer(len(grid))
    c["sqrt2_steps"] = fixed(math.log10(math.sqrt(2)) / step, 1)


# --- Small sigma ---------------------------------------------------------------------------------
def zero_weight_facts(review):
    """{(protocol, variant, dataset): facts of the zero-weight curve at 30 features}."""
    facts = {}
    for protocol in ("holdout", "kfold"):
        rows = review.select(review.read_results(f"fig3_sigma_{protocol}"), n_features=30)
        for variant in ("report2023", "he2005"):
            for dataset in review.DATASETS:
                curve = sorted(review.select(rows, variant=variant, dataset=dataset),
                               key=lambda row: row["sigma_ratio"])
                fraction = [row["zero_weight_fraction"] for row in curve]
                below = [row["zero_weight_fraction"] for row in curve if row["sigma_ratio"] < 1e-3]
                plateau = [row for row in curve if row["zero_weight_fraction"] == fraction[0]]
                facts[(protocol, variant, dataset)] = dict(
                    below=(min(below), max(below)), constant=plateau[-1]["sigma_ratio"],
                    under=min(r["sigma_ratio"] for r in curve if r["zero_weight_fraction"] < 0.97),
                    zero=min(r["sigma_ratio"] for r in curve if r["zero_weight_fraction"] == 0),
                    at=review.nearest(curve, 8.7e-4))
    return facts


def small_sigma_claims(c, folder, review):
    facts = zero_weight_facts(review)
    span = lambda low, high: fixed(low, 4) if low == high else f"{fixed(low, 4)} - {fixed(high, 4)}"
    both = lambda a, b: a if a == b else f"{a}; {b}"
    rows = []
    for variant in ("report2023", "he2005"):
        for dataset in review.DATASETS:
            h, k = facts[("holdout", variant, dataset)], facts[("kfold", variant, dataset)]
            rows.append([f"{dataset} {variant}", span(*h["below"]), span(*k["below"]),
                         both(claimlib.sci(h["constant"]), claimlib.sci(k["constant"])),
                         both(claimlib.sci(h["under"]), claimlib.sci(k["under"])),
                         both(claimlib.sci(h["zero"]), claimlib.sci(k["zero"]))])
    c["zero_weight_table"] = claimlib.table(
        ["dataset, variant", "fraction for sigma/M-bar < 1e-3, holdout", "k-fold",
         "fraction constant (its value at 1e-7) up to (holdout; k-fold)", "first < 0.97",
         "first exactly 0"], rows)
    eq = [facts[(p, "report2023", "Earthquakes")] for p in ("holdout", "kfold")]
    wafer = [facts[(p, "report2023", "Wafer")] for p in ("holdout", "kfold")]
    assert eq[0]["constant"] == eq[1]["constant"] and wafer[0]["constant"] == wafer[1]["constant"]
    assert all(f["below"][1] == 1 for f in eq)
    c["eq_column_order_up_to"] = claimlib.sci(eq[0]["constant"])
    c["wafer_column_order_up_to"] = claimlib.sci(wafer[0]["constant"])
    c["wafer_fraction_low"] = fixed(min(f["at"]["zero_weight_fraction"] for f in wafer), 2)
    c["wafer_fraction_high"] = fixed(max(f["at"]["zero_weight_fraction"] for f in wafer), 2)
    assert all(f["at"]["zero_weight_fraction"] == f["below"][0] for f in wafer)
    c["wafer_fraction_at"] = claimlib.sci(wafer[0]["at"]["sigma_ratio"])
    worms = [facts[(p, "report2023", "WormsTwoClass")] for p in ("holdout", "kfold")]
    c["worms_edges_left_low"] = percent(1 - max(f["below"][1] for f in worms), 1)
    c["worms_edges_left_high"] = percent(1 - min(f["below"][0] for f in worms), 1)

    # Fig. 3 of the study: the score vectors of fig2_score_histograms
    scores = pd.read_csv(f"{folder}/fig2_score_histograms/scores.csv")
    def part(variant, sigma):
        return scores[(scores.variant == variant) & (scores.sigma_ratio.sub(sigma).abs() < sigma * 1e-6)]
    def top(frame):
        ranked = frame.dropna(subset=["rank"]).sort_values("rank").head(5)
        return ", ".join(f"`{name.partition('_')[2]}`" for name in ranked.feature)
    tiny, small = part("report2023", 1e-6), part("report2023", 1e-4)
    finite = tiny.score.dropna()
    assert (finite == 0).all()
    c["scores_finite"] = integer(len(finite))
    c["scores_constant"] = integer(tiny.score.isna().sum())
    c["scores_top_1e6"] = top(tiny)
    c["scores_zero_1e4"] = integer((small.score == 0).sum())
    c["scores_top_1e4"] = top(small)
    c["scores_max_report"] = general(small.score.max(), 4)
    c["scores_max_he"] = general(part("he2005", 1e-4).score.max(), 4)

    # the two variants give the same accuracy at small sigma
    equal = {}
    for protocol in ("holdout", "kfold"):
        rows = [r for r in review.read_results(f"fig3_sigma_{protocol}") if r["sigma_ratio"] <= 1e-3]
        for dataset in review.DATASETS:
            cells = collections.defaultdict(dict)
            for row in review.select(rows, dataset=dataset):
                cells[(row["sigma_ratio"], row["n_features"])][row["variant"]] = row["accuracy"]
            equal[(protocol, dataset)] = (sum(v["he2005"] == v["report2023"] for v in cells.values()),
                                          len(cells))
    sizes = {total for _, total in equal.values()}
    assert len(sizes) == 1
    c["variants_cells"] = integer(sizes.pop())
    assert equal[("holdout", "WormsTwoClass")] == equal[("kfold", "WormsTwoClass")]
    c["variants_equal_worms"] = integer(equal[("holdout", "WormsTwoClass")][0])
    for dataset, key in (("Earthquakes", "eq"), ("Wafer", "wafer")):
        c[f"variants_equal_{key}"] = " / ".join(integer(equal[(p, dataset)][0])
                                                for p in ("holdout", "kfold"))


# --- "sigma/M-bar around 1e-4 works best" ------------------------------------------------------
ALPHA = 0.05  # the level of every Holm correction of the README's paired tables


def corrected_test(tests, index, holm_p, which="nb"):
    """The claimlib.Test of row `index` of a paired table (`tests`: (label, n, result), the label
    on a group's first row only): the corrected resampled t-test (the test a conclusion must pass;
    `which="wilcoxon"` for the Wilcoxon test) with its Holm p, and the sign of A - B's mean."""
    label = next(tests[i][0] for i in range(index, -1, -1) if tests[i][0])
    _, n, r = tests[index]
    name = "corrected t-test" if which == "nb" else "Wilcoxon"
    return claimlib.Test(f"{label}, n {n}: {name}, Holm-adjusted",
                         significant=holm_p <= ALPHA, p=holm_p, alpha=ALPHA,
                         direction=(r["mean"] > 0) - (r["mean"] < 0))


def paired_row(label, n, r, wilcoxon_holm, nb_holm):
    return [label, n, signed(r["mean"]), f"[{signed(r['t_low'])}, {signed(r['t_high'])}]",
            f"[{signed(r['nb_low'])}, {signed(r['nb_high'])}]",
            f"{r['wins']} / {r['losses']} / {r['ties']}",
            f"{general(r['wilcoxon_p'], 2)} ({general(wilcoxon_holm, 2)})",
            f"{general(r['nb_p'], 2)} ({general(nb_holm, 2)})"]


PAIRED_HEADER = ["A - B", "n", "mean diff", "95% t interval", "Nadeau-Bengio", "A better / worse / tie",
                 "Wilcoxon p (Holm)", "corrected t-test p (Holm)"]


def sigma_claims(c, folder, review, paired):
    holdout, kfold = review.read_results("fig3_sigma_holdout"), review.read_results("fig3_sigma_kfold")
    def curve(rows, dataset, variant, n):
        return sorted(review.select(rows, dataset=dataset, variant=variant, n_features=n),
                      key=lambda row: row["sigma_ratio"])
    def rng(values, digits=3):
        low, high = min(values), max(values)
        return fixed(low, digits) if fixed(low, digits) == fixed(high, digits) else \
            f"{fixed(low, digits)} - {fixed(high, digits)}"
    for protocol, rows in (("holdout", holdout), ("kfold", kfold)):
        wafer = curve(rows, "Wafer", "report2023", 30)
        c[f"wafer_{protocol}_plateau"] = rng([r["accuracy"] for r in wafer if r["sigma_ratio"] <= 2.2e-5])
        c[f"wafer_{protocol}_middle"] = rng([r["accuracy"] for r in wafer if 5e-5 <= r["sigma_ratio"] <= 2e-4])
        near = review.nearest(wafer, 1e-4)
        c[f"wafer_{protocol}_1e4"] = fixed(near["accuracy"])
        c[f"wafer_{protocol}_1e4_balanced"] = fixed(near["balanced_accuracy"])
        c[f"wafer_{protocol}_1e3"] = fixed(wafer[-1]["accuracy"])
        if protocol == "kfold":
            c["wafer_kfold_1e4_se"] = fixed(corrected_se(near["accuracy_std"]))
        else:
            c["wafer_near_1e4"] = general(near["sigma_ratio"], 3)
    worms = curve(holdout, "WormsTwoClass", "report2023", 30)
    below = {r["accuracy"] for r in worms if r["sigma_ratio"] < 2e-4}
    assert len(below) == 1 and worms[0]["accuracy"] in below
    c["worms_holdout_small"] = fixed(below.pop())
    c["worms_holdout_1e3"] = fixed(worms[-1]["accuracy"])
    he = curve(kfold, "WormsTwoClass", "he2005", 80)
    for key, row in (("1e4", review.nearest(he, 1e-4)), ("1e3", he[-1])):
        c[f"worms_he_kfold_{key}"] = fixed(row["accuracy"])
        c[f"worms_he_kfold_{key}_se"] = fixed(corrected_se(row["accuracy_std"]))
    best = max(he, key=lambda row: row["accuracy"])
    c["worms_he_points"] = integer(len(he))
    c["worms_he_best"] = fixed(best["accuracy"])
    c["worms_he_best_at"] = general(best["sigma_ratio"], 2)
    c["worms_he_best_se"] = fixed(corrected_se(best["accuracy_std"]))

    # the section's paired tests, one family for Holm
    folds = paired.read_folds(f"{folder}/fig3_sigma_kfold/folds.csv.gz")
    tests = []
    for label, a, b in (("Wafer report2023 5e-5..2e-4 - 1..1000", "sigma_ratio=5e-5..2e-4", "sigma_ratio=1..1000"),
                        ("Wafer report2023 5e-5..2e-4 - plateau <= 2.2e-5", "sigma_ratio=5e-5..2e-4", "sigma_ratio=0..2.2e-5")):
        tests.append((label, "30", paired.paired(folds, a, b, "dataset=Wafer,variant=report2023", "30-30")))
    for variant, high in (("he2005", "0.1..1"), ("report2023", "1..1000")):
        for n in (30, 80, 150):
            label = (f"WormsTwoClass {variant} {high} - {variant} <= 1e-3" if n == 30 else "")
            tests.append((label, str(n), paired.paired(
                folds, f"variant={variant},sigma_ratio={high}", f"variant={variant},sigma_ratio=0..0.001",
                "dataset=WormsTwoClass", f"{n}-{n}")))
    wholm = paired.holm([r["wilcoxon_p"] for _, _, r in tests])
    nholm = paired.holm([r["nb_p"] for _, _, r in tests])
    c["sigma_paired_table"] = claimlib.table(
        PAIRED_HEADER, [paired_row(label, n, r, w, h) for (label, n, r), w, h in zip(tests, wholm, nholm)])
    c["sigma_family"] = integer(len(tests))
    wafer_plateau, he150 = tests[1][2], tests[4][2]
    c["wafer_plateau_nb_holm"] = general(nholm[1], 2)
    assert nholm[1] < 0.05 and wholm[1] < 0.05 and nholm[0] > 0.05
    c["wafer_flat_nb_holm"] = general(nholm[0], 2)
    assert all(h < 0.05 for h in nholm[5:]) and all(h >= 0.05 for h in nholm[2:5])
    c["report_large_nb_holm_max"] = general(max(nholm[5:]), 2)
    c["he150_mean"] = signed(he150["mean"])
    c["he150_wilcoxon_holm"] = general(wholm[4], 2)
    c["he150_nb_holm"] = general(nholm[4], 2)
    assert min(nholm[2:5]) == nholm[4]
    c["wafer_plateau_worse"] = integer(wafer_plateau["losses"])
    verdict = lambda indices: claimlib.Verdict([corrected_test(tests, i, nholm[i]) for i in indices])
    c["wafer_flat"], c["wafer_plateau"] = verdict([0]), verdict([1])
    c["report_large"], c["he150"] = verdict([5, 6, 7]), verdict([4])

    # large sigma with report2023, WormsTwoClass
    def spans(rows, variant, low, n_values):
        part = [r for r in review.select(rows, dataset="WormsTwoClass", variant=variant)
                if r["sigma_ratio"] > low and r["n_features"] in n_values]
        return part
    pieces = []
    for n in (30, 80, 150):
        pieces.append(rng([r["accuracy"] for r in spans(holdout, "report2023", 1.0, {n})]))
    c["large_holdout"] = " / ".join(pieces)
    part = spans(holdout, "report2023", 1.0, {30, 80, 150})
    c["large_holdout_balanced"] = rng([r["balanced_accuracy"] for r in part], 2)
    part = spans(kfold, "report2023", 1.0, {30, 80, 150})
    c["large_kfold"] = rng([r["accuracy"] for r in part])
    c["large_kfold_balanced"] = rng([r["balanced_accuracy"] for r in part], 2)
    c["he_large_holdout"] = rng([r["accuracy"] for r in spans(holdout, "he2005", 0.1, {30, 80, 150})])
    c["he_large_kfold"] = rng([r["accuracy"] for r in spans(kfold, "he2005", 0.1, {30, 80, 150})])

    # Earthquakes at the majority share
    def counted(rows, column):
        values = collections.Counter(round(row[column], 3) for row in rows)
        return values.most_common()
    for protocol, rows in (("holdout", holdout), ("kfold", kfold)):
        eq = review.select(rows, dataset="Earthquakes")
        accuracy = counted(eq, "accuracy")
        c[f"eq_{protocol}_cells"] = integer(len(eq))
        c[f"eq_{protocol}_accuracy"] = f"{fixed(accuracy[0][0])} in {accuracy[0][1]}" + "".join(
            f", {fixed(value)} in {count}" for value, count in accuracy[1:])
        c[f"eq_{protocol}_balanced"] = " / ".join(fixed(value) for value, _ in counted(eq, "balanced_accuracy"))
    labels = claimlib.ucr_labels("Earthquakes")
    half = len(labels) // 2
    test = collections.Counter(labels[half:])
    c["eq_test_fraction"] = f"{max(test.values())}/{len(labels) - half}"
    c["eq_label0"] = integer(collections.Counter(labels)["0"])
    c["eq_rows"] = integer(len(labels))


# --- "k matters little at small sigma" ---------------------------------------------------------
def k_claims(c, review):
    rows_out, small, wide, edges = [], {}, {}, {}
    kfold_spread_high = 0
    for protocol in ("holdout", "kfold"):
        rows = review.read_results(f"fig4_k_{protocol}")
        for variant in ("report2023", "he2005"):
            part = review.select(rows, variant=variant)
            curves = {}
            for k in sorted({row["k"] for row in part}):
                curve = sorted(review.select(part, k=k), key=lambda row: row["sigma_ratio"])
                curves[k] = ([r["sigma_ratio"] for r in curve], [r["accuracy"] for r in curve])
            sigmas = next(iter(curves.values()))[0]
            spread = {}
            for label, window, before in (("raw", 1, 0), ("smoothed", 8, 4)):
                values = {k: review.moving_average(a, window, before) for k, (_, a) in curves.items()}
                spread[label] = [max(v[i] for v in values.values()) - min(v[i] for v in values.values())
                                 for i in range(len(sigmas))]
            worst = max(range(len(sigmas)), key=lambda i: spread["smoothed"][i])
            low = max(s for s, sigma in zip(spread["smoothed"], sigmas) if sigma <= 0.1)
            rows_out.append([f"{'k-fold' if protocol == 'kfold' else protocol} {variant}",
                             fixed(max(spread["raw"])),
                             f"{fixed(spread['smoothed'][worst])} ({fixed(sigmas[worst], 2)})",
                             general(low, 1) if low else fixed(0)])
            if protocol == "kfold":
                kfold_spread_high = max(kfold_spread_high, max(
                    s for s, sigma in zip(spread["raw"], sigmas) if 0.1 <= sigma <= 1))
            else:
                wide.setdefault("holdout_smoothed", []).append(spread["smoothed"][worst])
            means = {k: statistics.mean(a for s, a in zip(*curves[k]) if s <= 0.1) for k in curves}
            assert len({fixed(m) for m in means.values()}) == 1  # "the same for every k" at 3 decimals
            small[(protocol, variant)] = fixed(next(iter(means.values())))
            means = [statistics.mean(a for s, a in zip(*curves[k]) if 0.5 < s <= 1) for k in curves]
            wide[(protocol, variant)] = f"{fixed(min(means))} - {fixed(max(means))}"
        first = min(r["sigma_ratio"] for r in rows)
        fit_rows = 258 if protocol == "holdout" else 258 * 4 / 5
        counts = {(1 - r["zero_weight_fraction"]) * r["k"] * fit_rows
                  for r in review.select(rows, variant="report2023", sigma_ratio=first)}
        assert max(counts) - min(counts) < 1e-6
        edges[protocol] = counts.pop()
    c["k_table"] = claimlib.table(["run", "raw max spread", "smoothed over 8 points, max (where)",
                                   "smoothed, sigma/M-bar <= 0.1"], rows_out)
    for protocol in ("holdout", "kfold"):
        c[f"k_small_{protocol}"] = f"{small[(protocol, 'report2023')]} (report2023) and " \
            f"{small[(protocol, 'he2005')]} (he2005)" if protocol == "holdout" else \
            f"{small[(protocol, 'report2023')]} and {small[(protocol, 'he2005')]}"
        c[f"k_wide_{protocol}"] = f"{wide[(protocol, 'report2023')]} and {wide[(protocol, 'he2005')]}"
    c["k_edges_holdout"] = integer(edges["holdout"])
    c["k_edges_kfold"] = fixed(edges["kfold"], 1)
    c["k_kfold_within"] = fixed(kfold_spread_high, 2)
    c["k_holdout_smoothed"] = fixed(max(wide["holdout_smoothed"]), 2)


# --- Fig. 5 right: paired tests, holdout wiggles, protocols, duplicates -------------------------
def fig5_claims(c, folder, review, paired):
    folds = paired.read_folds(f"{folder}/fig5_n_features_kfold/folds.csv.gz")
    ranges = [f"{low}-{high}" for low, high in review.RANGES]
    tests = []
    for variant in ("report2023", "he2005"):
        for index, n in enumerate(ranges):
            tests.append((f"NED - DTW, {variant}" if index == 0 else "", n, paired.paired(
                folds, f"distance=ned,variant={variant}", f"distance=dtw-w100-if500,variant={variant}",
                "selector=laplacian", n)))
    for other, name in (("anova", "ANOVA"), ("variance", "variance")):
        for index, n in enumerate(ranges):
            tests.append((f"Laplacian NED report2023 - {name}" if index == 0 else "", n, paired.paired(
                folds, "selector=laplacian,distance=ned,variant=report2023", f"selector={other}", "", n)))
    wholm = paired.holm([r["wilcoxon_p"] for _, _, r in tests])
    nholm = paired.holm([r["nb_p"] for _, _, r in tests])
    c["fig5_paired_table"] = claimlib.table(
        PAIRED_HEADER, [paired_row(label, n, r, w, h) for (label, n, r), w, h in zip(tests, wholm, nholm)])
    c["fig5_family"] = integer(len(tests))
    results = [r for _, _, r in tests]
    assert all(r["nb_low"] < 0 < r["nb_high"] for r in results[:6])
    assert min(nholm) >= 0.05, "the text says nothing in this family is established"
    c["fig5_nb_holm_min"] = general(min(nholm), 2)
    c["ned_dtw_report_mid"] = signed(results[1]["mean"])
    c["ned_dtw_report_mid_wilcoxon_holm"] = general(wholm[1], 2)
    c["ned_dtw_he_lean"] = fixed(-statistics.mean(r["mean"] for r in results[3:5]), 2)
    few = results[6], results[9]
    c["lap_anova_few"] = fixed(-few[0]["mean"], 3)
    c["lap_variance_few"] = fixed(-few[1]["mean"], 3)
    c["lap_few_worse_low"] = integer(min(r["losses"] for r in few))
    c["lap_few_worse_high"] = integer(max(r["losses"] for r in few))
    c["lap_few_nb_holm"] = f"{general(nholm[6], 2)} and {general(nholm[9], 2)}"
    c["lap_few_wilcoxon_holm"] = f"{general(wholm[6], 2)} and {general(wholm[9], 2)}"
    many = results[8], results[11]
    c["lap_many_within"] = fixed(max(abs(r["mean"]) for r in many), 2)
    c["lap_variance_many"] = fixed(-many[1]["mean"], 3)
    c["lap_variance_many_nb_holm"] = general(nholm[11], 2)
    c["lap_variance_many_wilcoxon_holm"] = general(wholm[11], 2)
    assert all(r["mean"] < 0 for r in results[6:])  # "in no range is it better on average"
    verdict = lambda indices, holm=nholm, which="nb": [corrected_test(tests, i, holm[i], which) for i in indices]
    c["fig5_none"] = claimlib.Verdict(verdict(range(len(tests))))
    c["ned_dtw"] = claimlib.Verdict(verdict(range(6)), names=["DTW", "NED"])
    contain = all(r["nb_low"] < 0 < r["nb_high"] for r in results[:6])
    c["ned_dtw_intervals"] = "contains 0" if contain else "does not contain 0"
    c["ned_dtw_he"] = claimlib.Verdict(verdict(range(3, 6)) + verdict(range(3, 6), wholm, "wilcoxon"))
    c["ned_dtw_max_effect"] = fixed(max(abs(r["mean"]) for r in results[:6]), 3)
    c["lap_few"] = claimlib.Verdict(verdict([6, 9]))
    c["lap_variance_many_words"] = claimlib.Verdict(verdict([11]))
    c["lap_ranges"] = claimlib.Verdict(verdict(range(6, 12)))

    # holdout dips against the k-fold cells
    holdout = review.read_results("fig5_n_features_holdout")
    kfold = review.read_results("fig5_n_features_kfold")
    order = ["laplacian/dtw-w100-if500/he2005", "laplacian/ned/he2005", "laplacian/ned/report2023",
             "laplacian/dtw-w100-if500/report2023", "variance", "anova"]
    pretty = lambda name: name if "/" not in name else "Laplacian " + name.split("/")[1].replace(
        "dtw-w100-if500", "DTW").replace("ned", "NED") + " " + name.split("/")[2]
    rows, balanced = [], []
    for name in order:
        curve = [row for row in holdout if review.curve_name(row) == name and row["n_features"] <= 20]
        low = min(curve, key=lambda row: row["accuracy"])
        twin = next(row for row in kfold
                    if review.curve_name(row) == name and row["n_features"] == low["n_features"])
        rows.append([pretty(name), f"{fixed(low['accuracy'])} ({fixed(low['balanced_accuracy'])})",
                     integer(low["n_features"]),
                     f"{fixed(twin['accuracy'])} ({fixed(twin['accuracy_std'])}, {fixed(corrected_se(twin['accuracy_std']))})",
                     fixed((twin["accuracy"] - low["accuracy"]) / twin["accuracy_std"], 1)])
        if name.startswith("laplacian"):
            balanced.append(low["balanced_accuracy"])
    c["dip_table"] = claimlib.table(["curve", "holdout (balanced)", "n", "k-fold mean (fold std, s.e.)",
                                     "distance in fold std"], rows)
    c["dip_balanced_low"], c["dip_balanced_high"] = fixed(min(balanced), 2), fixed(max(balanced), 2)

    # holdout vs k-fold, mean over each spec's cells (WormsTwoClass)
    gaps, means = [], {}
    for figure in ("fig3_sigma", "fig4_k", "fig5_n_features"):
        h = review.select(review.read_results(f"{figure}_holdout"), dataset="WormsTwoClass")
        k = review.select(review.read_results(f"{figure}_kfold"), dataset="WormsTwoClass")
        for name in sorted({review.curve_name(row) for row in h}):
            pair = [[row for row in rows if review.curve_name(row) == name] for rows in (h, k)]
            m = [(statistics.mean(r["accuracy"] for r in part),
                  statistics.mean(r["balanced_accuracy"] for r in part)) for part in pair]
            means[(figure, name)] = m
            gaps.append((m[1][0] - m[0][0], m[1][1] - m[0][1]))
    c["protocol_gap"] = f"{signed(min(g[0] for g in gaps), 2)} to {signed(max(g[0] for g in gaps), 2)}"
    c["protocol_gap_balanced"] = f"{signed(min(g[1] for g in gaps), 2)} to {signed(max(g[1] for g in gaps), 2)}"
    (ha, hb), (ka, kb) = means[("fig5_n_features", "anova")]
    c["protocol_anova"] = f"holdout {fixed(ha)} (balanced {fixed(hb)}), k-fold {fixed(ka)} ({fixed(kb)})"
    (ha, hb), (ka, kb) = means[("fig3_sigma", "laplacian/dtw-w100-if500/he2005")]
    c["protocol_dtw_he"] = f"{fixed(ha)} ({fixed(hb)}) vs {fixed(ka)} ({fixed(kb)})"


def duplicates_claims(c, folder, review):
    import glob
    found = {}
    for path in sorted(glob.glob("third_party/ucr/*/")):
        dataset = path.rstrip("/").split("/")[-1]
        parts = review.DATASETS.get(dataset) or [part for part in ("TRAIN", "TEST")
                                                 if glob.glob(review.UCR.format(dataset, part))]
        series = review.load_series(dataset, parts)
        groups = collections.defaultdict(list)
        for index, (_, values) in enumerate(series):
            groups[values].append(index)
        found[dataset] = (series, [g for g in groups.values() if len(g) > 1])
    assert not found["Earthquakes"][1] and not found["Wafer"][1]
    series, groups = found["WormsTwoClass"]
    assert all(len(g) == 2 for g in groups) and all(series[a][0] == series[b][0] for a, b in groups)
    half = len(series) // 2
    straddling = [g for g in groups if g[0] < half <= g[1]]
    c["dup_pairs"] = integer(len(groups))
    c["dup_rows"] = integer(2 * len(groups))
    c["dup_straddling"] = integer(len(straddling))
    c["dup_test_rows"] = integer(len(series) - half)
    others = {d: len(g) for d, (_, g) in found.items() if g and d not in review.DATASETS}
    assert others == {"ArrowHead": 1}, others
    c["dup_others"] = "only ArrowHead has one pair"
    n_values = sorted({row["n_features"] for row in review.read_results("duplicates_group_kfold")})
    c["dup_n_values"] = ", ".join(integer(n) for n in n_values)
    c["dup_n_count"] = integer(len(n_values))
    # holdout with group: the straddling test copies move to training
    moved = {g[1] for g in straddling}
    test = collections.Counter(series[i][0] for i in range(half, len(series)) if i not in moved)
    train = collections.Counter([series[i][0] for i in range(half)] + [series[i][0] for i in moved])
    moved_labels = collections.Counter(series[i][0] for i in moved)
    assert list(moved_labels) == ["2"]
    c["dup_moved"] = f"{len(moved)} straddling test copies (all class {next(iter(moved_labels))})"
    c["dup_group_test_rows"] = integer(sum(test.values()))
    c["dup_group_test"] = f"{test['1']} : {test['2']}"
    c["dup_group_share"] = fixed(max(test.values()) / sum(test.values()))
    assert max(train, key=train.get) == "2" and max(test, key=test.get) == "2"
    c["dup_group_train"] = f"{train['1']} : {train['2']}"
    n_set = set(n_values)
    gains = []
    for name in ("laplacian/ned/he2005", "laplacian/dtw-w100-if500/he2005"):
        m = []
        for spec in ("fig5_n_features_holdout", "duplicates_group_holdout"):
            part = [r for r in review.read_results(spec) if r["n_features"] in n_set and review.curve_name(r) == name]
            m.append((statistics.mean(r["accuracy"] for r in part),
                      statistics.mean(r["balanced_accuracy"] for r in part)))
        gains.append((m[1][0] - m[0][0], m[1][1] - m[0][1]))
    c["dup_he_gain"] = f"{signed(min(g[0] for g in gains), 2)} to {signed(max(g[0] for g in gains), 2)}"
    c["dup_he_gain_balanced"] = f"{signed(min(g[1] for g in gains), 2)} to {signed(max(g[1] for g in gains), 2)}"


def compute(folder):
    c = Claims()
    c["defined_established"] = claimlib.Verdict.definition("established")
    review = load("review_numbers")
    fidelity_claims(c, folder)
    baseline_claims(c, review)
    ranges_claims(c, review)
    duplicates_group_claims(c, review)
    nested_claims(c, folder, review)
    paired = load("paired")
    setup_claims(c, folder, review)
    small_sigma_claims(c, folder, review)
    sigma_claims(c, folder, review, paired)
    k_claims(c, review)
    fig5_claims(c, folder, review, paired)
    duplicates_claims(c, folder, review)
    fit_all_claims(c, folder)
    return c


HOLDOUT_RUNS = ["fig2_score_histograms", "fig3_sigma_holdout", "fig4_k_holdout",
                "fig5_n_features_holdout", "duplicates_group_holdout"]


def fitted_on_all(folder, run):
    """(selectors fitted on all rows, {dataset: (rows used, test rows or None)}) of a run, from its
    spec.resolved.yaml and duplicates.csv."""
    with open(f"{folder}/{run}/spec.resolved.yaml", encoding="utf-8") as handle:
        spec = handle.read()
    kinds = re.findall(r"^  - \{kind: (\w+), fit_on: all\b", spec, re.M)
    protocol = re.search(r"^protocol: \{kind: (\w+)", spec, re.M).group(1)
    duplicates = pd.read_csv(f"{folder}/{run}/duplicates.csv")
    rows = {}
    for row in duplicates.itertuples():
        # holdout_half: the first half trains; `group` moves straddling test copies to training
        test = row.rows_used - row.rows_used // 2 if protocol == "holdout_half" and \
            row.handling == "keep" else None
        rows[row.dataset] = (row.rows_used, test)
    return kinds, protocol, rows


def fit_all_phrase(folder, run, datasets=None):
    kinds, protocol, rows = fitted_on_all(folder, run)
    assert kinds and protocol == "holdout_half", (run, kinds, protocol)
    names = {"laplacian": "Laplacian", "variance": "variance", "spec": "SPEC"}
    who = " and ".join(names.get(kind, kind) for kind in kinds)
    datasets = datasets or sorted(rows)
    if len(datasets) == 1:
        used, test = rows[datasets[0]]
        tail = f"the {test} test rows included" if test else "test rows included"
        return f"{who} fitted on all {used} rows, {tail}"
    return f"{who} fitted on all rows, test rows included: " + ", ".join(
        f"{d} {rows[d][0]}" + (f" ({rows[d][1]} test)" if rows[d][1] else "") for d in datasets)


def fit_all_claims(c, folder):
    """Every number of a holdout run depends on unsupervised selectors fitted on all rows (the
    study's protocol, `fit_on: all`): the phrases the README sets beside them, from the specs."""
    every = {}
    for run in HOLDOUT_RUNS:
        kinds, _, rows = fitted_on_all(folder, run)
        assert kinds, run
        for kind in kinds:
            every.setdefault(kind, None)
        for dataset, (used, _) in rows.items():
            every.setdefault(dataset, used)
    kinds = [k for k in every if every[k] is None]
    datasets = sorted(k for k in every if every[k] is not None)
    c["fit_all_setup"] = " and ".join({"laplacian": "Laplacian", "variance": "variance"}[k]
                                      for k in kinds) + " fitted on all rows, test rows included: " + \
        ", ".join(f"{d} {every[d]}" for d in datasets)
    with open("tests/integration/specs/study_fidelity.yaml", encoding="utf-8") as handle:
        assert re.search(r"kind: laplacian.*fit_on: all", handle.read())
    c["fit_all_fig3_two"] = fit_all_phrase(folder, "fig3_sigma_holdout", ["Earthquakes", "WormsTwoClass"])
    c["fit_all_fig3"] = fit_all_phrase(folder, "fig3_sigma_holdout")
    for dataset, key in (("Wafer", "wafer"), ("WormsTwoClass", "worms"), ("Earthquakes", "eq")):
        c[f"fit_all_fig3_{key}"] = fit_all_phrase(folder, "fig3_sigma_holdout", [dataset])
    c["fit_all_fig2"] = fit_all_phrase(folder, "fig2_score_histograms")
    c["fit_all_fig4"] = fit_all_phrase(folder, "fig4_k_holdout")
    c["fit_all_fig5"] = fit_all_phrase(folder, "fig5_n_features_holdout")
    c["fit_all_group"] = fit_all_phrase(folder, "duplicates_group_holdout")


if __name__ == "__main__":
    claimlib.study_main(__file__, compute, ALLOW)
