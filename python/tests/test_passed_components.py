"""Python objects passed to tsfs.run as a study's components: a function or an estimator object
(a configured pipeline) in place of an import path, or named by `components=`. They are versioned
by their source (and an estimator object by its parameters): a rerun of the same objects resumes
every cell, other code under the same name recomputes."""
import json
import os
import subprocess

import numpy as np
import pytest
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import tsfs
from conftest import UCR, write_spec


def variance(X, y, power=1):
    return np.var(X, axis=0) ** power


def spec_dict(output, function, estimator):
    return {
        "name": "passed",
        "datasets": [{"name": "Coffee", "path": str(UCR / "Coffee")}],
        "features": {"extractor": "catch22"},
        "selectors": [{"kind": "python", "function": function, "power": [1, 2]}],
        "n_features": [2, 5],
        "classifier": {"kind": "sklearn", "estimator": estimator, "standardize": False},
        "protocol": {"kind": "stratified_kfold", "folds": 3, "seed": 7},
        "output": str(output),
    }


def evaluations(output):
    return json.loads((output / "manifest.json").read_text())["counts"]["fold_evaluations"]


def pipeline(C):
    return make_pipeline(StandardScaler(), LogisticRegression(C=C))


def test_objects_in_a_spec_run_resume_and_recompute_when_their_code_changes(tmp_path):
    output = tmp_path / "out"
    run = tsfs.run(spec_dict(output, variance, pipeline(0.5)), threads=2)
    results = run.table("results.csv")
    assert set(results["function"]) == {"variance"} and set(results["power"]) == {1, 2}
    assert set(results["classifier_estimator"]) == {"Pipeline"}
    assert results["version"][0].startswith("object:")
    assert evaluations(output) == 2 * 2 * 3
    components = json.loads((output / "manifest.json").read_text())["python"]["components"]
    assert components[0]["file"] == os.path.abspath(__file__)

    # The same code and parameters, built again: nothing to recompute.
    tsfs.run(spec_dict(output, variance, pipeline(0.5)), threads=2)
    assert evaluations(output) == 0
    # Another parameter of the pipeline: its cells are stale.
    tsfs.run(spec_dict(output, variance, pipeline(2.0)), threads=2)
    assert evaluations(output) == 2 * 2 * 3
    # Other code under the same name: the selector's cells too.
    scope = {"np": np}
    exec("def variance(X, y, power=1):\n    return -np.var(X, axis=0) ** power\n", scope)
    tsfs.run(spec_dict(output, scope["variance"], pipeline(2.0)), threads=2)
    assert evaluations(output) == 2 * 2 * 3


def test_components_named_in_a_spec_file_and_refused_where_none_was_passed(tmp_path, runner):
    spec = spec_dict(tmp_path / "out", "my_score", "my_model")
    path = write_spec(tmp_path, tsfs._tsfs.spec_yaml(spec))
    run = tsfs.run(path, components={"my_score": variance, "my_model": pipeline(1.0)}, threads=2)
    assert len(run.table("results.csv")) == 2 * 2
    with pytest.raises(ValueError, match=r"'function' is 'my_score'; write it as "
                                         r"'package.module:name'.*components=\{'my_score'"):
        tsfs.run(path)
    completed = subprocess.run([runner, str(path), "--quiet"], cwd=tmp_path, capture_output=True,
                               text=True)
    assert completed.returncode == 2
    assert "spec.yaml:" in completed.stderr and "pass the object itself" in completed.stderr
    with pytest.raises(ValueError, match="not a name a spec can give alone"):
        tsfs.run(path, components={"my.score": variance})
