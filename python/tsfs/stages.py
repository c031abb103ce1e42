"""The runner's stages on arrays: feature extraction, distances, feature scores and rankings.

Series arguments take a 2-D array (one series per row; trailing NaN pad shorter series, NaN
inside a series is refused), a 1-D array (one series) or a list of 1-D arrays of any lengths.
float64 arrays are read as they are; integer and float32 arrays are converted (float64 is exact
for them); other dtypes raise TypeError. Non-contiguous and read-only arrays are accepted.
Component parameters are keyword arguments, checked as a spec's are (ValueError with the
runner's message, "did you mean" for an unknown name).
"""
import numbers
from dataclasses import dataclass
from typing import Optional

import numpy as np

from . import _tsfs
from .components import parameter_lines


def features(series, extractor="tsfel", *, threads=None, as_frame=False, **params):
    """Extracts the features of every series with a registered extractor.

    Returns ``(matrix, names)``: a float64 array of one row per series and the column names; with
    ``as_frame=True`` a pandas DataFrame with those columns. ``threads``: None for every hardware
    thread. The extractors and their parameters:

    """
    matrix, names = _tsfs.features(series, extractor, params, threads)
    if as_frame:
        import pandas as pd

        return pd.DataFrame(matrix, columns=names, copy=False)
    return matrix, names


def distances(series, other=None, distance="euclidean", *, threads=None, **params):
    """The distances of a registered distance: between every pair of ``series`` (n x n, symmetric,
    zero diagonal) or, with ``other``, from each of ``series`` to each of ``other`` (n x m).
    The distances and their parameters:

    """
    return _tsfs.distances(series, other, distance, params, threads)


@dataclass
class Selection:
    """A selector's result: ``scores`` (one per column; NaN for a column that is NaN or constant
    over the rows, which the selector does not see), ``ranking`` (every column, best first; those
    columns last), ``descending`` (whether larger scores rank first), ``usable_features``,
    ``zero_weight_fraction`` (Laplacian-type selectors), ``std_errors`` (selectors giving them),
    ``classes`` (the label values, in the order of the class indices, supervised selectors)."""

    scores: np.ndarray
    ranking: np.ndarray
    descending: bool
    usable_features: int
    zero_weight_fraction: float
    std_errors: Optional[np.ndarray] = None
    classes: Optional[np.ndarray] = None

    def top(self, n_features):
        """The indices of the ``n_features`` best columns (every column when there are fewer)."""
        # As a slice bound, a negative count would drop columns from the end and True would
        # count as 1: only a whole number >= 0 is a count.
        if isinstance(n_features, bool) or not isinstance(n_features, numbers.Integral):
            raise TypeError(f"n_features must be an integer, got {type(n_features).__name__} "
                            f"{n_features!r}")
        if n_features < 0:
            raise ValueError(f"n_features must be >= 0, got {n_features}")
        return self.ranking[:n_features]


def select(features, y=None, selector="anova", *, distances=None, series=None,
           distance_params=None, threads=None, classifier=None, classifier_params=None,
           **params):
    """Scores and ranks the columns of a feature matrix (rows x features) with a registered
    selector, as a run fitted on these rows does.

    y: the labels of the rows (supervised selectors). distances: for selectors that use a distance
    between the rows, an n x n matrix, or the name of a registered distance computed between
    ``series`` (the rows' series; its parameters in ``distance_params``). classifier: for the
    search wrappers (``sequential``), the registered classifier they fit (``"svc"``, ``"knn"``,
    ...), its parameters in ``classifier_params``. The selectors and their parameters:

    """
    if isinstance(distances, str):
        if series is None:
            raise ValueError("distances names a distance: give the rows' series too (series=...)")
        name = distances

        def distances():  # computed by the engine only for a selector that uses them
            return _tsfs.distances(series, None, name, distance_params or {}, threads)
    result = _tsfs.select(features, y, selector, params, distances, classifier,
                          classifier_params or {})
    return Selection(scores=result["scores"], ranking=result["ranking"],
                     descending=bool(result["descending"]),
                     usable_features=int(result["usable_features"]),
                     zero_weight_fraction=float(result["zero_weight_fraction"]),
                     std_errors=result.get("std_errors"), classes=result.get("classes"))


def _document(function, kind):
    function.__doc__ = function.__doc__ + "\n".join(
        "    " + line for line in parameter_lines(kind).splitlines())


_document(features, "extractor")
_document(distances, "distance")
_document(select, "selector")
