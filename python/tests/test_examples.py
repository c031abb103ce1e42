"""The examples run (on a small share of their data, to keep the suite quick)."""
import subprocess
import sys
from pathlib import Path

from conftest import REPO

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run_example(name, *arguments):
    completed = subprocess.run([sys.executable, str(EXAMPLES / name), *arguments], cwd=REPO,
                               capture_output=True, text=True, timeout=600)
    assert completed.returncode == 0, completed.stderr
    return completed.stdout.splitlines()


def test_figure4_example():
    lines = run_example("figure4_sigma.py", "3", "80")
    assert len(lines) == 3 and all("accuracy" in line for line in lines)


def test_elastic_1nn_example():
    lines = run_example("elastic_1nn.py", "Coffee")
    assert lines[0].split()[0] == "dataset" and lines[1].split()[0] == "Coffee"
    accuracies = [float(x) for x in lines[1].split()[1:]]
    assert len(accuracies) == 8 and all(0.5 <= a <= 1 for a in accuracies)
