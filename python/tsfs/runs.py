"""A spec run end to end, as ``runner SPEC`` runs it, and the comparison of finished runs, as
``runner compare`` makes it, with their tables as pandas DataFrames."""
import contextlib
import os
import re
import tempfile
from pathlib import Path

from . import _tsfs


class _Tables:
    """A folder of CSV tables the runner wrote, each read on first use (None when absent)."""

    def __init__(self, output):
        self.output = Path(output)
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


class Run(_Tables):
    """A finished run: ``output`` (the run folder), ``status`` (0), ``name``, and its tables read
    on first use: ``results`` (results.csv), ``folds`` (folds.csv), ``tuned`` (tuned.csv, runs with
    ``tune:``), ``scores`` (scores.csv), ``skipped`` (skipped.csv); :meth:`table` reads any CSV of
    the folder. A table the run did not write is None."""

    def __init__(self, output, status, name):
        super().__init__(output)
        self.status = status
        self.name = name

    results = property(lambda self: self.table("results.csv"))
    folds = property(lambda self: self.table("folds.csv"))
    tuned = property(lambda self: self.table("tuned.csv"))
    scores = property(lambda self: self.table("scores.csv"))
    skipped = property(lambda self: self.table("skipped.csv"))

    def compare(self, *others, **options):
        """:func:`compare` of this run (and ``others``): its comparison folder by default."""
        return compare(self, *others, **options)

    def __repr__(self):
        return f"Run(name={self.name!r}, output={str(self.output)!r}, status={self.status})"


class Comparison(_Tables):
    """A comparison folder ``runner compare`` wrote: ``output``, ``family_value`` (the value of
    the ``family`` column it holds, or None), its tables ``methods`` (average ranks), ``pairwise``
    (Wilcoxon-Holm, wins/ties/losses, Bayesian signed-rank), ``friedman``, ``per_dataset``,
    ``procedure`` (every choice made), ``left_out_datasets`` (with ``common_datasets``), and
    ``summary`` (summary.md as text)."""

    def __init__(self, output, family_value):
        super().__init__(output)
        self.family_value = family_value

    methods = property(lambda self: self.table("methods.csv"))
    pairwise = property(lambda self: self.table("pairwise.csv"))
    friedman = property(lambda self: self.table("friedman.csv"))
    per_dataset = property(lambda self: self.table("per_dataset.csv"))
    procedure = property(lambda self: self.table("procedure.csv"))
    left_out_datasets = property(lambda self: self.table("left_out_datasets.csv"))
    summary = property(lambda self: (self.output / "summary.md").read_text(encoding="utf-8"))

    def __repr__(self):
        family = "" if self.family_value is None else f", family_value={self.family_value!r}"
        return f"Comparison(output={str(self.output)!r}{family})"


# compare()'s keyword arguments and the runner's options they become (`runner compare --help`).
_COMPARE_OPTIONS = {
    "metric": "--metric", "by": "--by", "where": "--where", "alpha": "--alpha",
    "cliques": "--cliques", "bars": "--bars", "zero_method": "--zero-method", "tie_margin": "--tie-margin",
    "rope": "--rope", "bayes_samples": "--bayes-samples", "seed": "--seed", "family": "--family",
    "beside": "--beside", "output": "--output",
}
_COMPARE_FLAGS = {"common_datasets": "--common-datasets", "tuned": "--tuned", "wait": "--wait"}
# The runner's options as the errors of compare() and run() name them: by their keyword
# arguments, a switch with the value that turns it on (--tuned: tuned=True). --rebuild-manifest,
# and --wait for run(), have no keyword argument and stay as they are.
_COMPARE_NAMES = {**{flag: key for key, flag in _COMPARE_OPTIONS.items()},
                  **{flag: f"{key}=True" for key, flag in _COMPARE_FLAGS.items()}}
_RUN_NAMES = {"--set": "overrides", "--fresh": "fresh=True"}


@contextlib.contextmanager
def _errors_in_python_terms(function, names):
    """Turns a ValueError of the runner's code, which words its messages for the command line,
    into one for the Python call ``function``: each option in ``names`` becomes the keyword
    argument it comes from, and the command line's location and usage ("command line: ...
    (see runner compare --help)") the function and its help."""
    try:
        yield
    except ValueError as error:
        options = "|".join(map(re.escape, names))
        text = re.sub(rf"(?<![\w-])({options})(?![\w-])", lambda match: names[match[1]],
                      str(error))
        text = re.sub(r"^command line: ", f"{function}(): ", text)
        text = re.sub(r" \(see runner [\w ]*--help\)", f" (see help(tsfs.{function}))", text)
        raise ValueError(text) from None


def _compare_words(runs, options):
    words = [os.fspath(run.output if isinstance(run, Run) else run) for run in runs]
    for key, value in options.items():
        if key in _COMPARE_FLAGS:
            if value:
                words.append(_COMPARE_FLAGS[key])
            continue
        if key not in _COMPARE_OPTIONS:
            known = ", ".join(sorted([*_COMPARE_OPTIONS, *_COMPARE_FLAGS]))
            raise TypeError(f"compare() got an unexpected keyword argument {key!r} ({known})")
        if value is None:
            continue
        if key == "by" and not isinstance(value, str):
            value = ",".join(value)
        if key == "where" and isinstance(value, dict):
            value = [f"{column}={text}" for column, text in value.items()]
        for item in value if isinstance(value, (list, tuple)) else [value]:
            item = item.output if isinstance(item, Run) else item
            text = os.fspath(item) if isinstance(item, os.PathLike) else str(item)
            words += [_COMPARE_OPTIONS[key], text]
    return words


def compare(*runs, **options):
    """Compares methods across the datasets of finished runs, as ``runner compare RUN...`` does,
    with the same code: average ranks, Friedman and Iman-Davenport, pairwise Wilcoxon with Holm's
    correction, wins/ties/losses, a Bayesian signed-rank test and the critical-difference figure.

    ``runs``: run folders or :class:`Run` objects. Keyword arguments are the runner's options
    (``metric``, ``by`` (a column or a list), ``where`` (a dict {column: value} or "COLUMN=VALUE"
    strings), ``common_datasets``, ``tuned``, ``alpha``, ``cliques``, ``bars``, ``zero_method``,
    ``tie_margin``, ``rope``, ``bayes_samples``, ``seed``, ``family``, ``beside`` (runs),
    ``output``, ``wait``); a bad value raises ValueError with the runner's message, naming the
    keyword argument where the runner names its option (``alpha needs a number between 0 and 1,
    got '2'``). Returns a :class:`Comparison`, or with ``family`` a dict {value: Comparison} in
    the order the runner writes them."""
    if not runs:
        raise TypeError("compare() needs at least one run folder or Run")
    with _errors_in_python_terms("compare", _COMPARE_NAMES):
        written = _tsfs.compare(_compare_words(runs, options))
    if options.get("family") is None:
        return Comparison(written[0][1], None)
    return {value: Comparison(folder, value) for value, folder in written}


def _override_text(value):
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list, tuple)):
        # A flow-style YAML value, as `--set 'protocol={kind: train_test}'` takes.
        return _tsfs.spec_yaml({"v": value}).strip()[len("v:"):].strip()
    return str(value)


@contextlib.contextmanager
def _spec_file(spec):
    """The path of ``spec``: a file as given, or a dict written to a temporary ``<name>.yaml``
    (the spec loader reads a file, and its errors give file:line:col), removed however the call
    ends."""
    if not isinstance(spec, dict):
        yield os.fspath(spec)
        return
    with tempfile.TemporaryDirectory(prefix="tsfs-spec-") as folder:
        # basename: a name holding a path separator (which the spec loader refuses) must not
        # write outside the folder.
        path = os.path.join(folder, os.path.basename(f"{spec.get('name', 'spec')}.yaml"))
        text = _tsfs.spec_yaml(spec)
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        try:
            yield path
        except ValueError as error:
            raise ValueError(_placed_in_dict(str(error), path, text)) from None


def _placed_in_dict(message, path, text):
    """``message`` with each place ``path:line:column`` of the YAML written for a dict spec (a
    file gone once the call ends) named by its keys in the dict: ``spec['selectors'][0]['k']``."""
    places = _tsfs.spec_places(text)

    def key_path(match):
        line, column = (int(group) if group else None for group in match.groups())
        for wanted in (column, None):  # the node at line:column, else the first on the line
            for place_line, place_column, at in places:
                if place_line == line and wanted in (None, place_column):
                    return f"spec{at}"
        return "spec" if line is None else f"spec (line {line} of its YAML)"
    return re.sub(re.escape(path) + r"(?::(\d+)(?::(\d+))?)?", key_path, message)


# The keys of a spec entry that name a Python component's code (a python extractor's or
# selector's function, an sklearn classifier's estimator): in a dict spec they may hold the object
# itself.
_CODE_KEYS = ("function", "estimator")


def _objects_named(spec, components):
    """``spec`` with every Python object given as a component's code (``{"kind": "python",
    "function": my_score}``) replaced by a name, and ``components`` with each under its name."""
    def named(entry):
        if not isinstance(entry, dict):
            return entry
        entry = dict(entry)
        for key in _CODE_KEYS:
            code = entry.get(key)
            if code is None or isinstance(code, str):
                continue
            stem = getattr(code, "__name__", type(code).__name__)
            name, number = stem, 1
            while name in components and components[name] is not code:
                number += 1
                name = f"{stem}_{number}"
            components[name] = code
            entry[key] = name
        return entry
    spec = dict(spec)
    features = spec.get("features")
    if isinstance(features, list):
        spec["features"] = [named(entry) for entry in features]
    elif isinstance(features, dict):
        spec["features"] = named(features)
    for key in ("selectors", "distances"):
        if isinstance(spec.get(key), list):
            spec[key] = [named(entry) for entry in spec[key]]
    for key in ("classifier", "reduce"):
        if key in spec:
            spec[key] = named(spec[key])
    return spec


def run(spec, *, components=None, overrides=None, threads=None, fresh=False, quiet=True,
        timings=True, dry_run=False):
    """Runs a spec: a path to a YAML file, or a dict holding what the file would. ``components``:
    a dict {name: object} of Python functions and estimators (classes or configured objects) the
    spec names by ``name`` alone (``function: my_score``, ``estimator: my_pipeline``); a dict spec
    may also hold such an object in place of its name. Each is versioned by its source (and an
    estimator object by its parameters), so editing it recomputes its cells. ``overrides``:
    a dict {"key.path": value} or a list of "key.path=value" strings, as the runner's ``--set``.
    fresh, quiet, timings, dry_run and threads as the runner's ``--fresh``, ``--quiet``,
    ``--no-timings`` (timings=False), ``--dry-run`` and ``--threads``. Relative paths in the spec
    are relative to the working directory, as for the runner. Returns a :class:`Run`; an
    interrupted run raises KeyboardInterrupt after saving its finished cells (a rerun resumes).
    Errors name ``overrides`` and ``fresh=True`` where the runner's name --set and --fresh."""
    if isinstance(overrides, dict):
        overrides = [f"{key}={_override_text(value)}" for key, value in overrides.items()]
    overrides = list(overrides or [])
    components = dict(components or {})
    for name in components:
        if not isinstance(name, str) or not name or any(c in name for c in ".:"):
            raise ValueError(f"components: {name!r} is not a name a spec can give alone "
                             "(no '.' or ':')")
    if isinstance(spec, dict):
        spec = _objects_named(spec, components)
    _tsfs.set_components(components)
    try:
        with _spec_file(spec) as path, _errors_in_python_terms("run", _RUN_NAMES):
            result = _tsfs.run(path, overrides, threads, fresh, quiet, timings, dry_run)
    finally:
        _tsfs.set_components({})
    return Run(result["output"], result["status"], result["name"])
