"""The study's Figure 4 (accuracy vs sigma / M-bar, Laplacian score on a DTW kNN graph) on
WormsTwoClass with scikit-learn's cross_val_score. Usage: figure4_sigma.py [SIGMAS] [ROWS]."""
import sys

import numpy as np
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.pipeline import make_pipeline

import tsfs
from tsfs.sklearn import LaplacianSelector, SeriesFeatureSelector, SvcClassifier

sigmas = np.logspace(-7, 3, int(sys.argv[1]) if len(sys.argv) > 1 else 21)
worms = tsfs.load_dataset("third_party/ucr/WormsTwoClass",
                          max_samples=int(sys.argv[2]) if len(sys.argv) > 2 else None)
folds = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
dtw = {"window": 100, "window_if_longer_than": 500}  # the study's band
for sigma in sigmas:
    selection = SeriesFeatureSelector(
        LaplacianSelector(n_features=30, k=10, sigma_ratio=sigma, variant="report2023"),
        extractor="tsfel", distance="dtw", distance_params=dtw)
    scores = cross_val_score(make_pipeline(selection, SvcClassifier()), worms.X, worms.y, cv=folds)
    print(f"sigma/M-bar {sigma:9.3g}  accuracy {scores.mean():.3f} +- {scores.std(ddof=1):.3f}")
