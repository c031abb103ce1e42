"""The module and the runner of one build give the same numbers, bit for bit: features, distance
matrices and score vectors, read back from the runner's %.17g CSVs (which round-trip doubles)."""
import csv

import numpy as np
import pytest

import tsfs
from conftest import UCR, read_csv_matrix, run_runner, write_spec

SPEC = """
name: equality
datasets: [{{name: GunPoint, path: {ucr}/GunPoint, split: merged, max_samples: 80}}]
features: [{{extractor: tsfel}}, {{extractor: catch22}}]
distances: [{{kind: dtw, window_ratio: 0.1}}, {{kind: msm}}]
selectors:
  - {{kind: anova}}
  - {{kind: laplacian, variant: report2023, k: 7, sigma_ratio: [0.01, 0.5, 3], fit_on: all}}
n_features: [5]
classifier: {{kind: knn}}
protocol: {{kind: holdout_half}}
output: {output}
"""


@pytest.fixture(scope="module")
def cli_run(runner, tmp_path_factory):
    folder = tmp_path_factory.mktemp("equality")
    spec = write_spec(folder, SPEC.format(ucr=UCR, output=folder / "out"))
    run_runner(runner, "features", spec, "--quiet", "--threads", "2")
    run_runner(runner, "distances", spec, "--quiet", "--threads", "2")
    run_runner(runner, spec, "--quiet", "--threads", "2", "--no-timings")
    series = tsfs.load_dataset(UCR / "GunPoint", max_samples=80)
    return folder / "out", series


def python_features(series):
    tsfel, tsfel_names = tsfs.features(series.X, "tsfel")
    catch22, catch22_names = tsfs.features(series.X, "catch22")
    return np.hstack([tsfel, catch22]), tsfel_names + catch22_names


def test_features_equal_the_cli(cli_run):
    output, series = cli_run
    values, names = read_csv_matrix(output / "features" / "GunPoint.csv")
    matrix, python_names = python_features(series)
    assert names == python_names
    assert values.shape == matrix.shape == (80, len(names))
    assert np.array_equal(values, matrix, equal_nan=True)


@pytest.mark.parametrize("kind, params, label", [("dtw", {"window_ratio": 0.1}, None),
                                                  ("msm", {}, None)])
def test_distances_equal_the_cli(cli_run, kind, params, label):
    output, series = cli_run
    files = sorted((output / "distances").glob(f"GunPoint_{kind}*.csv"))
    assert len(files) == 1, files
    values, _ = read_csv_matrix(files[0], header=False)
    assert np.array_equal(values, tsfs.distances(series.X, distance=kind, **params))


def cli_scores(output, selector, distance=None, **where):
    """One score vector of scores.csv: the scores by feature index and the ranked indices."""
    rows = [row for row in csv.DictReader(open(output / "scores.csv"))
            if row["selector"] == selector and all(row[k] == v for k, v in where.items())
            and (distance is None or row["distance"].startswith(distance))]
    rows.sort(key=lambda row: int(row["feature_index"]))
    scores = np.array([float(row["score"]) for row in rows])
    ranked = sorted((row for row in rows if row["rank"] != ""), key=lambda row: int(row["rank"]))
    return scores, np.array([int(row["feature_index"]) for row in ranked])


def test_laplacian_scores_equal_the_cli(cli_run):
    output, series = cli_run
    features, _ = python_features(series)
    dtw = tsfs.distances(series.X, distance="dtw", window_ratio=0.1)
    for sigma in ("0.01", "0.5", "3"):
        scores, ranking = cli_scores(output, "laplacian", "dtw", sigma_ratio=sigma)
        assert len(scores) == features.shape[1]
        result = tsfs.select(features, None, "laplacian", distances=dtw, k=7,
                             sigma_ratio=float(sigma), variant="report2023")
        assert np.array_equal(scores, result.scores, equal_nan=True)
        assert np.array_equal(ranking, result.ranking)


def test_anova_scores_equal_the_cli_on_the_training_rows(cli_run):
    output, series = cli_run
    features, _ = python_features(series)
    scores, ranking = cli_scores(output, "anova", fold="0")
    assert len(scores) == features.shape[1]
    train = np.arange(40)  # holdout_half: the first half of the rows
    result = tsfs.select(features[train], series.y[train], "anova")
    assert np.array_equal(scores, result.scores, equal_nan=True)
    assert np.array_equal(ranking, result.ranking)
