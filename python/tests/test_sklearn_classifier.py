"""Any scikit-learn classifier inside a study (`classifier: {kind: sklearn, estimator: ...}`):
scikit-learn's SVC gives the native svc's cells, an estimator's parameters sweep and tune, each
fit gets a random_state of its own (from its training data) unless the spec fixes it, the runs are the same at any thread
count and resume with nothing to do, the manifest names the code, and faults are named by spec
line (at load time where scikit-learn can tell) or by dataset and fold."""
import json
import os
import subprocess
import textwrap

import pandas as pd
import pytest

import tsfs
from conftest import REPO, UCR, write_spec


@pytest.fixture(autouse=True)
def importable(monkeypatch, tmp_path):
    """tmp_path's modules import, in this process and in the runner."""
    monkeypatch.syspath_prepend(str(tmp_path))


def spec_dict(output, classifier, datasets=("Coffee",), **extra):
    spec = {
        "name": "estimators",
        "datasets": [{"name": name, "path": str(UCR / name)} for name in datasets],
        "features": {"extractor": "catch22"},
        "selectors": [{"kind": "anova"}],
        "n_features": [2, 5, 10],
        "classifier": classifier,
        "protocol": {"kind": "stratified_kfold", "folds": 3, "seed": 7},
        "output": str(output),
    }
    spec.update(extra)
    return spec


def run_in_runner(runner, spec, folder, *options):
    path = write_spec(folder, tsfs._tsfs.spec_yaml(spec))
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (str(folder), os.environ.get("PYTHONPATH", "")) if p))
    return subprocess.run([runner, str(path), "--quiet", "--no-timings", *options], cwd=folder,
                          capture_output=True, text=True, env=environment)


def test_scikit_learn_s_svc_gives_the_native_svc_s_cells(tmp_path):
    datasets = ("Coffee", "GunPoint")
    native = tsfs.run(spec_dict(tmp_path / "native", {"kind": "svc", "C": [0.5, 4]}, datasets,
                                metrics=["roc_auc"]), threads=2).table("folds.csv")
    own = tsfs.run(spec_dict(tmp_path / "sklearn", {"kind": "sklearn",
                                                    "estimator": "sklearn.svm.SVC",
                                                    "C": [0.5, 4]}, datasets,
                             metrics=["roc_auc"]), threads=2).table("folds.csv")
    assert len(native) == len(own) == 2 * 2 * 3 * 3
    assert list(native["classifier_C"]) == list(own["classifier_C"])
    assert list(native["accuracy"]) == list(own["accuracy"])
    # The same libsvm model: decision values equal to rounding, so the same ranking of the rows.
    assert (native["roc_auc"] - own["roc_auc"]).abs().max() < 1e-12


RECORDING_ESTIMATOR = """
import os
from sklearn.neighbors import KNeighborsClassifier

class Recording(KNeighborsClassifier):
    # Writes the random_state of every fit, so the test sees what tsfs set.
    def __init__(self, n_neighbors=1, random_state=None):
        super().__init__(n_neighbors=n_neighbors)
        self.random_state = random_state

    def fit(self, X, y):
        with open(os.environ["RECORD"], "a") as record:
            record.write(f"{self.random_state} {X.shape} {X[0, 0]!r}\\n")
        return super().fit(X, y)
"""


def test_each_fit_gets_a_random_state_of_its_own_unless_the_spec_fixes_one(tmp_path, monkeypatch):
    (tmp_path / "recording.py").write_text(RECORDING_ESTIMATOR)
    record = tmp_path / "record.txt"
    monkeypatch.setenv("RECORD", str(record))
    classifier = {"kind": "sklearn", "estimator": "recording.Recording"}
    tsfs.run(spec_dict(tmp_path / "seeded", classifier), threads=2)
    fits = [line.split(" ", 1) for line in record.read_text().splitlines()]
    # One random_state per fit's training data (3 folds x 3 feature subsets), the same whenever
    # that data comes again.
    states = {data: state for state, data in fits}
    assert len(states) == 9 and len(set(states.values())) == 9
    assert all(0 <= int(state) < 2**32 for state in states.values())
    assert all(states[data] == state for state, data in fits)
    record.unlink()
    tsfs.run(spec_dict(tmp_path / "fixed", dict(classifier, random_state=11)), threads=2)
    assert {line.split()[0] for line in record.read_text().splitlines()} == {"11"}


def test_a_tuned_forest_is_the_same_at_any_thread_count_and_resumes_with_nothing_to_do(
        tmp_path, runner):
    classifier = {"kind": "sklearn", "estimator": "sklearn.ensemble.RandomForestClassifier",
                  "n_estimators": 10, "max_depth": [None, 2], "max_features": ["sqrt", 0.5]}
    outputs = []
    for threads in ("1", "2"):
        spec = spec_dict(tmp_path / f"threads{threads}", classifier,
                         tune={"parameters": ["classifier.max_depth"]})
        completed = run_in_runner(runner, spec, tmp_path, "--threads", threads)
        assert completed.returncode == 0, completed.stderr
        outputs.append(tmp_path / f"threads{threads}")
    for name in ("results.csv", "folds.csv", "tuned.csv"):
        assert (outputs[0] / name).read_bytes() == (outputs[1] / name).read_bytes(), name
    results = pd.read_csv(outputs[0] / "results.csv", keep_default_na=False)
    assert "tuned" in set(results["classifier_max_depth"])
    assert set(results["classifier_max_features"]) == {"sqrt", "0.5"}
    tuned = pd.read_csv(outputs[0] / "tuned.csv", keep_default_na=False)
    assert set(tuned["chosen_classifier_max_depth"].astype(str)) <= {"none", "2"}
    again = run_in_runner(runner, spec, tmp_path, "--threads", "2")
    assert again.returncode == 0, again.stderr
    manifest = json.loads((outputs[1] / "manifest.json").read_text())
    assert manifest["counts"].get("fold_evaluations", 0) == 0, manifest["counts"]


def test_the_manifest_names_the_interpreter_and_the_estimator_s_file_and_version(tmp_path,
                                                                                 runner):
    spec = spec_dict(tmp_path / "out", {"kind": "sklearn",
                                        "estimator": "sklearn.linear_model.LogisticRegression"})
    completed = run_in_runner(runner, spec, tmp_path)
    assert completed.returncode == 0, completed.stderr
    python = json.loads((tmp_path / "out" / "manifest.json").read_text())["python"]
    assert python["interpreter"].startswith("Python 3.")
    [component] = python["components"]
    assert component["component"] == "classifier sklearn"
    assert component["file"].endswith(os.path.join("linear_model", "_logistic.py"))
    assert component["version"].startswith("source:") and "(sklearn " in component["version"]
    results = pd.read_csv(tmp_path / "out" / "results.csv")
    assert set(results["classifier_version"]) == {component["version"]}


@pytest.mark.parametrize("classifier, message", [
    ({"n_estimator": 10}, r"unexpected keyword argument 'n_estimator'"),
    ({"n_estimators": [10, -1]}, r"'n_estimators' parameter of RandomForestClassifier must be"),
    ({"estimator": "sklearn.preprocessing.StandardScaler"}, r"has no predict method"),
    ({"estimator": "sklearn.ensemble.RandomForest"}, r"has no attribute 'RandomForest'"),
])
def test_a_wrong_estimator_or_parameter_is_refused_at_its_line_before_any_work(
        tmp_path, runner, classifier, message):
    spec = spec_dict(tmp_path / "out", dict({"kind": "sklearn", "estimator":
                                             "sklearn.ensemble.RandomForestClassifier"},
                                            **classifier))
    completed = run_in_runner(runner, spec, tmp_path)
    assert completed.returncode == 2, completed.stderr
    assert "spec.yaml:" in completed.stderr
    assert pd.Series([completed.stderr]).str.contains(message).all(), completed.stderr
    assert not (tmp_path / "out").exists()


def test_an_exception_in_fit_names_the_spec_line_dataset_and_fold(tmp_path, runner):
    (tmp_path / "failing.py").write_text(textwrap.dedent("""
        from sklearn.base import BaseEstimator, ClassifierMixin
        class Failing(ClassifierMixin, BaseEstimator):
            def fit(self, X, y):
                raise RuntimeError("no model today")
            def predict(self, X):
                return X[:, 0]
    """))
    spec = spec_dict(tmp_path / "out", {"kind": "sklearn", "estimator": "failing:Failing"})
    completed = run_in_runner(runner, spec, tmp_path)
    assert completed.returncode == 2, completed.stderr
    assert "spec.yaml:" in completed.stderr and "RuntimeError: no model today" in completed.stderr
    assert "dataset Coffee" in completed.stderr and "training rows of fold" in completed.stderr
    with pytest.raises(ValueError, match="no model today"):
        tsfs.run(spec, threads=2)


@pytest.mark.parametrize("method, body, message", [
    ("decision_function", "return np.zeros(len(X) + 5)",
     r"decision_function returned shape \(\d+,\) for \d+ test rows"),
    ("predict_proba", "return np.ones((len(X), 1))",
     r"predict_proba returned shape \(\d+, 1\); it needs one row per test row and one column per "
     r"class: \(\d+, 2\)"),
])
def test_scores_of_the_wrong_shape_are_refused_not_replaced(tmp_path, method, body, message):
    """A decision_function or predict_proba that answers for other rows or classes is an error,
    not silently replaced by another score (roc_auc 0.5) or broadcast."""
    module = f"shapeless_{method}"
    (tmp_path / f"{module}.py").write_text(textwrap.dedent(f"""
        import numpy as np
        from sklearn.base import BaseEstimator, ClassifierMixin
        class Shapeless(ClassifierMixin, BaseEstimator):
            def fit(self, X, y):
                self.classes_ = np.unique(y)
                return self
            def predict(self, X):
                return np.zeros(len(X), dtype=int)
            def {method}(self, X):
                {body}
    """))
    spec = spec_dict(tmp_path / "out", {"kind": "sklearn", "estimator": f"{module}:Shapeless"},
                     metrics=["roc_auc"])
    with pytest.raises(ValueError, match=message):
        tsfs.run(spec)


def test_one_vs_one_decision_columns_are_never_taken_for_class_scores(tmp_path):
    """With three classes, decision_function_shape="ovo" gives three columns, one per pair of
    classes: the scores come from predict_proba, as for an estimator without decision_function."""
    (tmp_path / "one_vs_one.py").write_text(textwrap.dedent("""
        import numpy as np
        from sklearn.base import BaseEstimator, ClassifierMixin
        from sklearn.linear_model import LogisticRegression
        class Probabilities(ClassifierMixin, BaseEstimator):
            def fit(self, X, y):
                self.model_ = LogisticRegression(max_iter=1000).fit(X, y)
                self.classes_ = self.model_.classes_
                return self
            def predict(self, X):
                return self.model_.predict(X)
            def predict_proba(self, X):
                return self.model_.predict_proba(X)
        class OneVsOne(Probabilities):
            decision_function_shape = "ovo"
            def decision_function(self, X):
                return -self.model_.predict_proba(X)  # three pair columns, not class scores
    """))
    roc_auc = {}
    for name in ("Probabilities", "OneVsOne"):
        spec = spec_dict(tmp_path / name, {"kind": "sklearn", "estimator": f"one_vs_one:{name}"},
                         datasets=("ArrowHead",), metrics=["roc_auc"])
        roc_auc[name] = list(tsfs.run(spec).table("folds.csv")["roc_auc"])
    assert roc_auc["OneVsOne"] == roc_auc["Probabilities"]
