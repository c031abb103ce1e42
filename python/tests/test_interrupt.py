"""Ctrl-C inside a long computation raises KeyboardInterrupt within a second, and the GIL is
released while the engine computes."""
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import numpy as np
import pytest

import tsfs

LONG_DTW = textwrap.dedent("""
    import sys, time
    import numpy as np
    import tsfs
    X = np.random.default_rng(0).normal(size=({rows}, {length}))
    print("start", flush=True)
    started = time.monotonic()
    try:
        tsfs.distances(X, distance="dtw", threads={threads})
    except KeyboardInterrupt:
        print(f"interrupted {{time.monotonic():.6f}}", flush=True)
        sys.exit(7)
    print(f"finished {{time.monotonic() - started:.1f}}", flush=True)
""")


def interrupt_after(seconds, threads, rows=3000, length=400):
    process = subprocess.Popen([sys.executable, "-c", LONG_DTW.format(rows=rows, length=length,
                                                                       threads=threads)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=dict(os.environ))
    assert process.stdout.readline().strip() == "start"
    time.sleep(seconds)
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    output, errors = process.communicate(timeout=60)
    return process.returncode, output, errors, sent


def test_ctrl_c_stops_a_dtw_matrix_within_a_second():
    for threads in (1, 2):
        code, output, errors, sent = interrupt_after(1.5, threads)
        assert code == 7, (output, errors)
        stopped = float(output.split()[1])
        assert stopped - sent < 1.0, stopped - sent


def test_a_call_after_an_interrupt_runs_normally():
    # The interrupt flag is cleared: the next computation is not cancelled by the last Ctrl-C.
    X = np.random.default_rng(0).normal(size=(30, 50))
    first = tsfs.distances(X, distance="dtw")
    assert np.array_equal(first, tsfs.distances(X, distance="dtw"))


def test_the_gil_is_released_while_computing():
    # 500 series of 200 points: 124,750 DTW pairs, about 0.8 s on a fast core (300 series took
    # 0.295 s on one, too close to the 0.3 s this test needs to tell).
    X = np.random.default_rng(1).normal(size=(500, 200))
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.005)

    counter = threading.Thread(target=count)
    counter.start()
    started = time.monotonic()
    tsfs.distances(X, distance="dtw", threads=1)
    elapsed = time.monotonic() - started
    done.set()
    counter.join()
    during = [t for t in ticks if started < t < started + elapsed]
    assert elapsed > 0.3, "the computation must be long enough to tell"
    # A thread holding the GIL for the whole computation would let the counter tick once or twice.
    assert len(during) > elapsed / 0.005 * 0.3, (len(during), elapsed)


LONG_CALL = textwrap.dedent("""
    import sys, time
    import numpy as np
    import tsfs
    rng = np.random.default_rng(0)
    {setup}
    print("start", flush=True)
    started = time.monotonic()
    try:
        call()
    except KeyboardInterrupt:
        print(f"interrupted {{time.monotonic():.6f}}", flush=True)
        sys.exit(7)
    print(f"finished {{time.monotonic() - started:.1f}}", flush=True)
""")

# Computations that the loops between pairs, batches or items do not split: one pair of long
# series (the elastic engine's and the DTW kernel's rows check), a Laplacian score and a
# constraint score over a 9,000-row matrix (the copy of the matrix from NumPy, the kNN graph's
# loops), catch22's features of one long series (between features, and inside the
# autocorrelation scan and the fluctuation analyses), one SVC fit of many rows (libsvm's progress
# callback, every 1,000 solver iterations: 0.4-0.5 s at 8,000 rows of random labels, the fit 2.4 s;
# 0.3-1.6 s at 20,000 rows), the SPEC score's dense eigendecomposition of a 2,000-row graph (7.6 s
# with the diffusion spectral function; Eigen's solver has no check of its own: it runs on a
# thread the caller abandons on a signal, common/abandon_on_interrupt.hpp). Each takes seconds on
# this machine.
LONG_CALLS = {
    "one msm pair of 20,000 values": "X = rng.normal(size=(2, 20000)); "
                                     "call = lambda: tsfs.distances(X, distance='msm')",
    "one dtw pair of 30,000 values": "X = rng.normal(size=(2, 30000)); "
                                     "call = lambda: tsfs.distances(X, distance='dtw')",
    "laplacian on 9,000 rows": "v = rng.normal(size=9000); D = np.abs(np.subtract.outer(v, v)); "
                               "X = rng.normal(size=(9000, 20)); y = rng.integers(0, 2, 9000); "
                               "call = lambda: tsfs.select(X, y, 'laplacian', distances=D)",
    "catch22 on one series of 400,000 values": "X = rng.normal(size=(1, 400000)); "
                                               "call = lambda: tsfs.features(X, 'catch22')",
    "one svc fit on 8,000 rows": "import tsfs.sklearn; X = rng.normal(size=(8000, 20)); "
                                 "y = rng.integers(0, 2, 8000); "
                                 "model = tsfs.sklearn.classifier('svc').fit(X, y); "
                                 "call = lambda: model.predict(X[:10])",
    "constraint_sc3 on 9,000 rows": "v = rng.normal(size=9000); "
                                    "D = np.abs(np.subtract.outer(v, v)); "
                                    "X = rng.normal(size=(9000, 20)); y = rng.integers(0, 2, 9000); "
                                    "call = lambda: tsfs.select(X, y, 'constraint_sc3', "
                                    "distances=D)",
    "spec on 2,000 rows": "v = rng.normal(size=2000); D = np.abs(np.subtract.outer(v, v)); "
                          "X = rng.normal(size=(2000, 20)); y = rng.integers(0, 2, 2000); "
                          "call = lambda: tsfs.select(X, y, 'spec', distances=D, "
                          "spectral_function='diffusion')",
}


@pytest.mark.parametrize("name", sorted(LONG_CALLS))
def test_ctrl_c_inside_one_long_computation_within_a_second(name):
    process = subprocess.Popen([sys.executable, "-c", LONG_CALL.format(setup=LONG_CALLS[name])],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=dict(os.environ))
    assert process.stdout.readline().strip() == "start"
    time.sleep(0.7)
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    output, errors = process.communicate(timeout=120)
    assert process.returncode == 7, (output, errors)  # not finished before the signal
    assert float(output.split()[1]) - sent < 1.0, float(output.split()[1]) - sent
