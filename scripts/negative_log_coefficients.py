#!/usr/bin/env python3
"""The coefficients of kAtanhSeries in src/statistics/bayesian_lanes.cpp, and their error.

The lanes compute log m = 2 s g(s^2) with s = (m - 1) / (m + 1), m in [sqrt(2) / 2, sqrt(2)), and
g(z) = atanh(sqrt z) / sqrt z = sum_j z^j / (2j + 1) on 0 <= z <= a = ((sqrt 2 - 1) / (sqrt 2 + 1))^2.
g is replaced by the polynomial of degree 7 interpolating it at the 8 Chebyshev nodes of [0, a]
(close to the best polynomial of that degree; the series itself needs 10 terms for the same error).
Everything is computed exactly (fractions) or with 60 significant digits (decimal), the standard
library only; the script prints each coefficient rounded to a double and the largest difference
between g and the rounded polynomial evaluated in doubles by Horner's rule over 20,001 points.
"""
from decimal import Decimal, getcontext
from fractions import Fraction

getcontext().prec = 60
TOLERANCE = Decimal(10) ** -58
PI = Decimal("3.14159265358979323846264338327950288419716939937510582097494459")
DEGREE = 7


def cosine(x):
    total, term, k = Decimal(0), Decimal(1), 0
    while abs(term) > TOLERANCE:
        total += term
        k += 2
        term = -term * x * x / (k * (k - 1))
    return total


def g(z):
    total, power, j = Decimal(0), Decimal(1), 0
    while power > TOLERANCE:
        total += power / (2 * j + 1)
        power *= z
        j += 1
    return total


def interpolating_coefficients(a, count):
    """Monomial coefficients of the polynomial through g at `count` Chebyshev nodes of [0, a]."""
    nodes = [a / 2 * (1 + cosine(PI * (2 * k + 1) / (2 * count))) for k in range(count)]
    rows = [[Fraction(x) ** j for j in range(count)] for x in nodes]
    values = [Fraction(g(x)) for x in nodes]
    for column in range(count):  # Gaussian elimination, exact
        for row in range(column + 1, count):
            factor = rows[row][column] / rows[column][column]
            rows[row] = [rows[row][k] - factor * rows[column][k] for k in range(count)]
            values[row] -= factor * values[column]
    solution = [Fraction(0)] * count
    for row in reversed(range(count)):
        known = sum(rows[row][k] * solution[k] for k in range(row + 1, count))
        solution[row] = (values[row] - known) / rows[row][row]
    return [float(c) for c in solution]


def main():
    root2 = Decimal(2).sqrt()
    a = ((root2 - 1) / (root2 + 1)) ** 2
    coefficients = interpolating_coefficients(a, DEGREE + 1)
    largest = Fraction(0)
    for i in range(20001):
        z = float(a) * i / 20000
        value = 0.0
        for c in reversed(coefficients):
            value = value * z + c
        largest = max(largest, abs(Fraction(value) - Fraction(g(Decimal(z)))))
    print("coefficients:", ", ".join(repr(c) for c in coefficients))
    print(f"largest error on [0, a]: {float(largest):.3g}")


if __name__ == "__main__":
    main()
