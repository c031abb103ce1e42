"""Any scikit-learn transformer between selection and classification (`reduce: {kind: sklearn,
estimator: ...}`): scikit-learn's PCA gives the native pca's cells, a transformer's parameters
sweep, a seeded one gives the same files at any thread count and in the runner, and faults are
named by the `reduce:` line (at load time where scikit-learn can tell) and the dataset."""
import json
import os
import subprocess
import textwrap

import numpy as np
import pandas as pd
import pytest

import tsfs
from conftest import UCR, write_spec


@pytest.fixture(autouse=True)
def importable(monkeypatch, tmp_path):
    """tmp_path's modules import, in this process and in the runner."""
    monkeypatch.syspath_prepend(str(tmp_path))


def spec_dict(output, reduce, datasets=("Coffee",)):
    return {
        "name": "transformers",
        "datasets": [{"name": name, "path": str(UCR / name)} for name in datasets],
        "features": {"extractor": "catch22"},
        "selectors": [{"kind": "anova"}],
        "n_features": [5, 10],
        "reduce": reduce,
        "classifier": {"kind": "svc"},
        "protocol": {"kind": "stratified_kfold", "folds": 3, "seed": 7},
        "output": str(output),
    }


def run_in_runner(runner, spec, folder):
    path = write_spec(folder, tsfs._tsfs.spec_yaml(spec))
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (str(folder), os.environ.get("PYTHONPATH", "")) if p))
    return subprocess.run([runner, str(path), "--quiet", "--no-timings"], cwd=folder,
                          capture_output=True, text=True, env=environment)


def test_scikit_learn_s_pca_gives_the_native_pca_s_cells(tmp_path):
    datasets = ("Coffee", "GunPoint")
    native = tsfs.run(spec_dict(tmp_path / "native", {"kind": "pca", "components": 3}, datasets),
                      threads=2).table("folds.csv")
    own = tsfs.run(spec_dict(tmp_path / "sklearn", {"kind": "sklearn",
                                                    "estimator": "sklearn.decomposition.PCA",
                                                    "n_components": [2, 3]}, datasets),
                   threads=2).table("folds.csv")
    three = own[own["reducer_n_components"] == 3].reset_index(drop=True)
    assert len(native) == len(three) == 2 * 2 * 3
    assert set(three["n_components"]) == {3}
    # The same subspace up to the components' signs, which the RBF kernel does not see.
    np.testing.assert_allclose(three["accuracy"], native["accuracy"], atol=1e-12)
    assert set(own[own["reducer_n_components"] == 2]["n_components"]) == {2}


def test_a_seeded_transformer_gives_the_same_files_at_any_thread_count_and_in_the_runner(
        tmp_path, runner):
    reduce = {"kind": "sklearn", "estimator": "sklearn.random_projection.GaussianRandomProjection",
              "n_components": 4}
    spec = spec_dict(tmp_path / "one", reduce)
    tsfs.run(spec, threads=1, timings=False)
    spec["output"] = str(tmp_path / "two")
    tsfs.run(spec, threads=2, timings=False)
    spec["output"] = str(tmp_path / "cli")
    completed = run_in_runner(runner, spec, tmp_path)
    assert completed.returncode == 0, completed.stderr
    [component] = json.loads((tmp_path / "cli" / "manifest.json").read_text())["python"]["components"]
    assert component["component"] == "reducer sklearn"
    assert component["file"].endswith("random_projection.py")
    for name in ("results.csv", "folds.csv"):
        first = (tmp_path / "one" / name).read_bytes()
        assert first == (tmp_path / "two" / name).read_bytes(), name
        assert first == (tmp_path / "cli" / name).read_bytes(), name


def test_a_classifier_or_a_misspelt_parameter_is_refused_at_the_reduce_line(tmp_path, runner):
    for reduce, message in [
            ({"kind": "sklearn", "estimator": "sklearn.svm.SVC"},
             "SVC has no transform method; a transformer needs fit and transform"),
            ({"kind": "sklearn", "estimator": "sklearn.decomposition.PCA", "n_component": 2},
             "n_component")]:
        completed = run_in_runner(runner, spec_dict(tmp_path / "out", reduce), tmp_path)
        assert completed.returncode == 2, completed.stderr
        assert "spec.yaml:" in completed.stderr and "reduce 'sklearn'" in completed.stderr
        assert message in completed.stderr, completed.stderr
        assert not (tmp_path / "out").exists()


def test_a_transformer_that_returns_nan_names_the_reduce_line_and_the_dataset(tmp_path, runner):
    (tmp_path / "holes.py").write_text(textwrap.dedent("""
        import numpy as np
        from sklearn.base import BaseEstimator, TransformerMixin
        class Holes(TransformerMixin, BaseEstimator):
            def fit(self, X, y=None):
                return self
            def transform(self, X):
                out = np.array(X, dtype=float)
                out[0, 0] = np.nan
                return out
    """))
    completed = run_in_runner(runner, spec_dict(tmp_path / "out", {"kind": "sklearn",
                                                                   "estimator": "holes.Holes"}),
                              tmp_path)
    assert completed.returncode == 2, completed.stderr
    assert "spec.yaml:" in completed.stderr and "dataset Coffee" in completed.stderr
    assert "fit_transform returned a value that is not finite" in completed.stderr


def test_a_configured_pipeline_passed_to_tsfs_run_is_the_reducer(tmp_path):
    from sklearn.decomposition import PCA
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    pipeline = make_pipeline(StandardScaler(), PCA(n_components=3))
    run = tsfs.run(spec_dict(tmp_path / "out", {"kind": "sklearn", "estimator": pipeline,
                                                "standardize": False}), threads=2)
    folds = run.table("folds.csv")
    assert set(folds["n_components"]) == {3}
    assert set(folds["reducer_estimator"]) == {"Pipeline"}


def test_a_plain_class_with_fit_and_transform_is_a_reducer(tmp_path, runner):
    (tmp_path / "plain.py").write_text(textwrap.dedent("""
        import numpy as np
        class FirstColumns:
            def __init__(self, keep=2):
                self.keep = keep
            def fit(self, X, y=None):
                self.mean_ = X.mean(axis=0)
                return self
            def transform(self, X):
                return (X - self.mean_)[:, :self.keep]
    """))
    completed = run_in_runner(runner, spec_dict(tmp_path / "out", {
        "kind": "sklearn", "estimator": "plain.FirstColumns", "keep": 3}), tmp_path)
    assert completed.returncode == 0, completed.stderr
    folds = pd.read_csv(tmp_path / "out" / "folds.csv")
    assert set(folds["n_components"]) == {3}
