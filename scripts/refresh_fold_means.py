#!/usr/bin/env python3
"""Recomputes the fold means of a run folder's results.csv from its folds.csv, as tsfs computes
them since exact means (docs/outputs.md): `accuracy` as the exact mean of the folds' fractions
correct / n_test rounded once, `balanced_accuracy` and each chosen metric as the mean of the folds'
values summed in ascending order, each `*_std` as the sample standard deviation around that mean
(deviations summed in fold order). A run folder written by an earlier tsfs has fold-order sums,
which the runner now refuses on resume (its results.csv disagrees with its folds.csv in the last
digit); this brings it up to date without recomputing a fold. Only those columns change; every
other byte of results.csv stays. Also a check: with --check, exit 1 when a file would change.

Usage: refresh_fold_means.py [--check] RUN_DIR...
"""
import csv
import gzip
import io
import math
import sys
from fractions import Fraction
from pathlib import Path


def fmt(value):
    # tsfs's format_double: %.17g, "nan" for NaN.
    return "nan" if math.isnan(value) else "%.17g" % value


def fmt_or_empty(value):
    return "" if math.isnan(value) else fmt(value)


def number(text):
    return float("nan") if text in ("", "nan") else float(text)


def with_spread(mean, values):
    if len(values) < 2:
        return mean, ""
    squares = 0.0
    for value in values:
        squares += (value - mean) * (value - mean)
    return mean, fmt_or_empty(math.sqrt(squares / (len(values) - 1)))


def order_free_mean(values):
    if not values or any(math.isnan(v) for v in values):
        return float("nan")
    total = 0.0
    for value in sorted(values):
        total += value
    return total / len(values)


def accuracy_mean(accuracies, totals):
    exact = Fraction(0)
    for accuracy, total in zip(accuracies, totals):
        correct = round(accuracy * total)
        if total <= 0 or correct / total != accuracy:
            return order_free_mean(accuracies)
        exact += Fraction(correct, total)
    return float(exact / len(accuracies))


def csv_line(fields):
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(fields)
    return out.getvalue()


def read_lines(path):
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", newline="") as handle:
        return handle.read().splitlines(keepends=True)


def refresh(run, check):
    results_path = run / "results.csv"
    folds_path = run / "folds.csv"
    if not folds_path.exists():
        folds_path = run / "folds.csv.gz"
    if not results_path.exists() or not folds_path.exists():
        return None
    fold_lines = read_lines(folds_path)
    fold_header = next(csv.reader([fold_lines[0]]))
    key_width = fold_header.index("repeat")
    at = {name: i for i, name in enumerate(fold_header)}
    metrics = [n for n in fold_header[fold_header.index("balanced_accuracy") + 1:]
               if n not in ("zero_weight_fraction", "fit_seconds")]
    folds = {}
    for line in fold_lines[1:]:
        row = next(csv.reader([line]))
        folds.setdefault(tuple(row[:key_width]), []).append(row)
    lines = read_lines(results_path)
    header = next(csv.reader([lines[0]]))
    column = {name: i for i, name in enumerate(header)}
    if header[:key_width] != fold_header[:key_width]:
        raise SystemExit(f"{results_path}: its key columns differ from {folds_path.name}'s")
    changed = 0
    for n, line in enumerate(lines[1:], start=1):
        row = next(csv.reader([line]))
        if csv_line(row) != line:
            raise SystemExit(f"{results_path}:{n + 1}: quoting this script cannot reproduce")
        rows = folds.get(tuple(row[:key_width]))
        if not rows:
            continue  # a row without folds (e.g. published baselines): nothing to recompute
        accuracies = [number(r[at["accuracy"]]) for r in rows]
        totals = [int(r[at["n_test"]]) for r in rows]
        mean, spread = with_spread(accuracy_mean(accuracies, totals), accuracies)
        row[column["accuracy"]], row[column["accuracy_std"]] = fmt(mean), spread
        balanced = [number(r[at["balanced_accuracy"]]) for r in rows]
        row[column["balanced_accuracy"]] = fmt(order_free_mean(balanced))
        for metric in metrics:
            values = [number(r[at[metric]]) for r in rows]
            mean, spread = with_spread(order_free_mean(values), values)
            row[column[metric]] = fmt_or_empty(mean)
            row[column[metric + "_std"]] = spread
        new_line = csv_line(row)
        if new_line != line:
            lines[n] = new_line
            changed += 1
    if changed and not check:
        temporary = results_path.with_suffix(".csv.refreshing")
        temporary.write_text("".join(lines))
        temporary.replace(results_path)
    return changed


def main(arguments):
    check = "--check" in arguments
    runs = [Path(a) for a in arguments if a != "--check"]
    if not runs:
        print(__doc__, file=sys.stderr)
        return 2
    stale = 0
    for run in runs:
        changed = refresh(run, check)
        if changed is None:
            print(f"{run}: no results.csv with folds.csv beside it, left alone")
        else:
            print(f"{run}: {changed} rows {'would change' if check else 'refreshed'}")
            stale += changed
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
