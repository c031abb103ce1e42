"""1-NN accuracy of the elastic distances on a few vendored UCR datasets, official TRAIN/TEST
split. Usage: elastic_1nn.py [DATASET ...]."""
import sys

import tsfs
from tsfs.sklearn import NearestNeighbourClassifier

names = sys.argv[1:] or ["Coffee", "GunPoint", "ItalyPowerDemand", "ECG200"]
distances = ["euclidean", "dtw", "ddtw", "wdtw", "erp", "lcss", "msm", "twe"]
print(f"{'dataset':18s}" + "".join(f"{d:>10s}" for d in distances))
for name in names:
    data = tsfs.load_dataset(f"third_party/ucr/{name}")
    train, test = slice(0, data.train_rows), slice(data.train_rows, None)
    accuracies = [NearestNeighbourClassifier(distance).fit(data.X[train], data.y[train])
                  .score(data.X[test], data.y[test]) for distance in distances]
    print(f"{name:18s}" + "".join(f"{a:10.3f}" for a in accuracies))
