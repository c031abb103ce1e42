import gzip

import numpy as np
import pytest

import tsfs
from conftest import UCR


def test_equal_lengths_load_as_a_2d_array(gunpoint):
    assert gunpoint.name == "GunPoint"
    assert gunpoint.X.shape == (200, 150) and gunpoint.X.dtype == np.float64
    assert gunpoint.X.flags.c_contiguous
    assert gunpoint.train_rows == 50
    assert gunpoint.y.dtype == np.int64 and set(gunpoint.y) == {1, 2}
    assert gunpoint.class_names == ["1", "2"]
    assert gunpoint.equal_length


def test_values_are_the_file_values(gunpoint):
    with gzip.open(UCR / "GunPoint" / "GunPoint_TRAIN.tsv.gz", "rt") as file:
        first = [float(x) for x in file.readline().split("\t")]
    assert gunpoint.y[0] == int(first[0])
    assert np.array_equal(gunpoint.X[0], np.array(first[1:]))


def test_splits_and_max_samples():
    train = tsfs.load_dataset(UCR / "GunPoint", "train")
    test = tsfs.load_dataset(UCR / "GunPoint", split="test")
    assert train.X.shape == (50, 150) and test.X.shape == (150, 150)
    assert tsfs.load_dataset(UCR / "GunPoint", max_samples=7).X.shape == (7, 150)


def test_unequal_lengths_load_as_a_list_or_padded(gesture):
    assert isinstance(gesture.X, list)
    assert not gesture.equal_length
    assert [len(s) for s in gesture.X] == list(gesture.lengths)
    assert all(not np.isnan(s).any() for s in gesture.X)
    padded = tsfs.load_dataset(UCR / "GestureMidAirD1", pad=True)
    assert padded.X.shape == (len(gesture.X), gesture.lengths.max())
    shortest = int(np.argmin(gesture.lengths))
    assert np.isnan(padded.X[shortest, gesture.lengths[shortest]:]).all()
    assert np.array_equal(padded.X[shortest, : gesture.lengths[shortest]], gesture.X[shortest])


def test_archive():
    names = tsfs.archive_names(UCR)
    assert "GunPoint" in names and "Wafer" in names and "README.md" not in names
    loaded = tsfs.load_archive(UCR, names=["Coffee", "GunPoint"], split="train")
    assert list(loaded) == ["Coffee", "GunPoint"]
    assert loaded["Coffee"].X.shape[0] == 28
    # One name as a string is not a list of its letters.
    with pytest.raises(TypeError, match=r"names must be a list of dataset names, got 'Coffee'"):
        tsfs.load_archive(UCR, names="Coffee")


def test_reader_errors_are_value_errors_with_the_runner_message(tmp_path):
    with pytest.raises(ValueError, match="GunPoint"):
        tsfs.load_dataset(tmp_path / "GunPoint")
    folder = tmp_path / "Bad"
    folder.mkdir()
    (folder / "Bad_TRAIN.tsv").write_text("1\t0.5\t0.25\n2\tx\t1\n")
    with pytest.raises(ValueError, match=r"Bad_TEST.tsv: file not found .* use `split: train`"):
        tsfs.load_dataset(folder)
    with pytest.raises(ValueError, match=r"Bad_TRAIN.tsv:2: column 2"):
        tsfs.load_dataset(folder, "train")
    (folder / "Bad_TRAIN.tsv").write_text("1\t0.5\tNaN\t1\n2\t1\t2\t3\n")
    with pytest.raises(ValueError, match="missing value"):
        tsfs.load_dataset(folder, "train")
    filled = tsfs.load_dataset(folder, "train", missing="interpolate")
    assert filled.X[0].tolist() == [0.5, 0.75, 1.0] and filled.filled_values == 1
    with pytest.raises(ValueError, match="unknown split"):
        tsfs.load_dataset(folder, "training")
