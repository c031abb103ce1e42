#!/usr/bin/env python3
"""Reference for the anova selector on near-constant columns (tests/select/filters/anova_selector_test.cpp).

Writes data.csv (label and two feature columns, each value printed with repr, so it reads back to
the identical double) and f_exact.csv (the one-way ANOVA F statistic of each column, computed in
exact rational arithmetic from those doubles with Python's fractions, then rounded once to the
nearest double). Column 0 is 0.999 + 1e-9 noise (like TSFEL's near-constant Earthquakes columns,
mean 0.999 and std 1.5e-9); column 1 is the same noise around 0 as a control.
Standard library only: python3 make_reference.py
"""
import random
from fractions import Fraction

ROWS, CLASSES = 40, 3
rng = random.Random(20231)
labels = [row % CLASSES for row in range(ROWS)]
noise = [rng.gauss(0.0, 1.0) * 1e-9 + 2e-10 * label for label in labels]
columns = [[0.999 + value for value in noise], noise]


def f_statistic(values):
    exact = [Fraction(value) for value in values]
    grand = sum(exact) / ROWS
    between = Fraction(0)
    within = Fraction(0)
    for label in range(CLASSES):
        members = [value for value, own in zip(exact, labels) if own == label]
        mean = sum(members) / len(members)
        between += len(members) * (mean - grand) ** 2
        within += sum((value - mean) ** 2 for value in members)
    return (between / (CLASSES - 1)) / (within / (ROWS - CLASSES))


with open("data.csv", "w") as out:
    out.write("label,near_constant,noise\n")
    for row in range(ROWS):
        out.write(f"{labels[row]},{columns[0][row]!r},{columns[1][row]!r}\n")
with open("f_exact.csv", "w") as out:
    out.write("feature,f\n")
    for index, column in enumerate(columns):
        out.write(f"{index},{float(f_statistic(column))!r}\n")
