import numpy as np
import pandas as pd
import pytest
from sklearn.base import clone
from sklearn.model_selection import GridSearchCV, PredefinedSplit, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.utils.estimator_checks import check_estimator

import tsfs
from tsfs.sklearn import (CLASSIFIERS, SELECTORS, AnovaSelector, FeatureExtractor,
                          LaplacianSelector, NearestNeighbourClassifier, SeriesFeatureSelector,
                          SvcClassifier, classifier, selector)
from conftest import UCR, run_runner, write_spec

# Parameters that make a component work on check_estimator's data, by component name (selector,
# classifier, extractor or distance); the rest take their defaults. That data is small: 10 to 300
# rows of 1 to 5 columns (as series: 1 to 5 values, 2 in check_classifiers_train) in up to 4
# classes, a class of 3 rows at times. Every selector also gets n_features=1 (estimators()): one
# column is all check_fit2d_1feature gives it.
SMALL_DATA = {
    # k nearest neighbours of a row must be fewer than the rows: check_estimators_nan_inf and
    # check_fit2d_1feature fit on 10.
    "laplacian": {"k": 2},
    "spec": {"k": 2},
    "constraint_sc3": {"k": 2},
    "constraint_sc4": {"k": 2},
    # Inner stratified folds: cv at most the rows of the smallest class (3 in check_fit2d_1feature).
    "sequential": {"cv": 2},
    # Two-value series are at LCSS distance 0, 0.5 or 1: with the default epsilon 1 most pairs of
    # check_classifiers_train's standardised points match in full (distance 0), so 1-NN ties.
    "distance lcss": {"distance_params": {"epsilon": 0.1}},
    # A researcher's own score (experiments/ imports from the repository's root, pytest's folder).
    "python": {"function": "experiments.own_method.anova_numpy:f_scores"},
    "sklearn": {"estimator": "sklearn.linear_model.LogisticRegression"},
    # Extractors and distances, which share names with selectors ("python"): "extractor NAME",
    # "distance NAME".
    "extractor python": {"extractor_params": {
        "function": "experiments.own_method.summary_features:summary"}},
    "distance python": {"distance_params": {
        "function": "experiments.own_method.complexity_invariant:cid"}},
}


def estimators():
    """Every estimator of tsfs.sklearn by test id, from the registries: the class of each
    registered selector and classifier, FeatureExtractor with each extractor and
    NearestNeighbourClassifier with each distance (the id adds the component's name), and
    SeriesFeatureSelector on the selector it is made for, the Laplacian score on a distance."""
    found = {}
    for name, cls in SELECTORS.items():
        found[cls.__name__] = cls(n_features=1, **SMALL_DATA.get(name, {}))
    for name, cls in CLASSIFIERS.items():
        found[cls.__name__] = cls(**SMALL_DATA.get(name, {}))
    for component in tsfs.components("extractor"):
        name = component["name"]
        found[f"FeatureExtractor-{name}"] = FeatureExtractor(
            name, **SMALL_DATA.get(f"extractor {name}", {}))
    for component in tsfs.components("distance"):
        name = component["name"]
        found[f"NearestNeighbourClassifier-{name}"] = NearestNeighbourClassifier(
            name, **SMALL_DATA.get(f"distance {name}", {}))
    laplacian = selector("laplacian", n_features=1, **SMALL_DATA["laplacian"])
    found["SeriesFeatureSelector"] = SeriesFeatureSelector(laplacian)
    return found


# The checks that fail when fitting on any array fails (a component that takes no series), for
# every estimator, and besides those of a classifier and of a transformer.
_FITTING_CHECKS = (
    "check_estimators_dtypes", "check_fit_score_takes_y", "check_estimators_fit_returns_self",
    "check_dtype_object", "check_pipeline_consistency", "check_estimators_nan_inf",
    "check_estimators_overwrite_params", "check_estimators_pickle",
    "check_methods_sample_order_invariance", "check_methods_subset_invariance",
    "check_fit2d_1feature", "check_dict_unchanged", "check_dont_overwrite_parameters",
    "check_fit_idempotent", "check_fit_check_is_fitted", "check_n_features_in",
    "check_fit2d_predict1d")
_FITTING_CLASSIFIER_CHECKS = _FITTING_CHECKS + (
    "check_classifier_data_not_an_array", "check_classifiers_classes", "check_classifiers_train",
    "check_supervised_y_2d")
_FITTING_TRANSFORMER_CHECKS = _FITTING_CHECKS + (
    "check_transformer_data_not_an_array", "check_transformer_general",
    "check_transformer_preserve_dtypes", "check_fit2d_1sample")
# Checks whose y has three or more classes.
_MULTICLASS_CHECKS = (
    "check_estimators_dtypes", "check_fit_score_takes_y", "check_estimators_fit_returns_self",
    "check_dtype_object", "check_estimators_overwrite_params",
    "check_methods_sample_order_invariance", "check_methods_subset_invariance",
    "check_dont_overwrite_parameters", "check_fit2d_predict1d")
_TWO_CLASSES = ("compares two classes; the check's y has more (the registry does not say which "
                "selectors take two classes only, so they cannot have the binary_only tag)")
_CLASS_WEIGHT = {"check_class_weight_classifiers": "class_weight is 'none' or 'balanced' (the "
                 "runner's choices), not a weight per class"}
_TWO_VALUES = "a derivative needs series of 3 values or more; the check's series have 1 or 2"
# The checks that fit a classifier on series of one or two values.
_SHORT_SERIES_CHECKS = (
    "check_classifier_data_not_an_array", "check_classifiers_classes", "check_classifiers_train",
    "check_fit_idempotent", "check_estimators_fit_returns_self",
    "check_estimators_overwrite_params", "check_fit2d_1feature", "check_fit_check_is_fitted",
    "check_n_features_in")

# The checks of scikit-learn's check_estimator that do not apply, by test id, with why (scikit-learn
# 1.2, Debian 12). The test fails both when a check outside this list fails and when a listed check
# passes.
NOT_APPLICABLE = {
    "PearsonSelector": dict.fromkeys(_MULTICLASS_CHECKS, _TWO_CLASSES),
    "TScoreSelector": dict.fromkeys(_MULTICLASS_CHECKS, _TWO_CLASSES),
    "LinearSvcClassifier": _CLASS_WEIGHT,
    "LogisticClassifier": _CLASS_WEIGHT,
    "FeatureExtractor-csv": dict.fromkeys(
        _FITTING_TRANSFORMER_CHECKS, "reads a dataset's features from a CSV file (path), not "
        "from X"),
    "NearestNeighbourClassifier-precomputed": dict.fromkeys(
        _FITTING_CLASSIFIER_CHECKS, "reads a dataset's distances from a CSV file (path), not "
        "from X"),
    "NearestNeighbourClassifier-features": dict.fromkeys(
        _FITTING_CLASSIFIER_CHECKS, "a distance between a selector's feature rows, refused "
        "between series"),
    "NearestNeighbourClassifier-ddtw": dict.fromkeys(_SHORT_SERIES_CHECKS, _TWO_VALUES),
    "NearestNeighbourClassifier-wddtw": dict.fromkeys(_SHORT_SERIES_CHECKS, _TWO_VALUES),
    "NearestNeighbourClassifier-ned": {"check_classifiers_train": "z-normalised, every 2-value "
                                       "series is (-1, 1) or (1, -1): 1-NN ties"},
}

@pytest.mark.parametrize("test_id, estimator",
                         [pytest.param(i, e, id=i) for i, e in estimators().items()])
def test_check_estimator(test_id, estimator):
    expected = NOT_APPLICABLE.get(test_id, {})
    failed = {}
    for instance, check in check_estimator(estimator, generate_only=True):
        name = getattr(check, "func", check).__name__
        try:
            check(instance)
        except Exception as error:  # noqa: BLE001 - recorded and compared below
            failed[name] = f"{type(error).__name__}: {error}"[:300]
    unexpected = {name: failed[name] for name in set(failed) - set(expected)}
    passed = sorted(set(expected) - set(failed))
    assert not unexpected and not passed, f"failed: {unexpected}; listed but passed: {passed}"


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


def test_nearest_neighbour_parameters_fail_at_fit(gunpoint):
    X, y = gunpoint.X[:50], gunpoint.y[:50]
    with pytest.raises(ValueError, match="'k' must be >= 1"):
        NearestNeighbourClassifier(k=0).fit(X, y)
    with pytest.raises(ValueError, match="k = 51 exceeds the 50 training rows"):
        NearestNeighbourClassifier(k=51).fit(X, y)
    with pytest.raises(ValueError, match=r"unknown distance 'dtww' \(did you mean 'dtw'\?\)"):
        NearestNeighbourClassifier("dtww").fit(X, y)
    with pytest.raises(ValueError, match="window_ratio"):
        NearestNeighbourClassifier("dtw", {"window_ratio": 2.0}).fit(X, y)


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
