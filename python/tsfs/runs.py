"""A spec run end to end, as ``runner SPEC`` runs it, with its tables as pandas DataFrames."""
import os
import tempfile
from pathlib import Path

from . import _tsfs


class Run:
    """A finished run: ``output`` (the run folder), ``status`` (0), ``name``, and its tables read
    on first use: ``results`` (results.csv), ``folds`` (folds.csv), ``tuned`` (tuned.csv, runs with
    ``tune:``), ``scores`` (scores.csv), ``skipped`` (skipped.csv); :meth:`table` reads any CSV of
    the folder. A table the run did not write is None."""

    def __init__(self, output, status, name):
        self.output = Path(output)
        self.status = status
        self.name = name
        self._tables = {}

    def table(self, file_name):
        if file_name not in self._tables:
            import pandas as pd

            path = self.output / file_name
            if not path.exists() and (self.output / (file_name + ".gz")).exists():
                path = self.output / (file_name + ".gz")
            # round_trip: pandas' default float parser may miss the nearest double by an ulp; the
            # runner's %.17g values then read back exactly.
            self._tables[file_name] = (pd.read_csv(path, float_precision="round_trip")
                                       if path.exists() else None)
        return self._tables[file_name]

    results = property(lambda self: self.table("results.csv"))
    folds = property(lambda self: self.table("folds.csv"))
    tuned = property(lambda self: self.table("tuned.csv"))
    scores = property(lambda self: self.table("scores.csv"))
    skipped = property(lambda self: self.table("skipped.csv"))

    def __repr__(self):
        return f"Run(name={self.name!r}, output={str(self.output)!r}, status={self.status})"


def _override_text(value):
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list, tuple)):
        # A flow-style YAML value, as `--set 'protocol={kind: train_test}'` takes.
        return _tsfs.spec_yaml({"v": value}).strip()[len("v:"):].strip()
    return str(value)


def run(spec, *, overrides=None, threads=None, fresh=False, quiet=True, timings=True,
        dry_run=False):
    """Runs a spec: a path to a YAML file, or a dict holding what the file would. ``overrides``:
    a dict {"key.path": value} or a list of "key.path=value" strings, as the runner's ``--set``.
    fresh, quiet, timings, dry_run and threads as the runner's ``--fresh``, ``--quiet``,
    ``--no-timings`` (timings=False), ``--dry-run`` and ``--threads``. Relative paths in the spec
    are relative to the working directory, as for the runner. Returns a :class:`Run`; an
    interrupted run raises KeyboardInterrupt after saving its finished cells (a rerun resumes)."""
    if isinstance(overrides, dict):
        overrides = [f"{key}={_override_text(value)}" for key, value in overrides.items()]
    overrides = list(overrides or [])
    if isinstance(spec, dict):
        folder = tempfile.mkdtemp(prefix="tsfs-spec-")
        path = os.path.join(folder, f"{spec.get('name', 'spec')}.yaml")
        with open(path, "w", encoding="utf-8") as file:
            file.write(_tsfs.spec_yaml(spec))
        spec = path
    result = _tsfs.run(os.fspath(spec), overrides, threads, fresh, quiet, timings, dry_run)
    return Run(result["output"], result["status"], result["name"])
