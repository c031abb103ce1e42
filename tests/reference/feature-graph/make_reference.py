"""Reference for the `features` distance (Euclidean between the fit rows' standardised feature
vectors) and the Laplacian score he2005 on that graph, on GunPoint's 50 TRAIN series, whose raw
values are the features (`features: {extractor: raw}`).

Run from the repository root with Debian's python3-sklearn/numpy:
    /usr/bin/python3 tests/reference/feature-graph/make_reference.py
Writes, in this folder, numbers with 17 significant digits (they read back to the same double):
- gunpoint_train_standardised_distances.csv: 50 x 50, no header. The rows standardised by
  scikit-learn's StandardScaler, then the Euclidean distance of each pair summed from the squared
  differences directly (scikit-learn's euclidean_distances uses |a|^2 - 2ab + |b|^2, which loses
  digits for close pairs; the script prints how many).
- gunpoint_train_lap_score_features_graph.csv: header feature,score,rank. The Laplacian score
  (He, Cai & Niyogi 2005, eq. 7 with the paper's heat-kernel weights) of each raw column on the kNN
  graph of those distances, in NumPy from the paper's definitions: k = 5 nearest other rows
  (ties to the smaller row index), an edge where either row is among the other's neighbours,
  S_ij = exp(-d_ij^2 / sigma^2) with sigma the mean of the distance matrix (diagonal included),
  D = diag(S 1), L = D - S, f~ = f - (f'D1 / 1'D1) 1, score = f~'L f~ / f~'D f~; rank 0 is the
  smallest score (ties to the smaller index). That is tsfs's `variant: he2005, k: 5,
  sigma_ratio: 1`.
"""
import os

import numpy as np
from sklearn.metrics.pairwise import euclidean_distances
from sklearn.preprocessing import StandardScaler

HERE = os.path.dirname(os.path.abspath(__file__))
TRAIN = os.path.join(HERE, "..", "..", "..", "third_party", "ucr", "GunPoint", "GunPoint_TRAIN.tsv")

table = np.loadtxt(TRAIN, delimiter="\t")
features = table[:, 1:]
standardised = StandardScaler().fit_transform(features)
differences = standardised[:, None, :] - standardised[None, :, :]
distances = np.sqrt((differences * differences).sum(axis=2))

library = euclidean_distances(standardised)
off_diagonal = ~np.eye(len(distances), dtype=bool)
relative = np.abs(library - distances)[off_diagonal] / distances[off_diagonal]
print(f"scikit-learn's euclidean_distances against the direct sums: largest relative difference "
      f"{relative.max():.3g}")

neighbours = 5
sigma = distances.mean()
order = np.argsort(distances + np.diag(np.full(len(distances), np.inf)), axis=1, kind="stable")
edges = np.zeros(distances.shape, dtype=bool)
for row, nearest in enumerate(order[:, :neighbours]):
    edges[row, nearest] = True
edges |= edges.T
weights = np.where(edges, np.exp(-distances**2 / sigma**2), 0.0)
degrees = weights.sum(axis=1)
laplacian = np.diag(degrees) - weights
scores = []
for column in features.T:
    centred = column - (column @ degrees) / degrees.sum()
    scores.append((centred @ laplacian @ centred) / (centred @ (degrees * centred)))
scores = np.array(scores)
ranks = np.empty(len(scores), dtype=int)
ranks[np.argsort(scores, kind="stable")] = np.arange(len(scores))

np.savetxt(os.path.join(HERE, "gunpoint_train_standardised_distances.csv"), distances,
           delimiter=",", fmt="%.17g")
with open(os.path.join(HERE, "gunpoint_train_lap_score_features_graph.csv"), "w") as out:
    out.write("feature,score,rank\n")
    for index, (score, rank) in enumerate(zip(scores, ranks)):
        out.write(f"{index},{score:.17g},{rank}\n")
print(f"sigma {sigma!r}; {int(edges.sum()) // 2} edges")
