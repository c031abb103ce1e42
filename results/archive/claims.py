#!/usr/bin/env python3
"""The numbers of results/archive/README.md, computed from the run's CSVs and manifest.

  python3 results/archive/claims.py [--check | --write | --list]    (from the repository root)

The mechanism (markers, lint, exit status) is scripts/claims/claimlib.py's. Needs pandas.
"""

import math
import os
import re
import sys

import pandas as pd

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../scripts/claims"))
import claimlib  # noqa: E402
import recompute  # noqa: E402
from claimlib import Claims, fixed, general, integer, percent, points, sci, signed, thousands  # noqa: E402

N_VALUES = (10, 30, 100)
HE_DTW = "laplacian, variant=he2005, distance=dtw-w100-if500"
R_DTW = "laplacian, variant=report2023, distance=dtw-w100-if500"
HE_NED, R_NED = "laplacian, variant=he2005, distance=ned", "laplacian, variant=report2023, distance=ned"
SHORT = {HE_DTW: "he2005/DTW", R_DTW: "report2023/DTW", HE_NED: "he2005/NED", R_NED: "report2023/NED"}
ROW_ORDER = ["anova", "fisher", "mutual_info", "laplacian, variant=he2005, distance=ned", HE_DTW,
             "variance", "none", R_DTW, "laplacian, variant=report2023, distance=ned",
             "spec, distance=ned", "spec, distance=dtw-w100-if500"]

# Numbers the lint lets through: parameters of experiments/archive/archive.yaml (the grid, the
# protocol, the n_features), stated as settings; figure-free text otherwise.
ALLOW = [
    # parameters of experiments/archive/archive.yaml (the grid, the protocol, the n_features) and
    # the comparisons' family, stated as settings
    r"10 resamples", r"resample 0", r"seed 0", r"60 kinds", r"10, 30 and 100",
    r"n = (10|30|100)\b", r"\{3, 7\}", r"\{1e-3, 1e-2, 0\.1, 1, 10\}",
    r"3 stratified inner", r"1 = best", r"2-core", r"means over the 10",
    r"band 100 for series longer than 500", r"(With|At) (10|30|100) features",
    # counts of the design, spelled out (what ran and how it is named, not results)
    r"one comparison per number", r"as one family", r"the first n columns", r"the three comparisons",
    r"the first columns", r"to the first candidate", r"the chosen one's", r"ties to the first\)",
    r"an earlier one", r"on one side", r"two-sided", r"one classifier", r"three-dataset",
]


def short(method):
    """'laplacian, variant=he2005, distance=dtw-w100-if500' -> 'laplacian, he2005, DTW'."""
    parts = [part.split("=")[-1] for part in method.split(", ")]
    return ", ".join({"dtw-w100-if500": "DTW", "ned": "NED"}.get(part, part) for part in parts)


def compute(folder):
    c = Claims()
    results = pd.read_csv(f"{folder}/results.csv")
    skipped = pd.read_csv(f"{folder}/skipped.csv")
    archive = "third_party/ucr"
    folders = sorted(name for name in os.listdir(archive) if os.path.isdir(f"{archive}/{name}"))
    c["datasets"] = integer(results.dataset.nunique())
    c["archive_datasets"] = integer(len(folders))
    assert list(skipped.dataset) == ["Wafer"]
    lengths = []
    for part in ("TRAIN", "TEST"):
        frame = pd.read_csv(f"{archive}/GestureMidAirD1/GestureMidAirD1_{part}.tsv.gz", sep="\t",
                            header=None)
        lengths += frame.iloc[:, 1:].notna().sum(axis=1).tolist()
    c["gesture_min_length"], c["gesture_max_length"] = integer(min(lengths)), integer(max(lengths))

    # --- the comparisons, recomputed from results.csv (scripts/claims/recompute.py)
    compared = comparisons(c, folder)
    pairwise = {n: compared[n].pairwise for n in N_VALUES}
    methods = {n: compared[n].methods for n in N_VALUES}
    friedman = {n: compared[n].friedman for n in N_VALUES}
    alpha = compared[10].alpha
    c["alpha"] = f"{alpha:g}"
    c["rope"] = f"{compared[10].recomputed.settings.rope:g}"
    c["n_methods"] = integer(len(methods[10]))
    pairs = {n: p[p.method < p.versus] for n, p in pairwise.items()}  # one row per unordered pair
    c["pairs_per_n"] = integer(len(pairs[10]))
    assert len({len(p) for p in pairs.values()}) == 1
    tests = sum(int(p.wilcoxon_p.notna().sum()) for p in pairs.values())
    c["tests"] = integer(tests)
    untested = pd.concat([p[p.wilcoxon_p.isna()] for p in pairs.values()])
    assert set(zip(untested.method, untested.versus)) == {("anova", "fisher")}, "the text names it"

    # --- cost (manifest.json)
    manifest = claimlib.manifest(folder)
    stages, counts = manifest["stage_seconds"], manifest["counts"]
    c["wall_seconds"] = integer(claimlib.wall_seconds(folder))
    c["threads"] = integer(manifest["threads"])
    order = ["distances", "evaluations", "tuning", "scores", "load", "outputs"]
    assert sorted(order) == sorted(stages), f"stages {sorted(stages)} are not the README's"
    for stage in order:
        c[f"stage_{stage}"] = fixed(stages[stage], 1)
    c["distance_matrices"] = integer(counts["distance_matrices"])
    c["grid_cells"] = thousands(counts["grid_cells"]).replace(",", "")
    c["fold_evaluations"] = thousands(counts["fold_evaluations"])
    c["distinct_fits"] = thousands(counts["distinct_fits"])
    c["inner_score_vectors"] = thousands(counts["inner_score_vectors"])
    c["inner_fits"] = thousands(counts["inner_fits"])

    # --- the ranks table
    rows = []
    for method in ROW_ORDER:
        rows.append([short(method)] + [f"{methods[n].loc[method, 'average_rank']:.2f} "
                                       f"({methods[n].loc[method, 'mean_accuracy']:.3f})"
                                       for n in N_VALUES])
    assert sorted(ROW_ORDER) == sorted(methods[10].index)
    c["ranks_table"] = claimlib.table(["method", "n = 10", "n = 30", "n = 100"], rows)
    for n in N_VALUES:
        c[f"friedman_p_{n}"] = sci(friedman[n].chi_square_p, 1)
    c["friedman_rejects"] = claimlib.Verdict([compared[n].friedman_test() for n in N_VALUES],
                                             names=["Friedman"])
    c["significant_pairs"] = claimlib.Verdict(claimlib.Test(
        "the pairs counted: Holm p <= alpha in the family", significant=True, alpha=alpha))

    # --- n = 10
    m10 = methods[10]
    laplacians = [m for m in m10.index if m.startswith("laplacian")]
    c["n10_lap_rank_low"] = fixed(m10.loc[laplacians, "average_rank"].min(), 2)
    c["n10_lap_rank_high"] = fixed(m10.loc[laplacians, "average_rank"].max(), 2)
    c["n10_none_rank"] = fixed(m10.loc["none", "average_rank"], 2)
    c["n10_variance_rank"] = fixed(m10.loc["variance", "average_rank"], 2)
    supervised = ["anova", "fisher", "mutual_info"]
    gaps = [m10.loc[s, "mean_accuracy"] - m10.loc[lap, "mean_accuracy"]
            for s in supervised for lap in laplacians]
    c["n10_lead_low"], c["n10_lead_high"] = points(min(gaps), 1), points(max(gaps), 1)
    c["n10_supervised_lead"] = claimlib.Verdict(
        [claimlib.Test(f"n = 10: mean accuracy of {s} against {short(lap)} (not tested)",
                       direction=int(m10.loc[s, "mean_accuracy"] > m10.loc[lap, "mean_accuracy"])
                       - int(m10.loc[s, "mean_accuracy"] < m10.loc[lap, "mean_accuracy"]))
         for s in supervised for lap in laplacians], names=["supervised", "Laplacian"])
    beaten = [lap for lap in laplacians if any(compared[10].test(s, lap).significant for s in supervised)]
    c["n10_supervised_significant_names"] = ", ".join(SHORT[lap] for lap in beaten)
    c["n10_supervised_significant"] = claimlib.Verdict(
        [compared[10].test(s, lap) for lap in beaten for s in supervised])
    c["n10_none_apart"] = claimlib.Verdict([compared[10].test(lap, "none") for lap in laplacians],
                                           names=["first columns"])
    significant = pd.concat([pairwise[n][pairwise[n].holm_significant & (pairwise[n].direction > 0)]
                             .assign(n=n) for n in N_VALUES])
    for row in significant.itertuples():  # the Bayesian column: the file's, checked by Monte Carlo
        compared[row.n].pair(*row.Index)
    c["significant"] = integer(len(significant))
    c["significant_n"] = ", ".join(sorted({integer(n) for n in significant.n}))
    c["significant_table"] = claimlib.table(
        ["n", "better", "worse", "wins / ties / losses (of 14)", "median difference",
         "Holm-adjusted p", "Bayesian P(better)"],
        [[integer(r.n), short(r.method), short(r.versus), f"{r.wins} / {r.ties} / {r.losses}",
          fixed(r.median_difference), general(r.holm_p, 2), fixed(r.bayes_p_better, 3)]
         for r in significant.sort_values(["n", "holm_p", "method"]).itertuples()])
    assert int(significant.wins.add(significant.ties).add(significant.losses).iloc[0]) == 14
    coin = compared[10].pair(HE_DTW, "none")
    c["coin_toss"] = claimlib.Verdict(compared[10].test(HE_DTW, "none"), names=["he2005/DTW", "none"])
    c["coin_wins"], c["coin_losses"] = integer(coin.wins), integer(coin.losses)
    c["coin_better"], c["coin_worse"] = fixed(coin.bayes_p_better, 2), fixed(coin.bayes_p_worse, 2)

    # --- n = 30
    p30 = pairwise[30]
    c["n30_significant"] = integer(int(p30.holm_significant.sum()) // 2)
    row = compared[30].pair("anova", HE_DTW)
    c["n30_anova_better"] = fixed(row.bayes_p_better, 3)
    c["n30_anova_wins"] = integer(row.wins)
    c["n30_anova_median"] = fixed(row.median_difference)

    # --- n = 100
    m100 = methods[100]
    assert m100.average_rank.idxmin() == HE_DTW
    c["n100_he_dtw_rank"] = fixed(m100.loc[HE_DTW, "average_rank"], 2)
    c["n100_he_dtw_acc"] = fixed(m100.loc[HE_DTW, "mean_accuracy"])
    c["n100_anova_acc"] = fixed(m100.loc["anova", "mean_accuracy"])
    p100 = pairwise[100]
    row = compared[100].pair(HE_DTW, "anova")
    c["n100_anova_median"] = fixed(row.median_difference)
    c["n100_anova_equivalent"] = fixed(row.bayes_p_equivalent, 2)
    c["n100_neither"] = claimlib.Verdict([compared[100].test(HE_DTW, v) for v in ("none", R_DTW)])
    c["n100_nemenyi"] = claimlib.Verdict(
        [claimlib.Test(f"n = 100: he2005/DTW vs {short(v)}, Nemenyi critical difference "
                       f"{compared[100].friedman.critical_difference:.2f}",
                       significant=bool(compared[100].pair(HE_DTW, v).nemenyi_significant),
                       alpha=alpha) for v in ("none", R_DTW)], names=["Nemenyi"])
    c["n100_report_behind"] = claimlib.Verdict(
        [compared[100].test(r, h) for r, h in ((R_DTW, HE_DTW), (R_NED, HE_NED))],
        names=["study's"])
    c["n100_weaker_tendency"] = claimlib.Verdict(
        [compared[100].test(r, h) for r, h in ((R_DTW, HE_DTW), (R_NED, HE_NED))],
        names=["literal-weight graph"])
    for versus, key in (("none", "none"), (R_DTW, "r_dtw")):
        row = compared[100].pair(HE_DTW, versus)
        c[f"n100_{key}_wins"] = integer(row.wins)
        c[f"n100_{key}_ties"] = integer(row.ties)
        c[f"n100_{key}_losses"] = integer(row.losses)
        c[f"n100_{key}_p"] = general(row.wilcoxon_p, 2)
        c[f"n100_{key}_better"] = fixed(row.bayes_p_better, 3)
        c[f"n100_{key}_holm"] = general(row.holm_p, 2)
    c["n100_significant"] = integer(int(p100.holm_significant.sum()) // 2)

    # --- DTW vs NED
    def rank_gap(n, variant):
        m = methods[n]
        return (m.loc[f"laplacian, variant={variant}, distance=dtw-w100-if500", "average_rank"]
                - m.loc[f"laplacian, variant={variant}, distance=ned", "average_rank"])
    he = {n: rank_gap(n, "he2005") for n in N_VALUES}
    c["he_dtw_better_at"] = ", ".join(integer(n) for n in N_VALUES if he[n] < 0)
    c["he_ned_better_at"] = ", ".join(integer(n) for n in N_VALUES if he[n] > 0)
    c["he_rank_gap_max"] = fixed(max(abs(v) for v in he.values()), 2)
    c["report_rank_gap_max"] = fixed(max(abs(rank_gap(n, "report2023")) for n in N_VALUES), 2)
    dtw_ned = [compared[n].test(f"laplacian, variant={variant}, distance=dtw-w100-if500",
                                f"laplacian, variant={variant}, distance=ned")
               for n in N_VALUES for variant in ("he2005", "report2023")]
    c["dtw_ned_min_holm"] = general(min(test.p for test in dtw_ned), 2)
    c["dtw_ned_pairs"] = integer(len(dtw_ned))
    c["dtw_ned_no_difference"] = claimlib.Verdict(dtw_ned, names=["DTW", "NED"])

    # --- optimism of the test-picked grid cell (as experiments/archive/archive_numbers.py)
    lap = results[results.selector == "laplacian"]
    keys = ["dataset", "variant", "distance", "n_features"]
    tuned = lap[lap.sigma_ratio == "tuned"].set_index(keys).accuracy
    grid = lap[lap.sigma_ratio != "tuned"].groupby(keys).accuracy.max()
    optimism = (grid - tuned).dropna()
    c["optimism_mean"] = points(optimism.mean(), 1)
    c["optimism_groups"] = integer(len(optimism))
    c["optimism_positive"] = integer((optimism > 0).sum())
    c["optimism_max"] = points(optimism.max(), 0)
    c["optimism_max_dataset"] = optimism.idxmax()[0]

    # --- caveats
    c["min_wilcoxon_p"] = sci(2 / 2 ** results.dataset.nunique(), 1)
    candidates = lap[lap.sigma_ratio != "tuned"][["k", "sigma_ratio"]].drop_duplicates()
    c["candidates"] = integer(len(candidates))
    tie_claims(c, folder, compared)
    duplicate_claims(c, folder)
    return c


def comparisons(c, folder, run=""):
    """The three comparisons of `folder` (one Holm family; `run`: the ties_last rerun), recomputed
    from its results.csv; the files' disagreements with the recomputation go to c.problems."""
    base = f"{folder}/{run}" if run else folder
    members = [f"{base}/comparison_n{n}" for n in N_VALUES]
    family = recompute.family(members, [base], problems=c.problems)
    return {n: family[member] for n, member in zip(N_VALUES, members)}


def report_group_effect():
    """What grouping duplicates changed in the report's 5x5 k-fold runs of WormsTwoClass (Fig. 5
    right's selectors): the low and high ends of the drop in mean accuracy, as that README states."""
    report = claimlib.load_script("results/report/claims.py")
    effect = Claims()
    report.duplicates_group_claims(effect, report.load("review_numbers"))
    return effect["group_drop_low"], effect["group_drop_high"]


def duplicate_claims(c, folder):
    """Identical series straddling the resamples' train/test splits (duplicates.csv), what the
    study did with them (`duplicates:`), and what is known of their effect."""
    duplicates = pd.read_csv(f"{folder}/duplicates.csv")
    with open(f"{folder}/spec.resolved.yaml", encoding="utf-8") as handle:
        handling = re.search(r"^duplicates: (\w+)", handle.read(), re.M).group(1)
    assert set(duplicates.handling) == {handling}
    c["dup_handling"] = handling
    assert (duplicates.mixed_label_groups == 0).all()
    affected = duplicates[duplicates.straddling_used > 0].sort_values("dataset")
    assert (affected.straddling_used == affected.straddling_protocol).all()
    c["dup_affected_count"] = integer(len(affected))
    c["dup_clean_count"] = integer((duplicates.duplicate_rows == 0).sum())
    assert set(duplicates[duplicates.duplicate_rows > 0].dataset) == set(affected.dataset)
    resamples = int(re.search(r"count=(\d+)", pd.read_csv(f"{folder}/results.csv").protocol.iloc[0])
                    .group(1))
    parts = []
    for row in affected.itertuples():
        test_rows = len(claimlib.ucr_labels(row.dataset, ("TEST",)))
        parts.append(f"{row.dataset} ({row.duplicate_rows} duplicated series in "
                     f"{row.duplicate_groups} group{'s' if row.duplicate_groups > 1 else ''}; "
                     f"{row.straddling_used} straddling copies over the {resamples} resamples, "
                     f"{fixed(row.straddling_used / resamples, 1)} per resample against "
                     f"{test_rows} test rows)")
    c["dup_affected"] = " and ".join(parts)
    c["dup_affected_names"] = " and ".join(affected.dataset)
    low, high = report_group_effect()
    c["dup_report_drop"] = f"{low} to {high}"
    c["dup_report_leak"] = claimlib.Verdict(claimlib.Test(
        "results/report: duplicates grouped against kept, WormsTwoClass, 5x5 k-fold, every curve "
        "(not tested: other folds)", lowered=float(low) > 0))
    effect = claimlib.grouping_effect(folder, f"{folder}/duplicates_group", list(affected.dataset))
    c["dup_group_methods"] = integer(effect.methods.max())
    c["dup_group_per_n"] = integer(effect.per_n.max())
    for dataset, row in effect.iterrows():
        name = dataset.lower()
        c[f"dup_group_{name}_lower"] = integer(row["lower"])
        c[f"dup_group_{name}_median"] = signed(row["median"], 3)
        c[f"dup_group_{name}_range"] = f"{signed(row['low'], 3)} to {signed(row['high'], 3)}"
        c[f"dup_group_{name}_tau"] = ", ".join(fixed(tau, 2) for tau in row["taus"])
    worms = effect.loc["WormsTwoClass"]
    assert worms["median"] < 0  # "optimistic"
    c["dup_group_wormstwoclass_points"] = points(-worms["median"], 1)
    arrowhead = affected.set_index("dataset").loc["ArrowHead"]
    c["dup_group_arrowhead_per_resample"] = fixed(arrowhead.straddling_used / resamples, 1)


def tie_claims(c, folder, first):
    """How many nested-CV choices were ties (tuned.csv's tied_candidates), and what the comparison
    gives when ties go to the last candidate instead (the rerun in ties_last/)."""
    tuned = pd.read_csv(f"{folder}/tuned.csv")
    assert set(tuned.ties) == {"first"}
    tied = tuned.assign(tie=tuned.tied_candidates > 1)
    c["tuned_folds"] = integer(len(tied) // 4)
    for (variant, distance), share in tied.groupby(["variant", "distance"]).tie.mean().items():
        name = short(distance)  # the share names its method: moving it to another fails
        c[f"tie_share_{variant}_{name.lower()}"] = (
            f"{percent(share)}%{' of them' if (variant, name) == ('report2023', 'DTW') else ''} for {variant}/{name}")
    c["tied_median"] = integer(tied.tied_candidates.median())
    last = pd.read_csv(f"{folder}/ties_last/tuned.csv")
    assert set(last.ties) == {"last"} and (last.tied_candidates == tuned.tied_candidates).all()
    last = comparisons(c, folder, "ties_last")
    for n in N_VALUES:
        c[f"ties_last_best_n{n}"] = short(last[n].methods.average_rank.idxmin())
        c[f"ties_first_best_n{n}"] = short(first[n].methods.average_rank.idxmin())
        c[f"ties_last_significant_n{n}"] = integer(int(last[n].pairwise.holm_significant.sum()) // 2)
    c["ties_last_significant_pairs"] = claimlib.Verdict(claimlib.Test(
        "ties_last: the pairs counted, Holm p <= alpha in its family", significant=True,
        alpha=last[10].alpha))
    c["ties_last_he_dtw_rank_n100"] = fixed(last[100].methods.loc[HE_DTW, "average_rank"], 2)
    c["ties_first_he_dtw_rank_n100"] = fixed(first[100].methods.loc[HE_DTW, "average_rank"], 2)


if __name__ == "__main__":
    claimlib.study_main(__file__, compute, ALLOW)
