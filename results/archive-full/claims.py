#!/usr/bin/env python3
"""The numbers of results/archive-full/README.md, computed from the comparisons' CSVs
(official_comparison_n*/ and comparison_n*/: methods.csv, pairwise.csv, friedman.csv) and
breakdown.csv.

  python3 results/archive-full/claims.py [--check | --write | --list]    (from the repository root)

The mechanism (markers, lint, exit status) is scripts/claims/claimlib.py's. Needs pandas. The
sections not converted yet (what ran, how exact the 1-NN baselines are, cost) sit in
`<!--unchecked: ...-->` regions, which the check counts and lists.
"""

import os
import sys

import pandas as pd

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../scripts/claims"))
import claimlib  # noqa: E402
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
    r"n = (10|30|100)\b", r"\(1 = best", r"(With|At) (10|30|100) features", r"first 10", r"at 0\.05",
    r"n_features 10, 30 and 100", r"k in \{3, 7\}", r"\{1e-3, 1e-2, 0\.1, 1, 10\}",
    r"3 stratified inner folds", r"3 inner folds", r"band 100 for series longer\s+than 500",
    r"30 resamples", r"resample 0", r"0-100%", r"1-NN", r"2-core", r"2018", r"2015", r"4 decimals",
    r"series of 200 to 499 points", r"within 0\.01",  # breakdown.csv's length group; the test's margin
]


class Comparison:
    def __init__(self, folder):
        self.methods = pd.read_csv(f"{folder}/methods.csv")
        self.methods["key"] = self.methods.method.map(self.key)
        self.methods = self.methods.set_index("key")
        pairwise = pd.read_csv(f"{folder}/pairwise.csv")
        pairwise["a"], pairwise["b"] = pairwise.method.map(self.key), pairwise.versus.map(self.key)
        self.pairwise = pairwise.set_index(["a", "b"])
        self.friedman = pd.read_csv(f"{folder}/friedman.csv").iloc[0]

    @staticmethod
    def key(method):
        parts = [part for part in method.split(", ") if not part.startswith("run=")]
        run = method.rsplit("run=", 1)[1]
        base = run.replace("_official", "")
        if base in SVC:
            return base
        return ", ".join(parts)

    def pair(self, a, b):
        return self.pairwise.loc[(a, b)]

    def rank(self, method):
        return self.methods.loc[method, "average_rank"]


def label(key):
    return SVC.get(key) or LABELS[key]


def wtl(row, words=False):
    if words:
        return f"{row.wins} wins, {row.ties} ties, {row.losses} losses"
    return f"{row.wins}/{row.ties}/{row.losses}"


def p(value):
    return general(value, 2)


def section(c, prefix, comparisons, rows_order):
    c[f"{prefix}_ranks_table"] = claimlib.table(
        ["method", "n = 10", "n = 30", "n = 100"],
        [[label(key)] + [f"{comparisons[n].rank(key):.2f} ({comparisons[n].methods.loc[key, 'mean_accuracy']:.3f})"
                         for n in N_VALUES] for key in rows_order])
    assert sorted(rows_order) == sorted(comparisons[10].methods.index)
    first = comparisons[10]
    c[f"{prefix}_datasets"] = integer(first.friedman.datasets)
    c[f"{prefix}_methods"] = integer(len(first.methods))
    c[f"{prefix}_friedman"] = ", ".join(claimlib.sci(comparisons[n].friedman.chi_square_p, 1) for n in N_VALUES)
    assert all(comparisons[n].friedman.chi_square_p < 0.05 for n in N_VALUES)
    pairs = {n: comparisons[n].pairwise[comparisons[n].pairwise.method < comparisons[n].pairwise.versus]
             for n in N_VALUES}
    c[f"{prefix}_significant"] = ", ".join(integer(pairs[n].holm_significant.sum()) for n in N_VALUES[:-1]) \
        + " and " + integer(pairs[100].holm_significant.sum())
    c[f"{prefix}_pairs"] = integer(len(pairs[10]))
    c[f"{prefix}_tests"] = integer(sum(int(pairs[n].wilcoxon_p.notna().sum()) for n in N_VALUES))
    report = [comparisons[n].rank(k) for n in N_VALUES for k in (R_NED, R_DTW)]
    he = [comparisons[n].rank(k) for n in N_VALUES for k in (HE_NED, HE_DTW)]
    same_distance = [comparisons[n].pair(h, r) for n in N_VALUES for h, r in ((HE_NED, R_NED), (HE_DTW, R_DTW))]
    assert all(comparisons[n].rank(h) < comparisons[n].rank(r) for n in N_VALUES
               for h, r in ((HE_NED, R_NED), (HE_DTW, R_DTW)))
    significant = [row for row in same_distance if row.holm_significant and row.wins > row.losses]
    c[f"{prefix}_he_report_significant"] = integer(len(significant))
    c[f"{prefix}_he_report_pairs"] = integer(len(same_distance))
    c[f"{prefix}_report_ranks"] = f"{fixed(min(report), 1)} to {fixed(max(report), 1)}"
    c[f"{prefix}_he_ranks"] = f"{fixed(min(he), 1)} to {fixed(max(he), 1)}"


def official_claims(c, folder):
    comparisons = {n: Comparison(f"{folder}/official_comparison_n{n}") for n in N_VALUES}
    order = list(comparisons[10].methods.sort_values("average_rank").index)
    section(c, "official", comparisons, order)
    learned = "none, distance=dtw-symmetric1-sq-learned"
    o10, o100 = comparisons[10], comparisons[100]
    row = o10.pair(HE_DTW, "anova")
    assert row.holm_significant and row.wins < row.losses
    c["o10_he_dtw_anova"] = wtl(row, True)
    c["o10_he_dtw_anova_median"] = signed(row.median_difference)
    c["o10_he_dtw_anova_holm"] = p(row.holm_p)
    for versus, key in ((learned, "learned"), ("svc_tsfel", "tsfel")):
        rows = [o10.pair(m, versus) for m in (HE_NED, HE_DTW)]
        assert all(r.holm_significant and r.wins < r.losses for r in rows)
        c[f"o10_he_{key}_medians"] = f"{signed(rows[0].median_difference)} and {signed(rows[1].median_difference)}"
    row = o10.pair(HE_NED, "none")
    c["o10_he_ned_none_wins"] = integer(row.wins)
    c["o10_he_ned_none_better"] = fixed(row.bayes_p_better, 2)
    assert not row.holm_significant
    c["o10_he_ned_none_holm"] = p(row.holm_p)
    row = o10.pair(HE_DTW, "none")
    c["o10_he_dtw_none"] = f"{row.wins} wins, {row.losses} losses"
    assert o100.methods.average_rank.idxmin() == HE_NED
    c["o100_he_ned_rank"] = fixed(o100.rank(HE_NED), 2)
    for versus, key in (("none", "none"), (R_NED, "r_ned"), ("svc_tsfel", "tsfel")):
        row = o100.pair(HE_NED, versus)
        assert row.holm_significant and row.wins > row.losses
        c[f"o100_{key}"] = wtl(row)
        c[f"o100_{key}_median"] = signed(row.median_difference)
        c[f"o100_{key}_holm"] = p(row.holm_p)
    for versus, key in (("anova", "anova"), (learned, "learned")):
        row = o100.pair(HE_NED, versus)
        assert not row.holm_significant
        c[f"o100_{key}"] = f"{wtl(row)}, Holm p {p(row.holm_p)}"
    # breakdown.csv, n = 100
    breakdown = pd.read_csv(f"{folder}/breakdown.csv")
    part = breakdown[breakdown.comparison == "official_comparison_n100"].copy()
    part["key"] = part.method.map(Comparison.key)
    rows = []
    for grouping, group in (("type", "Image"), ("type", "Motion"), ("type", "Sensor"), ("type", "Spectro")):
        g = part[(part.grouping == grouping) & (part.group == group)].set_index("key")
        rows.append((group, int(g.datasets.iloc[0]), g.loc[HE_NED, "average_rank"], g.loc[learned, "average_rank"]))
    for group, datasets, lap, dtw in rows:
        c[f"o100_type_{group.lower()}"] = f"{datasets}: {lap:.2f} against {dtw:.2f}"
    assert rows[0][2] < rows[0][3] and rows[1][2] < rows[1][3] and rows[2][2] > rows[2][3] and rows[3][2] > rows[3][3]
    lengths = part[part.grouping == "length"]
    for group in sorted(lengths.group.unique()):
        g = lengths[lengths.group == group].set_index("key")
        name = group.split(" ")[0].replace("+", "").replace(">=", "long")
        c[f"o100_length_{name}"] = (f"{int(g.datasets.iloc[0])}: {g.loc[learned, 'average_rank']:.2f} against "
                                    f"{g.loc[HE_NED, 'average_rank']:.2f}") if group.startswith("200") else \
            (f"{int(g.datasets.iloc[0])}: {g.loc[HE_NED, 'average_rank']:.2f} against "
             f"{g.loc[learned, 'average_rank']:.2f}")
    # caveats
    selection = pd.read_csv(f"{folder}/selection_official/results.csv")
    lap = selection[(selection.selector == "laplacian") & (selection.sigma_ratio.astype(str) != "tuned")]
    c["candidates"] = integer(len(lap[["k", "sigma_ratio"]].drop_duplicates()))
    c["archive_datasets"] = integer(selection.dataset.nunique() + ("PLAID" not in set(selection.dataset)))


def resample_claims(c, folder):
    comparisons = {n: Comparison(f"{folder}/comparison_n{n}") for n in N_VALUES}
    order = list(comparisons[10].methods.sort_values("average_rank").index)
    section(c, "resamples", comparisons, order)
    r10, r30, r100 = (comparisons[n] for n in N_VALUES)
    for versus, key, significant in (("anova", "anova", True), ("svc_tsfel", "tsfel", True),
                                     ("mutual_info", "mi", False), ("none", "none", False)):
        row = r10.pair(HE_NED, versus)
        assert bool(row.holm_significant) == significant and (not significant or row.wins < row.losses)
        c[f"r10_{key}"] = wtl(row, key == "anova")
        c[f"r10_{key}_holm"] = p(row.holm_p)
        if significant:
            c[f"r10_{key}_median"] = signed(row.median_difference)
    for versus, key, worse in (("anova", "anova", True), ("mutual_info", "mi", True), ("none", "none", False)):
        row = r30.pair(HE_NED, versus)
        assert row.holm_significant and (row.wins < row.losses) == worse
        c[f"r30_{key}"] = wtl(row)
        c[f"r30_{key}_holm"] = p(row.holm_p)
    for versus in (R_NED, R_DTW, "spec, distance=ned", "spec, distance=dtw-w100-if500"):
        row = r30.pair(HE_NED, versus)
        assert row.holm_significant and row.wins > row.losses, versus
    row = r100.pair(HE_NED, "anova")
    assert not row.holm_significant
    c["r100_anova"] = wtl(row)
    c["r100_anova_median"] = signed(row.median_difference, 4)
    c["r100_anova_holm"] = p(row.holm_p)
    c["r100_anova_equivalent"] = fixed(row.bayes_p_equivalent, 2)
    row = r100.pair(HE_NED, "mutual_info")
    assert not row.holm_significant
    c["r100_mi"] = f"{wtl(row)}, Holm p {p(row.holm_p)}"
    for versus, key in (("none", "none"), (R_NED, "r_ned"), ("svc_catch22", "catch22")):
        row = r100.pair(HE_NED, versus)
        assert row.holm_significant and row.wins > row.losses
        c[f"r100_{key}"] = wtl(row)
        c[f"r100_{key}_holm"] = p(row.holm_p)
        if key == "none":
            c["r100_none_median"] = signed(row.median_difference, 3)
    row = r100.pair(HE_NED, "svc_tsfel")
    assert not row.holm_significant
    c["r100_tsfel_wins"] = integer(row.wins)
    c["r100_tsfel_median"] = signed(row.median_difference, 4)
    c["r100_tsfel_holm"] = p(row.holm_p)
    row = r100.pair(HE_DTW, "svc_tsfel")
    assert row.holm_significant and row.wins > row.losses
    c["r100_he_dtw_tsfel"] = wtl(row)
    c["r100_he_dtw_tsfel_median"] = signed(row.median_difference, 4)
    c["r100_he_dtw_tsfel_holm"] = p(row.holm_p)
    best = list(r100.methods.sort_values("average_rank").index[:2])
    assert sorted(best) == ["anova", "mutual_info"], best
    c["r100_he_ned_rank_official"] = fixed(Comparison(f"{folder}/official_comparison_n100").rank(HE_NED), 2)


def compute(folder):
    c = Claims()
    official_claims(c, folder)
    resample_claims(c, folder)
    return c


if __name__ == "__main__":
    claimlib.study_main(__file__, compute, ALLOW)
