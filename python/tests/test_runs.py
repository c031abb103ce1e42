import tempfile

import numpy as np
import pandas as pd
import pytest

import tsfs
from conftest import UCR, run_runner, write_spec


def spec_dict(output):
    return {
        "name": "python_run",
        "datasets": [{"name": "Coffee", "path": str(UCR / "Coffee")}],
        "features": {"extractor": "catch22"},
        "selectors": [{"kind": "anova"}, {"kind": "variance", "fit_on": "all"}],
        "n_features": [3, 8],
        "classifier": {"kind": "knn", "k": [1, 3]},
        "protocol": {"kind": "stratified_kfold", "folds": 3, "seed": 1},
        "output": str(output),
    }


def test_a_dict_spec_runs_and_its_tables_are_dataframes(tmp_path):
    run = tsfs.run(spec_dict(tmp_path / "out"), threads=2)
    assert run.status == 0 and run.output == tmp_path / "out" and run.name == "python_run"
    assert isinstance(run.results, pd.DataFrame)
    assert len(run.results) == 2 * 2 * 2  # selectors x n_features x k
    assert set(run.results["selector"]) == {"anova", "variance"}
    assert len(run.folds) == 8 * 3
    assert run.tuned is None
    assert {"feature", "score", "rank"} <= set(run.scores.columns)
    assert np.all((run.results["accuracy"] >= 0) & (run.results["accuracy"] <= 1))


def test_the_same_files_as_the_cli(tmp_path, runner):
    spec = spec_dict(tmp_path / "cli")
    path = write_spec(tmp_path, tsfs._tsfs.spec_yaml(spec))
    run_runner(runner, path, "--quiet", "--no-timings", "--threads", "1")
    spec["output"] = str(tmp_path / "python")
    tsfs.run(spec, timings=False, threads=2)
    for name in ("results.csv", "folds.csv", "scores.csv"):
        assert (tmp_path / "cli" / name).read_bytes() == (tmp_path / "python" / name).read_bytes()


def test_overrides_and_tuning(tmp_path):
    spec = spec_dict(tmp_path / "out")
    spec["tune"] = {"parameters": ["classifier.k"]}
    spec["classifier"] = {"kind": "knn", "k": [1, 3]}
    run = tsfs.run(spec, overrides={"n_features": [4]}, threads=2)
    assert set(run.results["n_features"]) == {4}
    assert run.tuned is not None and len(run.tuned) > 0
    again = tsfs.run(spec, overrides=["n_features=[4]"], threads=2)
    assert again.results.equals(run.results)


def test_a_dict_spec_leaves_no_temporary_file(tmp_path, monkeypatch):
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    spec = spec_dict(tmp_path / "out")
    assert tsfs.run(spec, dry_run=True).status == 0
    with pytest.raises(ValueError, match="fit_on"):
        tsfs.run({**spec, "selectors": [{"kind": "anova", "fit_on": "all"}]})
    # A name with a path separator, refused by the spec loader, is written in the folder too.
    with pytest.raises(ValueError, match="path separator"):
        tsfs.run({**spec, "name": "../escape"})
    with pytest.raises(TypeError):
        tsfs.run({**spec, "description": object()})

    def interrupted(*arguments):
        raise KeyboardInterrupt

    monkeypatch.setattr(tsfs._tsfs, "run", interrupted)
    with pytest.raises(KeyboardInterrupt):
        tsfs.run(spec)
    assert list(temporary.iterdir()) == []
    assert sorted(path.name for path in tmp_path.iterdir()) == ["tmp"]


def test_run_errors_name_the_keyword_arguments(tmp_path):
    spec = spec_dict(tmp_path / "out")
    spec["selectors"] = [{"kind": "anova"}]
    spec["n_features"] = 3
    spec["classifier"] = {"kind": "knn", "k": 1}
    tsfs.run(spec, threads=2)
    spec["datasets"] = [{"name": "ECG200", "path": str(UCR / "ECG200")}]
    with pytest.raises(ValueError, match="rerun with fresh=True or choose another output"):
        tsfs.run(spec)
    with pytest.raises(ValueError, match="^overrides n_features: expected key.path=value$"):
        tsfs.run(spec, overrides=["n_features"])


def test_spec_errors_are_value_errors_naming_the_key_or_file_line_col(tmp_path):
    spec = spec_dict(tmp_path / "out")
    spec["selectors"] = [{"kind": "anova", "fit_on": "all"}]
    # A dict spec: the key in the dict, not a line of the YAML file written for it (gone after).
    with pytest.raises(ValueError, match=r"^spec\['selectors'\]\[0\]\['fit_on'\]: .*fit_on"):
        tsfs.run(spec)
    spec["selectors"] = [{"kind": "anova", "bogus": 1}]
    with pytest.raises(ValueError) as raised:
        tsfs.run(spec)
    assert str(raised.value).startswith("spec['selectors'][0]['bogus']: unknown key 'bogus'")
    assert "tsfs-spec-" not in str(raised.value)
    spec["selectors"] = [{"kind": "anovaa"}]
    with pytest.raises(ValueError,
                       match=r"^spec\['selectors'\]\[0\]\['kind'\]: .*did you mean 'anova'"):
        tsfs.run(spec)
    # A file: its own file:line:col.
    path = tmp_path / "spec.yaml"
    spec["selectors"] = [{"kind": "anova", "fit_on": "all"}]
    path.write_text(tsfs._tsfs.spec_yaml(spec))
    with pytest.raises(ValueError, match=r"spec.yaml:\d+:\d+: .*fit_on"):
        tsfs.run(path)
    with pytest.raises(ValueError, match="no_such.yaml"):
        tsfs.run(tmp_path / "no_such.yaml")


def comparison_spec(output):
    spec = spec_dict(output)
    spec["datasets"] = [{"name": name, "path": str(UCR / name)}
                        for name in ("Coffee", "ECG200", "ItalyPowerDemand")]
    spec["classifier"] = {"kind": "knn", "k": 1}
    return spec


def test_compare_writes_the_cli_files_and_reads_them_as_dataframes(tmp_path, runner):
    run = tsfs.run(comparison_spec(tmp_path / "run"), timings=False, threads=2)
    comparison = run.compare(by=["selector", "n_features"], output=tmp_path / "python", seed=3)
    run_runner(runner, "compare", tmp_path / "run", "--by", "selector,n_features", "--output",
               tmp_path / "cli", "--seed", "3")
    files = sorted(path.name for path in (tmp_path / "cli").iterdir() if path.is_file())
    assert "pairwise.csv" in files and "summary.md" in files
    assert "report.html" in files  # titled by its folder's name, "cli" or "python"
    for name in files:
        if name != "report.html":
            assert (tmp_path / "cli" / name).read_bytes() == \
                (tmp_path / "python" / name).read_bytes()
    assert isinstance(comparison, tsfs.Comparison) and comparison.family_value is None
    assert len(comparison.methods) == 4  # 2 selectors x 2 n_features
    assert len(comparison.pairwise) == 4 * 3  # each ordered pair, as the runner writes them
    assert comparison.left_out_datasets is None
    assert "Friedman" in comparison.summary


def test_compare_by_family_gives_one_comparison_per_value(tmp_path):
    run = tsfs.run(comparison_spec(tmp_path / "run"), threads=2)
    members = tsfs.compare(run.output, family="n_features", by="selector", common_datasets=True)
    assert list(members) == ["3", "8"]
    for value, member in members.items():
        assert member.family_value == value
        assert member.output == tmp_path / "run" / "comparison" / f"n_features={value}"
        assert sorted(member.methods["method"]) == ["anova", "variance"]
        assert len(member.per_dataset) > 0


def test_compare_errors_name_the_keyword_argument(tmp_path):
    run = tsfs.run(comparison_spec(tmp_path / "run"), threads=2)
    with pytest.raises(ValueError, match=r"^compare\(\): alpha needs a number between 0 and 1, "
                       r"got '2' \(see help\(tsfs.compare\)\)$"):
        run.compare(by=["selector", "n_features"], alpha=2)
    with pytest.raises(ValueError, match="beside compares a run in every member of a family, "
                       "and no family is given"):
        run.compare(beside=run)
    with pytest.raises(ValueError, match="has 4 rows for dataset .Coffee. differing in selector"
                       ".*: add the varying columns to by \\(e.g. by run,selector"):
        run.compare(by="run")
    with pytest.raises(TypeError, match="unexpected keyword argument 'alhpa'"):
        run.compare(alhpa=0.1)
    assert not (tmp_path / "run" / "comparison").exists()
