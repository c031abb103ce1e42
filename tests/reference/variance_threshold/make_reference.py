#!/usr/bin/python3
"""References of scikit-learn 1.2.1's VarianceThreshold for tsfs's `variance` selector with
`threshold:` (tests/select/filters/variance_selector_test.cpp).

Run with Debian's interpreter and scikit-learn (apt-get install python3-sklearn):
    /usr/bin/python3 tests/reference/variance_threshold/make_reference.py
It reads the committed selector inputs ../selectors/<prefix>_X.csv and rewrites, next to this
script, variance_threshold.csv: prefix, threshold, feature, variance (VarianceThreshold's
variances_, %.17g), kept (get_support(): 1 when variances_ > threshold, else 0).

Thresholds per input: 0 (the default: constant columns go), the 25th and 75th percentiles of the
variances, and one column's variance exactly (that column is removed: the rule is strictly
greater).
"""
import csv
import os

import numpy as np
from sklearn.feature_selection import VarianceThreshold

HERE = os.path.dirname(os.path.abspath(__file__))
SELECTORS = os.path.join(HERE, "..", "selectors")


def main():
    with open(os.path.join(HERE, "variance_threshold.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["prefix", "threshold", "feature", "variance", "kept"])
        for prefix in ["gunpoint50", "wafer150"]:
            x = np.loadtxt(os.path.join(SELECTORS, f"{prefix}_X.csv"), delimiter=",", skiprows=1)
            variances = np.var(x, axis=0)
            thresholds = [0.0, float(np.percentile(variances, 25)),
                          float(np.percentile(variances, 75)), float(variances[7])]
            for threshold in thresholds:
                model = VarianceThreshold(threshold).fit(x)
                for feature, (variance, kept) in enumerate(zip(model.variances_,
                                                               model.get_support())):
                    writer.writerow([prefix, "%.17g" % threshold, feature, "%.17g" % variance,
                                     int(kept)])


if __name__ == "__main__":
    main()
