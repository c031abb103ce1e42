#!/usr/bin/env python3
"""The shape of src/'s functions against a shrinking baseline (issue 40's goals, kept once won).

A function that takes more than 6 parameters, or runs over 80 lines, must be named in
scripts/source_shape_baseline.txt with at most that many; one that is no longer over the limit must
be removed from it, so the baseline only shrinks. Functions are read with Universal Ctags (function
definitions of src/**/*.{cpp,hpp}; lambdas are not counted). Parameters are the top-level commas of
the signature plus one, default arguments included; a function's length runs from the line of its
name to its closing brace, both included. Overloads of one name in one file count as their largest.

Usage: check_source_shape.py [--write-baseline]. Exit status 1 when the shape got worse or the
baseline names a function that no longer needs it; 77 (skipped) without Universal Ctags.
"""
import argparse
import os
import shutil
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
BASELINE = os.path.join(ROOT, "scripts", "source_shape_baseline.txt")
MAX_PARAMETERS = 6
MAX_LINES = 80


def universal_ctags():
    for name in ("ctags-universal", "universal-ctags", "ctags"):
        path = shutil.which(name)
        if path:
            version = subprocess.run([path, "--version"], capture_output=True, text=True).stdout
            if "Universal Ctags" in version:
                return path
    return None


def parameter_count(signature):
    inner = signature.strip()[1:-1].strip()
    if inner in ("", "void"):
        return 0
    depth, count = 0, 1
    for character in inner:
        if character in "(<[{":
            depth += 1
        elif character in ")>]}":
            depth -= 1
        elif character == "," and depth == 0:
            count += 1
    return count


def measure(ctags):
    """{(measure, file, function): value} for every function over a limit."""
    command = [ctags, "-R", "--languages=C++", "--kinds-C++=f", "--fields=+nSeK", "-x",
               "--_xformat=%N\t%F\t%n\t%e\t%S", "src"]
    output = subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    found = {}
    for line in output.splitlines():
        name, path, start, end, signature = (line.split("\t") + [""] * 5)[:5]
        if not signature.startswith("("):
            continue
        values = {"params": parameter_count(signature),
                  "lines": int(end) - int(start) + 1 if end else 0}
        limits = {"params": MAX_PARAMETERS, "lines": MAX_LINES}
        for measure_name, value in values.items():
            if value > limits[measure_name]:
                key = (measure_name, path, name)
                found[key] = max(found.get(key, 0), value)
    return found


def read_baseline():
    baseline = {}
    with open(BASELINE) as handle:
        for number, line in enumerate(handle, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = line.split()
            if len(fields) != 4 or fields[0] not in ("params", "lines") or not fields[3].isdigit():
                sys.exit("%s:%d: expected 'params|lines FILE FUNCTION N'" % (BASELINE, number))
            baseline[(fields[0], fields[1], fields[2])] = int(fields[3])
    return baseline


def write_baseline(found):
    with open(BASELINE, "w") as handle:
        handle.write("# Functions of src/ still over a limit (scripts/check_source_shape.py):\n"
                     "# params: more than %d parameters; lines: longer than %d lines.\n"
                     "# Remove a line when its function is fixed; never add one.\n"
                     % (MAX_PARAMETERS, MAX_LINES))
        for (measure_name, path, name), value in sorted(found.items()):
            handle.write("%s %s %s %d\n" % (measure_name, path, name, value))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write-baseline", action="store_true")
    arguments = parser.parse_args()
    ctags = universal_ctags()
    if not ctags:
        print("check_source_shape: no Universal Ctags (Debian: universal-ctags); skipped")
        return 77
    found = measure(ctags)
    if arguments.write_baseline:
        write_baseline(found)
        return 0
    baseline = read_baseline()
    problems = []
    for key, value in sorted(found.items()):
        measure_name, path, name = key
        allowed = baseline.get(key)
        what = "parameters" if measure_name == "params" else "lines"
        if allowed is None:
            problems.append("%s: %s has %d %s (at most %d)" % (
                path, name, value, what, MAX_PARAMETERS if measure_name == "params" else MAX_LINES))
        elif value > allowed:
            problems.append("%s: %s grew to %d %s (baseline %d)" % (path, name, value, what, allowed))
    for key in sorted(set(baseline) - set(found)):
        problems.append("%s: %s is within the limit now: remove '%s' from %s" % (
            key[1], key[2], " ".join(key), os.path.relpath(BASELINE, ROOT)))
    counts = {m: sum(1 for key in found if key[0] == m) for m in ("params", "lines")}
    print("check_source_shape: %d functions over %d parameters, %d over %d lines" % (
        counts["params"], MAX_PARAMETERS, counts["lines"], MAX_LINES))
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
