import numpy as np
import pandas as pd
import pytest
from sklearn.base import clone
from sklearn.model_selection import GridSearchCV, PredefinedSplit, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.utils.estimator_checks import check_estimator

import tsfs
from tsfs.sklearn import (AnovaSelector, FeatureExtractor, KnnClassifier, LaplacianSelector,
                          NearestNeighbourClassifier, SvcClassifier, classifier, selector)
from conftest import UCR, run_runner, write_spec

# The checks of scikit-learn's check_estimator that do not apply, per estimator class, with why.
# None is listed: with scikit-learn 1.2 (Debian 12) every check passes for every estimator below.
# The test fails both when a check outside this list fails and when a listed check passes.
NOT_APPLICABLE = {}


def estimators():
    return [
        FeatureExtractor(extractor="raw"),
        AnovaSelector(n_features=1),
        LaplacianSelector(n_features=1, k=2, variant="report2023"),
        KnnClassifier(k=1),
        SvcClassifier(),
        NearestNeighbourClassifier(distance="dtw"),
    ]


@pytest.mark.parametrize("estimator", estimators(), ids=lambda e: type(e).__name__)
def test_check_estimator(estimator):
    expected = NOT_APPLICABLE.get(type(estimator).__name__, {})
    failed = {}
    for instance, check in check_estimator(estimator, generate_only=True):
        name = getattr(check, "func", check).__name__
        try:
            check(instance)
        except Exception as error:  # noqa: BLE001 - recorded and compared below
            failed[name] = f"{type(error).__name__}: {error}"[:300]
    assert set(failed) == set(expected), failed


def test_parameters_are_estimator_parameters():
    laplacian = LaplacianSelector(n_features=20, sigma_ratio=0.5, k=5)
    params = laplacian.get_params()
    assert params["sigma_ratio"] == 0.5 and params["k"] == 5 and params["n_features"] == 20
    assert params["variant"] is None and "symmetrize" in params
    copy = clone(laplacian).set_params(sigma_ratio=2.0)
    assert copy.sigma_ratio == 2.0 and laplacian.sigma_ratio == 0.5
    with pytest.raises(ValueError):
        laplacian.set_params(sigma=1.0)
    with pytest.raises(TypeError, match="unknown parameter"):
        LaplacianSelector(sigma=1.0)
    with pytest.raises(ValueError, match="did you mean 'anova'"):
        selector("anvoa")
    assert type(selector("anova", n_features=3)) is AnovaSelector
    assert type(classifier("svc", C=2.0)) is SvcClassifier


def test_a_bad_parameter_fails_at_fit_with_the_runner_message(gunpoint):
    features, _ = tsfs.features(gunpoint.X[:60], "catch22")
    with pytest.raises(ValueError, match="sigma_ratio"):
        LaplacianSelector(sigma_ratio=-1.0, variant="report2023").fit(features)
    with pytest.raises(ValueError, match="exceeds the 22 features"):
        AnovaSelector(n_features=30).fit(features, gunpoint.y[:60])


def test_sequential_selector_wraps_the_named_classifier(gunpoint):
    X, y = gunpoint.X[:80, ::10], gunpoint.y[:80]
    estimator = selector("sequential", n_features=2, n_features_to_select=3, cv=4,
                         classifier="knn", classifier_params={"k": 5})
    assert estimator.get_params()["classifier"] == "knn"
    mask = clone(estimator).fit(X, y).get_support()
    expected = tsfs.select(X, y, "sequential", classifier="knn", classifier_params={"k": 5},
                           n_features_to_select=3, cv=4).ranking[:2]
    assert sorted(np.flatnonzero(mask)) == sorted(expected)


def test_pipeline_and_cross_validation(gunpoint):
    pipeline = Pipeline([("features", FeatureExtractor("catch22")),
                         ("select", AnovaSelector(n_features=8)),
                         ("classify", SvcClassifier())])
    scores = cross_val_score(pipeline, gunpoint.X, gunpoint.y, cv=3)
    assert scores.shape == (3,) and scores.mean() > 0.7
    fitted = pipeline.fit(gunpoint.X, gunpoint.y)
    support = fitted.named_steps["select"].get_support()
    assert support.sum() == 8
    names = fitted.named_steps["features"].get_feature_names_out()
    assert len(fitted[:-1].get_feature_names_out()) == 8
    assert set(fitted[:-1].get_feature_names_out()) <= set(names)


def test_nearest_neighbour_on_elastic_distances(gunpoint):
    train, test = slice(0, 50), slice(50, 200)
    for distance, params in (("dtw", {}), ("dtw", {"window_ratio": 0.1}), ("msm", {})):
        model = NearestNeighbourClassifier(distance, params).fit(gunpoint.X[train], gunpoint.y[train])
        accuracy = model.score(gunpoint.X[test], gunpoint.y[test])
        assert 0.7 < accuracy <= 1.0
    # The UCR archive's DTW (symmetric1, squared cost, no window) 1-NN on GunPoint's official
    # split: its published error is 0.093 (results/baselines/README.md).
    ucr_dtw = {"step_pattern": "symmetric1", "local": "squared"}
    model = NearestNeighbourClassifier("dtw", ucr_dtw).fit(gunpoint.X[train], gunpoint.y[train])
    assert round(1 - model.score(gunpoint.X[test], gunpoint.y[test]), 3) == 0.093


GRID_SPEC = """
name: grid
datasets: [{{name: GunPoint, path: {ucr}/GunPoint}}]
features: {{extractor: raw}}
distances: [{{kind: euclidean}}]
selectors:
  - {{kind: laplacian, variant: report2023, k: 5, sigma_ratio: [0.05, 0.3, 2.0]}}
n_features: [5, 20, 60]
classifier: {{kind: svc}}
protocol: {{kind: train_test}}
output: {output}
"""


def test_grid_search_gets_the_runner_accuracies(tmp_path, runner, gunpoint):
    """GridSearchCV over n_features and sigma_ratio on the official split (fixed folds: TRAIN
    rows fit, TEST rows score) gets the accuracies of tsfs's runner on the same split. With the
    raw extractor the features are the series, so the selector's Euclidean distance between its
    input rows is the runner's distance between series."""
    spec = write_spec(tmp_path, GRID_SPEC.format(ucr=UCR, output=tmp_path / "out"))
    run_runner(runner, spec, "--quiet", "--direct-fits", "--no-timings")
    results = pd.read_csv(tmp_path / "out" / "results.csv", float_precision="round_trip")
    split = PredefinedSplit(np.r_[np.full(gunpoint.train_rows, -1),
                                  np.zeros(len(gunpoint.y) - gunpoint.train_rows)])
    pipeline = Pipeline([("features", FeatureExtractor("raw")),
                         ("select", LaplacianSelector(k=5, variant="report2023")),
                         ("classify", SvcClassifier())])
    search = GridSearchCV(pipeline, {"select__n_features": [5, 20, 60],
                                     "select__sigma_ratio": [0.05, 0.3, 2.0]},
                          cv=split, refit=False)
    search.fit(gunpoint.X, gunpoint.y)
    compared = 0
    for params, accuracy in zip(search.cv_results_["params"],
                                search.cv_results_["split0_test_score"]):
        row = results[(results["n_features"] == params["select__n_features"]) &
                      (results["sigma_ratio"] == params["select__sigma_ratio"])]
        assert len(row) == 1
        assert row["accuracy"].iloc[0] == accuracy, params
        compared += 1
    assert compared == 9
    assert len(set(search.cv_results_["split0_test_score"])) > 1  # the grid matters
