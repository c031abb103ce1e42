#!/usr/bin/python3
"""Convert the study's saved accuracy-vs-sigma results (pickles) into one small CSV.

Source: github.com/decarpentierg/laplacian-score-4-time-series (Dentan and de Carpentier 2023,
Apache-2.0), file saved_results/dataset_feat_to_accuracies_list.pkl, in two committed versions:

  f6af057 (2023-03-27 16:09, "Clean-up of the repo + re-execution of the notebook"): n_features
          30, 80, 150, the data of the study's accuracy-vs-sigma figure;
  44d6d7f (2023-03-27 09:58, "Added feat_to_acc"): n_features 10, 30, 50, 80, 130, 200, made by the
          same code; its 30 and 80 lists equal f6af057's value for value.

Each pickle is a collections.defaultdict(list) keyed by (dataset name, n_features) whose value is
the list of 100 holdout accuracies for sigma_ratio = numpy.logspace(-7, 3, 100), in that order.
This script reads the pickles straight from a git directory of that repository (`git cat-file`),
checks them, and writes accuracy_vs_sigma.csv next to itself. It also prints the sha256 and shape
of the study's feature and distance matrices (saved_dataset_attributes/*.pkl) for README.md.

Run with Debian's python3-numpy (1.24.2) and python3-pandas:
  /usr/bin/python3 tests/reference/study/convert_saved_results.py GIT_DIR
GIT_DIR: e.g. the bare mirror made by `fetch github:decarpentierg/laplacian-score-4-time-series`.
"""

import csv
import hashlib
import io
import pathlib
import pickle
import subprocess
import sys

import numpy as np

RESULTS_FILE = "saved_results/dataset_feat_to_accuracies_list.pkl"
# The newest version first: where two versions hold the same (dataset, n_features), the newest is
# written and the older one must agree with it exactly.
VERSIONS = [
    ("f6af057921bba6eed03cd5f01764fe5215fc9041", "f6af057"),
    ("44d6d7f09fc3be98de4b81605130433199e56c98", "44d6d7f"),
]
# Rows of each dataset as the study loaded them (TRAIN then TEST, capped at 2000) and its holdout
# split (classifiers.get_svc_accuracy: first m // 2 rows train, the rest test).
STUDY_ROWS = {"Earthquakes": 461, "Wafer": 2000, "WormsTwoClass": 258}
MATRIX_FILES = [
    f"saved_dataset_attributes/{kind}_{dataset}.pkl"
    for dataset in ("Earthquakes", "Wafer", "WormsTwoClass")
    for kind in ("features", "dtw_distance_matrix", "ned_distance_matrix")
]


def git_blob(git_dir, commit, path):
    """Bytes of `path` at `commit`, or None when the mirror lacks the blob."""
    command = ["git", "--git-dir", str(git_dir), "cat-file", "blob", f"{commit}:{path}"]
    result = subprocess.run(command, capture_output=True)
    return result.stdout if result.returncode == 0 else None


def full_commit(git_dir, commit):
    command = ["git", "--git-dir", str(git_dir), "rev-parse", commit]
    return subprocess.run(command, capture_output=True, check=True, text=True).stdout.strip()


def load_results(git_dir, commit):
    # The pickles hold only builtins and NumPy scalars (checked below); they come from a public
    # repository pinned by commit, and are unpickled once here, never by the tests.
    data = pickle.load(io.BytesIO(git_blob(git_dir, commit, RESULTS_FILE)))
    for (dataset, n_features), accuracies in data.items():
        if len(accuracies) != 100 or dataset not in STUDY_ROWS:
            sys.exit(f"{commit}: unexpected key or length: {(dataset, n_features)}")
    return data


def test_rows(dataset):
    rows = STUDY_ROWS[dataset]
    return rows - rows // 2


def collect_rows(git_dir):
    sigma_ratios = np.logspace(-7, 3, 100)
    written = {}
    for commit, label in VERSIONS:
        for (dataset, n_features), accuracies in load_results(git_dir, commit).items():
            key = (dataset, int(n_features))
            values = [float(value) for value in accuracies]
            if key in written:
                if written[key][0] != values:
                    sys.exit(f"{label} disagrees with a newer version on {key}")
                continue
            written[key] = (values, label)
    rows = []
    for (dataset, n_features), (values, label) in sorted(written.items()):
        tested = test_rows(dataset)
        for index, accuracy in enumerate(values):
            correct = round(accuracy * tested)
            if correct / tested != accuracy:
                sys.exit(f"{dataset} {n_features} #{index}: {accuracy} is not k / {tested}")
            rows.append([dataset, n_features, index, repr(float(sigma_ratios[index])),
                         repr(accuracy), correct, tested, label])
    return rows


def write_csv(rows, path):
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["dataset", "n_features", "sigma_index", "sigma_ratio", "accuracy",
                         "correct", "test_rows", "pickle_commit"])
        writer.writerows(rows)


def describe_matrices(git_dir, commit):
    """Markdown rows for README.md: shape, sha256 of the pickle and of the float64 bytes (C order)."""
    for path in MATRIX_FILES:
        blob = git_blob(git_dir, commit, path)
        if blob is None:
            print(f"{path}: not in this mirror")
            continue
        matrix = np.ascontiguousarray(pickle.loads(blob), dtype=np.float64)
        digest = hashlib.sha256(matrix.tobytes()).hexdigest()
        shape = " x ".join(str(size) for size in matrix.shape)
        print(f"| {pathlib.Path(path).stem} | {shape} | `{hashlib.sha256(blob).hexdigest()}` "
              f"| `{digest}` | {matrix.mean():.17g} |")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    git_dir = pathlib.Path(sys.argv[1])
    output = pathlib.Path(__file__).resolve().parent / "accuracy_vs_sigma.csv"
    rows = collect_rows(git_dir)
    write_csv(rows, output)
    print(f"wrote {len(rows)} rows to {output}")
    describe_matrices(git_dir, full_commit(git_dir, "HEAD"))


if __name__ == "__main__":
    main()
