"""A researcher's own features in a study (`features: {extractor: python, function: ...}`): the
series values written out in NumPy give the native `raw` extractor's cells, series of several
lengths arrive as a list, the features are cached per dataset and keyed by the function's
version (an edit makes the run folder's features stale: --fresh recomputes them), and its faults are named by spec line and dataset."""
import json

import numpy as np
import pandas as pd
import pytest

import tsfs
from conftest import UCR, run_in_folder, write_spec


def values(series):
    """The series values as features, as the native `raw` extractor has them."""
    return series, [f"t{step}" for step in range(series.shape[1])]


def spec_dict(output, features, dataset="Coffee", n_features=(2, 5, 10)):
    return {
        "name": "own_features",
        "datasets": [{"name": dataset, "path": str(UCR / dataset)}],
        "features": features,
        "selectors": [{"kind": "anova"}],
        "n_features": list(n_features),
        "classifier": {"kind": "svc"},
        "protocol": {"kind": "stratified_kfold", "folds": 3, "seed": 7},
        "output": str(output),
    }


def test_the_series_values_in_numpy_give_the_native_raw_extractor_s_cells(tmp_path):
    native = tsfs.run(spec_dict(tmp_path / "native", {"extractor": "raw"}), threads=2)
    own = tsfs.run(spec_dict(tmp_path / "own", {"extractor": "python", "function": values}),
                   threads=2)
    assert list(native.table("results.csv")["accuracy"]) == list(own.table("results.csv")["accuracy"])
    assert (list(native.table("scores.csv")["feature_index"])
            == list(own.table("scores.csv")["feature_index"]))


def test_series_of_several_lengths_arrive_as_a_list(tmp_path):
    def lengths(series, scale=1.0):
        assert isinstance(series, list) and len({len(one) for one in series}) > 1
        return pd.DataFrame({"length": [len(one) for one in series],
                             "mean": [scale * float(np.mean(one)) for one in series]})
    run = tsfs.run(spec_dict(tmp_path / "out", {"extractor": "python", "function": lengths,
                                                "scale": 2.0}, "GestureMidAirD1", (1, 2)),
                   threads=2)
    scores = run.table("scores.csv")
    assert set(scores["feature"]) == {"length", "mean"}


def test_features_are_cached_and_recomputed_when_the_function_changes(tmp_path, runner):
    module = tmp_path / "own_features.py"
    module.write_text("import numpy as np\n"
                      "def spread(series):\n"
                      "    return {'std': series.std(axis=1), 'range': np.ptp(series, axis=1)}\n")
    spec = spec_dict(tmp_path / "out", {"extractor": "python",
                                        "function": "own_features:spread"}, n_features=(1, 2))
    path = write_spec(tmp_path, tsfs._tsfs.spec_yaml(spec))
    assert run_in_folder(runner, path, tmp_path).returncode == 0
    first = (tmp_path / "out" / "scores.csv").read_text()
    assert run_in_folder(runner, path, tmp_path).returncode == 0  # unchanged: resumed
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    [component] = manifest["python"]["components"]
    assert component["component"] == "extractor python"
    assert component["file"] == str(module)
    module.write_text("import numpy as np\n"
                      "def spread(series):\n"
                      "    return {'std': series.std(axis=1), 'iqr': np.subtract(*np.percentile("
                      "series, [75, 25], axis=1))}\n")
    # The run folder's features are other ones now: refused as for a native extractor's edited
    # parameters, and recomputed (the cache misses: its key holds the version) with --fresh.
    completed = run_in_folder(runner, path, tmp_path)
    assert completed.returncode == 2 and "rerun with --fresh" in completed.stderr
    completed = run_in_folder(runner, path, tmp_path, "--fresh")
    assert completed.returncode == 0, completed.stderr
    assert (tmp_path / "out" / "scores.csv").read_text() != first
    assert "iqr" in (tmp_path / "out" / "scores.csv").read_text()


@pytest.mark.parametrize("body, message", [
    ("raise ValueError('no features today')", r"ValueError: no features today"),
    ("return series[:2], ['a'] * 0 + ['x' + str(i) for i in range(series.shape[1])]",
     r"needs one row per series"),
    ("return series[:, :2], ['a', 'a']", r"returned the column names \['a'\] more than once"),
    ("return [1, 2]", r"returned a list; return a pandas DataFrame"),
])
def test_a_fault_in_the_function_names_the_spec_line_and_dataset(tmp_path, runner, body, message):
    module = f"faulty_features_{abs(hash(body))}"
    (tmp_path / f"{module}.py").write_text(f"def extract(series):\n    {body}\n")
    spec = spec_dict(tmp_path / "out", {"extractor": "python", "function": f"{module}:extract"})
    path = write_spec(tmp_path, tsfs._tsfs.spec_yaml(spec))
    completed = run_in_folder(runner, path, tmp_path)
    assert completed.returncode == 2, completed.stderr
    assert "spec.yaml:" in completed.stderr and "(dataset Coffee)" in completed.stderr
    assert pd.Series([completed.stderr]).str.contains(message).all(), completed.stderr


def test_a_keyword_the_function_does_not_take_is_refused_when_the_spec_loads(tmp_path):
    with pytest.raises(ValueError, match=r"\['features'\]: .*values\(series\) takes no "
                                         r"parameter 'scale'"):
        tsfs.run(spec_dict(tmp_path / "out", {"extractor": "python", "function": values,
                                              "scale": 2}))
    assert not (tmp_path / "out").exists()
