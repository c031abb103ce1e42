"""The key figures of a `runner compare` comparison recomputed from the runs' results.csv with SciPy,
independently of the comparison tool, and checked against the files it wrote.

A README's conclusions rest on a comparison's pairwise.csv, methods.csv and friedman.csv. The claims
check does not take those files on trust: `recompute_family` collates the compared runs' results.csv
as `runner compare` is documented to (docs/comparing.md: --by, --where, a --family member's value
not applied to the runs beside, --tuned, --common-datasets; the settings read from the comparison's
procedure.csv), recomputes every figure with numpy and scipy.stats, and lists every disagreement
with the files (the datasets and methods of per_dataset.csv and left_out_datasets.csv, each
per-dataset score and rank, the average ranks and mean scores of methods.csv, friedman.csv, and for
every ordered pair of pairwise.csv the wins/ties/losses, mean and median difference, the Wilcoxon
statistic, p-value and method, the Holm p-value and decision, the Nemenyi decision; and that no bar
of cliques.csv joins a pair the recomputed clique test calls significant). The studies' claims then take these
recomputed values, so a README number agrees with the files only if both agree with SciPy.

The procedure (what `runner compare` declares in procedure.csv):

- Equal up to rounding: x and y are equal when |x - y| <= 1e-9 max(|x|, |y|). Each dataset's
  scores are snapped (sorted ascending, consecutive values equal under the bound chained into
  groups, every value of a group replaced by the group's smallest); ranks (1 = best, ties
  averaged), wins/ties/losses (|d| <= tie_margin (1 + 1e-9) is a tie), Friedman, Wilcoxon and the
  Bayesian test use the snapped scores. Mean scores (methods.csv) are of the scores as read.
- Friedman: scipy.stats.friedmanchisquare on the snapped scores (its tie correction);
  Iman-Davenport F = (N - 1) chi2 / (N (k - 1) - chi2), p from scipy.stats.f.
- Wilcoxon: d = snapped a - snapped b per dataset, its magnitudes |d| snapped the same way (signs
  kept); scipy.stats.wilcoxon(d, zero_method=procedure's, correction=False, SciPy 1.10's default
  method "auto": exact when n <= 50 and no zero difference, else the normal approximation); the
  larger p of wilcoxon(d) and wilcoxon(-d) (SciPy's exact test truncates a fractional rank sum, so
  the two orders can differ; tsfs keeps the conservative one). Debian's python3-scipy is 1.10.1,
  the version tsfs's conventions follow (src/statistics/wilcoxon.hpp).
- Holm (1979) step-down over every unordered pair with a p-value of all the family's members;
  significant when the adjusted p <= alpha.
- Bayesian signed-rank test (Benavoli et al. 2017, section 5.2): not recomputed draw for draw
  (tsfs draws from its own seeded generator); `bayes_check` estimates it by Monte Carlo with numpy's
  Dirichlet draws and flags a file value more than BAYES_TOLERANCE away.

Needs pandas, numpy and scipy (Debian: python3-pandas, python3-scipy).
"""

import math
import os
import re
import warnings

import numpy as np
import pandas as pd
from scipy import stats

ROUNDING_BOUND = 1e-9  # relative: |x - y| <= bound * max(|x|, |y|) is equality
MARGIN_SLACK = 1e-9  # relative widening of the tie margin
BAYES_SAMPLES = 20000
BAYES_TOLERANCE = 0.02  # about 4.5 Monte-Carlo standard errors of the two estimates together
SHOWN = 6  # disagreements listed per file and field before "... and N more"


# --- the rounding rule -----------------------------------------------------------------------
def equal_up_to_rounding(x, y):
    return abs(x - y) <= ROUNDING_BOUND * max(abs(x), abs(y))


def snap(values):
    """values with every chain of values equal up to rounding (sorted ascending, each within the
    bound of its predecessor) replaced by the chain's smallest value; NaN kept."""
    values = np.asarray(values, dtype=float)
    snapped = values.copy()
    order = [i for i in np.argsort(values, kind="stable") if not math.isnan(values[i])]
    for previous, current in zip(order, order[1:]):
        if equal_up_to_rounding(values[previous], values[current]):
            snapped[current] = snapped[previous]
    return snapped


def snap_magnitudes(values):
    """The same on |values|, the signs kept (zero stays zero)."""
    values = np.asarray(values, dtype=float)
    return np.copysign(snap(np.abs(values)), values)


# --- the tests -------------------------------------------------------------------------------
def wilcoxon(differences, zero_method):
    """(statistic, p, method, r_plus, r_minus) of tsfs's two-sided Wilcoxon signed-rank test of
    the (snapped) differences; (nan, nan, '', 0, 0) when no test is possible."""
    d = np.asarray(differences, dtype=float)
    nonzero = d[d != 0] if zero_method == "wilcox" else d
    if (d != 0).sum() == 0 and zero_method != "zsplit":
        return math.nan, math.nan, "", 0.0, 0.0
    method = "exact" if len(d) <= 50 and (d == 0).sum() == 0 else "normal"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        forward = stats.wilcoxon(d, zero_method=zero_method, correction=False)
        backward = stats.wilcoxon(-d, zero_method=zero_method, correction=False)
    ranks = stats.rankdata(np.abs(nonzero))
    r_plus = float(ranks[nonzero > 0].sum())
    r_minus = float(ranks[nonzero < 0].sum())
    if zero_method == "zsplit":
        half = float(ranks[nonzero == 0].sum()) / 2
        r_plus, r_minus = r_plus + half, r_minus + half
    return float(forward.statistic), max(float(forward.pvalue), float(backward.pvalue)), method, \
        r_plus, r_minus


def holm(p_values):
    """Holm-adjusted p-values (NaN stays NaN and is not counted)."""
    p = np.asarray(p_values, dtype=float)
    adjusted = p.copy()
    order = [i for i in np.argsort(p, kind="stable") if not math.isnan(p[i])]
    m = len(order)
    running = 0.0
    for position, index in enumerate(order):
        running = max(running, min(1.0, (m - position) * p[index]))
        adjusted[index] = running
    return adjusted


_DRAWS = {}


def dirichlet_draws(count, samples, seed):
    """Draws of Dirichlet(0.5, 1, ..., 1) weights over `count` points (normalised Gamma variates),
    the same for every pair of that size (each pair's estimate is then as good, and cheaper)."""
    key = (count, samples, seed)
    if key not in _DRAWS:
        rng = np.random.default_rng(seed)
        gammas = rng.standard_gamma(np.concatenate([[0.5], np.ones(count - 1)]), size=(samples, count))
        _DRAWS[key] = gammas / gammas.sum(axis=1, keepdims=True)
    return _DRAWS[key]


def bayes_signed_rank(differences, rope, samples=BAYES_SAMPLES, seed=0):
    """Monte-Carlo estimate of (P(a better), P(equivalent), P(b better)) of the Bayesian
    signed-rank test with a rope (Benavoli et al. 2017, section 5.2): weights
    w ~ Dirichlet(0.5, 1, ..., 1) over (z_0 = 0, z_1..z_n); masses of the Walsh averages
    z_i + z_j (i = j included) below -2r, within, above 2r (bounds widened by a relative 1e-9);
    each draw votes for its largest mass (ties split)."""
    z = np.concatenate([[0.0], np.asarray(differences, dtype=float)])
    limit = 2 * rope * (1 + MARGIN_SLACK)
    weights = dirichlet_draws(len(z), samples, seed)
    # z sorted: the partners j with z_i + z_j < -limit are a prefix, those above limit a suffix,
    # so each mass is a sum over i of w_i times a prefix sum of the sorted weights
    order = np.argsort(z, kind="stable")
    ordered = z[order]
    left_end = np.searchsorted(ordered, -limit - ordered, side="left")
    right_begin = np.searchsorted(ordered, limit - ordered, side="right")
    sorted_weights = weights[:, order]
    prefix = np.concatenate([np.zeros((samples, 1)), np.cumsum(sorted_weights, axis=1)], axis=1)
    mass_left = (sorted_weights * prefix[:, left_end]).sum(axis=1)
    mass_right = (sorted_weights * (prefix[:, -1:] - prefix[:, right_begin])).sum(axis=1)
    mass_rope = 1 - mass_left - mass_right
    masses = np.stack([mass_right, mass_rope, mass_left], axis=1)
    largest = masses.max(axis=1, keepdims=True)
    winners = np.isclose(masses, largest, rtol=0, atol=1e-15)
    votes = winners / winners.sum(axis=1, keepdims=True)
    better, equivalent, worse = votes.mean(axis=0)
    return float(better), float(equivalent), float(worse)


# --- reading a comparison's settings and runs --------------------------------------------------
def read_strings(path):
    return pd.read_csv(path, dtype=str, keep_default_na=False)


def procedure(folder):
    table = read_strings(f"{folder}/procedure.csv")
    return dict(zip(table.setting, table.value))


def leading_number(text):
    match = re.match(r"\s*([-+]?[0-9.]+(?:[eE][-+]?\d+)?)", text)
    return float(match.group(1)) if match else math.nan


class Settings:
    """The settings of one comparison, from its procedure.csv."""

    def __init__(self, folder):
        self.raw = procedure(folder)
        raw = self.raw
        self.metric = raw["metric"]
        self.by = [column.strip() for column in raw["by"].split(",") if column.strip()]
        self.beside = raw.get("beside", "").split()
        self.common = raw.get("common_datasets", "false").startswith("true")
        self.tuned = raw.get("tuned", "false").startswith("true")
        self.zero_method = raw["wilcoxon_zero_method"]
        self.tie_margin = float(raw.get("tie_margin", "0"))
        self.alpha = float(raw["alpha"])
        self.rope = float(raw.get("bayesian_rope", "nan"))
        self.family_tests = int(leading_number(raw.get("holm_family_tests", "nan"))) \
            if raw.get("holm_family_tests") else None
        family = re.search(r"comparisons at (\w+) = (.+?) together", raw.get("holm_family", ""))
        self.family_column = family.group(1) if family else None
        self.family_values = [v.strip() for v in re.split(r",|\band\b", family.group(2))
                              if v.strip()] if family else []
        self.where, self.family_where = {}, {}
        for condition in filter(None, (part.strip() for part in raw.get("where", "").split(","))):
            column, value = condition.split("=", 1)
            target = self.family_where if column == self.family_column else self.where
            target[column.strip()] = value.strip()
        self.rounding_bound = raw.get("rounding_bound")


def run_names(folders):
    """compare's run names: the last path components of each folder, as few as tell it apart."""
    parts = {folder: os.path.normpath(os.path.abspath(folder)).split(os.sep) for folder in folders}
    names = {}
    for folder, components in parts.items():
        for count in range(1, len(components) + 1):
            name = "/".join(components[-count:])
            if all("/".join(other[-count:]) != name for f, other in parts.items() if f != folder):
                names[folder] = name
                break
    return names


def method_label(values, by):
    label = [value if i == 0 else f"{by[i]}={value}" for i, value in enumerate(values) if value]
    return ", ".join(label) if label else "(none)"


def collate(settings, runs):
    """{(dataset, label): score} and the left-out datasets {dataset: reason}, from the runs'
    results.csv as compare collates them (a method in several runs averaged over them)."""
    names = run_names(runs)
    tables = {}
    for folder in runs:
        table = read_strings(f"{folder}/results.csv")
        keep = pd.Series(True, index=table.index)
        beside = names[folder] in settings.beside or os.path.basename(folder) in settings.beside
        conditions = dict(settings.where, **({} if beside else settings.family_where))
        for column, value in conditions.items():
            keep &= table[column] == value
        if settings.tuned and "selector" in table:
            tuned_row = (table == "tuned").any(axis=1)
            tuned_selectors = set(table.selector[tuned_row])
            keep &= ~table.selector.isin(tuned_selectors) | tuned_row
        table = table[keep].copy()
        table["run"] = names[folder]
        table["label"] = [method_label([row.get(column, "") if column in table else ""
                                        for column in settings.by], settings.by)
                          for row in table.to_dict("records")]
        tables[folder] = table
    left_out = {}
    if settings.common:
        every = sorted(set().union(*(set(t.dataset) for t in tables.values())))
        by_method = {}
        for table in tables.values():
            for label, group in table.groupby("label", sort=False):
                by_method.setdefault(label, (set(), group.run.iloc[0]))[0].update(group.dataset)
        for dataset in every:
            for folder, table in tables.items():
                if dataset not in set(table.dataset):
                    left_out[dataset] = f"no row in run {names[folder]}"
                    break
            else:
                for label, (datasets, run) in by_method.items():
                    if dataset not in datasets:
                        left_out[dataset] = f"no row of method '{label}' in run {run}"
                        break
        for folder in tables:
            tables[folder] = tables[folder][~tables[folder].dataset.isin(left_out)]
    values = {}
    for table in tables.values():
        for (dataset, label), group in table.groupby(["dataset", "label"], sort=False):
            if len(group) != 1:
                raise ValueError(f"{label} has {len(group)} rows for {dataset} in run "
                                 f"{group.run.iloc[0]}: the comparison would be refused")
            values.setdefault((dataset, label), []).append(float(group[settings.metric].iloc[0]))
    return {key: sum(v) / len(v) for key, v in values.items()}, left_out


# --- one comparison ----------------------------------------------------------------------------
class Recomputed:
    """One comparison recomputed: `scores` (datasets x methods, as read), `snapped`, `methods`
    (average_rank, mean_<metric>, indexed by label), `friedman` (a Series as friedman.csv's row),
    `pairwise` (every ordered pair, indexed by (method, versus), pairwise.csv's columns plus
    r_plus, r_minus and direction: +1 when the method's rank sum is the larger)."""

    def __init__(self, folder, runs):
        self.folder = folder
        self.settings = Settings(folder)
        values, self.left_out = collate(self.settings, runs)
        frame = pd.Series(values).unstack()
        if frame.isna().any().any():
            missing = [f"{m} on {d}" for d in frame.index for m in frame.columns if pd.isna(frame.loc[d, m])]
            raise ValueError(f"{folder}: no score for {', '.join(missing[:5])}: compare would refuse "
                             "these runs (--common-datasets?)")
        self.scores = frame
        self.snapped = frame.apply(lambda row: pd.Series(snap(row.values), index=row.index), axis=1)
        self.labels = list(frame.columns)
        ranks = self.snapped.apply(lambda row: pd.Series(stats.rankdata(-row.values), index=row.index),
                                   axis=1)
        self.ranks = ranks
        self.methods = pd.DataFrame({"average_rank": ranks.mean(axis=0),
                                     f"mean_{self.settings.metric}": frame.mean(axis=0)})
        n, k = frame.shape
        chi_square, chi_p = (stats.friedmanchisquare(*[self.snapped[c].values for c in self.labels])
                             if k >= 3 else (math.nan, math.nan))
        denominator = n * (k - 1) - chi_square
        f_value = (n - 1) * chi_square / denominator if denominator > 0 else math.inf
        self.friedman = pd.Series({
            "datasets": n, "methods": k, "chi_square": chi_square, "chi_square_df": k - 1,
            "chi_square_p": chi_p, "iman_davenport_f": f_value,
            "iman_davenport_p": stats.f.sf(f_value, k - 1, (k - 1) * (n - 1)),
            "alpha": self.settings.alpha})
        # Nemenyi: CD = q_alpha sqrt(k (k + 1) / (6 N)), q_alpha the studentized range quantile
        # (infinite df) / sqrt(2) (Demsar 2006)
        q_alpha = stats.studentized_range.ppf(1 - self.settings.alpha, k, np.inf) / math.sqrt(2)
        self.friedman["nemenyi_q_alpha"] = q_alpha
        self.friedman["critical_difference"] = q_alpha * math.sqrt(k * (k + 1) / (6 * n))
        rows = []
        margin = self.settings.tie_margin * (1 + MARGIN_SLACK)
        for a in self.labels:
            for b in self.labels:
                if a == b:
                    continue
                d = snap_magnitudes(self.snapped[a].values - self.snapped[b].values)
                statistic, p, method, r_plus, r_minus = wilcoxon(d, self.settings.zero_method)
                ties = int((np.abs(d) <= margin).sum())
                wins = int(((np.abs(d) > margin) & (d > 0)).sum())
                rows.append({"method": a, "versus": b, "mean_difference": float(d.mean()),
                             "wins": wins, "ties": ties, "losses": len(d) - wins - ties,
                             "wilcoxon_statistic": statistic, "wilcoxon_p": p,
                             "wilcoxon_method": method, "median_difference": float(np.median(d)),
                             "average_rank_difference": ranks[a].mean() - ranks[b].mean(),
                             "nemenyi_significant": bool(abs(ranks[a].mean() - ranks[b].mean())
                                                         >= self.friedman.critical_difference),
                             "r_plus": r_plus, "r_minus": r_minus,
                             "direction": int(np.sign(r_plus - r_minus))})
        self.pairwise = pd.DataFrame(rows).set_index(["method", "versus"])

    def differences(self, a, b):
        return snap_magnitudes(self.snapped[a].values - self.snapped[b].values)


def recompute_family(members, runs):
    """Recompute the comparisons `members` (folders) of one Holm family from the run folders
    `runs`; returns ({folder: Recomputed}, problems). Holm runs over the unordered pairs of all
    members together; each member's pairwise gets holm_p and holm_significant."""
    recomputed = {folder: Recomputed(folder, runs) for folder in members}
    problems = []
    p_values = []
    for folder, r in recomputed.items():
        for (a, b), row in r.pairwise.iterrows():
            if a < b:
                p_values.append((folder, a, b, row.wilcoxon_p))
    adjusted = holm([p for *_, p in p_values])
    tested = int(sum(not math.isnan(p) for *_, p in p_values))
    holm_of = {}  # (folder, method, versus) -> the pair's adjusted p, both orders
    for (folder, a, b, _), value in zip(p_values, adjusted):
        holm_of[(folder, a, b)] = holm_of[(folder, b, a)] = value
    for folder, r in recomputed.items():
        r.pairwise["holm_p"] = [holm_of.get((folder, a, b), math.nan) for a, b in r.pairwise.index]
    for folder, r in recomputed.items():
        r.pairwise["holm_significant"] = r.pairwise.holm_p <= r.settings.alpha  # NaN: False
        r.family_tests = tested
    first = next(iter(recomputed.values())).settings
    if len(members) > 1 or first.family_column:
        values = sorted(r.settings.family_where.get(first.family_column, "") for r in recomputed.values())
        if sorted(first.family_values) != values:
            problems.append(f"{members[0]}/procedure.csv: holm_family names the comparisons at "
                            f"{first.family_column} = {', '.join(first.family_values)}, the family "
                            f"checked is {', '.join(values)}")
    for folder, r in recomputed.items():
        problems += compare_with_files(r)
    return recomputed, problems


# --- the comparison's own files against the recomputation ---------------------------------------
def close(x, y, relative=1e-9, absolute=1e-12):
    if isinstance(x, str) or isinstance(y, str):
        return str(x) == str(y)
    if (x is None or math.isnan(x)) and (y is None or math.isnan(y)):
        return True
    if x is None or y is None or math.isnan(x) or math.isnan(y):
        return False
    return abs(x - y) <= max(absolute, relative * max(abs(x), abs(y)))


def listed(where, what, differences,
           verb="differs from the recomputation (SciPy on the runs' results.csv, rounding ties)"):
    """One problem line per file and field: up to SHOWN of the entries, then a count."""
    if not differences:
        return []
    shown = "; ".join(differences[:SHOWN])
    more = f"; ... and {len(differences) - SHOWN} more" if len(differences) > SHOWN else ""
    return [f"{where}: {what} {verb} in {len(differences)} "
            f"entr{'y' if len(differences) == 1 else 'ies'}: {shown}{more}"]


def number(value):
    if isinstance(value, str):
        return value
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value)).lower()
    if isinstance(value, (int, np.integer)) or (isinstance(value, float) and value.is_integer()
                                                  and abs(value) < 1e15):
        return str(int(value))
    return f"{value:.6g}"


def compare_with_files(r):
    folder, problems = r.folder, []
    settings = r.settings
    per_dataset = pd.read_csv(f"{folder}/per_dataset.csv", keep_default_na=False,
                              dtype={"dataset": str, "method": str})
    file_methods = list(dict.fromkeys(per_dataset.method))
    file_datasets = list(dict.fromkeys(per_dataset.dataset))
    if set(file_methods) != set(r.labels):
        problems.append(f"{folder}/per_dataset.csv: methods {sorted(set(file_methods) ^ set(r.labels))} "
                        "are in one of the file and the recomputation only")
    if set(file_datasets) != set(r.scores.index):
        problems.append(f"{folder}/per_dataset.csv: datasets "
                        f"{sorted(set(file_datasets) ^ set(r.scores.index))} are in one of the file "
                        "and the recomputation only")
    if problems:
        return problems
    if settings.common:
        left = pd.read_csv(f"{folder}/left_out_datasets.csv", dtype=str)
        if set(left.dataset) != set(r.left_out):
            problems.append(f"{folder}/left_out_datasets.csv: {sorted(left.dataset)}, recomputed "
                            f"{sorted(r.left_out)}")
    score_diffs, rank_diffs = [], []
    for row in per_dataset.itertuples():
        value = r.scores.at[row.dataset, row.method]
        if not close(float(getattr(row, settings.metric)), value, 1e-12):
            score_diffs.append(f"{row.dataset}, {row.method}: {number(getattr(row, settings.metric))} "
                               f"against results.csv's {number(value)}")
        if not close(float(row.rank), r.ranks.at[row.dataset, row.method], 0, 1e-9):
            rank_diffs.append(f"{row.dataset}, {row.method}: rank {number(float(row.rank))}, "
                              f"recomputed {number(r.ranks.at[row.dataset, row.method])}")
    problems += listed(f"{folder}/per_dataset.csv", settings.metric, score_diffs)
    problems += listed(f"{folder}/per_dataset.csv", "rank", rank_diffs)
    methods = pd.read_csv(f"{folder}/methods.csv").set_index("method")
    for column, relative, absolute in (("average_rank", 0, 1e-9),
                                       (f"mean_{settings.metric}", 1e-12, 1e-15)):
        diffs = [f"{label}: {number(methods.loc[label, column])}, recomputed "
                 f"{number(r.methods.loc[label, column])}"
                 for label in r.labels
                 if not close(methods.loc[label, column], r.methods.loc[label, column], relative, absolute)]
        problems += listed(f"{folder}/methods.csv", column, diffs)
    friedman = pd.read_csv(f"{folder}/friedman.csv").iloc[0]
    diffs = []
    for column, relative in (("datasets", 0), ("methods", 0), ("chi_square", 1e-9),
                             ("chi_square_p", 1e-6), ("iman_davenport_f", 1e-9),
                             ("iman_davenport_p", 1e-6), ("nemenyi_q_alpha", 1e-6),
                             ("critical_difference", 1e-6)):
        if not close(float(friedman[column]), float(r.friedman[column]), relative, 1e-300):
            diffs.append(f"{column} {number(float(friedman[column]))}, recomputed "
                         f"{number(float(r.friedman[column]))}")
    problems += listed(f"{folder}/friedman.csv", "the Friedman test", diffs)
    file_pairs = pd.read_csv(f"{folder}/pairwise.csv", keep_default_na=False,
                             na_values={"wilcoxon_p": [""], "holm_p": [""], "wilcoxon_statistic": [""]})
    file_pairs = file_pairs.set_index(["method", "versus"])
    if set(file_pairs.index) != set(r.pairwise.index):
        return problems + [f"{folder}/pairwise.csv: its pairs are not the recomputed methods' pairs"]
    fields = [("wins/ties/losses", lambda t: f"{int(t.wins)}/{int(t.ties)}/{int(t.losses)}", None),
              ("mean_difference", lambda t: float(t.mean_difference), (1e-9, 1e-12)),
              ("median_difference", lambda t: float(t.median_difference), (1e-9, 1e-12)),
              ("wilcoxon_statistic", lambda t: float(t.wilcoxon_statistic), (0, 1e-9)),
              ("wilcoxon_p", lambda t: float(t.wilcoxon_p), (1e-6, 1e-300)),
              ("wilcoxon_method", lambda t: str(t.wilcoxon_method or ""), None),
              ("holm_p", lambda t: float(t.holm_p), (1e-6, 1e-300)),
              ("holm_significant", lambda t: str(t.holm_significant).lower() == "true", None),
              ("average_rank_difference", lambda t: float(t.average_rank_difference), (0, 1e-9)),
              ("nemenyi_significant", lambda t: str(t.nemenyi_significant).lower() == "true", None)]
    # Each pair's row of either table, read once (a row per .loc lookup took most of the check).
    theirs_of = dict(zip(file_pairs.index, file_pairs.itertuples(index=False)))
    mine_of = list(zip(r.pairwise.index, r.pairwise.itertuples(index=False)))
    for name, get, tolerance in fields:
        diffs = []
        for (a, b), mine in mine_of:
            x, y = get(theirs_of[(a, b)]), get(mine)
            same = close(x, y, *tolerance) if tolerance else x == y
            if not same:
                diffs.append(f"{a} vs {b}: {number(x)}, recomputed {number(y)}")
        problems += listed(f"{folder}/pairwise.csv", name, diffs)
    if os.path.exists(f"{folder}/cliques.csv"):  # no bar of the CD diagram joins a significant pair
        column = "nemenyi_significant" if settings.raw.get("cd_cliques") == "nemenyi" else "holm_significant"
        joined = []
        for bar in pd.read_csv(f"{folder}/cliques.csv", dtype=str).itertuples():
            members = bar.methods.split("; ")
            unknown = [m for m in members if m not in r.labels]
            if unknown:
                joined.append(f"bar {bar.bar}: unknown methods {unknown}")
                continue
            joined += [f"bar {bar.bar} joins {a} and {b}" for i, a in enumerate(members)
                       for b in members[i + 1:] if r.pairwise.loc[(a, b), column]]
        problems += listed(f"{folder}/cliques.csv", "the bars", joined,
                           f"join pairs the recomputed clique test calls significant ({column})")
    if settings.family_tests is not None and settings.family_tests != r.family_tests:
        problems.append(f"{folder}/procedure.csv: holm_family_tests {settings.family_tests}, "
                        f"recomputed {r.family_tests}")
    if int(leading_number(settings.raw.get("datasets", "nan"))) != len(r.scores.index):
        problems.append(f"{folder}/procedure.csv: datasets {settings.raw.get('datasets')}, "
                        f"recomputed {len(r.scores.index)}")
    if settings.rounding_bound is not None and not close(leading_number(settings.rounding_bound),
                                                         ROUNDING_BOUND, 1e-12):
        problems.append(f"{folder}/procedure.csv: rounding_bound {settings.rounding_bound}, the "
                        f"recomputation's {ROUNDING_BOUND}")
    return problems


def bayes_check(r, a, b, file_row, problems, samples=BAYES_SAMPLES):
    """The file's Bayesian probabilities of (a, b) against a Monte-Carlo estimate of the same
    test on the recomputed differences; a problem when one is more than BAYES_TOLERANCE away."""
    better, equivalent, worse = bayes_signed_rank(r.differences(a, b), r.settings.rope, samples)
    stated = (float(file_row.bayes_p_better), float(file_row.bayes_p_equivalent),
              float(file_row.bayes_p_worse))
    if any(abs(x - y) > BAYES_TOLERANCE for x, y in zip(stated, (better, equivalent, worse))):
        problems.append(f"{r.folder}/pairwise.csv: {a} vs {b}: Bayesian P(better, equivalent, "
                        f"worse) = {', '.join(f'{x:.3f}' for x in stated)}, a Monte-Carlo estimate "
                        f"of the same test ({samples} draws) gives "
                        f"{better:.3f}, {equivalent:.3f}, {worse:.3f}")
    return better, equivalent, worse


# --- a comparison as a study's claims read it -----------------------------------------------------
class Member:
    """One recomputed comparison with its methods renamed by `key` (a study's short names): `methods`
    (average_rank, mean_accuracy), `pairwise` (the recomputed columns, plus the file's Bayesian
    probabilities, checked by Monte Carlo when a pair is read), `friedman`, and `test(a, b)`: the
    claimlib.Test of a pair for a verdict. Disagreements found go to `problems`."""

    def __init__(self, recomputed, key=lambda label: label, problems=None):
        self.recomputed = r = recomputed
        self.problems = problems if problems is not None else []
        self.alpha = r.settings.alpha
        self.key = key
        self.label = {key(label): label for label in r.labels}
        metric = r.settings.metric
        self.methods = r.methods.rename(columns={f"mean_{metric}": "mean_accuracy"})
        self.methods.index = [key(label) for label in self.methods.index]
        self.methods["method"] = [self.label[k] for k in self.methods.index]
        files = pd.read_csv(f"{r.folder}/pairwise.csv").set_index(["method", "versus"])
        pairwise = r.pairwise.copy()
        for column in ("bayes_p_better", "bayes_p_equivalent", "bayes_p_worse"):
            of_pair = dict(zip(files.index, files[column]))
            pairwise[column] = [of_pair[index] for index in pairwise.index]
        pairwise = pairwise.reset_index()
        pairwise["a"], pairwise["b"] = pairwise.method.map(key), pairwise.versus.map(key)
        self.pairwise = pairwise.set_index(["a", "b"])
        self.friedman = r.friedman
        self.checked = set()

    def pair(self, a, b):
        row = self.pairwise.loc[(a, b)]
        if (a, b) not in self.checked:
            self.checked.add((a, b))
            bayes_check(self.recomputed, self.label[a], self.label[b], row, self.problems)
        return row

    def rank(self, method):
        return self.methods.loc[method, "average_rank"]

    def test(self, a, b, what=None):
        import claimlib
        row = self.pair(a, b)
        where = os.path.basename(self.recomputed.folder)
        return claimlib.Test(what or f"{where}: {a} vs {b}, Holm-adjusted Wilcoxon",
                             significant=bool(row.holm_significant), direction=int(row.direction),
                             p=float(row.holm_p), alpha=self.alpha, better=float(row.bayes_p_better),
                             equivalent=float(row.bayes_p_equivalent), worse=float(row.bayes_p_worse))

    def friedman_test(self):
        import claimlib
        return claimlib.Test(f"{os.path.basename(self.recomputed.folder)}: Friedman",
                             significant=self.friedman.chi_square_p <= self.alpha,
                             p=float(self.friedman.chi_square_p), alpha=self.alpha)


def family(members, runs, key=lambda label: label, problems=None):
    """{member folder: Member} of one Holm family, the recomputation's disagreements with the
    files appended to `problems`."""
    recomputed, found = recompute_family(members, runs)
    if problems is not None:
        problems += found
    return {folder: Member(r, key, problems) for folder, r in recomputed.items()}
