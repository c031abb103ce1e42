#!/usr/bin/env bash
# `runner submit` of a spec with Python components (tests/launch/slurm/python_sweep.yaml: a
# `python` selector and a scikit-learn classifier) in 4 shards, with the runner built with the
# Python module: every job's runner imports the same module from the submit folder, each shard's
# manifest records the module's file, its hash and the interpreter as the single run's does, and
# the merged CSVs are byte-identical (--no-timings) to a single-process run.
source "$(dirname "$0")/common.sh"
spec=tests/launch/slurm/python_sweep.yaml
single_run
start=$SECONDS
submit
wait_for_merge "$start"
check_identical
# The "python" line of a manifest: the interpreter and each component's module file and version.
python_line() { grep '^  "python": ' "$1" || fail "$1 records no Python components"; }
expected=$(python_line "$work/single/manifest.json")
grep -q 'anova_numpy.py' <<<"$expected" && grep -q '"version": "source:' <<<"$expected" ||
  fail "the manifest's python line names no module file or hash: $expected"
for manifest in "$sharded"/shards/*-of-4/manifest.json "$sharded/manifest.json"; do
  [ "$(python_line "$manifest")" = "$expected" ] ||
    fail "$manifest records other Python components than the single run: $(python_line "$manifest")"
done
echo "every shard's manifest records the single run's Python components"
check_hosts
