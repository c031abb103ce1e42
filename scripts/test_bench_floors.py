#!/usr/bin/env python3
"""bench_floors.py against a stand-in benchmark program whose ratios are scripted: a ratio below
its floor once (another process took the machine) passes when measured again; one below it every
time (a lost fast path) fails with exit status 1, each retry's ratio reported."""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# Prints Google Benchmark's JSON for `fast` and `slow`, `fast`'s rate the next of the ratios in
# ratios.txt (the last one repeated), one line consumed per run.
STAND_IN = r'''#!/usr/bin/env python3
import json, os, sys
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "ratios.txt")) as handle:
    ratios = handle.read().split()
with open(os.path.join(here, "ratios.txt"), "w") as handle:
    handle.write(" ".join(ratios[1:] or ratios))
repetitions = int(next(a for a in sys.argv if a.startswith("--benchmark_repetitions=")).split("=")[1])
runs = []
for _ in range(repetitions):
    runs.append({"name": "fast", "run_name": "fast", "run_type": "iteration", "rate": float(ratios[0])})
    runs.append({"name": "slow", "run_name": "slow", "run_type": "iteration", "rate": 1.0})
print(json.dumps({"benchmarks": runs}))
'''


def run(ratios, retries=2):
    with tempfile.TemporaryDirectory() as build:
        os.makedirs(os.path.join(build, "benchmarks"))
        program = os.path.join(build, "benchmarks", "stand_in")
        with open(program, "w") as handle:
            handle.write(STAND_IN)
        os.chmod(program, 0o755)
        with open(os.path.join(build, "benchmarks", "ratios.txt"), "w") as handle:
            handle.write(" ".join(str(ratio) for ratio in ratios))
        floors = os.path.join(build, "floors.csv")
        with open(floors, "w") as handle:
            handle.write("program,fast,slow,counter,floor,measured,cpu,what\n"
                         "stand_in,fast,slow,rate,2.5,3.7,,a scripted ratio\n")
        return subprocess.run([sys.executable, os.path.join(HERE, "bench_floors.py"), build,
                               "--floors", floors, "--retries", str(retries)],
                              capture_output=True, text=True)


def main():
    failures = []

    def expect(what, result, status, text):
        if result.returncode != status or text not in result.stdout:
            failures.append("%s: exit %d, wanted %d and %r in:\n%s%s" % (
                what, result.returncode, status, text, result.stdout, result.stderr))

    expect("met at once", run([3.7]), 0, "ok\n")
    expect("noise once", run([2.47, 3.6]), 0, "ok (measured again: 3.6)")
    expect("noise twice", run([2.47, 2.0, 3.5]), 0, "ok (measured again: 2, 3.5)")
    expect("a lost fast path", run([1.3, 1.2, 1.3]), 1,
           "BELOW THE FLOOR (measured again: 1.2, 1.3)")
    expect("no retries", run([2.47, 3.6], retries=0), 1, "BELOW THE FLOOR\n")
    for failure in failures:
        print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
