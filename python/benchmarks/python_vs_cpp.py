"""The Python call against the C++ call on the inputs of benchmarks/tsfel_benchmark.cpp and
benchmarks/dtw_benchmark.cpp: TSFEL features (all domains, 2 threads) of 7164 series of length 152
and the DTW matrix (symmetric2, no band, 2 threads) of 2000 series, the 1000 Wafer TRAIN series
repeated cyclically. Usage (from the repository root):

    PYTHONPATH=build/python python3 python/benchmarks/python_vs_cpp.py [BUILD_DIR]

BUILD_DIR (default build) holds the Google Benchmark programs; each is run once right after the
Python timings so that both see the same machine load. Times are the best of a few runs."""
import json
import subprocess
import sys
import time

import numpy as np

import tsfs

build = sys.argv[1] if len(sys.argv) > 1 else "build"
wafer = tsfs.load_dataset("third_party/ucr/Wafer", "train").X


def repeated(count):
    return np.ascontiguousarray(wafer[np.arange(count) % len(wafer)])


def best(function, repeats):
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return min(times)


def cpp_seconds(program, name):
    output = subprocess.run([f"{build}/benchmarks/{program}", f"--benchmark_filter=^{name}/",
                             "--benchmark_format=json"], capture_output=True, text=True, check=True)
    runs = json.loads(output.stdout)["benchmarks"]
    unit = {"ms": 1e-3, "s": 1.0, "us": 1e-6, "ns": 1e-9}
    return min(run["real_time"] * unit[run["time_unit"]] for run in runs)


series7164, series2000 = repeated(7164), repeated(2000)
cases = [
    ("TSFEL, 7164 x 152", lambda: tsfs.features(series7164, "tsfel", threads=2), 3,
     "tsfel_benchmark", "BM_TsfelWafer7164AllDomains2Threads"),
    ("DTW matrix, 2000 x 152", lambda: tsfs.distances(series2000, distance="dtw", threads=2), 3,
     "dtw_benchmark", "BM_DtwWafer2000"),
]
for label, call, repeats, program, name in cases:
    python = best(call, repeats)
    cpp = cpp_seconds(program, name)
    print(f"{label:24s} python {python:8.3f} s   C++ {cpp:8.3f} s   ratio {python / cpp:.3f}")
