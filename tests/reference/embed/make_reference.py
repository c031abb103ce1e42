#!/usr/bin/python3
"""Reference embeddings for the dataset-view plot kinds (tests/embed/embedding_test.cpp).

Run with Debian's interpreter and scikit-learn 1.2.1 (apt-get install python3-sklearn):
    /usr/bin/python3 tests/reference/embed/make_reference.py
Data: the Euclidean distances D between the 50 TRAIN series of the vendored GunPoint. It rewrites,
next to this script (%.17g):
  mds.csv        row, component, value: classical MDS in 2-D by numpy (eigh of -1/2 J D^2 J, the
                 two largest eigenpairs, coordinates = v sqrt(lambda)); mds_stress.csv: its raw
                 stress, sum over i < j of (D_ij - |x_i - x_j|)^2 (scikit-learn's MDS.stress_);
  isomap.csv     row, component, value: Isomap(n_neighbors=10, n_components=2,
                 metric="precomputed").fit_transform(D); isomap_k5.csv the same with
                 n_neighbors=5, whose kNN graph has two components that scikit-learn joins by
                 the shortest edge between them (sklearn.utils.graph._fix_connected_components);
  tsne_p.csv     row, column, value: sklearn.manifold._t_sne._joint_probabilities(D^2, 10, 0) as a
                 square matrix;
  tsne_kl.csv    row, column, value: at the embedding Y = 0.01 x the MDS coordinates,
                 _kl_divergence(Y, P, 1, 50, 2)'s gradient (n x 2); row -1 holds the divergence;
  spectral.csv   row, column, value: SpectralEmbedding(n_components=2, affinity=
                 "precomputed_nearest_neighbors", n_neighbors=10, random_state=0)
                 .fit_transform(D) (ARPACK, signs fixed by scikit-learn);
  lle.csv        row, column, value: LocallyLinearEmbedding(n_neighbors=10, n_components=2,
                 eigen_solver="dense").fit_transform(X) on the series X themselves (its signs are
                 the eigensolver's: compared up to sign).
"""
import csv
import gzip
import os

import numpy as np
from scipy.spatial.distance import pdist, squareform
from sklearn.manifold import Isomap, LocallyLinearEmbedding, SpectralEmbedding
from sklearn.manifold._t_sne import _joint_probabilities, _kl_divergence

HERE = os.path.dirname(os.path.abspath(__file__))
UCR = os.path.join(HERE, "..", "..", "..", "third_party", "ucr")


def write(file, rows):
    with open(os.path.join(HERE, file), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["row", "column", "value"])
        writer.writerows(rows)


def matrix_rows(matrix):
    return [[r, c, "%.17g" % matrix[r, c]] for r in range(matrix.shape[0])
            for c in range(matrix.shape[1])]


def main():
    with gzip.open(os.path.join(UCR, "GunPoint", "GunPoint_TRAIN.tsv.gz"), "rt") as handle:
        series = np.loadtxt(handle, delimiter="\t")[:, 1:]
    distances = squareform(pdist(series))
    n = distances.shape[0]
    centring = np.eye(n) - np.ones((n, n)) / n
    values, vectors = np.linalg.eigh(-0.5 * centring @ (distances ** 2) @ centring)
    mds = vectors[:, ::-1][:, :2] * np.sqrt(values[::-1][:2])
    stress = ((squareform(pdist(mds)) - distances) ** 2).sum() / 2
    write("mds.csv", matrix_rows(mds))
    write("mds_stress.csv", [[0, 0, "%.17g" % stress]])
    embedding = Isomap(n_neighbors=10, n_components=2, metric="precomputed").fit_transform(distances)
    write("isomap.csv", matrix_rows(embedding))
    joined = Isomap(n_neighbors=5, n_components=2, metric="precomputed").fit_transform(distances)
    write("isomap_k5.csv", matrix_rows(joined))
    joint = squareform(_joint_probabilities(distances ** 2, 10.0, 0))
    write("tsne_p.csv", matrix_rows(joint))
    kl, gradient = _kl_divergence((0.01 * mds).ravel(), squareform(joint), 1, n, 2)
    write("tsne_kl.csv", [[-1, 0, "%.17g" % kl]] + matrix_rows(gradient.reshape(n, 2)))
    spectral = SpectralEmbedding(n_components=2, affinity="precomputed_nearest_neighbors",
                                 n_neighbors=10, random_state=0).fit_transform(distances)
    write("spectral.csv", matrix_rows(spectral))
    lle = LocallyLinearEmbedding(n_neighbors=10, n_components=2,
                                 eigen_solver="dense").fit_transform(series)
    write("lle.csv", matrix_rows(lle))


if __name__ == "__main__":
    main()
