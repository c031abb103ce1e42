import numpy as np
import pandas as pd
import pytest

import tsfs


@pytest.fixture(scope="module")
def small(gunpoint):
    return gunpoint.X[:40], gunpoint.y[:40]


def test_features_matrix_and_names(small):
    X, _ = small
    matrix, names = tsfs.features(X, "catch22", threads=1)
    assert matrix.shape == (40, 22) and len(names) == 22 and names[0] == "DN_HistogramMode_5"
    frame = tsfs.features(X, "catch22", as_frame=True)
    assert isinstance(frame, pd.DataFrame) and list(frame.columns) == names
    assert np.array_equal(frame.to_numpy(), matrix)
    tsfel, tsfel_names = tsfs.features(X, "tsfel", threads=2)
    assert tsfel.shape[0] == 40 and tsfel.shape[1] == len(tsfel_names) > 100


def test_thread_count_changes_nothing(small):
    X, _ = small
    one, _ = tsfs.features(X, "tsfel", threads=1)
    two, _ = tsfs.features(X, "tsfel", threads=2)
    assert np.array_equal(one, two, equal_nan=True)
    assert np.array_equal(tsfs.distances(X, distance="dtw", threads=1),
                          tsfs.distances(X, distance="dtw", threads=2))


def test_raw_features_are_the_series(small):
    X, _ = small
    matrix, _ = tsfs.features(X, "raw")
    assert np.array_equal(matrix, X)


def test_layouts_and_dtypes_give_the_same_numbers(small):
    X, _ = small
    reference, _ = tsfs.features(X, "catch22")
    fortran = np.asfortranarray(X)
    strided = np.repeat(X, 2, axis=1)[:, ::2]
    read_only = X.copy()
    read_only.flags.writeable = False
    for variant in (fortran, strided, read_only, list(X)):
        assert np.array_equal(tsfs.features(variant, "catch22")[0], reference)
    integers = np.round(X * 100).astype(np.int64)
    assert np.array_equal(tsfs.features(integers, "catch22")[0],
                          tsfs.features(integers.astype(np.float64), "catch22")[0])


def test_distances_pairwise_and_between_sets(small):
    X, _ = small
    euclidean = tsfs.distances(X)
    assert euclidean.shape == (40, 40)
    expected = np.sqrt(((X[:, None, :] - X[None, :, :]) ** 2).sum(axis=2))
    assert np.allclose(euclidean, expected, rtol=1e-12, atol=1e-12)
    dtw = tsfs.distances(X, distance="dtw", window_ratio=0.1)
    assert np.array_equal(dtw, dtw.T) and np.all(np.diag(dtw) == 0)
    block = tsfs.distances(X[:7], X[7:], distance="dtw", window_ratio=0.1)
    assert block.shape == (7, 33)
    assert np.array_equal(block, dtw[:7, 7:])
    for kind in ("msm", "erp", "lcss", "twe"):
        matrix = tsfs.distances(X[:10], distance=kind)
        assert matrix.shape == (10, 10) and np.all(np.diag(matrix) == 0)


def test_unequal_lengths(gesture):
    series = gesture.X[:12]
    matrix = tsfs.distances(series, distance="dtw")
    assert matrix.shape == (12, 12)
    padded = np.full((12, max(len(s) for s in series)), np.nan)
    for row, s in enumerate(series):
        padded[row, : len(s)] = s
    assert np.array_equal(tsfs.distances(padded, distance="dtw"), matrix)
    with pytest.raises(ValueError, match="compares series of one length only"):
        tsfs.distances(series, distance="euclidean")


def test_select_scores_and_ranking(gunpoint):
    features, _ = tsfs.features(gunpoint.X, "catch22")
    anova = tsfs.select(features, gunpoint.y, "anova")
    assert anova.scores.shape == (22,) and sorted(anova.ranking) == list(range(22))
    assert anova.descending
    finite = np.where(np.isfinite(anova.scores))[0]
    assert anova.scores[anova.ranking[0]] == anova.scores[finite].max()
    assert list(anova.classes) == [1, 2]
    # Labels of any type: the same classes as strings give the same scores.
    as_text = tsfs.select(features, gunpoint.y.astype(str), "anova")
    assert np.array_equal(as_text.scores, anova.scores, equal_nan=True)
    # A missing label is no class: NaN or None is refused, naming its row.
    with_nan = gunpoint.y.astype(float)
    with_nan[3] = np.nan
    with pytest.raises(ValueError, match="row 3 is nan, not a class"):
        tsfs.select(features, with_nan, "anova")
    with_none = gunpoint.y.astype(object)
    with_none[0] = None
    with pytest.raises(ValueError, match="row 0 is None, not a class"):
        tsfs.select(features, with_none, "anova")
    with_float32_nan = gunpoint.y.astype(object)
    with_float32_nan[5] = np.float32("nan")
    with pytest.raises(ValueError, match="row 5 is nan, not a class"):
        tsfs.select(features, with_float32_nan, "anova")


@pytest.mark.parametrize("kind", ["anova", "mrmr", "jmi", "similarity_constraint", "l1_path"])
def test_a_matrix_without_a_usable_column_selects_nothing(kind):
    # Every column constant or NaN somewhere: a run refuses such data; the Python API scores none
    # of its columns, as it scores none of them beside usable ones (mRMR and JMI crashed here).
    features = np.array([[1.0, np.nan], [1.0, 2.0], [1.0, 3.0], [1.0, 4.0]])
    result = tsfs.select(features, np.array([0, 0, 1, 1]), kind)
    assert result.usable_features == 0 and np.isnan(result.scores).all()
    assert list(result.ranking) == [0, 1]


def test_sequential_wraps_a_registered_classifier_as_scikit_learn(gunpoint):
    from sklearn.feature_selection import SequentialFeatureSelector
    from sklearn.neighbors import KNeighborsClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    X, y = gunpoint.X[:80, ::10], gunpoint.y[:80]
    result = tsfs.select(X, y, "sequential", classifier="knn", classifier_params={"k": 5},
                         n_features_to_select=3, cv=4)
    reference = SequentialFeatureSelector(make_pipeline(StandardScaler(), KNeighborsClassifier(5)),
                                          n_features_to_select=3, cv=4).fit(X, y)
    assert sorted(result.ranking[:3]) == list(reference.get_support(indices=True))
    assert result.usable_features == 3  # the search stopped there: the rest count as removed
    with pytest.raises(ValueError, match="give classifier"):
        tsfs.select(X, y, "sequential")
    with pytest.raises(ValueError, match="distances between series"):
        tsfs.select(X, y, "sequential", classifier="nearest_neighbour")


def test_top_takes_a_count_of_columns(gunpoint):
    features, _ = tsfs.features(gunpoint.X[:40], "catch22")
    selection = tsfs.select(features, gunpoint.y[:40], "anova")
    assert list(selection.top(3)) == list(selection.ranking[:3])
    assert list(selection.top(np.int64(3))) == list(selection.ranking[:3])
    assert len(selection.top(0)) == 0 and len(selection.top(100)) == 22
    with pytest.raises(ValueError, match="n_features must be >= 0, got -3"):
        selection.top(-3)
    for count in (2.0, True, "2", None):
        with pytest.raises(TypeError, match="n_features must be an integer"):
            selection.top(count)


@pytest.mark.parametrize("kind", ["anova", "variance", "none"])
def test_select_without_rows_says_so(kind):
    # Zero rows were "only one class" for a supervised selector; variance and none crashed.
    with pytest.raises(ValueError, match=r"features has no rows \(shape 0 x 3\)"):
        tsfs.select(np.zeros((0, 3)), [], kind)


def test_select_leaves_constant_columns_out(gunpoint):
    features, _ = tsfs.features(gunpoint.X[:60], "catch22")
    before = tsfs.select(features, gunpoint.y[:60], "fisher")
    features[:, 3] = 1.0
    result = tsfs.select(features, gunpoint.y[:60], "fisher")
    assert np.isnan(result.scores[3]) and 3 in result.ranking[result.usable_features:]
    assert result.usable_features == before.usable_features - 1
    # Unusable columns come last, in index order.
    unusable = result.ranking[result.usable_features:]
    assert list(unusable) == sorted(unusable) and np.isnan(result.scores[unusable]).all()


def test_graph_selector_with_a_matrix_or_a_distance_name(gunpoint):
    X = gunpoint.X[:60]
    features, _ = tsfs.features(X, "catch22")
    matrix = tsfs.distances(X, distance="dtw")
    by_matrix = tsfs.select(features, None, "laplacian", distances=matrix, k=5, sigma_ratio=0.5,
                            variant="report2023")
    by_name = tsfs.select(features, selector="laplacian", distances="dtw", series=X, k=5,
                          sigma_ratio=0.5, variant="report2023")
    assert np.array_equal(by_matrix.scores, by_name.scores, equal_nan=True)
    assert 0 <= by_matrix.zero_weight_fraction <= 1
    with pytest.raises(ValueError, match="uses a distance"):
        tsfs.select(features, None, "laplacian", variant="report2023")
    with pytest.raises(ValueError, match="60 x 60"):
        tsfs.select(features, None, "laplacian", distances=matrix[:5, :5], variant="report2023")


def test_unknown_components_and_parameters_suggest_the_closest():
    X = np.random.default_rng(0).normal(size=(6, 20))
    with pytest.raises(ValueError, match=r"unknown extractor 'tsfl' \(did you mean 'tsfel'\?\)"):
        tsfs.features(X, "tsfl")
    with pytest.raises(ValueError, match=r"unknown distance 'dtww' \(did you mean 'dtw'\?\)"):
        tsfs.distances(X, distance="dtww")
    with pytest.raises(ValueError, match=r"did you mean 'window_ratio'"):
        tsfs.distances(X, distance="dtw", window_rato=0.1)
    with pytest.raises(ValueError, match=r"unknown selector 'anvoa' \(did you mean 'anova'\?\)"):
        tsfs.select(X, [0, 1] * 3, "anvoa")
    with pytest.raises(ValueError, match="window_ratio"):
        tsfs.distances(X, distance="dtw", window_ratio=-1)
    with pytest.raises(ValueError, match="step_pattern"):
        tsfs.distances(X, distance="dtw", step_pattern="diagonal")
    with pytest.raises(TypeError, match="parameter 'window_ratio'"):
        tsfs.distances(X, distance="dtw", window_ratio=object())


def test_bad_arrays_are_refused_clearly():
    X = np.random.default_rng(1).normal(size=(6, 20))
    with pytest.raises(TypeError, match="dtype <U"):
        tsfs.features(np.array([["a", "b"]]), "raw")
    with pytest.raises(TypeError, match="dtype complex"):
        tsfs.features(X.astype(complex), "raw")
    with pytest.raises(ValueError, match="2-D array"):
        tsfs.features(np.zeros((2, 3, 4)), "raw")
    inside = X.copy()
    inside[2, 5] = np.nan
    with pytest.raises(ValueError, match=r"series 2: value at position 6 after NaN at position 5"):
        tsfs.distances(inside)
    infinite = X.copy()
    infinite[1, 1] = np.inf
    with pytest.raises(ValueError, match="infinite value"):
        tsfs.distances(infinite)
    with pytest.raises(ValueError, match="no values"):
        tsfs.distances(np.full((2, 3), np.nan))
    with pytest.raises(ValueError, match="has 5 values for 6 rows"):
        tsfs.select(X, [0, 1, 0, 1, 0], "anova")
    with pytest.raises(ValueError, match="supervised"):
        tsfs.select(X, None, "anova")
    with pytest.raises(ValueError, match="threads"):
        tsfs.distances(X, threads=0)
    with pytest.raises(TypeError, match="threads"):
        tsfs.distances(X, threads=1.5)


def test_trailing_nan_pads_a_shorter_series():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(4, 30))
    padded = X.copy()
    padded[1, 20:] = np.nan
    direct = tsfs.distances([X[0], X[1, :20], X[2], X[3]], distance="dtw")
    assert np.array_equal(tsfs.distances(padded, distance="dtw"), direct)
