"""The Python call against the C++ call on the inputs of benchmarks/tsfel_benchmark.cpp and
benchmarks/dtw_benchmark.cpp: TSFEL features (all domains, 2 threads) of 7164 series of length 152
and the DTW matrix (symmetric2, no band, 2 threads) of 2000 series, the 1000 Wafer TRAIN series
repeated cyclically. Usage (from the repository root):

    PYTHONPATH=build/python python3 python/benchmarks/python_vs_cpp.py [BUILD_DIR [ROUNDS]]

BUILD_DIR (default build) holds the Google Benchmark programs. Both sides are summarised by the
same statistic, the median: of single Python calls (after one warm-up call), and of the C++
program's repetitions (--benchmark_repetitions; each repetition is the mean of its iterations).
The two sides alternate over ROUNDS rounds (default 3), each round giving a ratio, so that a
change of machine load shows up as disagreeing rounds instead of a biased ratio. Run it on an
idle machine: on 2 cores a build beside it decides the ratio."""
import json
import statistics
import subprocess
import sys
import time

import numpy as np

import tsfs

build = sys.argv[1] if len(sys.argv) > 1 else "build"
wafer = tsfs.load_dataset("third_party/ucr/Wafer", "train").X


def repeated(count):
    return np.ascontiguousarray(wafer[np.arange(count) % len(wafer)])


def python_median(function, calls):
    function()
    times = []
    for _ in range(calls):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def cpp_median(program, name, repetitions):
    output = subprocess.run([f"{build}/benchmarks/{program}", f"--benchmark_filter=^{name}/",
                             f"--benchmark_repetitions={repetitions}",
                             "--benchmark_format=json"], capture_output=True, text=True, check=True)
    unit = {"ms": 1e-3, "s": 1.0, "us": 1e-6, "ns": 1e-9}
    times = [run["real_time"] * unit[run["time_unit"]]
             for run in json.loads(output.stdout)["benchmarks"] if run["run_type"] == "iteration"]
    return statistics.median(times)


series7164, series2000 = repeated(7164), repeated(2000)
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
# (label, Python call, Python calls, C++ program, benchmark, C++ repetitions)
cases = [
    ("TSFEL, 7164 x 152", lambda: tsfs.features(series7164, "tsfel", threads=2), 10,
     "tsfel_benchmark", "BM_TsfelWafer7164AllDomains2Threads", 5),
    ("DTW matrix, 2000 x 152", lambda: tsfs.distances(series2000, distance="dtw", threads=2), 5,
     "dtw_benchmark", "BM_DtwWafer2000", 3),
]
for label, call, calls, program, name, repetitions in cases:
    ratios = []
    for round_number in range(1, rounds + 1):
        python = python_median(call, calls)
        cpp = cpp_median(program, name, repetitions)
        ratios.append(python / cpp)
        print(f"{label:24s} round {round_number}: python {python:8.3f} s   C++ {cpp:8.3f} s   "
              f"ratio {python / cpp:.3f}", flush=True)
    print(f"{label:24s} median ratio {statistics.median(ratios):.3f} "
          f"(rounds {min(ratios):.3f} to {max(ratios):.3f})", flush=True)
