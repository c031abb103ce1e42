"""Your own features, for `features: {extractor: python, function:
"experiments.own_method.summary_features:summary"}`: four summary statistics of each series and
the mean absolute change between steps `lag` apart (docs/your-own-method.md)."""
import numpy as np
import pandas as pd


def summary(series, lag=1):
    """series: 2-D (series x time steps), or a list of 1-D arrays when lengths differ."""
    rows = series if isinstance(series, list) else list(series)
    return pd.DataFrame({
        "mean": [one.mean() for one in rows],
        "std": [one.std() for one in rows],
        "min": [one.min() for one in rows],
        "max": [one.max() for one in rows],
        # NaN where a series is not longer than the lag: tsfs leaves such columns out.
        f"change_{lag}": [np.abs(one[lag:] - one[:-lag]).mean() if len(one) > lag else np.nan
                          for one in rows],
    })
