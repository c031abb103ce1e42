"""A researcher's own distance in a study (`distances: [{kind: python, function: ...}]`): the
Euclidean distance written in NumPy, pair by pair or as a whole matrix, gives the native
`euclidean` distance's 1-NN cells; its matrices are cached per dataset and keyed by the function's
version (an edit recomputes them); and a wrong return is named by spec line and dataset."""
import json
import re

import numpy as np
import pytest

import tsfs
from conftest import UCR, run_in_folder, write_spec


def pair(a, b):
    return float(np.sqrt(np.sum((a - b) ** 2)))


def whole(series):
    differences = series[:, None, :] - series[None, :, :]
    return np.sqrt((differences ** 2).sum(axis=2))


def spec_dict(output, distance, datasets=("Coffee", "GunPoint")):
    return {
        "name": "own_distance",
        "datasets": [{"name": name, "path": str(UCR / name)} for name in datasets],
        "distances": [distance],
        "selectors": [{"kind": "none"}],
        "classifier": {"kind": "nearest_neighbour", "k": [1, 3]},
        "protocol": {"kind": "stratified_kfold", "folds": 3, "seed": 7},
        "output": str(output),
    }


def test_the_euclidean_distance_in_numpy_gives_the_native_cells(tmp_path):
    native = tsfs.run(spec_dict(tmp_path / "native", {"kind": "euclidean"}), threads=2)
    expected = list(native.table("results.csv")["accuracy"])
    for name, distance in (("pair", {"kind": "python", "function": pair}),
                           ("whole", {"kind": "python", "function": whole, "whole_set": True})):
        own = tsfs.run(spec_dict(tmp_path / name, distance), threads=2)
        results = own.table("results.csv")
        assert list(results["accuracy"]) == expected
        assert set(results["distance"]) == {f"python-{distance['function'].__name__}"}


def test_a_test_split_asks_for_its_pairs_with_the_training_rows_alone(tmp_path):
    calls = []

    def counted(a, b):
        calls.append(1)
        return pair(a, b)

    spec = spec_dict(tmp_path / "split", {"kind": "python", "function": counted}, ("Coffee",))
    spec["protocol"] = {"kind": "train_test"}
    spec["classifier"]["k"] = 1
    native = dict(spec, distances=[{"kind": "euclidean"}], output=str(tmp_path / "native"))
    assert (list(tsfs.run(spec).table("results.csv")["accuracy"])
            == list(tsfs.run(native).table("results.csv")["accuracy"]))
    assert len(calls) == 28 * 28  # Coffee's TEST rows x TRAIN rows, not 56 * 55 / 2 = 1540


def test_a_pair_function_that_edits_its_arguments_changes_nothing(tmp_path):
    """Each call gets copies of its two series, as a selector gets a copy of its matrix."""
    def editing(a, b):
        distance = pair(a, b)
        a[:] = 0
        b[:] = 0
        return distance

    spec = spec_dict(tmp_path / "edits", {"kind": "python", "function": editing}, ("Coffee",))
    native = dict(spec, distances=[{"kind": "euclidean"}], output=str(tmp_path / "native"))
    assert (list(tsfs.run(spec).table("results.csv")["accuracy"])
            == list(tsfs.run(native).table("results.csv")["accuracy"]))


def test_matrices_are_cached_and_recomputed_when_the_function_changes(tmp_path, runner):
    module = tmp_path / "own_distances.py"
    module.write_text("import numpy as np\n"
                      "def gap(a, b):\n    return float(abs(a.mean() - b.mean()))\n")
    spec = spec_dict(tmp_path / "out", {"kind": "python", "function": "own_distances:gap"},
                     ("Coffee",))
    path = write_spec(tmp_path, tsfs._tsfs.spec_yaml(spec))
    completed = run_in_folder(runner, path, tmp_path)
    assert completed.returncode == 0, completed.stderr
    first = (tmp_path / "out" / "results.csv").read_text()
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    [component] = manifest["python"]["components"]
    assert component["component"] == "distance python"
    assert component["file"] == str(module)
    cached = sorted((tmp_path / "out" / "cache").glob("distance-*.bin"))
    assert len(cached) == 1
    module.write_text("import numpy as np\n"
                      "def gap(a, b):\n    return float(abs(a.max() - b.max()))\n")
    completed = run_in_folder(runner, path, tmp_path)
    assert completed.returncode == 2 and "rerun with --fresh" in completed.stderr
    completed = run_in_folder(runner, path, tmp_path, "--fresh")
    assert completed.returncode == 0, completed.stderr
    assert len(list((tmp_path / "out" / "cache").glob("distance-*.bin"))) == 2
    assert (tmp_path / "out" / "results.csv").read_text() != first


@pytest.mark.parametrize("body, whole_set, message", [
    ("raise ValueError('no distance today')", False, r"ValueError: no distance today"),
    ("return float('nan')", False, r"between series 0 and 1 is nan: a distance must be a finite number"),
    ("return -1.0", False, r"between series 0 and 1 is -1.0: a distance cannot be negative"),
    ("return np.zeros((3, 3))", True, r"returned a matrix of shape \(3, 3\); it needs one row"),
    ("return np.triu(np.ones((len(a), len(a))), 1)", True, r"between series 0 and 1 is 1.0 but between 1 and 0 0.0: a distance must be symmetric"),
    ("return np.ones((len(a), len(a)))", True, r"the distance of series 0 to itself is 1.0: it must be 0"),
])
def test_a_wrong_distance_names_the_spec_line_and_dataset(tmp_path, runner, body, whole_set,
                                                           message):
    module = f"faulty_distance_{abs(hash(body))}"
    (tmp_path / f"{module}.py").write_text(f"import numpy as np\ndef d(a, b=None):\n    {body}\n")
    spec = spec_dict(tmp_path / "out", {"kind": "python", "function": f"{module}:d",
                                        "whole_set": whole_set}, ("Coffee",))
    path = write_spec(tmp_path, tsfs._tsfs.spec_yaml(spec))
    completed = run_in_folder(runner, path, tmp_path)
    assert completed.returncode == 2, completed.stderr
    assert "spec.yaml:" in completed.stderr and "(dataset Coffee)" in completed.stderr
    assert re.search(message, completed.stderr), completed.stderr


def test_a_call_the_function_cannot_take_is_refused_when_the_spec_loads(tmp_path):
    with pytest.raises(ValueError, match=r"\['distances'\]\[0\]\['scale'\]: .*pair\(a, b\) takes "
                                         r"no parameter 'scale'"):
        tsfs.run(spec_dict(tmp_path / "out", {"kind": "python", "function": pair, "scale": 2}))
    # A pair function asked for the whole set would get one argument.
    with pytest.raises(ValueError, match=r"\['distances'\]\[0\]\['function'\]: .*missing a "
                                         r"required argument: 'b'"):
        tsfs.run(spec_dict(tmp_path / "out", {"kind": "python", "function": pair,
                                              "whole_set": True}))
    assert not (tmp_path / "out").exists()
