#!/usr/bin/env python3
"""The numbers of results/archive-full/README.md, computed from the study's files: the comparisons'
CSVs (official_comparison_n*/ and comparison_n*/: methods.csv, pairwise.csv, friedman.csv,
left_out_datasets.csv), breakdown.csv, runtime.csv, dataset_cost.csv, the runs' manifest.json,
results.csv and skipped.csv, selection/tuned.csv.gz, official_split*/comparison.md (checked against
experiments/baselines/compare_published.py's comparison, by import) and measurements.csv: what no
run file records (/usr/bin/time's CPU seconds and peak memory, a perf profile, the first selection
run's log times), each with how and when it was measured.

  python3 results/archive-full/claims.py [--check | --write | --list]    (from the repository root)

The mechanism (markers, lint, exit status) is scripts/claims/claimlib.py's. Needs pandas.
"""

import os
import re
import sys

import pandas as pd

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../scripts/claims"))
import claimlib  # noqa: E402
import recompute  # noqa: E402
from claimlib import Claims, fixed, general, integer, signed  # noqa: E402

N_VALUES = (10, 30, 100)
HE_NED, HE_DTW = "laplacian, variant=he2005, distance=ned", "laplacian, variant=he2005, distance=dtw-w100-if500"
R_NED, R_DTW = "laplacian, variant=report2023, distance=ned", "laplacian, variant=report2023, distance=dtw-w100-if500"
LABELS = {  # method (without its run) -> the README's name
    "none, distance=dtw-symmetric1-sq-learned": "1-NN DTW, learned window",
    "none, distance=dtw-symmetric1-sq": "1-NN DTW, full window",
    "none, distance=euclidean": "1-NN Euclidean", "anova": "anova", "mutual_info": "mutual_info",
    HE_NED: "laplacian, he2005, NED", HE_DTW: "laplacian, he2005, DTW",
    R_NED: "laplacian, report2023, NED", R_DTW: "laplacian, report2023, DTW", "none": "none",
    "variance": "variance", "spec, distance=ned": "spec, NED",
    "spec, distance=dtw-w100-if500": "spec, DTW",
}
SVC = {"svc_tsfel": "SVC, all TSFEL features", "svc_catch22": "SVC, catch22"}

# Numbers the lint lets through: parameters of experiments/archive-full/*.yaml and the comparison's
# settings (n_features, the Holm family's level), named, not measured.
ALLOW = [
    # the comparisons' settings (the family's members, the ranks' convention) and the specs'
    # parameters (experiments/archive-full/*.yaml), named, not measured
    r"n = (10|30|100)\b", r"\(1 = best", r"(With|At) (10|30|100) features", r"the first 10 columns",
    r"n_features 10, 30 and 100", r"k in \{3, 7\}", r"\{1e-3, 1e-2, 0\.1, 1, 10\}",
    r"3 stratified inner folds", r"3 inner folds", r"band 100 for series longer than 500",
    r"30 resamples", r"resample 0", r"0-100%", r"1-NN", r"2-core", r"2018", r"2015", r"4 decimals",
    r"series of 200 to 499 points",  # breakdown.csv's length group
    r"band of 100 on PLAID",  # selection.yaml's DTW window
    r"issue 22: cold, under 30 minutes, under 4 GB",  # issue 22's budget: required, not measured
    # counts of the design, spelled out: what the study ran and how it is named, not results
    r"one cache shared", r"two sensitivity runs", r"on one side", r"the first n columns",
    r"three 1-NN baselines", r"leave-one-out", r"those three rows", r"the three comparisons",
    r"of all three", r"as one family", r"Caveats: one split", r"the first candidate",
    r"the chosen one's", r"first-candidate", r"an earlier one", r"the two calls",
    r"fits the one its inner folds", r"a second whole selection run", r"No one kernel",
    r"for one variant and distance", r"form one bundle", r"two-node", r"\(two on this machine",
    r"one[- ]CPU",
    # where the text looks (the claims are the values found there)
    r"The ten most expensive", r"The first two are",
]


OFFICIAL_COMPARED = ["selection_official", "official_baselines", "svc_tsfel_official", "svc_catch22_official"]
RESAMPLES_COMPARED = ["selection", "svc_tsfel", "svc_catch22", "nearest_neighbour"]
LEARNED, FULL = "none, distance=dtw-symmetric1-sq-learned", "none, distance=dtw-symmetric1-sq"
LAPLACIANS = (HE_NED, HE_DTW, R_NED, R_DTW)
SUPERVISED = ("anova", "mutual_info")
SHORT = {HE_NED: "he2005/NED", HE_DTW: "he2005/DTW", R_NED: "report2023/NED", R_DTW: "report2023/DTW",
         "anova": "ANOVA", "mutual_info": "mutual information"}


def key(method):
    """A comparison's method label -> the study's key: the label without its run, but for the SVC
    baselines, named by their run."""
    parts = [part for part in method.split(", ") if not part.startswith("run=")]
    run = method.rsplit("run=", 1)[1]
    base = run.replace("_official", "")
    if base in SVC:
        return base
    return ", ".join(parts)


def compared(c, folder, prefix, runs):
    """The three comparisons of one protocol (one Holm family), recomputed from the runs'
    results.csv (scripts/claims/recompute.py); their files' disagreements go to c.problems."""
    members = [f"{folder}/{prefix}comparison_n{n}" for n in N_VALUES]
    family = recompute.family(members, [f"{folder}/{run}" for run in runs], key, c.problems)
    return {n: family[member] for n, member in zip(N_VALUES, members)}


def label(key):
    return SVC.get(key) or LABELS[key]


def wtl(row, words=False):
    if words:
        plural = lambda count, one, many: one if count == 1 else many
        return (f"{row.wins} {plural(row.wins, 'win', 'wins')}, {row.ties} {plural(row.ties, 'tie', 'ties')}, "
                f"{row.losses} {plural(row.losses, 'loss', 'losses')}")
    return f"{row.wins}/{row.ties}/{row.losses}"


def p(value):
    return general(value, 2)


def rank_test(comparison, a, b, what):
    """An untested statement on average ranks: a's direction against b (+1: a ranks better)."""
    return claimlib.Test(what, direction=int(comparison.rank(a) < comparison.rank(b))
                         - int(comparison.rank(a) > comparison.rank(b)))


def counted(alpha, what):
    """The pairs a count says are significant are those the test calls significant."""
    return claimlib.Verdict(claimlib.Test(what, significant=True, alpha=alpha))


def section(c, prefix, comparisons, rows_order):
    c[f"{prefix}_ranks_table"] = claimlib.table(
        ["method", "n = 10", "n = 30", "n = 100"],
        [[label(key)] + [f"{comparisons[n].rank(key):.2f} ({comparisons[n].methods.loc[key, 'mean_accuracy']:.3f})"
                         for n in N_VALUES] for key in rows_order])
    assert sorted(rows_order) == sorted(comparisons[10].methods.index)
    first = comparisons[10]
    alpha = first.alpha
    c[f"{prefix}_alpha"] = f"{alpha:g}"
    c[f"{prefix}_datasets"] = integer(first.friedman.datasets)
    c[f"{prefix}_methods"] = integer(len(first.methods))
    c[f"{prefix}_friedman"] = ", ".join(claimlib.sci(comparisons[n].friedman.chi_square_p, 1) for n in N_VALUES)
    c[f"{prefix}_friedman_rejects"] = claimlib.Verdict(
        [comparisons[n].friedman_test() for n in N_VALUES], names=["Friedman"])
    pairs = {n: comparisons[n].pairwise[comparisons[n].pairwise.method < comparisons[n].pairwise.versus]
             for n in N_VALUES}
    c[f"{prefix}_significant"] = ", ".join(integer(pairs[n].holm_significant.sum()) for n in N_VALUES[:-1]) \
        + " and " + integer(pairs[100].holm_significant.sum())
    c[f"{prefix}_significant_pairs"] = counted(alpha, "the pairs counted: Holm p <= alpha in the family")
    c[f"{prefix}_pairs"] = integer(len(pairs[10]))
    c[f"{prefix}_tests"] = integer(sum(int(pairs[n].wilcoxon_p.notna().sum()) for n in N_VALUES))
    report = [comparisons[n].rank(k) for n in N_VALUES for k in (R_NED, R_DTW)]
    he = [comparisons[n].rank(k) for n in N_VALUES for k in (HE_NED, HE_DTW)]
    same = [(n, h, r) for n in N_VALUES for h, r in ((HE_NED, R_NED), (HE_DTW, R_DTW))]
    c[f"{prefix}_report_ranks_worse"] = claimlib.Verdict(
        [rank_test(comparisons[n], r, h, f"n = {n}: average rank of {SHORT[r]} against {SHORT[h]}")
         for n, h, r in same], names=["report2023", "he2005"])
    tests = [comparisons[n].test(h, r) for n, h, r in same]
    significant = [test for test in tests if test.significant and test.direction > 0]
    c[f"{prefix}_he_report_significant"] = integer(len(significant))
    c[f"{prefix}_he_report_counted"] = counted(alpha, "the same-distance pairs counted: Holm p <= alpha, he2005 ahead")
    c[f"{prefix}_he_report_pairs"] = integer(len(same))
    c[f"{prefix}_report_ranks"] = f"{fixed(min(report), 1)} to {fixed(max(report), 1)}"
    c[f"{prefix}_he_ranks"] = f"{fixed(min(he), 1)} to {fixed(max(he), 1)}"
    if prefix == "official":  # "weaker everywhere" is not established
        everywhere = all(test.significant and test.direction > 0 for test in tests)
        c[f"{prefix}_weaker_everywhere"] = claimlib.Verdict(claimlib.Test(
            "he2005 significantly ahead of report2023 on the same distance at every n (all "
            f"{len(tests)} Holm-adjusted tests)", significant=everywhere, alpha=alpha))
    return pairs


def official_claims(c, folder):
    comparisons = compared(c, folder, "official_", OFFICIAL_COMPARED)
    order = list(comparisons[10].methods.sort_values("average_rank", kind="stable").index)
    pairs = section(c, "official", comparisons, order)
    o10, o100 = comparisons[10], comparisons[100]
    # n = 10: the Laplacian score against the DTW baselines, SVC on TSFEL and the supervised selectors
    baselines = [o10.test(lap, base) for lap in LAPLACIANS for base in (LEARNED, FULL, "svc_tsfel")]
    c["o10_lap_baselines"] = claimlib.Verdict(baselines, names=["1-NN DTW", "SVC on all TSFEL"])
    c["o10_lap_baseline_pairs"] = integer(len(baselines))
    versus = [(lap, sup) for lap in LAPLACIANS for sup in SUPERVISED]
    worse = [(lap, sup) for lap, sup in versus if o10.test(lap, sup).significant]
    c["o10_lap_supervised_pairs"] = integer(len(versus))
    c["o10_lap_supervised_significant"] = integer(len(worse))
    c["o10_lap_supervised_names"] = " and ".join(f"{SHORT[lap]} against {SHORT[sup]}" for lap, sup in worse)
    c["o10_lap_supervised"] = claimlib.Verdict([o10.test(lap, sup) for lap, sup in worse])
    row = o10.pair(HE_DTW, "anova")
    c["o10_he_dtw_anova_worse"] = claimlib.Verdict(o10.test(HE_DTW, "anova"),
                                                   names=["variant on DTW", "ANOVA"])
    c["o10_he_dtw_anova"] = wtl(row, True)
    c["o10_he_dtw_anova_median"] = signed(row.median_difference)
    c["o10_he_dtw_anova_holm"] = p(row.holm_p)
    c["o10_he_baselines"] = claimlib.Verdict(
        [o10.test(m, versus) for versus in (LEARNED, "svc_tsfel") for m in (HE_NED, HE_DTW)],
        names=["he2005", "learned window", "SVC on all TSFEL"])
    for versus, name in ((LEARNED, "learned"), ("svc_tsfel", "tsfel")):
        rows = [o10.pair(m, versus) for m in (HE_NED, HE_DTW)]
        c[f"o10_he_{name}_medians"] = f"{signed(rows[0].median_difference)} and {signed(rows[1].median_difference)}"
    row = o10.pair(HE_NED, "none")
    c["o10_he_ned_none_wins"] = integer(row.wins)
    c["o10_he_ned_none_better"] = fixed(row.bayes_p_better, 2)
    c["o10_he_ned_none_holm"] = p(row.holm_p)
    c["o10_he_ned_none"] = claimlib.Verdict(o10.test(HE_NED, "none"))
    row = o10.pair(HE_DTW, "none")
    c["o10_he_dtw_none"] = f"{row.wins} wins, {row.losses} losses"
    c["o10_he_dtw_none_coin"] = claimlib.Verdict(o10.test(HE_DTW, "none"), names=["he2005/DTW"])
    # n = 100
    assert o100.methods.average_rank.idxmin() == HE_NED
    c["o100_he_ned_rank"] = fixed(o100.rank(HE_NED), 2)
    beaten = (("none", "none"), (R_NED, "r_ned"), ("svc_tsfel", "tsfel"))
    c["o100_beats"] = claimlib.Verdict([o100.test(HE_NED, versus) for versus, _ in beaten],
                                       names=["no selection", "variant on NED", "SVC on all TSFEL"])
    for versus, name in beaten:
        row = o100.pair(HE_NED, versus)
        c[f"o100_{name}"] = wtl(row)
        c[f"o100_{name}_median"] = signed(row.median_difference)
        c[f"o100_{name}_holm"] = p(row.holm_p)
    apart = (("anova", "anova"), (LEARNED, "learned"))
    c["o100_not_told_apart"] = claimlib.Verdict([o100.test(HE_NED, versus) for versus, _ in apart],
                                                names=["ANOVA", "learned window"])
    for versus, name in apart:
        row = o100.pair(HE_NED, versus)
        c[f"o100_{name}"] = f"{wtl(row)}, Holm p {p(row.holm_p)}"
    breakdown_claims(c, folder, o100)
    # caveats
    selection = pd.read_csv(f"{folder}/selection_official/results.csv")
    candidates = pd.read_csv(f"{folder}/selection_official/tuned.csv").candidates
    assert candidates.nunique() == 1
    c["candidates"] = integer(candidates.iloc[0])
    c["archive_datasets"] = integer(selection.dataset.nunique() + ("PLAID" not in set(selection.dataset)))
    return pairs, comparisons


def breakdown_claims(c, folder, o100):
    """n = 100 by kind of data and by series length: the recomputed per-dataset ranks averaged
    within DataSummary.csv's groups (as experiments/archive-full/archive_full_numbers.py writes
    breakdown.csv, which is checked against them)."""
    summary = pd.read_csv("tests/reference/ucr-baselines/DataSummary.csv")
    summary.columns = [column.strip() for column in summary.columns]
    summary = summary.set_index("Name")
    ranks = o100.recomputed.ranks.rename(columns=key)
    types = summary.Type.str.strip().reindex(ranks.index)
    lengths = summary.Length.astype(str).str.strip().reindex(ranks.index)

    def band(text):
        if not text.isdigit():
            return "variable"
        value = int(text)
        return "0-199 points" if value < 200 else "200-499 points" if value < 500 else ">= 500 points"
    groups = {("type", group): ranks[types == group] for group in sorted(set(types))}
    groups.update({("length", group): ranks[lengths.map(band) == group] for group in set(lengths.map(band))})
    stated = pd.read_csv(f"{folder}/breakdown.csv")
    stated = stated[stated.comparison == "official_comparison_n100"]
    differing = [f"{grouping} {group}, {row.method}: {row.average_rank}, recomputed "
                 f"{groups[(grouping, group)][key(row.method)].mean():.3f}"
                 for grouping, group, row in ((r.grouping, r.group, r) for r in stated.itertuples())
                 if (grouping, group) in groups
                 and abs(groups[(grouping, group)][key(row.method)].mean() - row.average_rank) > 0.0005 + 1e-9]
    c.problems += recompute.listed(f"{folder}/breakdown.csv", "official_comparison_n100's average_rank",
                                   differing)

    def average(grouping, group, method):
        return groups[(grouping, group)][method].mean()
    ahead, behind = [], []
    for group in ("Image", "Motion", "Sensor", "Spectro"):
        lap, dtw = average("type", group, HE_NED), average("type", group, LEARNED)
        c[f"o100_type_{group.lower()}"] = f"{len(groups[('type', group)])}: {lap:.2f} against {dtw:.2f}"
        test = claimlib.Test(f"{group} datasets, n = 100: average rank of he2005/NED against the "
                             "learned-window DTW (not tested)", direction=int(lap < dtw) - int(lap > dtw))
        (ahead if group in ("Image", "Motion") else behind).append(test)
    c["o100_types_ahead"] = claimlib.Verdict(ahead, names=["he2005/NED", "Image", "Motion"])
    c["o100_types_behind"] = claimlib.Verdict(behind, names=["Sensor", "Spectro"])
    tests = {}
    for group, name in (("0-199 points", "0-199"), ("200-499 points", "200-499"), (">= 500 points", "long")):
        lap, dtw = average("length", group, HE_NED), average("length", group, LEARNED)
        count = len(groups[("length", group)])
        if name == "200-499":
            c[f"o100_length_{name}"] = f"{count}: {dtw:.2f} (DTW) against {lap:.2f}"
            tests[name] = claimlib.Test(f"series of {group}, n = 100: average rank of the learned-window "
                                        "DTW against he2005/NED (not tested)",
                                        direction=int(dtw < lap) - int(dtw > lap))
        else:
            c[f"o100_length_{name}"] = f"{count}: {lap:.2f} against {dtw:.2f}"
            tests[name] = claimlib.Test(f"series of {group}, n = 100: average rank of he2005/NED against "
                                        "the learned-window DTW (not tested)",
                                        direction=int(lap < dtw) - int(lap > dtw))
    c["o100_length_dtw"] = claimlib.Verdict(tests["200-499"], names=["DTW", "200 to 499"])
    c["o100_length_lap"] = claimlib.Verdict([tests["0-199"], tests["long"]],
                                            names=["Laplacian score", "shorter", "longer"])


def resample_claims(c, folder, official_pairs, official_n100):
    comparisons = compared(c, folder, "", RESAMPLES_COMPARED)
    order = list(comparisons[10].methods.sort_values("average_rank", kind="stable").index)
    pairs = section(c, "resamples", comparisons, order)
    r10, r30, r100 = (comparisons[n] for n in N_VALUES)
    # "more of it established": a larger share of the pairs significant than on the official split
    shares = [(pairs[n].holm_significant.mean(), official_pairs[n].holm_significant.mean()) for n in N_VALUES]
    c["resamples_share"] = ", ".join(f"{100 * mine:.0f}" for mine, _ in shares[:-1]) + \
        f" and {100 * shares[-1][0]:.0f}%"
    c["official_share"] = ", ".join(f"{100 * theirs:.0f}" for _, theirs in shares[:-1]) + \
        f" and {100 * shares[-1][1]:.0f}%"
    c["resamples_more_established"] = claimlib.Verdict(claimlib.Test(
        "the share of pairs Holm-significant, 30 resamples against the official split, at every n",
        significant=all(mine > theirs for mine, theirs in shares)))
    # n = 10
    both = [r10.test(lap, versus) for lap in LAPLACIANS for versus in ("anova", "svc_tsfel")]
    c["r10_lap_anova_tsfel"] = claimlib.Verdict(both, names=["Laplacian", "ANOVA", "SVC on all TSFEL"])
    mi = [lap for lap in LAPLACIANS if r10.test(lap, "mutual_info").significant]
    c["r10_lap_mi_count"] = integer(len(mi))
    c["r10_lap_mi_not"] = ", ".join(SHORT[lap] for lap in LAPLACIANS if lap not in mi)
    c["r10_lap_mi"] = claimlib.Verdict([r10.test(lap, "mutual_info") for lap in mi],
                                       names=["mutual information"])
    c["r10_lap_mi_others"] = claimlib.Verdict([r10.test(lap, "mutual_info") for lap in LAPLACIANS
                                               if lap not in mi])
    c["r10_he_ned_worse"] = claimlib.Verdict([r10.test(HE_NED, v) for v in ("anova", "svc_tsfel")],
                                             names=["he2005/NED", "ANOVA", "SVC on all TSFEL"])
    c["r10_he_ned_apart"] = claimlib.Verdict([r10.test(HE_NED, v) for v in ("mutual_info", "none")],
                                             names=["mutual information", "first 10"])
    for versus, name, significant in (("anova", "anova", True), ("svc_tsfel", "tsfel", True),
                                      ("mutual_info", "mi", False), ("none", "none", False)):
        row = r10.pair(HE_NED, versus)
        c[f"r10_{name}"] = wtl(row, name == "anova")
        c[f"r10_{name}_holm"] = p(row.holm_p)
        if significant:
            c[f"r10_{name}_median"] = signed(row.median_difference)
    # n = 30
    c["r30_worse"] = claimlib.Verdict([r30.test(HE_NED, v) for v in ("anova", "mutual_info")],
                                      names=["he2005/NED", "ANOVA", "mutual information"])
    for versus, name in (("anova", "anova"), ("mutual_info", "mi"), ("none", "none")):
        row = r30.pair(HE_NED, versus)
        c[f"r30_{name}"] = wtl(row)
        c[f"r30_{name}_holm"] = p(row.holm_p)
    c["r30_better"] = claimlib.Verdict(
        [r30.test(HE_NED, v) for v in ("none", R_NED, R_DTW, "spec, distance=ned", "spec, distance=dtw-w100-if500")],
        names=["no selection", "study's variant", "SPEC"])
    # n = 100
    c["r100_supervised_apart"] = claimlib.Verdict(
        [r100.test(he, sup) for he in (HE_NED, HE_DTW) for sup in SUPERVISED],
        names=["he2005", "supervised selectors"])
    row = r100.pair(HE_NED, "anova")
    c["r100_anova"] = wtl(row)
    c["r100_anova_median"] = signed(row.median_difference, 4)
    c["r100_anova_holm"] = p(row.holm_p)
    c["r100_anova_equivalent"] = fixed(row.bayes_p_equivalent, 2)
    c["r100_rope"] = f"{r100.recomputed.settings.rope:g}"
    row = r100.pair(HE_NED, "mutual_info")
    c["r100_mi"] = f"{wtl(row)}, Holm p {p(row.holm_p)}"
    beaten = (("none", "none"), (R_NED, "r_ned"), ("svc_catch22", "catch22"))
    c["r100_beats"] = claimlib.Verdict([r100.test(HE_NED, v) for v, _ in beaten],
                                       names=["no selection", "variant on NED", "SVC on catch22"])
    for versus, name in beaten:
        row = r100.pair(HE_NED, versus)
        c[f"r100_{name}"] = wtl(row)
        c[f"r100_{name}_holm"] = p(row.holm_p)
        if name == "none":
            c["r100_none_median"] = signed(row.median_difference, 3)
    row = r100.pair(HE_NED, "svc_tsfel")
    c["r100_tsfel_without"] = claimlib.Verdict(r100.test(HE_NED, "svc_tsfel"))
    c["r100_tsfel_wins"] = integer(row.wins)
    c["r100_tsfel_median"] = signed(row.median_difference, 4)
    c["r100_tsfel_holm"] = p(row.holm_p)
    row = r100.pair(HE_DTW, "svc_tsfel")
    c["r100_he_dtw_beats"] = claimlib.Verdict(r100.test(HE_DTW, "svc_tsfel"), names=["he2005/DTW"])
    c["r100_he_dtw_tsfel"] = wtl(row)
    c["r100_he_dtw_tsfel_median"] = signed(row.median_difference, 4)
    c["r100_he_dtw_tsfel_holm"] = p(row.holm_p)
    best = list(r100.methods.sort_values("average_rank").index[:2])
    assert sorted(best) == ["anova", "mutual_info"], best
    c["r100_he_ned_rank_official"] = fixed(official_n100.rank(HE_NED), 2)


# --- what ran, how exact the 1-NN baselines are, cost ----------------------------------------------
UNEQUAL = re.compile(r"compares series of one length only, and (\w+) has series of lengths (\d+) to (\d+)")
NO_PATH = re.compile(r"band of 100 finds no warping path between series \d+ \(length (\d+)\) and series "
                     r"\d+ \(length (\d+)\) of dataset (\w+)")
# The archive's DataSummary.csv lists the 85 datasets of the 2015 archive first (IDs 1-85), then the
# 43 added in 2018 (IDs 86-128).
LAST_2015_ID = 85
COST_RUNS = [  # (run, the cost table's label), in the order `make archive-full` runs them
    ("official_split", "official_split (1-NN, the three baselines, {windows} windows)"),
    ("svc_tsfel", "svc_tsfel (30 resamples)"), ("svc_catch22", "svc_catch22 (30 resamples)"),
    ("nearest_neighbour", "nearest_neighbour (1-NN Euclidean, 30 resamples)"),
    ("selection", "selection (30 resamples)"), ("selection_official", "selection_official"),
    ("svc_tsfel_official", "svc_tsfel_official"), ("svc_catch22_official", "svc_catch22_official"),
]
CHECK_RUNS = [  # `make archive-full-checks`
    ("duplicates_group", "duplicates_group (selection, 15 datasets, duplicates grouped)"),
    ("official_split_z", "official_split_z (official_split on z-normalised series)"),
]


def minutes_seconds(seconds):
    minutes, rest = divmod(int(round(seconds)), 60)
    return f"{minutes} min {rest} s" if minutes else f"{rest} s"


def clock_minutes(text):
    hours, minutes = text.split(":")
    return 60 * int(hours) + int(minutes)


class Measurements:
    """measurements.csv: what no committed run file holds (/usr/bin/time's CPU seconds and peak
    memory, a profile, the first selection run's log), each with how and when it was measured."""

    def __init__(self, folder):
        self.frame = pd.read_csv(f"{folder}/measurements.csv", dtype=str).set_index("quantity")
        assert self.frame.index.is_unique
        self.used = set()

    def __call__(self, quantity, unit):
        row = self.frame.loc[quantity]
        assert row.unit == unit, (quantity, row.unit)
        self.used.add(quantity)
        return row.value

    def number(self, quantity, unit):
        return float(self(quantity, unit))

    def date(self, quantity):
        return self.frame.loc[quantity, "date"]

    def all_used(self):
        assert self.used == set(self.frame.index), sorted(set(self.frame.index) - self.used)


def scope_claims(c, folder):
    """Which of the archive's datasets the study holds: DataSummary.csv's 128 against the datasets
    of the official-split run (every held dataset loads), and the sizes (TRAIN + TEST series)."""
    summary = pd.read_csv("tests/reference/ucr-baselines/DataSummary.csv")
    summary.columns = [column.strip() for column in summary.columns]
    summary["series"] = summary.Train + summary.Test
    held = set(pd.read_csv(f"{folder}/official_split/results.csv").dataset)
    assert held <= set(summary.Name)
    c["archive_all"] = integer(len(summary))
    absent = summary[~summary.Name.isin(held)].sort_values(["series", "Name"], ascending=[False, True])
    c["absent_count"] = integer(len(absent))
    threshold = 5000  # the "5,000 series or more"
    c["size_threshold"] = f"{threshold:,d}"
    large = summary[summary.series >= threshold].sort_values("series", ascending=False)
    assert set(large.Name) <= set(absent.Name)  # "all 6 with 5,000 series or more"
    c["absent_5000"] = integer(len(large))
    c["absent_5000_names"] = ", ".join(large.Name[:-1]) + " and " + large.Name.iloc[-1]
    largest_held = summary[summary.Name.isin(held)].sort_values("series").iloc[-1]
    larger = summary[summary.series > largest_held.series]
    assert set(larger.Name) <= set(absent.Name)
    c["absent_largest"] = integer(len(larger))
    c["absent_largest_range"] = f"{larger.series.min():,d} to {larger.series.max():,d}"
    c["largest_held"] = f"{largest_held.Name}, has {largest_held.series:,d}"
    c["largest_held_series"] = f"{largest_held.series:,d}"
    c["absent_names"] = ", ".join(f"{row.Name} ({row.series:,d})" for row in absent.itertuples())


def what_ran_claims(c, folder, compare):
    """The intro and "What ran": the runs' skipped.csv, results.csv and the committed tuned.csv.gz."""
    import gzip
    with gzip.open(f"{folder}/selection/tuned.csv.gz") as handle:
        c["tuned_plain_mb"] = f"{len(handle.read()) / 1e6:.1f} MB"
    official = pd.read_csv(f"{folder}/official_split/results.csv")
    assert official.dataset.nunique() == int(c["archive_datasets"])  # every dataset loads
    skipped = pd.read_csv(f"{folder}/selection_official/skipped.csv")
    unequal = {m.group(1): (int(m.group(2)), int(m.group(3)))
               for m in skipped.reason.map(UNEQUAL.search).dropna()}
    euclidean = pd.read_csv(f"{folder}/nearest_neighbour/skipped.csv")
    assert set(m.group(1) for m in euclidean.reason.map(UNEQUAL.search).dropna()) == set(unequal)
    c["unequal_datasets"] = integer(len(unequal))
    left_out = pd.read_csv(f"{folder}/official_comparison_n10/left_out_datasets.csv")
    assert set(left_out.dataset) == set(unequal)
    plaid = [m for m in skipped.reason.map(NO_PATH.search).dropna()]
    assert [m.group(3) for m in plaid] == ["PLAID"]
    c["plaid_lengths"] = f"{unequal['PLAID'][0]} to {unequal['PLAID'][1]}"
    assert sorted(map(int, plaid[0].group(1, 2))) == list(unequal["PLAID"])
    catch22 = pd.read_csv(f"{folder}/svc_catch22_official/skipped.csv")
    gestures = sorted(catch22.dataset[catch22.reason.str.contains("every feature is constant or NaN")])
    assert gestures == [f"AllGestureWiimote{axis}" for axis in "XYZ"]
    c["gesture_shortest"] = integer(min(unequal[name][0] for name in gestures))


def exact_claims(c, folder, compare):
    """How exact the 1-NN baselines are: compare_published.py's comparison, by import."""
    ids = {row["Name"]: int(row["ID"]) for row in compare.read("tests/reference/ucr-baselines/DataSummary.csv")}
    reference = compare.published()
    keys = ("euclidean", "learned", "full", "percent")
    counts = {}
    for run in ("official_split", "official_split_z"):
        ours = compare.measured(f"{folder}/{run}")
        verdicts = {name: {key: compare.agrees(ours[name], reference[name], key) for key in keys} for name in ours}
        counts[run] = verdicts
        agree = sum(v is True for d in verdicts.values() for v in d.values())
        total = sum(v is not None for d in verdicts.values() for v in d.values())
        with open(f"{folder}/{run}/comparison.md", encoding="utf-8") as handle:
            assert f"{agree} of {total} numbers agree" in handle.read(), f"{run}/comparison.md is stale"
        c[f"{run}_agree"] = integer(agree)
        if run == "official_split_z":
            c["compared_numbers"] = integer(total)
        else:
            raw_total = total
    raw, z = counts["official_split"], counts["official_split_z"]
    old = sorted(name for name in raw if ids[name] <= LAST_2015_ID)
    added = sorted(name for name in raw if ids[name] > LAST_2015_ID)
    c["datasets_2015"], c["datasets_2018"] = integer(len(old)), integer(len(added))

    def tally(verdicts, names, value):
        return sum(v is value for name in names for v in verdicts[name].values())
    c["agree_2015"] = integer(tally(raw, old, True))
    c["numbers_2015"] = integer(tally(raw, old, True) + tally(raw, old, False))
    c["apart_2015"] = integer(tally(raw, old, False))
    apart = [name for name in old if any(v is False for v in raw[name].values())]
    c["apart_2015_names"] = ", ".join(apart[:-1]) + " and " + apart[-1]
    assert tally(z, old, True) == tally(raw, old, True)  # "keeps the"
    c["apart_2015_count"] = integer(len(apart))
    ours = compare.measured(f"{folder}/official_split")
    gaps = set()
    for name in apart:  # "windows 1 or 2 points apart or ties"
        gap = abs(ours[name]["percent"] - reference[name]["percent"])
        assert gap > 0 or raw[name]["learned"] is False, name  # a window apart, or a tie
        gaps.add(int(gap)) if gap > 0 else None
    c["apart_2015_gaps"] = " or ".join(str(gap) for gap in sorted(gaps))
    assert raw_total == int(c["compared_numbers"])
    z_ours = compare.measured(f"{folder}/official_split_z")
    changed = [name for name in ours if any(
        round(ours[name].get(k, -1), 4) != round(z_ours[name].get(k, -1), 4) for k in keys)]
    assert set(changed) <= set(added)  # "all added in 2018"
    c["z_changed"] = integer(len(changed))
    z_apart = tally(z, raw, False)
    c["z_apart"] = integer(z_apart)
    unequal_names = {name for name in z if z[name]["euclidean"] is None}
    assert len(unequal_names) == int(c["unequal_datasets"])
    assert z_apart == tally(z, unequal_names, False) + tally(z, apart, False)


def cost_claims(c, folder, measurements):
    """Cost: the cold `make archive-full` (measurements.csv: /usr/bin/time around make and around
    each runner call, the profile), the manifests (wall clock, stage seconds, counts), runtime.csv
    and dataset_cost.csv; the two check runs of `make archive-full-checks` the same way."""
    numbers = claimlib.load_script("experiments/archive-full/archive_full_numbers.py")
    runtime = pd.read_csv(f"{folder}/runtime.csv")
    assert sorted(runtime.run.unique()) == sorted(numbers.RUNS) == sorted(run for run, _ in COST_RUNS)
    manifests = {run: claimlib.manifest(f"{folder}/{run}") for run, _ in COST_RUNS + CHECK_RUNS}
    for run in numbers.RUNS:  # runtime.csv is the manifests' stage seconds
        stages = runtime[runtime.run == run].set_index("stage").seconds
        assert all(abs(stages[stage] - seconds) <= 0.05 + 1e-9
                   for stage, seconds in manifests[run]["stage_seconds"].items()), run
    official = pd.read_csv(f"{folder}/official_split/results.csv")
    windows = official.distance[official.distance.str.startswith("dtw-symmetric1-sq-r")].nunique()
    date = measurements.date("wall_seconds:make_archive_full")
    c["cold_date"] = date
    c["cold_commit"] = measurements("commit:make_archive_full", "commit")

    def cost_rows(runs):
        rows, walls, peaks = [], 0.0, []
        for run, name in runs:
            wall = claimlib.wall_seconds(f"{folder}/{run}")
            cpu = measurements(f"cpu_seconds:{run}", "s")
            peak = measurements(f"peak_memory:{run}", "GiB")
            assert measurements.date(f"cpu_seconds:{run}") == manifests[run]["started_utc"][:10] == date
            assert float(cpu) <= manifests[run]["threads"] * wall + 1  # CPU within the run's threads
            rows.append([name.format(windows=windows), minutes_seconds(wall), f"{cpu} s", f"{peak} GiB"])
            walls += wall
            peaks.append(float(peak))
        return rows, walls, peaks

    rows, runs_wall, peaks = cost_rows(COST_RUNS)
    c["cost_table"] = claimlib.table(["run", "wall clock (manifest)", "CPU (user + sys)", "peak memory"], rows)
    total = measurements.number("wall_seconds:make_archive_full", "s")
    c["cold_total"] = minutes_seconds(total)
    c["cold_cpu"] = measurements("cpu_seconds:make_archive_full", "s")
    c["cold_peak"] = measurements("peak_memory:make_archive_full", "GiB")
    assert float(c["cold_peak"]) == max(peaks)  # the largest process is one of the runs
    assert total / 60 < 30 and float(c["cold_peak"]) * 2 ** 30 < 4e9  # the budget, met
    assert runs_wall <= total
    c["cold_rest"] = integer(total - runs_wall)  # the comparisons and the scripts
    c["rerun_seconds"] = integer(measurements.number("wall_seconds:make_archive_full_rerun", "s"))
    c["rerun_before_seconds"] = measurements("wall_seconds:make_archive_full_rerun_before", "s")
    # the selection run's stages and counts
    selection = manifests["selection"]
    stages, counts = selection["stage_seconds"], selection["counts"]
    c["selection_wall"] = minutes_seconds(claimlib.wall_seconds(f"{folder}/selection"))
    c["selection_artefacts"] = integer(stages["load"] + stages["distances"])
    c["selection_distance_matrices"] = integer(counts["distance_matrices"])
    c["selection_scores"] = integer(stages["scores"])
    c["selection_evaluations"] = integer(stages["evaluations"])
    c["selection_distinct_fits"] = claimlib.thousands(counts["distinct_fits"])
    c["selection_tuning"] = integer(stages["tuning"])
    c["selection_inner_score_vectors"] = claimlib.thousands(counts["inner_score_vectors"])
    c["selection_inner_fits"] = claimlib.thousands(counts["inner_fits"])
    c["threads"] = integer(selection["threads"])
    tuned = pd.read_csv(f"{folder}/selection/tuned.csv.gz", usecols=["dataset", "candidates"])
    results = pd.read_csv(f"{folder}/selection/results.csv", dtype=str)
    c["selection_tuned_rows"] = claimlib.thousands(results.eq("tuned").any(axis=1).sum())
    c["selection_grid_rows"] = claimlib.thousands((~results.eq("tuned").any(axis=1)).sum())
    assert set(tuned.candidates) == {int(c["candidates"])}
    c["selection_candidate_cells"] = claimlib.thousands(
        int(results.eq("tuned").any(axis=1).sum()) * int(c["candidates"]))
    # before tune.outer: chosen (the same cold measurement at an earlier commit)
    before = measurements.number("wall_seconds:selection_outer_all", "s")
    c["selection_outer_all_wall"] = minutes_seconds(before)
    c["outer_all_commit"] = measurements("commit:selection_outer_all", "commit")
    c["outer_all_study_wall"] = minutes_seconds(measurements.number("wall_seconds:study_runs_outer_all", "s"))
    c["outer_all_distinct_fits"] = claimlib.thousands(measurements.number("distinct_fits:selection_outer_all", "fits"))
    cost = pd.read_csv(f"{folder}/dataset_cost.csv")
    top = list(cost.sort_values("total_seconds", ascending=False).dataset[:10])
    assert len(top) == 10  # "the ten most expensive"
    c["top_ten"] = ", ".join(f"{name} {integer(cost.total_seconds[cost.dataset == name].iloc[0])} s"
                             for name in top)
    c["top_two_share"] = integer(100 * cost.total_seconds[cost.dataset.isin(top[:2])].sum()
                                 / cost.total_seconds.sum()) + "%"
    train = {row["Name"]: int(row["Train "]) for row in
             numbers.read_csv("tests/reference/ucr-baselines/DataSummary.csv")}
    c["top_first"] = top[0]
    c["top_first_train"] = integer(train[top[0]])
    # the profile of the selection run
    c["perf_samples"] = claimlib.thousands(measurements.number("perf_samples:selection", "samples"))
    for group in ("libsvm_solver", "libsvm_predict", "rbf_kernels", "exp", "memory"):
        c[f"perf_{group}"] = measurements(f"perf_share:{group}", "%") + "%"
    # make archive-full-checks
    rows, _, _ = cost_rows(CHECK_RUNS)
    c["checks_table"] = claimlib.table(["run", "wall clock (manifest)", "CPU (user + sys)", "peak memory"], rows)
    c["wall_official_split_z"] = minutes_seconds(claimlib.wall_seconds(f"{folder}/official_split_z"))


def compute(folder):
    c = Claims()
    official_pairs, official = official_claims(c, folder)
    resample_claims(c, folder, official_pairs, official[100])
    compare = claimlib.load_script("experiments/baselines/compare_published.py")
    what_ran_claims(c, folder, compare)
    scope_claims(c, folder)
    exact_claims(c, folder, compare)
    measurements = Measurements(folder)
    cost_claims(c, folder, measurements)
    duplicate_claims(c, folder)
    tie_claims(c, folder)
    cluster_claims(c, folder)
    measurements.all_used()
    return c


def cluster_claims(c, folder):
    """The study on the Slurm test cluster: cluster/, kept by experiments/archive-full/cluster_record.py
    (the plans' shards.csv and groups.csv.gz, the shards' manifests, the cluster's job records, the
    checksums of the single and merged runs' files)."""
    import gzip
    import json
    from datetime import datetime
    record = claimlib.load_script("experiments/archive-full/cluster_record.py")

    def load(path):
        with open(path) as handle:
            return json.load(handle)

    def stamp(text):
        return datetime.strptime(text.rstrip("Z"), "%Y-%m-%dT%H:%M:%S")

    def shard_manifests(base, count):
        return {i: load(f"{base}/shards/{i}-of-{count}.json") for i in range(1, count + 1)
                if os.path.exists(f"{base}/shards/{i}-of-{count}.json")}

    def work_seconds(manifest):  # what the cost model predicts: score vectors, fits, nested CV
        return sum(manifest["stage_seconds"][stage] for stage in ("scores", "evaluations", "tuning"))

    def shares(shards):
        values = sorted(set(f"{round(100 * share, 2):g}" for share in shards.cost_share))
        return f"{values[0]}%" if len(values) == 1 else f"{values[0]}% to {values[-1]}%"

    def sharded_run(run, name):
        """A run's folder under cluster/, its plan's shards and every shard's manifest; the shard
        count and their predicted shares as claims."""
        base = f"{folder}/cluster/{run}"
        shards = pd.read_csv(f"{base}/shards.csv")
        manifests = shard_manifests(base, len(shards))
        assert sorted(manifests) == list(range(1, len(shards) + 1))
        c[f"cluster_{name}_shards"] = integer(len(shards))
        c[f"cluster_{name}_share"] = shares(shards)
        return base, shards, manifests

    def join_and(items):
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]

    def identical_files(base, reference):
        """checksums.csv of a record: every file of the single run (`reference`, the committed
        folder) and the merged run's equal, the timed ones without their timing columns; returns
        how many files that is."""
        checksums = pd.read_csv(f"{base}/checksums.csv").set_index("file")
        timed = [file for file in record.TIMING_COLUMNS if file in checksums.index]
        untimed = checksums.drop(index=timed)
        assert (untimed.single_sha256 == untimed.merged_sha256).all(), base
        for file, columns in record.TIMING_COLUMNS.items():  # the committed files were compared
            if file in timed and os.path.exists(f"{folder}/{reference}/{file}"):  # folds.csv: not committed
                committed = record.sha256(record.without_column(f"{folder}/{reference}/{file}", *columns))
                assert committed == checksums.loc[f"{file} without {', '.join(columns)}", "single_sha256"]
        with gzip.open(f"{folder}/{reference}/tuned.csv.gz") if reference == "selection" else \
                open(f"{folder}/{reference}/tuned.csv", "rb") as handle:
            assert record.sha256(handle.read()) == checksums.loc["tuned.csv", "single_sha256"]
        single = load(f"{base}/single.json")
        assert single == load(f"{folder}/{reference}/manifest.json")  # the committed run itself
        return len(checksums) - len(timed), single

    def measured(name, manifests, shards):
        """Each shard's measured seconds of score vectors, fits and nested CV, against the plan's
        shares."""
        seconds = {i: work_seconds(m) for i, m in manifests.items()}
        low, high = min(seconds.values()), max(seconds.values())
        total = sum(seconds.values())
        c[f"cluster_{name}_seconds"] = f"{low:.1f} to {high:.1f}" if high < 100 else f"{low:.0f} to {high:.0f}"
        c[f"cluster_{name}_measured_share"] = f"{100 * low / total:.1f}% to {100 * high / total:.1f}%"
        c[f"cluster_{name}_spread"] = f"{100 * (high / (total / len(shards)) - 1):.0f}%"
        hosts = sorted(set(m["host"] for m in manifests.values()))
        assert hosts == ["tsfs-node1", "tsfs-node2"]
        for host in hosts:
            c[f"cluster_{name}_{host.replace('tsfs-', '')}"] = join_and(
                [str(i) for i, m in manifests.items() if m["host"] == host])
        return seconds

    def jobs_of(base, name, single):
        """The cluster's job records: the artefacts job, the merge, submission to merged files; the
        extra fits of the shards against the single process's."""
        jobs = pd.read_csv(f"{base}/jobs.csv")
        assert (jobs.state == "COMPLETED").all() and set(jobs.node) == {"tsfs-node1", "tsfs-node2"}
        duration = lambda job: (stamp(job.end) - stamp(job.start)).total_seconds()
        # an array of tasks, or one job: from the first start to the last end
        tasks = jobs[jobs.name.str.endswith("-artefacts")]
        artefacts = pd.Series({"start": min(tasks.start, key=stamp), "end": max(tasks.end, key=stamp)})
        merge = jobs[jobs.name.str.endswith("-merge")].iloc[0]
        c[f"cluster_{name}_artefacts"] = integer(duration(artefacts))
        c[f"cluster_{name}_merge"] = integer(duration(merge))
        submitted = min(stamp(t) for t in jobs.submit)
        c[f"cluster_{name}_submit_to_merged"] = minutes_seconds((stamp(merge.end) - submitted).total_seconds())
        c[f"cluster_{name}_single_wall"] = minutes_seconds(
            (stamp(single["finished_utc"]) - stamp(single["started_utc"])).total_seconds())
        c[f"cluster_{name}_single_threads"] = integer(single["threads"])
        merged = load(f"{base}/merged.json")
        assert merged["counts"]["grid_cells"] == single["counts"]["grid_cells"]  # cells and tuned rows
        return duration(artefacts), duration(merge)

    def extra_fits(name, manifests, single):
        shards = sum(m["counts"]["distinct_fits"] + m["counts"]["inner_fits"] for m in manifests.values())
        alone = single["counts"]["distinct_fits"] + single["counts"]["inner_fits"]
        c[f"cluster_{name}_extra_fits"] = f"{100 * (shards / alone - 1):.1f}%"

    # the official split, every shard run, merged
    base, shards, manifests = sharded_run("official_split", "official")
    c["cluster_official_cells"] = f"{shards.cells.min()} to {shards.cells.max()}"
    c["cluster_official_tuned_rows"] = f"{shards.tuned_rows.min()} to {shards.tuned_rows.max()}"
    tuned = pd.read_csv(f"{folder}/selection_official/tuned.csv")
    assert shards.tuned_rows.sum() == len(tuned)  # one outer fold: a tuned.csv row per tuned row
    measured("official", manifests, shards)
    files, single = identical_files(base, "selection_official")
    c["cluster_official_identical"] = integer(files)
    jobs_of(base, "official", single)
    extra_fits("official", manifests, single)

    # the 30 resamples in 8 shards planned on the committed run's measured seconds (--calibrate)
    base, shards, manifests = sharded_run("resamples", "resamples")
    groups = pd.read_csv(f"{base}/groups.csv.gz")
    assert (groups.cost_source == "measured").all()  # every group's cost is its measured seconds
    assert abs(groups.cost.sum() - shards.cost.sum()) < 1e-6 * groups.cost.sum()
    work = pd.read_csv(f"{folder}/selection/work_seconds.csv")
    assert len(work) == len(groups) and abs(
        (work.score_seconds + work.fit_seconds + work.tuning_seconds).sum() - groups.cost.sum()) < 0.01
    bundles = groups.groupby("bundle").cost.sum()
    c["cluster_largest_bundle"] = f"{100 * bundles.max() / groups.cost.sum():.1f}%"
    c["cluster_largest_bundle_seconds"] = f"{bundles.max():.0f} s"
    c["cluster_largest_bundle_dataset"] = groups.loc[bundles.idxmax(), "dataset"]
    c["cluster_max_shards"] = integer(int(groups.cost.sum() // bundles.max()))
    c["cluster_tuning_share"] = f"{100 * groups.tuning_cost.sum() / groups.cost.sum():.0f}%"
    seconds = measured("resamples", manifests, shards)
    c["cluster_resamples_core_minutes"] = integer(sum(seconds.values()) / 60)
    c["cluster_resamples_largest_shard"] = integer(max(seconds, key=seconds.get))
    files, single = identical_files(base, "selection")
    c["cluster_resamples_identical"] = integer(files)
    c["cluster_date"] = load(f"{base}/merged.json")["started_utc"][:10]
    artefacts, merge = jobs_of(base, "resamples", single)
    extra_fits("resamples", manifests, single)
    # On N one-CPU nodes: the artefacts job (cached here), the largest shard, the merge. N = 8 as
    # measured; beyond the bound of whole bundles no plan gets shorter than the largest bundle.
    c["cluster_resamples_eight_nodes"] = minutes_seconds(artefacts + max(seconds.values()) + merge)

    # the 30 resamples again in 8 shards, split by outer folds (--split-folds): a unit is one
    # resample of one dataset, every method of the dataset on it, nested CV included
    base, fold_shards, manifests = sharded_run("resamples_folds", "folds")
    units = pd.read_csv(f"{base}/plan_folds.csv")
    resamples = units.groupby("dataset").size()
    assert (resamples == 30).all()  # every dataset's 30 resamples
    c["cluster_folds_resamples"] = integer(resamples.iloc[0])
    assert abs(units.cost.sum() - groups.cost.sum()) < 1e-6 * groups.cost.sum()
    dataset_seconds = groups.groupby("dataset").cost.sum()
    assert ((units.groupby("dataset").cost.max() - dataset_seconds / 30).abs() < 1e-6).all()
    c["cluster_folds_units"] = claimlib.thousands(len(units))
    c["cluster_folds_datasets"] = integer(units.dataset.nunique())
    c["cluster_folds_largest_unit"] = f"{100 * units.cost.max() / units.cost.sum():.2f}%"
    c["cluster_folds_largest_unit_seconds"] = f"{units.cost.max():.1f} s"
    c["cluster_folds_largest_unit_dataset"] = units.loc[units.cost.idxmax(), "dataset"]
    fold_seconds = measured("folds", manifests, fold_shards)
    files, single = identical_files(base, "selection")
    c["cluster_folds_identical"] = integer(files)
    c["cluster_folds_date"] = load(f"{base}/merged.json")["started_utc"][:10]
    jobs_of(base, "folds", single)
    c["cluster_folds_artefact_tasks"] = integer(
        pd.read_csv(f"{base}/jobs.csv").name.str.endswith("-artefacts").sum())
    extra_fits("folds", manifests, single)
    c["cluster_folds_largest_shard"] = integer(max(fold_seconds, key=fold_seconds.get))

    # experiments/archive-full/shard_simulation.py: the measured seconds of each unit (bundle, or
    # outer fold of a dataset) added per shard of plans of 8 to 256 shards, from the cost model and
    # calibrated
    simulation = pd.read_csv(f"{folder}/cluster/simulation.csv")
    assert ((simulation.total_seconds - groups.cost.sum()).abs() < 0.1).all()
    by_groups = simulation[simulation.split == "groups"]
    assert (by_groups.largest_unit_seconds - bundles.max()).abs().max() < 0.1
    by_folds = simulation[simulation.split == "folds"]
    assert (by_folds.largest_unit_seconds - units.cost.max()).abs().max() < 0.1
    rows = [[integer(row.shards), {"groups": "whole bundles", "folds": "outer folds"}[row.split],
             {"model": "cost model", "measured": "calibrated"}[row.costs],
             f"{row.longest_shard_seconds:.1f} s", f"{row.longest_over_mean:.2f}",
             f"{row.lower_bound_seconds:.1f} s"] for row in simulation.itertuples()]
    c["simulation_table"] = claimlib.table(
        ["shards", "split", "plan", "longest shard", "longest / mean", "lower bound"], rows)
    eight = by_groups[(by_groups.shards == len(shards)) & (by_groups.costs == "measured")].iloc[0]
    c["cluster_resamples_simulated"] = f"{eight.longest_shard_seconds:.0f} s"
    for count in (64, 256):
        row = by_folds[(by_folds.shards == count) & (by_folds.costs == "measured")].iloc[0]
        c[f"cluster_folds_{count}_nodes"] = integer(count)
        c[f"cluster_folds_{count}_longest"] = f"{row.longest_shard_seconds:.1f} s"
        c[f"cluster_folds_{count}_over_mean"] = f"{row.longest_over_mean:.2f}"


def tie_claims(c, folder):
    """How many nested-CV choices were ties (tuned.csv's tied_candidates: the (k, sigma) candidates
    sharing the chosen one's mean inner accuracy), per Laplacian method, over the 30 resamples and
    on the official split; the fold count and median of the resamples."""
    for run, prefix in (("selection/tuned.csv.gz", "tie"),
                        ("selection_official/tuned.csv", "tie_official")):
        tuned = pd.read_csv(f"{folder}/{run}")
        assert set(tuned.ties) == {"first"}, run
        tied = tuned.assign(tie=tuned.tied_candidates > 1)
        methods = tied.groupby(["variant", "distance"])
        for (variant, distance), share in methods.tie.mean().items():
            name = "dtw" if distance.startswith("dtw") else "ned"
            # the resamples' shares name their method, the official split's follow them in order
            text = f"{share * 100:.0f}" if prefix == "tie_official" else \
                f"{share * 100:.0f}%{' of them' if (variant, name) == ('report2023', 'dtw') else ''} for {variant}/{name.upper()}"
            c[f"{prefix}_share_{variant}_{name}"] = text
        if prefix == "tie":
            c["tie_folds"] = claimlib.thousands(methods.size().max())
            c["tie_median"] = integer(tied.tied_candidates.median())


OFFICIAL_RUNS = ["selection_official", "svc_tsfel_official", "svc_catch22_official", "official_split",
                 "official_split_z"]
RESAMPLE_RUNS = ["selection", "svc_tsfel", "svc_catch22", "nearest_neighbour"]


def duplicate_claims(c, folder):
    """Identical series straddling the splits, from every run's duplicates.csv: the runs of one
    protocol must agree on each dataset they load; what the runs did (`duplicates:`); which of
    these datasets the comparisons hold."""
    frames = {}
    for run in OFFICIAL_RUNS + RESAMPLE_RUNS:
        frame = pd.read_csv(f"{folder}/{run}/duplicates.csv").set_index("dataset")
        with open(f"{folder}/{run}/spec.resolved.yaml", encoding="utf-8") as handle:
            spec_handling = re.search(r"^duplicates: (\w+)", handle.read(), re.M).group(1)
        assert set(frame.handling) == {spec_handling} == {"keep"}, run
        assert (frame.straddling_used == frame.straddling_protocol).all(), run
        frames[run] = frame
    c["dup_handling"] = "keep"
    c["dup_runs"] = integer(len(frames))
    for runs in (OFFICIAL_RUNS, RESAMPLE_RUNS):
        reference = frames[runs[0]]
        for run in runs[1:]:
            common = frames[run].index.intersection(reference.index)
            assert frames[run].loc[common].equals(reference.loc[common]), run
    official, resamples = frames["selection_official"], frames["selection"]
    assert list(official.index) == list(resamples.index)
    columns = ["rows_loaded", "duplicate_rows", "duplicate_groups", "mixed_label_groups"]
    assert official[columns].equals(resamples[columns])
    with_copies = official[official.duplicate_rows > 0]
    in_official = set(pd.read_csv(f"{folder}/official_comparison_n10/per_dataset.csv").dataset)
    in_resamples = set(pd.read_csv(f"{folder}/comparison_n10/per_dataset.csv").dataset)
    rows = []
    for dataset, row in with_copies.iterrows():
        compared = {True: "yes", False: "no"}
        rows.append([dataset, integer(row.rows_loaded),
                     f"{integer(row.duplicate_rows)} in {integer(row.duplicate_groups)}",
                     integer(row.mixed_label_groups), integer(row.straddling_used),
                     integer(resamples.loc[dataset, "straddling_used"]),
                     f"{compared[dataset in in_official]} / {compared[dataset in in_resamples]}"])
    c["dup_table"] = claimlib.table(
        ["dataset", "series", "copies of an earlier series, in groups", "groups with two labels",
         "straddling copies, official split", "straddling copies, summed over the 30 resamples",
         "in the comparisons (official / resamples)"], rows)
    c["dup_datasets"] = integer(len(with_copies))
    official_straddling = with_copies[with_copies.straddling_used > 0]
    c["dup_official_straddling"] = integer(len(official_straddling))
    c["dup_official_clean"] = ", ".join(with_copies[with_copies.straddling_used == 0].index)
    assert (resamples.loc[with_copies.index].straddling_used > 0).all()
    compared_both = [d for d in with_copies.index if d in in_official and d in in_resamples]
    c["dup_compared"] = integer(len(compared_both))
    c["dup_not_compared"] = ", ".join(d for d in with_copies.index if d not in compared_both)
    c["dup_mixed"] = ", ".join(with_copies[with_copies.mixed_label_groups > 0].index)
    largest = official_straddling.straddling_used.idxmax()
    c["dup_largest"] = largest
    c["dup_largest_official"] = integer(official.loc[largest, "straddling_used"])
    c["dup_largest_resamples"] = integer(resamples.loc[largest, "straddling_used"])
    c["dup_largest_rows"] = integer(official.loc[largest, "rows_loaded"])
    report = claimlib.load_script("results/report/claims.py")
    effect = Claims()
    report.duplicates_group_claims(effect, report.load("review_numbers"))
    c["dup_report_drop"] = f"{effect['group_drop_low']} to {effect['group_drop_high']}"
    c["dup_report_leak"] = claimlib.Verdict(claimlib.Test(
        "results/report: duplicates grouped against kept, WormsTwoClass, 5x5 k-fold, every curve "
        "(not tested: other folds)", lowered=float(effect["group_drop_low"]) > 0))
    group_effect_claims(c, folder, resamples.loc[with_copies.index], compared_both)


def group_effect_claims(c, folder, duplicates, compared):
    """The selection run again on the datasets with duplicated series, `duplicates: group`
    (duplicates_group/): each method's change per dataset (claimlib.grouping_effect), a table, and
    the datasets where grouping costs more than half a point at the median."""
    effect = claimlib.grouping_effect(f"{folder}/selection", f"{folder}/duplicates_group",
                                      list(duplicates.index))
    resamples = 30
    rows = []
    for dataset, row in effect.iterrows():
        rows.append([dataset, fixed(duplicates.loc[dataset, "straddling_used"] / resamples, 1),
                     f"{integer(row['lower'])} of {integer(row['methods'])}",
                     signed(row["median"], 3), f"{signed(row['low'], 3)} to {signed(row['high'], 3)}",
                     ", ".join(fixed(tau, 2) for tau in row["taus"])])
    c["dup_group_table"] = claimlib.table(
        ["dataset", "straddling copies per resample", "methods lower", "median change",
         "range", "Kendall tau of the methods' order, n = 10, 30, 100"], rows)
    in_comparisons = effect.loc[compared]
    threshold = 0.005  # "more than 0.005", and elsewhere "within 0.005 either way"
    c["dup_group_threshold"] = fixed(threshold)
    costly = in_comparisons[in_comparisons["median"] < -threshold].sort_values("median")
    assert (in_comparisons.drop(costly.index)["median"].abs() <= threshold).all()
    # The README: the compared datasets with the most straddling copies per resample are all among
    # them (how many), and the one other has few (its copies per resample).
    ranked = duplicates.loc[compared].straddling_used.sort_values(ascending=False)
    top = 0
    while top < len(ranked) and ranked.index[top] in costly.index:
        top += 1
    others = [dataset for dataset in costly.index if dataset not in ranked.index[:top]]
    assert top >= 2 and len(others) == 1, (list(ranked.index), list(costly.index))
    c["dup_group_top"] = integer(top)
    c["dup_group_other"] = (f"{others[0]}, has {fixed(duplicates.loc[others[0], 'straddling_used'] / resamples, 1)}"
                            f" (the {ranked.index.get_loc(others[0]) + 1}th most)")
    c["dup_group_costly"] = integer(len(costly))
    c["dup_group_costly_names"] = ", ".join(
        f"{dataset} ({signed(row['median'], 3)})" for dataset, row in costly.iterrows())
    c["dup_group_compared"] = integer(len(in_comparisons))
    c["dup_group_datasets"] = integer(len(effect))


if __name__ == "__main__":
    claimlib.study_main(__file__, compute, ALLOW)
