#!/usr/bin/env python3
"""Paired comparison of two curves of a k-fold run over the same folds (from its folds.csv).

  experiments/report/paired.py FOLDS_CSV[.gz] --a FILTER --b FILTER [--where FILTER]
                               [--n-features LOW-HIGH] [--metric accuracy|balanced_accuracy]

FILTER is `column=value[,column=value...]` on folds.csv's columns (e.g. `distance=ned,
variant=report2023`; `selector=anova`); `column=LOW..HIGH` keeps numeric values in [LOW, HIGH]
(e.g. `sigma_ratio=0.1..1`). For every (repeat, fold), each curve's metric is averaged
over its cells with n_features in [LOW, HIGH] (all by default), and the difference A - B is taken
fold by fold. Printed: the number of folds, both means, the mean paired difference with its
standard error and a 95% t interval, the same interval with Nadeau and Bengio's (2003) corrected
variance (1/J + n_test/n_train) s^2, which accounts for the overlap of the training sets of
repeated cross-validation, the counts of folds where A wins, loses and ties, and the exact
two-sided Wilcoxon signed-rank p-value (zero differences dropped, ties given average ranks;
exact conditional on those ranks), and the two-sided p of the corrected resampled t-test (the
mean difference over its Nadeau-Bengio standard error, t with folds - 1 degrees of freedom).
compare(), paired() and holm() are imported by results/report/claims.py. Standard library only.
"""

import argparse
import collections
import csv
import gzip
import math
import statistics
import sys


def parse_filter(text):
    conditions = {}
    for part in filter(None, (text or "").split(",")):
        column, separator, value = part.partition("=")
        if not separator:
            sys.exit(f"paired: `{part}` is not column=value")
        conditions[column.strip()] = value.strip()
    return conditions


def parse_range(text):
    if not text:
        return -math.inf, math.inf
    low, _, high = text.partition("-")
    return int(low), int(high or low)


def read_folds(path):
    opener = gzip.open if path.endswith(".gz") else open
    try:
        with opener(path, "rt", newline="") as handle:
            return list(csv.DictReader(handle))
    except OSError as error:
        sys.exit(f"paired: cannot read {path}: {error}")


def matches(row, conditions):
    for column, wanted in conditions.items():
        value = row.get(column)
        low, separator, high = wanted.partition("..")
        if separator:
            if not value or not float(low) <= float(value) <= float(high):
                return False
        elif value != wanted:
            return False
    return True


def per_fold_means(rows, conditions, n_range, metric):
    """{(repeat, fold): mean metric over the matching cells}, and (n_train, n_test) per fold."""
    values, sizes = collections.defaultdict(list), {}
    for row in rows:
        if not matches(row, conditions) or not n_range[0] <= int(row["n_features"]) <= n_range[1]:
            continue
        key = (int(row["repeat"]), int(row["fold"]))
        values[key].append(float(row[metric]))
        sizes[key] = (int(row["n_train"]), int(row["n_test"]))
    cells = {len(v) for v in values.values()}
    if len(cells) > 1:
        sys.exit(f"paired: {conditions} matches different numbers of cells per fold: {cells}")
    return {key: statistics.mean(v) for key, v in values.items()}, sizes


# --- Student t quantile (regularised incomplete beta by Lentz's continued fraction) ------------
def incomplete_beta(a, b, x):
    if x <= 0.0 or x >= 1.0:
        return 0.0 if x <= 0.0 else 1.0
    if x > (a + 1) / (a + b + 2):
        return 1.0 - incomplete_beta(b, a, 1.0 - x)
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) +
                     a * math.log(x) + b * math.log1p(-x)) / a
    tiny, c, d = 1e-300, 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 300):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return front * result


def t_quantile(probability, degrees):
    """Quantile of Student's t by bisection on its CDF (probability > 0.5)."""
    def cdf(t):
        return 1.0 - 0.5 * incomplete_beta(degrees / 2, 0.5, degrees / (degrees + t * t))
    low, high = 0.0, 100.0
    for _ in range(200):
        middle = (low + high) / 2
        low, high = (middle, high) if cdf(middle) < probability else (low, middle)
    return (low + high) / 2


# --- exact Wilcoxon signed-rank ----------------------------------------------------------------
def average_ranks(magnitudes):
    order = sorted(range(len(magnitudes)), key=lambda i: magnitudes[i])
    ranks = [0.0] * len(magnitudes)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and magnitudes[order[end + 1]] == magnitudes[order[start]]:
            end += 1
        for position in range(start, end + 1):
            ranks[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return ranks


def wilcoxon(differences):
    """(W+, exact two-sided p) over the nonzero differences; ranks doubled to stay integral."""
    nonzero = [d for d in differences if d != 0]
    if not nonzero:
        return 0.0, 1.0
    doubled = [round(2 * rank) for rank in average_ranks([abs(d) for d in nonzero])]
    counts = {0: 1}  # ways to reach each doubled rank sum with random signs
    for rank in doubled:
        updated = collections.Counter(counts)
        for total, ways in counts.items():
            updated[total + rank] += ways
        counts = updated
    observed = sum(rank for rank, d in zip(doubled, nonzero) if d > 0)
    total_ways = 2 ** len(nonzero)
    lower = sum(ways for total, ways in counts.items() if total <= observed) / total_ways
    upper = sum(ways for total, ways in counts.items() if total >= observed) / total_ways
    return observed / 2, min(1.0, 2 * min(lower, upper))


def t_two_sided_p(t, degrees):
    """Two-sided p-value of Student's t statistic."""
    return incomplete_beta(degrees / 2, 0.5, degrees / (degrees + t * t)) if t else 1.0


def compare(a_means, b_means, sizes):
    """The paired statistics of A - B over the folds both curves hold (a dict): folds, mean_a,
    mean_b, mean (of the differences), standard_error, t_low/t_high (95% t interval),
    nb_low/nb_high (the same with Nadeau and Bengio's corrected variance), nb_p (two-sided p of
    the corrected resampled t-test), wins, losses, ties, w_plus and wilcoxon_p."""
    keys = sorted(set(a_means) & set(b_means))
    if len(keys) < 2:
        sys.exit("paired: fewer than two folds hold both curves; check the filters")
    differences = [a_means[key] - b_means[key] for key in keys]
    mean = statistics.mean(differences)
    deviation = statistics.stdev(differences)
    quantile = t_quantile(0.975, len(keys) - 1)
    standard_error = deviation / math.sqrt(len(keys))
    n_train, n_test = (statistics.mean(sizes[key][i] for key in keys) for i in (0, 1))
    corrected = deviation * math.sqrt(1 / len(keys) + n_test / n_train)
    w_plus, p_value = wilcoxon(differences)
    wins = sum(d > 0 for d in differences)
    losses = sum(d < 0 for d in differences)
    return dict(folds=len(keys), mean_a=statistics.mean(a_means[k] for k in keys),
                mean_b=statistics.mean(b_means[k] for k in keys), mean=mean,
                standard_error=standard_error, t_low=mean - quantile * standard_error,
                t_high=mean + quantile * standard_error, nb_low=mean - quantile * corrected,
                nb_high=mean + quantile * corrected,
                nb_p=t_two_sided_p(mean / corrected, len(keys) - 1) if corrected else
                (1.0 if mean == 0 else 0.0),
                wins=wins, losses=losses, ties=len(keys) - wins - losses, w_plus=w_plus,
                wilcoxon_p=p_value)


def paired(rows, a, b, where="", n_features="", metric="accuracy"):
    """compare() of two curves given as the command line's filters (rows: read_folds())."""
    n_range = parse_range(n_features)
    common = parse_filter(where)
    a_means, sizes = per_fold_means(rows, {**common, **parse_filter(a)}, n_range, metric)
    b_means, _ = per_fold_means(rows, {**common, **parse_filter(b)}, n_range, metric)
    return compare(a_means, b_means, sizes)


def holm(p_values):
    """Holm's step-down adjusted p-values, in the order given."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted, running = [0.0] * len(p_values), 0.0
    for position, index in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - position) * p_values[index]))
        adjusted[index] = running
    return adjusted


def report(a_means, b_means, sizes, arguments):
    r = compare(a_means, b_means, sizes)
    print(f"A = {arguments.a}  B = {arguments.b}  where {arguments.where or '-'}  n_features "
          f"{arguments.n_features or 'all'}  metric {arguments.metric}")
    print(f"folds {r['folds']}: mean A {r['mean_a']:.4f}, mean B {r['mean_b']:.4f}")
    print(f"paired difference A - B: {r['mean']:+.4f}, standard error {r['standard_error']:.4f}, "
          f"95% interval [{r['t_low']:+.4f}, {r['t_high']:+.4f}]; Nadeau-Bengio corrected "
          f"[{r['nb_low']:+.4f}, {r['nb_high']:+.4f}], corrected t-test p = {r['nb_p']:.3g}")
    print(f"A better in {r['wins']} folds, worse in {r['losses']}, tied in {r['ties']}; "
          f"Wilcoxon signed-rank W+ = {r['w_plus']:g}, exact two-sided p = {r['wilcoxon_p']:.3g}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folds")
    parser.add_argument("--a", required=True, help="filter of curve A")
    parser.add_argument("--b", required=True, help="filter of curve B")
    parser.add_argument("--where", default="", help="filter applied to both")
    parser.add_argument("--n-features", default="", help="LOW-HIGH, inclusive")
    parser.add_argument("--metric", default="accuracy", choices=["accuracy", "balanced_accuracy"])
    arguments = parser.parse_args()
    rows = read_folds(arguments.folds)
    n_range = parse_range(arguments.n_features)
    common = parse_filter(arguments.where)
    a_means, sizes = per_fold_means(rows, {**common, **parse_filter(arguments.a)}, n_range,
                                    arguments.metric)
    b_means, _ = per_fold_means(rows, {**common, **parse_filter(arguments.b)}, n_range,
                                arguments.metric)
    report(a_means, b_means, sizes, arguments)


if __name__ == "__main__":
    main()
