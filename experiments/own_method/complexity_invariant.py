"""Your own distance, for `distances: [{kind: python, function:
"experiments.own_method.complexity_invariant:cid"}]`: the complexity-invariant distance of Batista,
Keogh, Tataw and de Souza (Data Mining and Knowledge Discovery 28, 2014, eq. 5), the Euclidean
distance times the ratio max(CE) / min(CE) of the two series' complexity estimates CE(x) =
sqrt(sum (x[t+1] - x[t])^2), so that a simple series is not the nearest neighbour of a complex
one by accident (docs/your-own-method.md). `cid` compares two series (tsfs calls it once per
pair); `cid_matrix` computes the whole matrix in NumPy, for `whole_set: true`. A flat series
(CE = 0) counts as CE = 1e-12: its distance to a complex one is very large, but finite."""
import numpy as np

FLAT = 1e-12


def complexity(series):
    """CE of each series (the last axis is time), at least FLAT."""
    return np.maximum(np.sqrt(np.sum(np.diff(series, axis=-1) ** 2, axis=-1)), FLAT)


def cid(a, b):
    first, second = complexity(a), complexity(b)
    return float(np.sqrt(np.sum((a - b) ** 2)) * max(first, second) / min(first, second))


def cid_matrix(series):
    """series: 2-D (series x time steps); the numbers cid gives for each pair."""
    estimates = complexity(series)
    euclidean = np.sqrt(np.sum((series[:, None, :] - series[None, :, :]) ** 2, axis=2))
    high = np.maximum(estimates[:, None], estimates[None, :])
    low = np.minimum(estimates[:, None], estimates[None, :])
    return euclidean * (high / low)
