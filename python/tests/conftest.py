"""Shared fixtures: the vendored UCR datasets and the runner binary of the same build (ctest sets
TSFS_RUNNER; tests/CMakeLists.txt), so the CLI-equality tests compare one build with itself."""
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import tsfs

REPO = Path(__file__).resolve().parents[2]
UCR = REPO / "third_party" / "ucr"


@pytest.fixture(scope="session")
def runner():
    path = os.environ.get("TSFS_RUNNER", str(REPO / "build" / "runner"))
    if not os.access(path, os.X_OK):
        pytest.fail(f"no runner binary at {path}: set TSFS_RUNNER (ctest does)")
    return path


@pytest.fixture(scope="session")
def gunpoint():
    return tsfs.load_dataset(UCR / "GunPoint")


@pytest.fixture(scope="session")
def gesture():
    """Series of unequal lengths."""
    return tsfs.load_dataset(UCR / "GestureMidAirD1")


def run_runner(runner, *arguments, cwd=None):
    completed = subprocess.run([runner, *map(str, arguments)], capture_output=True, text=True,
                               cwd=cwd or REPO)
    assert completed.returncode == 0, completed.stderr
    return completed


def read_csv_matrix(path, header=True):
    """A CSV the runner wrote with %.17g: every double reads back exactly."""
    lines = Path(path).read_text().splitlines()
    names = lines[0].split(",") if header else None
    rows = lines[1:] if header else lines
    values = np.array([[float(x) for x in line.split(",")] for line in rows], dtype=np.float64)
    return values, names


def write_spec(folder, text):
    path = Path(folder) / "spec.yaml"
    path.write_text(text)
    return path


def run_in_folder(runner, path, folder, *options):
    """The runner on the spec `path` from `folder`, whose modules it imports (PYTHONPATH)."""
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (str(folder), os.environ.get("PYTHONPATH", "")) if p))
    return subprocess.run([runner, str(path), "--quiet", "--no-timings", *options], cwd=folder,
                          capture_output=True, text=True, env=environment)
