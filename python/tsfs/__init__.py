"""tsfs from Python: the C++ engine of the tsfs runner on numpy arrays.

The functions here run the runner's own code (the extension ``tsfs._tsfs`` is built from the same
objects), so they give the CLI's numbers bit for bit. Each computation releases the GIL, takes a
``threads`` argument where the stage is parallel (None: every hardware thread) and stops with
KeyboardInterrupt within a fraction of a second on Ctrl-C. Bad input raises ValueError (the
message the runner would print) or TypeError.

- Data: :func:`load_dataset`, :func:`load_archive`, :func:`archive_names`
- Stages: :func:`features`, :func:`distances`, :func:`select`
- Runs: :func:`run` (a spec file or dict; results as pandas DataFrames), :func:`compare`
  (methods across datasets, as ``runner compare``)
- Components: :func:`components`, :func:`component_list` (what ``runner list`` prints)
- scikit-learn estimators: :mod:`tsfs.sklearn`

Reference: docs/python.md.
"""
from . import _tsfs
from ._tsfs import NotConverged
from .components import component_list, components
from .data import Dataset, archive_names, load_archive, load_dataset
from .runs import Comparison, Run, compare, run
from .stages import Selection, distances, features, select

__version__ = _tsfs.__version__
__all__ = [
    "Comparison", "Dataset", "NotConverged", "Run", "Selection", "archive_names", "compare",
    "component_list", "components", "distances", "features", "load_archive", "load_dataset", "run",
    "select",
]
