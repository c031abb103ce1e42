#!/usr/bin/env python3
"""Reference rankings of the information-theoretic selectors (mrmr, jmi, mifs, cife, cmim, icap,
disr, fcbf) on the P_X.csv / P_y.csv inputs of this folder (P = wafer150, gunpoint50, and symbols80, written
here: see symbols80()), computed by
scikit-feature's own functions (skfeature/function/information_theoretical_based, commit 48cffad4,
the version SOURCE_README.md names) on the columns discretised as tsfs discretises them.

scikit-feature's estimators count symbols, so they need discrete input. Each column is cut into
BINS equal-width bins over its [min, max] (inner edges min + (max - min) * b / BINS, a value goes to
the number of inner edges <= it: tsfs's `binning: equal_width`, select/filters/discretize.hpp), and
the bin indices are what scikit-feature sees. The discretised matrix is written as
P_discrete<BINS>_X.csv so the discretisation is checked on its own.

For each method, P_<method>.csv has "feature,score,rank": the greedy methods are run with
n_selected_features = all columns, rank = position in the order of selection, score = the
criterion value the feature was selected with (scikit-feature's J_CMI / J_CMIM / J_ICAP / J_DISR;
the first feature's is I(f; y)). FCBF keeps a subset: its selected features take ranks 0 .. s-1
in its order, score = SU(f, y) for every feature, and the column `kept` says which it kept
(1) or dropped as redundant or irrelevant (0); the dropped ones follow in descending SU(f, y),
ties to the lower index, which is tsfs's order for them.

scikit-feature's FCBF does not run as published: `np.zeros(..., dtypes='object')` is a TypeError.
This script runs the file with that one keyword corrected to `dtype`, and changes nothing else.

Run with Debian's python3 from the repository root, with a checkout of scikit-feature at commit
48cffad4 (git clone https://github.com/jundongl/scikit-feature):
    SKFEATURE=/path/to/scikit-feature python3 tests/reference/selectors/make_information_theoretic.py
"""
import os
import sys
import types

import numpy as np

FOLDER = os.path.dirname(os.path.abspath(__file__))
BINS = 5
sys.path.insert(0, os.environ["SKFEATURE"])

from skfeature.function.information_theoretical_based import (CIFE, CMIM, DISR, ICAP, JMI,  # noqa
                                                                MIFS, MRMR)
from skfeature.utility import mutual_information  # noqa: E402


def load_fcbf():
    """scikit-feature's FCBF.py with its `dtypes=` keyword corrected to `dtype=`."""
    path = os.path.join(os.environ["SKFEATURE"], "skfeature", "function",
                        "information_theoretical_based", "FCBF.py")
    with open(path) as source:
        text = source.read()
    assert text.count("dtypes='object'") == 1
    module = types.ModuleType("FCBF_dtype_fixed")
    exec(compile(text.replace("dtypes='object'", "dtype='object'"), path, "exec"), module.__dict__)
    return module.fcbf


def discretize(X, bins):
    out = np.empty(X.shape, dtype=np.int64)
    for j in range(X.shape[1]):
        low, high = X[:, j].min(), X[:, j].max()
        edges = np.unique([low + (high - low) * b / bins for b in range(1, bins)])
        out[:, j] = np.searchsorted(edges, X[:, j], side="right")
    return out


def write_order(path, order, criterion):
    """Rank = position in `order`; score = the criterion value at selection."""
    p = len(order)
    assert sorted(order) == list(range(p))
    rank = np.empty(p, dtype=int)
    score = np.empty(p)
    rank[order] = np.arange(p)
    score[order] = criterion
    with open(path, "w") as out:
        out.write("feature,score,rank\n")
        for i in range(p):
            out.write(f"{i},{float(score[i])!r},{rank[i]}\n")


def write_fcbf(path, X, y, fcbf):
    kept, _ = fcbf(X, y, delta=0)
    kept = [int(i) for i in kept]
    su = np.array([mutual_information.su_calculation(X[:, i], y) for i in range(X.shape[1])])
    dropped = sorted(set(range(X.shape[1])) - set(kept), key=lambda i: (-su[i], i))
    rank = np.empty(X.shape[1], dtype=int)
    rank[kept + dropped] = np.arange(X.shape[1])
    with open(path, "w") as out:
        out.write("feature,score,rank,kept\n")
        for i in range(X.shape[1]):
            out.write(f"{i},{float(su[i])!r},{rank[i]},{int(i in kept)}\n")
    return len(kept)


GREEDY = {
    "mrmr": MRMR.mrmr,
    "jmi": JMI.jmi,
    "mifs": MIFS.mifs,  # beta = 0.5, scikit-feature's default
    "cife": CIFE.cife,
    "cmim": CMIM.cmim,
    "icap": ICAP.icap,
    "disr": DISR.disr,
}

def symbols80():
    """80 rows of 16 columns with values 0..3 (seed 0): y = [x0 >= 2] + [x1 >= 2] + [x2 = 3] (4 classes);
    column 3 is column 0 with 10% of its values redrawn, column 4 = column 1; the rest are noise.
    Integer columns keep their symbols under tsfs's 5 equal-width bins over [0, 3] (0, 1, 2, 3 go
    to bins 0, 1, 3, 4), so FCBF has redundant and relevant columns to tell apart."""
    rng = np.random.default_rng(0)
    X = rng.integers(0, 4, size=(80, 16))
    X[:, 3] = np.where(rng.random(80) < 0.1, rng.integers(0, 4, size=80), X[:, 0])
    X[:, 4] = X[:, 1]
    y = (X[:, 0] >= 2).astype(int) + (X[:, 1] >= 2) + (X[:, 2] == 3)
    return X.astype(float), y


def write_symbols80():
    X, y = symbols80()
    header = ",".join(f"f{j}" for j in range(X.shape[1]))
    np.savetxt(os.path.join(FOLDER, "symbols80_X.csv"), X, fmt="%d", delimiter=",", header=header,
               comments="")
    np.savetxt(os.path.join(FOLDER, "symbols80_y.csv"), y, fmt="%d", header="label", comments="")


fcbf = load_fcbf()
write_symbols80()
for prefix in ("wafer150", "gunpoint50", "symbols80"):
    X = np.loadtxt(os.path.join(FOLDER, f"{prefix}_X.csv"), delimiter=",", skiprows=1)
    y = np.loadtxt(os.path.join(FOLDER, f"{prefix}_y.csv"), delimiter=",", skiprows=1).astype(int)
    D = discretize(X, BINS)
    np.savetxt(os.path.join(FOLDER, f"{prefix}_discrete{BINS}_X.csv"), D, fmt="%d", delimiter=",",
               header=",".join(f"f{j}" for j in range(D.shape[1])), comments="")
    for name, method in GREEDY.items():
        order, criterion, _ = method(D, y, n_selected_features=D.shape[1])
        write_order(os.path.join(FOLDER, f"{prefix}_{name}.csv"), [int(i) for i in order],
                    criterion)
    kept = write_fcbf(os.path.join(FOLDER, f"{prefix}_fcbf.csv"), D, y, fcbf)
    print(f"{prefix}: {D.shape[0]} x {D.shape[1]}, FCBF keeps {kept}")
print(f"numpy {np.__version__}")
