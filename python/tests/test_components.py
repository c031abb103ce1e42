import subprocess

import tsfs
import tsfs.sklearn


def test_components_as_data():
    every = tsfs.components()
    kinds = {c["kind"] for c in every}
    assert kinds == {"extractor", "distance", "selector", "reducer", "classifier", "plot"}
    laplacian = next(c for c in tsfs.components("selector") if c["name"] == "laplacian")
    assert laplacian["uses_distance"] and not laplacian["supervised"]
    sigma = next(p for p in laplacian["params"] if p["name"] == "sigma_ratio")
    assert sigma["type"] == "a number"
    assert sigma["default"] == 1.0 and sigma["check"] == "> 0" and sigma["sweepable"]
    dtw = next(c for c in tsfs.components("distance") if c["name"] == "dtw")
    window = next(p for p in dtw["params"] if p["name"] == "window")
    assert window["default"] is None and not window["required"]


def test_component_list_is_runner_list(runner):
    listed = subprocess.run([runner, "list"], capture_output=True, text=True, check=True).stdout
    assert tsfs.component_list() == listed


def test_help_lists_the_registry_parameters():
    for function, names in ((tsfs.features, ["tsfel", "catch22"]),
                            (tsfs.distances, ["dtw", "window_ratio", "msm"]),
                            (tsfs.select, ["laplacian", "sigma_ratio", "anova"])):
        for name in names:
            assert name in function.__doc__, (function.__name__, name)
    assert "sigma_ratio" in tsfs.sklearn.LaplacianSelector.__doc__
