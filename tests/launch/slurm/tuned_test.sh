#!/usr/bin/env bash
# `runner submit` of a tuned spec (nested CV) in 4 shards: each shard holds every candidate of its
# tuned rows (their work groups are one bundle), chooses among them as a single run does, and the
# merged CSVs, tuned.csv included, are byte-identical (--no-timings) to a single-process run. Then
# again split by outer folds (--split-folds: its 2 datasets x 2 folds, one per shard), each shard
# tuning its folds' rows, the merge computing every row from all the folds.
source "$(dirname "$0")/common.sh"
spec=tests/integration/specs/tuned_subset.yaml
single_run
start=$SECONDS
submit
wait_for_merge "$start"
[ -f "$work/single/tuned.csv" ] && grep -q tuned "$work/single/results.csv" ||
  fail "the single-process run wrote no tuned rows"
check_identical
check_hosts
sharded=$work/folds
start=$SECONDS
submit --split-folds
wait_for_merge "$start"
grep -q '"split": "folds"' "$sharded/plan/plan.json" || fail "the plan is not split by folds"
check_identical
check_hosts
