"""UCR datasets as numpy arrays, read by the runner's reader (data/ucr_loader.cpp)."""
import os
from dataclasses import dataclass, field

import numpy as np

from . import _tsfs


@dataclass
class Dataset:
    """One dataset. ``X``: a 2-D float64 array (one series per row) when the series have one length
    or ``pad=True`` was asked (shorter series NaN-padded at the end), else a list of 1-D arrays.
    ``y``: the labels as in the files (int64 when every label is an integer, else str).
    ``train_rows``: the leading rows that come from the TRAIN file."""

    name: str
    X: object
    y: np.ndarray
    lengths: np.ndarray
    class_names: list
    train_rows: int
    sources: list = field(default_factory=list)
    filled_values: int = 0

    @property
    def equal_length(self):
        return bool(np.all(self.lengths == self.lengths[0]))


def _labels(class_names, indices):
    try:
        values = np.array([int(name) for name in class_names], dtype=np.int64)
    except ValueError:
        values = np.array(class_names, dtype=str)
    return values[indices]


def load_dataset(path, split="merged", *, name=None, max_samples=None, missing="refuse", pad=False):
    """Reads the dataset folder ``path`` (``<path>/<name>_TRAIN`` and ``_TEST``, each ``.tsv``,
    ``.ts``, plain or gzipped; ``name`` defaults to the folder's name) as the runner does.

    split: "merged" (TRAIN rows then TEST rows), "train" or "test". max_samples: keep the first N
    rows. missing: "refuse" (a missing value raises ValueError) or "interpolate" (filled linearly,
    as the spec's ``missing: interpolate``). pad: unequal lengths as one NaN-padded 2-D array
    instead of a list of 1-D arrays."""
    folder = os.fspath(path)
    if name is None:
        name = os.path.basename(os.path.normpath(folder))
    parts = _tsfs.load_dataset(folder, name, split, max_samples, missing)
    values, lengths = parts["values"], parts["lengths"]
    if pad or np.all(lengths == lengths[0]):
        width = values.shape[1] if pad else int(lengths[0])
        X = np.ascontiguousarray(values[:, :width])
    else:
        X = [np.array(values[r, : lengths[r]]) for r in range(values.shape[0])]
    return Dataset(name=parts["name"], X=X, y=_labels(parts["class_names"], parts["labels"]),
                   lengths=np.asarray(lengths), class_names=list(parts["class_names"]),
                   train_rows=int(parts["train_rows"]), sources=list(parts["sources"]),
                   filled_values=int(parts["filled_values"]))


def archive_names(folder):
    """The datasets of an archive folder (subfolders holding a TRAIN or TEST file), sorted."""
    return list(_tsfs.archive_dataset_names(os.fspath(folder)))


def load_archive(folder, names=None, **options):
    """Every dataset of an archive folder (or those in ``names``) as {name: Dataset}; ``options``
    as for :func:`load_dataset`."""
    if isinstance(names, (str, bytes, os.PathLike)):
        raise TypeError(f"names must be a list of dataset names, got {names!r}; "
                        f"write names=[{names!r}] for one")
    chosen = archive_names(folder) if names is None else list(names)
    return {name: load_dataset(os.path.join(os.fspath(folder), name), **options) for name in chosen}
