"""A researcher's own Python function as a selector of a study (`kind: python`): it ranks and
scores as the native component it re-implements, its parameters sweep, it runs the same in the
runner (which embeds the interpreter) as in tsfs.run, and its faults are named by spec line,
dataset and fold."""
import os
import signal
import subprocess
import textwrap
import time

import numpy as np
import pandas as pd
import pytest

import tsfs
from conftest import REPO, UCR, write_spec

OWN_ANOVA = "experiments.own_method.anova_numpy:f_scores"


@pytest.fixture(autouse=True)
def importable(monkeypatch, tmp_path):
    """The repository (experiments/ is a namespace package) and tmp_path's modules import."""
    monkeypatch.syspath_prepend(str(REPO))
    monkeypatch.syspath_prepend(str(tmp_path))


def spec_dict(output, selectors, datasets=("Coffee",)):
    return {
        "name": "own",
        "datasets": [{"name": name, "path": str(UCR / name)} for name in datasets],
        "features": {"extractor": "catch22"},
        "selectors": selectors,
        "n_features": [2, 5, 10],
        "classifier": {"kind": "svc"},
        "protocol": {"kind": "stratified_kfold", "folds": 3, "seed": 7},
        "output": str(output),
    }


def run_in_runner_arguments(runner, arguments, cwd, extra_path=""):
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (str(REPO), extra_path, os.environ.get("PYTHONPATH", "")) if p))
    return subprocess.run([runner, *arguments], cwd=cwd, capture_output=True, text=True,
                          env=environment)


def run_in_runner(runner, spec_path, cwd, extra_path=""):
    return run_in_runner_arguments(runner, [str(spec_path), "--quiet", "--no-timings"], cwd,
                                   extra_path)


def test_a_numpy_anova_gives_the_native_rankings_and_accuracies(tmp_path):
    run = tsfs.run(spec_dict(tmp_path / "out", [{"kind": "anova"},
                                                {"kind": "python", "function": OWN_ANOVA}],
                             datasets=("Coffee", "GunPoint")), threads=2)
    results = run.table("results.csv")
    native = results[results.selector == "anova"].reset_index(drop=True)
    own = results[results.selector == "python"].reset_index(drop=True)
    assert len(native) == len(own) == 2 * 3
    for column in ("dataset", "n_features", "accuracy"):
        assert list(native[column]) == list(own[column]), column
    scores = run.table("scores.csv")
    native_scores = scores[scores.selector == "anova"].reset_index(drop=True)
    own_scores = scores[scores.selector == "python"].reset_index(drop=True)
    assert list(native_scores["rank"]) == list(own_scores["rank"])
    np.testing.assert_allclose(own_scores["score"], native_scores["score"], rtol=1e-9)


def test_the_function_s_own_parameters_sweep_and_reach_it(tmp_path):
    (tmp_path / "powered.py").write_text(textwrap.dedent("""
        import numpy as np
        def scores(X, y, power, label="x"):
            assert isinstance(power, int) and label == "kept"
            return np.var(X, axis=0) ** power
    """))
    run = tsfs.run(spec_dict(tmp_path / "out", [{"kind": "python", "function": "powered:scores",
                                                "power": [1, 2], "label": "kept"}]), threads=2)
    results = run.table("results.csv")
    assert sorted(set(results["power"])) == [1, 2]
    # Variance and its square rank alike: the same accuracies for both grid points.
    by_power = results.sort_values(["power", "n_features"]).groupby("power")["accuracy"]
    assert list(by_power.get_group(1)) == list(by_power.get_group(2))


def test_the_runner_embeds_the_interpreter_and_writes_the_same_files(tmp_path, runner):
    spec = spec_dict(tmp_path / "cli", [{"kind": "python", "function": OWN_ANOVA}])
    path = write_spec(tmp_path, tsfs._tsfs.spec_yaml(spec))
    completed = run_in_runner(runner, path, tmp_path)
    assert completed.returncode == 0, completed.stderr
    spec["output"] = str(tmp_path / "python")
    tsfs.run(spec, timings=False, threads=2)
    for name in ("results.csv", "folds.csv", "scores.csv"):
        assert (tmp_path / "cli" / name).read_bytes() == (tmp_path / "python" / name).read_bytes()


def test_editing_the_function_recomputes_its_scores(tmp_path, runner):
    module = tmp_path / "edited.py"
    module.write_text("import numpy as np\ndef scores(X, y):\n    return np.var(X, axis=0)\n")
    spec = spec_dict(tmp_path / "out", [{"kind": "python", "function": "edited:scores"}])
    path = write_spec(tmp_path, tsfs._tsfs.spec_yaml(spec))
    assert run_in_runner(runner, path, tmp_path, str(tmp_path)).returncode == 0
    first = (tmp_path / "out" / "scores.csv").read_text()
    module.write_text("import numpy as np\ndef scores(X, y):\n    return -np.var(X, axis=0)\n")
    completed = run_in_runner(runner, path, tmp_path, str(tmp_path))
    assert completed.returncode == 0, completed.stderr
    again = (tmp_path / "out" / "scores.csv").read_text()
    assert again != first  # the edited function's scores, not the cached ones
    results = pd.read_csv(tmp_path / "out" / "results.csv")
    assert results["version"].nunique() == 1 and results["version"][0].startswith("source:")


@pytest.mark.parametrize("body, message", [
    ("raise ValueError('no scores today')", r"ValueError: no scores today"),
    ("return np.ones(3)", r"shape \(3,\); it must return one score per feature column"),
    ("return np.full(X.shape[1], np.nan)", r"returned NaN for feature column 0"),
    ("return ['a'] * X.shape[1]", r"returned a list, not numbers"),
    ("return np.ones(X.shape[1]) * 1j", r"returned complex scores; return one real number"),
])
def test_a_fault_in_the_function_names_the_spec_line_dataset_and_fold(tmp_path, runner, body,
                                                                        message):
    module = f"faulty_{abs(hash(body))}"  # a module of its own: this process imports each once
    (tmp_path / f"{module}.py").write_text(
        f"import numpy as np\ndef scores(X, y):\n    {body}\n")
    spec = spec_dict(tmp_path / "out", [{"kind": "python", "function": f"{module}:scores"}])
    path = write_spec(tmp_path, tsfs._tsfs.spec_yaml(spec))
    completed = run_in_runner(runner, path, tmp_path, str(tmp_path))
    assert completed.returncode == 2, completed.stderr
    assert "spec.yaml:" in completed.stderr
    assert "dataset Coffee" in completed.stderr and "training rows of fold 0" in completed.stderr
    assert pd.Series([completed.stderr]).str.contains(message).all(), completed.stderr
    with pytest.raises(ValueError, match=message):
        tsfs.run(spec, threads=2)


def test_a_function_that_does_not_import_is_refused_at_its_line(tmp_path, runner):
    spec = spec_dict(tmp_path / "out", [{"kind": "python", "function": "no_such_module:scores"}])
    path = write_spec(tmp_path, tsfs._tsfs.spec_yaml(spec))
    completed = run_in_runner(runner, path, tmp_path)
    assert completed.returncode == 2
    assert "spec.yaml:" in completed.stderr and "ModuleNotFoundError" in completed.stderr
    assert not (tmp_path / "out").exists()
    with pytest.raises(ValueError, match="'function' is 'scores'; write it as"):
        tsfs.run(spec_dict(tmp_path / "out", [{"kind": "python", "function": "scores"}]))


def test_a_keyword_the_function_does_not_take_is_refused_when_the_spec_loads(tmp_path, runner):
    """Before, `beta` reached score(X, y, alpha=1.0) at its first call, after the features and
    distances were computed, and the run failed there with its manifest written."""
    (tmp_path / "own_keywords.py").write_text(
        "import numpy as np\n"
        "def score(X, y, alpha=1.0):\n    return alpha * X.var(axis=0)\n"
        "def needs(X, y, alpha):\n    return alpha * X.var(axis=0)\n"
        "def ordered(X, y, order):\n    return X.var(axis=0)\n"
        "def open_ended(X, y, **params):\n    return X.var(axis=0)\n")
    spec = spec_dict(tmp_path / "out", [{"kind": "python", "function": "own_keywords:score",
                                         "alpha": 2.0, "beta": 2}])
    path = write_spec(tmp_path, tsfs._tsfs.spec_yaml(spec))
    completed = run_in_runner(runner, path, tmp_path, str(tmp_path))
    assert completed.returncode == 2, completed.stderr
    line = next(number for number, text in enumerate(path.read_text().splitlines(), 1)
                if "beta" in text)
    assert f"spec.yaml:{line}:" in completed.stderr, completed.stderr
    assert "score(X, y, alpha=1.0) takes no parameter 'beta'" in completed.stderr
    assert not (tmp_path / "out").exists()
    with pytest.raises(ValueError, match=r"\['selectors'\]\[0\]\['beta'\]: .*takes no parameter"):
        tsfs.run(spec)
    # A parameter without a default that the spec leaves out is named at the function's key.
    spec["selectors"] = [{"kind": "python", "function": "own_keywords:needs"}]
    with pytest.raises(ValueError, match=r"\['function'\]: .*missing a required argument: "
                                         r"'alpha'"):
        tsfs.run(spec)
    # `order` is the entry's own key (the ranking order): never passed to the function, so its
    # parameter of that name gets no value, and the message says why.
    spec["selectors"] = [{"kind": "python", "function": "own_keywords:ordered", "order": "ascending"}]
    with pytest.raises(ValueError, match=r"missing a required argument: 'order'; 'order' is a key "
                                         r"of the entry that tsfs reads itself"):
        tsfs.run(spec)
    # **params takes any keyword.
    spec["selectors"] = [{"kind": "python", "function": "own_keywords:open_ended", "beta": 1}]
    spec["n_features"] = [2]
    assert len(tsfs.run(spec).table("results.csv")) == 1


def test_ctrl_c_inside_the_function_stops_the_runner_within_a_second(tmp_path, runner):
    (tmp_path / "endless.py").write_text(textwrap.dedent("""
        import pathlib, time
        def scores(X, y):
            pathlib.Path("started").touch()
            while True:
                sum(range(1000))
    """))
    spec = spec_dict(tmp_path / "out", [{"kind": "python", "function": "endless:scores"}])
    path = write_spec(tmp_path, tsfs._tsfs.spec_yaml(spec))
    environment = dict(os.environ, PYTHONPATH=str(tmp_path))
    process = subprocess.Popen([runner, str(path), "--quiet"], cwd=tmp_path, env=environment,
                               stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not (tmp_path / "started").exists():
        assert time.monotonic() < deadline and process.poll() is None
        time.sleep(0.05)
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 130, stderr
    assert time.monotonic() - sent < 1.5


OWN_LAPLACIAN = "experiments.own_method.laplacian_numpy:laplacian_scores"


def test_a_function_that_takes_distances_gets_each_distance_and_ranks_as_the_native_one(tmp_path):
    spec = spec_dict(tmp_path / "out", [
        {"kind": "laplacian", "k": 5, "sigma_ratio": [0.5, 2.0]},
        {"kind": "python", "function": OWN_LAPLACIAN, "k": 5, "sigma_ratio": [0.5, 2.0],
         "order": "ascending"}], datasets=("Coffee", "GunPoint"))
    spec["distances"] = [{"kind": "euclidean"}, {"kind": "dtw", "window_ratio": 0.1}]
    run = tsfs.run(spec, threads=2)
    results = run.table("results.csv")
    native = results[results.selector == "laplacian"].reset_index(drop=True)
    own = results[results.selector == "python"].reset_index(drop=True)
    assert len(own) == 2 * 2 * 2 * 3  # datasets x distances x sigma_ratio x n_features
    for column in ("dataset", "distance", "sigma_ratio", "n_features", "accuracy"):
        assert list(native[column]) == list(own[column]), column
    scores = run.table("scores.csv")
    native_scores = scores[scores.selector == "laplacian"].reset_index(drop=True)
    own_scores = scores[scores.selector == "python"].reset_index(drop=True)
    assert set(own_scores["distance"]) == {"euclidean", "dtw-r0.1"}
    assert list(native_scores["rank"]) == list(own_scores["rank"])
    np.testing.assert_allclose(own_scores["score"], native_scores["score"], rtol=1e-9)


def test_a_function_that_takes_distances_needs_the_spec_s_distances(tmp_path, runner):
    spec = spec_dict(tmp_path / "out", [{"kind": "python", "function": OWN_LAPLACIAN}])
    path = write_spec(tmp_path, tsfs._tsfs.spec_yaml(spec))
    completed = run_in_runner(runner, path, tmp_path)
    assert completed.returncode == 2, completed.stderr
    assert "spec.yaml:" in completed.stderr
    assert "needs a distance: add a 'distances' list" in completed.stderr


def test_tsfs_select_hands_a_function_that_takes_distances_the_matrix(gunpoint):
    features, _ = tsfs.features(gunpoint.X[:40], "catch22")
    matrix = tsfs.distances(gunpoint.X[:40])
    native = tsfs.select(features, selector="laplacian", distances=matrix, k=5)
    own = tsfs.select(features, gunpoint.y[:40], selector="python", function=OWN_LAPLACIAN,
                      distances=matrix, k=5, order="ascending")
    assert list(own.ranking) == list(native.ranking)
    np.testing.assert_allclose(own.scores, native.scores, rtol=1e-9)
    with pytest.raises(ValueError, match="uses a distance between the rows: give distances"):
        tsfs.select(features, gunpoint.y[:40], selector="python", function=OWN_LAPLACIAN)


def test_a_study_of_python_components_in_three_shards_merges_to_the_single_run(tmp_path, runner):
    """What `runner submit --slurm` runs (plan, the shards from the spec's folder, merge), with a
    Python selector that takes distances, a Python distance, a transformer and an estimator."""
    (tmp_path / "own_distance.py").write_text(
        "def gap(a, b):\n    return float(abs(a.mean() - b.mean()) + abs(a.std() - b.std()))\n")
    spec = spec_dict(tmp_path / "single", [
        {"kind": "python", "function": OWN_LAPLACIAN, "k": 5, "sigma_ratio": [0.5, 2.0],
         "order": "ascending"},
        {"kind": "python", "function": OWN_ANOVA}], datasets=("Coffee", "GunPoint"))
    spec["distances"] = [{"kind": "euclidean"}, {"kind": "python", "function": "own_distance:gap"}]
    spec["reduce"] = {"kind": "sklearn", "estimator": "sklearn.decomposition.PCA",
                      "n_components": 2}
    spec["classifier"] = {"kind": "sklearn", "estimator": "sklearn.tree.DecisionTreeClassifier",
                          "max_depth": [2, None]}
    path = write_spec(tmp_path, tsfs._tsfs.spec_yaml(spec))

    def runner_ok(*arguments):
        completed = run_in_runner_arguments(runner, [*map(str, arguments), "--quiet",
                                                     "--no-timings"], tmp_path)
        assert completed.returncode == 0, completed.stderr

    runner_ok(path, "--threads", 2)
    sharded = tmp_path / "sharded"
    runner_ok("plan", path, "--shards", 3, "--set", f"output={sharded}")
    for shard in ("1/3", "2/3", "3/3"):
        runner_ok("run", path, "--threads", 1, "--shard", shard, "--set", f"output={sharded}")
    runner_ok("merge", sharded)
    for name in ("results.csv", "folds.csv", "scores.csv"):
        assert (tmp_path / "single" / name).read_bytes() == (sharded / name).read_bytes(), name


def test_the_scikit_learn_python_selector_computes_the_distances_its_function_takes(gunpoint):
    from tsfs.sklearn import LaplacianSelector, PythonSelector
    features, _ = tsfs.features(gunpoint.X[:40], "catch22")
    native = LaplacianSelector(n_features=5).fit(features)
    own = PythonSelector(n_features=5, function=OWN_LAPLACIAN, order="ascending").fit(
        features, gunpoint.y[:40])
    assert list(own.ranking_) == list(native.ranking_)
    np.testing.assert_allclose(own.scores_, native.scores_, rtol=1e-9)
