import subprocess

import numpy as np
import pytest

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


SERIES = np.random.default_rng(0).normal(size=(6, 20))
LABELS = np.array([0, 0, 0, 1, 1, 1])
# Values of a Python type a number parameter does not take, by its registry type: a string
# holding a number, a bool, a list; a float for an integer.
WRONG_TYPES = {"a number": ("1", True, [1]), "a number or none": ("1", True, [1]),
               "an integer": ("1", True, [1], 1.5), "an integer or none": ("1", True, [1], 1.5)}


def configure(component, params):
    """Calls the stage that configures ``component`` with ``params`` (reducers and plots are
    configured by specs only)."""
    kind, name = component["kind"], component["name"]
    if kind == "extractor":
        tsfs.features(SERIES, name, threads=1, **params)
    elif kind == "distance":
        tsfs.distances(SERIES, distance=name, threads=1, **params)
    elif kind == "selector":
        tsfs.select(SERIES, LABELS, name, **params)
    elif component["uses_distance"]:
        tsfs._tsfs.nearest_neighbour_predict(np.zeros((1, 6)), LABELS.astype(np.int32), 2, params)
    else:
        tsfs._tsfs.classify(SERIES, LABELS.astype(np.int32), 2, SERIES, name, params)


def test_a_number_parameter_refuses_other_python_types_naming_it():
    missed = []
    for component in tsfs.components():
        if component["kind"] not in ("extractor", "distance", "selector", "classifier"):
            continue
        for param in component["params"]:
            for value in WRONG_TYPES.get(param["type"], ()):
                try:
                    configure(component, {param["name"]: value})
                except TypeError as error:
                    if f"parameter '{param['name']}'" in str(error):
                        continue
                except ValueError:
                    pass
                missed.append(f"{component['kind']} {component['name']} {param['name']}={value!r}")
    assert not missed, missed
