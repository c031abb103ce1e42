#!/usr/bin/env python3
"""The speeds tsfs has won, as floors on ratios measured in one run (benchmarks/floors.csv).

Each row names a benchmark program and two of its benchmarks, a fast path and the slow path it
replaced, measured side by side in the same process, and a counter (a rate: higher is faster).
The ratio fast / slow must reach the row's floor. A ratio is stable on a shared, noisy machine
where an absolute time is not; a floor is set well below the ratio measured when the speed was won,
so only a lost fast path (not noise) fails it. A row with no slow benchmark floors the fast
benchmark's counter itself (a pruning rate, a work count: numbers that do not depend on the
machine's speed). A benchmark the CPU cannot run (an instruction set it lacks) is reported and not
counted. A row's `cpu` column names a CPU flag (/proc/cpuinfo) the speed it guards depends on:
`avx512f` for a speed won with AVX-512 kernels, `!avx512f` for the floor of the same ratio where
AVX-512 is missing (then an AVX2 clone runs); other CPUs report the row as not run. Empty: any CPU.

A row below its floor is measured again, alone, up to --retries times, each time with three
repetitions of its two benchmarks interleaved at random and their medians compared: another
process that takes the cache or a core during one of the two benchmarks (CI once saw 2.47 for a
ratio measured at 3.7) passes, a lost fast path stays below the floor in every measurement and
fails. The report gives each retry's ratio.

Usage: bench_floors.py BUILD_DIR [--repetitions N] [--retries N] [--floors CSV]. Exit status 1
when a floor is not reached.
"""
import argparse
import csv
import json
import os
import re
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FLOORS = os.path.join(HERE, "..", "benchmarks", "floors.csv")


def run_program(program, names, repetitions, interleaved=False):
    pattern = "^(" + "|".join(re.escape(name) for name in sorted(names)) + ")$"
    command = [program, "--benchmark_filter=" + pattern, "--benchmark_format=json",
               "--benchmark_repetitions=%d" % repetitions]
    if interleaved:
        command.append("--benchmark_enable_random_interleaving=true")
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    runs = {}
    for entry in json.loads(output)["benchmarks"]:
        if entry.get("run_type") == "aggregate":
            continue
        name = entry.get("run_name", entry["name"])
        runs.setdefault(name, []).append(entry)
    return runs


def counter(runs, name, field):
    """Median of `field` over the repetitions; None when the benchmark was skipped."""
    entries = runs.get(name, [])
    if not entries or any(entry.get("error_occurred") for entry in entries):
        return None
    return statistics.median(float(entry[field]) for entry in entries)


def cpu_flags():
    """The flags of /proc/cpuinfo's first processor (empty where there is no such file)."""
    try:
        with open("/proc/cpuinfo") as handle:
            for line in handle:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def applies(row, flags):
    wanted = row.get("cpu", "")
    if not wanted:
        return True
    return wanted[1:] not in flags if wanted.startswith("!") else wanted in flags


def benchmarks_of(row):
    """The row's benchmark names: its fast one, and its slow one if it has one."""
    return {name for name in (row["fast"], row["slow"]) if name}


def ratio_of(row, runs, flags):
    """fast / slow for the row (the fast counter alone without a slow benchmark); None when the
    CPU cannot run the row."""
    fast = counter(runs, row["fast"], row["counter"])
    slow = counter(runs, row["slow"], row["counter"]) if row["slow"] else 1.0
    if fast is None or slow is None or not applies(row, flags):
        return None
    return fast / slow


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build")
    parser.add_argument("--repetitions", type=int, default=1)
    parser.add_argument("--retries", type=int, default=2)
    parser.add_argument("--floors", default=FLOORS)
    arguments = parser.parse_args()
    with open(arguments.floors, newline="") as handle:
        rows = list(csv.DictReader(handle))
    by_program = {}
    for row in rows:
        by_program.setdefault(row["program"], set()).update(benchmarks_of(row))
    paths = {program: os.path.join(arguments.build, "benchmarks", program)
             for program in by_program}
    measured = {}
    for program, names in by_program.items():
        if not os.path.exists(paths[program]):
            print("bench_floors: %s is not built (libbenchmark-dev installed?)" % paths[program],
                  file=sys.stderr)
            return 2
        measured[program] = run_program(paths[program], names, arguments.repetitions)
    failures = 0
    flags = cpu_flags()
    print("%-22s %-34s %-34s %-16s %9s %7s" % ("program", "fast", "slow", "counter", "ratio",
                                              "floor"))
    for row in rows:
        ratio = ratio_of(row, measured[row["program"]], flags)
        if ratio is None:
            verdict, ratio_text = "not run on this CPU", "-"
        else:
            ratio_text = "%.3g" % ratio
            floor = float(row["floor"])
            retried = []
            while ratio < floor and len(retried) < arguments.retries:
                again = run_program(paths[row["program"]], benchmarks_of(row), 3, interleaved=True)
                ratio = ratio_of(row, again, flags) or 0.0  # a benchmark that failed to run
                retried.append("%.3g" % ratio)
            verdict = "ok" if ratio >= floor else "BELOW THE FLOOR"
            if retried:
                verdict += " (measured again: %s)" % ", ".join(retried)
            failures += ratio < floor
        print("%-22s %-34s %-34s %-16s %9s %7s  %s" % (row["program"], row["fast"], row["slow"],
                                                      row["counter"], ratio_text, row["floor"],
                                                      verdict))
    print("%d passed, %d failed" % (len(rows) - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
