#!/usr/bin/python3
"""Reference values for tsfs's statistics (src/statistics/), from SciPy 1.10 (Debian bookworm's
python3-scipy 1.10.1) and statsmodels 0.13 (python3-statsmodels, Holm's correction).

Run from this folder: `/usr/bin/python3 make_reference.py` (Debian's Python, which has the packages). It writes the inputs and the expected outputs
as CSV (values with 17 significant digits, so they read back to the identical doubles); the
doctest suites in tests/statistics/ read them and compare.

Cases are drawn with a fixed NumPy seed. Accuracy-like samples (multiples of 1/m) make ties and
zero differences common, as in real comparisons of classifiers.
"""
import csv
import warnings

import numpy as np
import scipy
import scipy.stats as stats

try:
    from statsmodels.stats.multitest import multipletests
except ImportError:  # pragma: no cover - the script documents its dependency
    raise SystemExit("needs python3-statsmodels (Holm reference)")

assert scipy.__version__.startswith("1.10"), scipy.__version__
warnings.simplefilter("ignore")  # SciPy warns when it switches to the normal approximation
rng = np.random.default_rng(20240601)


def number(value):
    return "nan" if np.isnan(value) else repr(float(value))


def write(name, header, rows):
    with open(name, "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)


def quantised(size, steps):
    """Accuracy-like values: multiples of 1/steps in [0.5, 1]."""
    return np.round(rng.uniform(0.5, 1.0, size) * steps) / steps


def rankdata_cases():
    cases = [np.array([3.0]), np.array([2.0, 2.0, 2.0]), np.array([1.0, 3.0, 2.0, 3.0, 1.0, 5.0])]
    cases += [rng.normal(size=n) for n in (5, 17, 40)]
    cases += [quantised(n, 10) for n in (8, 25, 60)]
    rows = []
    for case, values in enumerate(cases):
        ranks = stats.rankdata(values)  # method="average"
        rows += [[case, i, number(v), number(r)] for i, (v, r) in enumerate(zip(values, ranks))]
    write("rankdata.csv", ["case", "index", "value", "rank"], rows)


def friedman_cases():
    shapes = [(3, 3), (5, 3), (10, 4), (16, 7), (30, 5), (12, 10), (8, 3), (25, 12)]
    inputs, outputs = [], []
    for case, (datasets, methods) in enumerate(shapes):
        if case % 2 == 0:
            scores = rng.normal(size=(datasets, methods)) + np.linspace(0, 1, methods)
        else:
            scores = quantised((datasets, methods), 20)  # many ties within rows
        if case == 6:
            scores[:] = np.arange(methods)  # identical ranking on every dataset: F = inf
        chi_square, p_value = stats.friedmanchisquare(*scores.T)
        n, k = datasets, methods
        denominator = n * (k - 1) - chi_square
        f = (n - 1) * chi_square / denominator if denominator > 0 else np.inf
        f_p = stats.f.sf(f, k - 1, (k - 1) * (n - 1))
        outputs.append([case, n, k, number(chi_square), number(p_value), number(f),
                        number(f_p)])
        inputs += [[case, d, m, number(scores[d, m])] for d in range(n) for m in range(k)]
    write("friedman_input.csv", ["case", "dataset", "method", "score"], inputs)
    write("friedman.csv",
          ["case", "datasets", "methods", "chi_square", "chi_square_p", "iman_davenport_f",
           "iman_davenport_p"], outputs)


def wilcoxon_cases():
    """(x, y) pairs covering each branch of scipy.stats.wilcoxon's defaults."""
    cases = []
    for n in (5, 9, 20, 50):  # continuous: exact, no ties
        cases.append((rng.normal(size=n) + 0.3, rng.normal(size=n)))
    for n in (7, 30, 50):  # quantised without zeros: exact with tied |d| (r+ truncated)
        x = quantised(n, 20)
        y = x + rng.choice([-0.1, -0.05, 0.05, 0.1, 0.15], size=n)
        cases.append((x, y))
    for n in (6, 15, 40):  # zeros: normal approximation after dropping them
        x = quantised(n, 10)
        cases.append((x, np.where(rng.random(n) < 0.3, x, quantised(n, 10))))
    for n in (51, 80):  # above 50 pairs: normal approximation
        cases.append((rng.normal(size=n), rng.normal(size=n) + 0.2))
    cases.append((quantised(120, 10), quantised(120, 10)))  # many ties and zeros
    x = rng.normal(size=10)
    cases.append((x, x - np.arange(1, 11) * 0.01))  # all differences positive: extreme p
    x = np.arange(1.0, 9.0)
    cases.append((x, x[::-1].copy()))  # r+ at the centre of the distribution: p = 1
    inputs, outputs = [], []
    for case, (x, y) in enumerate(cases):
        result = stats.wilcoxon(x, y)  # zero_method="wilcox", correction=False, method="auto"
        d = x - y
        exact = len(d) <= 50 and not np.any(d == 0)
        outputs.append([case, len(d), int(np.sum(d != 0)), "exact" if exact else "normal",
                        number(result.statistic), number(result.pvalue)])
        inputs += [[case, i, number(a), number(b)] for i, (a, b) in enumerate(zip(x, y))]
    write("wilcoxon_input.csv", ["case", "index", "x", "y"], inputs)
    write("wilcoxon.csv", ["case", "n", "nonzero", "method", "statistic", "p_value"], outputs)
    return cases


def wilcoxon_zero_methods(cases):
    """scipy.stats.wilcoxon(x, y, zero_method=...) for "wilcox", "pratt" and "zsplit" on the 15
    cases of wilcoxon_input.csv (ids 0..14) and on more cases with zero differences (ids 15..,
    in wilcoxon_zero_input.csv): a few zeros among few pairs, zeros tied with nothing, zeros and
    tied |d|, every difference zero (wilcox and pratt raise: nan), more than 50 pairs. Drawn
    from their own seed, so the older files are unchanged."""
    own = np.random.default_rng(20261126)
    extra = []
    x = np.array([0.5, 0.6, 0.7, 0.8, 0.9])
    extra.append((x, x - np.array([0.0, 0.1, 0.2, 0.0, -0.05])))  # 2 zeros among 5
    x = np.array([0.8, 0.75, 0.9, 0.6, 0.55, 0.95, 0.7, 0.65, 0.85, 0.5, 0.72, 0.68])
    extra.append((x, x - np.array([0, 0, 0, 0.05, -0.05, 0.05, 0.1, 0.1, -0.1, 0.15, 0.2, 0])))
    x = np.round(own.uniform(0.5, 1.0, 25) * 20) / 20
    extra.append((x, x))  # every difference zero
    for n in (9, 30, 50, 70):
        x = np.round(own.uniform(0.5, 1.0, n) * 20) / 20
        y = x + own.choice([-0.1, -0.05, 0.0, 0.0, 0.05, 0.1, 0.15], size=n)
        extra.append((x, y))
    inputs, outputs = [], []
    for case, (x, y) in enumerate(cases + extra):
        if case >= len(cases):
            inputs += [[case, i, number(a), number(b)] for i, (a, b) in enumerate(zip(x, y))]
        d = x - y
        exact = len(d) <= 50 and not np.any(d == 0)
        for zero_method in ("wilcox", "pratt", "zsplit"):
            try:
                result = stats.wilcoxon(x, y, zero_method=zero_method)
                statistic, p_value = result.statistic, result.pvalue
            except ValueError:  # every difference zero under wilcox and pratt
                statistic = p_value = np.nan
            outputs.append([case, zero_method, len(d), int(np.sum(d != 0)),
                            "exact" if exact else "normal", number(statistic), number(p_value)])
    write("wilcoxon_zero_input.csv", ["case", "index", "x", "y"], inputs)
    write("wilcoxon_zero_method.csv",
          ["case", "zero_method", "n", "nonzero", "method", "statistic", "p_value"], outputs)


def wilcoxon_distribution():
    from scipy.stats._hypotests import _get_wilcoxon_distr
    rows = []
    for n in (1, 2, 5, 12, 50):
        rows += [[n, r, number(p)] for r, p in enumerate(_get_wilcoxon_distr(n))]
    write("wilcoxon_distribution.csv", ["n", "r_plus", "probability"], rows)


def holm_cases():
    rows = []
    cases = [rng.uniform(0, 0.1, 6), rng.uniform(0, 1, 15), np.array([0.01, 0.04, 0.03, 0.005]),
             np.array([0.2, 0.2, 0.2]), 10.0 ** rng.uniform(-6, 0, 28)]
    for case, p_values in enumerate(cases):
        adjusted = multipletests(p_values, method="holm")[1]
        rows += [[case, i, number(p), number(a)] for i, (p, a) in enumerate(zip(p_values, adjusted))]
    write("holm.csv", ["case", "index", "p_value", "adjusted"], rows)


def distributions():
    rows = []
    for x in (0.0, 0.5, 1.0, 3.84, 10.0, 50.0, 200.0):
        for df in (1, 2, 5, 11):
            rows.append(["chi2", number(x), df, "", number(stats.chi2.sf(x, df))])
    for x in (0.0, 0.3, 1.0, 2.5, 7.0, 40.0):
        for df1, df2 in ((1, 5), (3, 27), (6, 150), (11, 44)):
            rows.append(["f", number(x), df1, df2, number(stats.f.sf(x, df1, df2))])
    for z in (-3.0, -1.0, 0.0, 0.5, 1.959963984540054, 4.0, 9.0, 30.0):
        rows.append(["normal", number(z), "", "", number(stats.norm.sf(z))])
    write("distributions.csv", ["distribution", "x", "df1", "df2", "survival"], rows)


def studentized_range():
    """q_alpha of the Nemenyi test: studentized range quantile (infinite df) / sqrt(2)."""
    rows = []
    for alpha in (0.05, 0.10):
        for k in range(2, 21):
            q = stats.studentized_range.ppf(1 - alpha, k, np.inf) / np.sqrt(2)
            rows.append([number(alpha), k, number(q)])
    write("nemenyi_q_alpha.csv", ["alpha", "methods", "q_alpha"], rows)


if __name__ == "__main__":
    rankdata_cases()
    friedman_cases()
    base_cases = wilcoxon_cases()
    wilcoxon_distribution()
    holm_cases()
    distributions()
    studentized_range()
    wilcoxon_zero_methods(base_cases)
