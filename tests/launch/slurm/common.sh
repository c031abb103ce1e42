# Shared by the `slurm` tests (sourced): a sharded run of tests/launch/slurm/slurm_sweep.yaml submitted to
# the cluster of scripts/slurm-test-cluster.sh, and its single-process twin to compare with.
# Usage of a test: bash tests/launch/slurm/<name>_test.sh RUNNER, from the repository root.
set -euo pipefail
runner=$1
spec=tests/launch/slurm/slurm_sweep.yaml
work=$(mktemp -d "${TMPDIR:-/tmp}/tsfs_slurm.XXXXXX")
sharded=$work/sharded
# Whatever happens, no job of the test is left behind, nor its files; the exit status is kept.
cleanup() {
  local status=$? ids
  ids=$(job_ids)
  if [ -n "$ids" ]; then scancel "${ids//,/ }" 2>/dev/null || true; fi
  rm -rf "$work"
  exit $status
}
trap cleanup EXIT

fail() {
  echo "FAIL: $*" >&2
  [ -d "$sharded/slurm/logs" ] && tail -n 20 "$sharded"/slurm/logs/* >&2
  exit 1
}

command -v sbatch >/dev/null && sinfo -h >/dev/null 2>&1 ||
  fail "no Slurm cluster: run scripts/slurm-test-cluster.sh up (make test-slurm does)"

# The job ids of the last submission, comma-separated.
job_ids() { [ -f "$sharded/slurm/jobs.txt" ] && awk '{print $2}' "$sharded/slurm/jobs.txt" | paste -sd, || true; }

# Waits until no job of the last submission is queued or running, except a merge job that can
# never start (DependencyNeverSatisfied); fails after $1 seconds.
wait_for_jobs() {
  local deadline=$((SECONDS + $1)) ids
  ids=$(job_ids)
  while squeue -h -o '%i %T %r' -j "$ids" 2>/dev/null | grep -v DependencyNeverSatisfied | grep -q .; do
    [ $SECONDS -lt $deadline ] || { squeue -j "$ids" >&2; fail "jobs $ids still queued after $1 s"; }
    sleep 0.3
  done
}

# Waits for the last submission's jobs, prints the time since $1 (SECONDS when it was submitted),
# and checks that `runner status` reports the 4 shards and the merge done.
wait_for_merge() {
  wait_for_jobs 150
  echo "submit to merged: $((SECONDS - $1)) s"
  "$runner" status "$sharded" | tee /dev/stderr | grep -q "4 of 4 shards finished; merge: done" ||
    fail "runner status does not report the run done"
}

# Extra arguments go to runner submit (--split-folds).
submit() {
  "$runner" submit "$spec" --slurm --shards 4 --partition debug --time 5 --cpus 1 --no-timings --quiet \
    --set output="$sharded" "$@" || fail "runner submit exited $?"
}

single_run() {
  "$runner" "$spec" --threads 1 --no-timings --quiet --set output="$work/single" ||
    fail "the single-process run exited $?"
}

# The shards array's job id of the last submission.
shards_job() { awk '$1 == "shards" {print $2}' "$sharded/slurm/jobs.txt"; }

# For the tests that interrupt a shard: the single run, then the submission; sets `start` (SECONDS
# at submission), `array` (the shards job) and `shard` (shard 1's folder), and returns once that
# shard has saved its first checkpoint (a row in results.csv) and is still running (fails after
# 90 s).
submit_until_shard_1_saved() {
  single_run
  start=$SECONDS
  submit
  array=$(shards_job)
  shard=$sharded/shards/1-of-4
  local deadline=$((SECONDS + 90))
  until [ -f "$shard/results.csv" ] && [ "$(grep -c . "$shard/results.csv")" -gt 1 ] &&
    grep -q '"status": "running"' "$shard/manifest.json" 2>/dev/null; do
    [ $SECONDS -lt $deadline ] || fail "shard 1 never reached its first checkpoint"
    sleep 0.1
  done
}

# Whether two CSV files are equal once column $1 is left out of both.
same_without_column() {
  python3 - "$@" <<'PYTHON'
import csv, sys
column, *paths = sys.argv[1:]
def rows(path):
    with open(path, newline="") as handle:
        table = list(csv.reader(handle))
    index = table[0].index(column)
    return [row[:index] + row[index + 1:] for row in table]
sys.exit(0 if rows(paths[0]) == rows(paths[1]) else 1)
PYTHON
}

# Every CSV and table of the single run (with --no-timings the only timing column, fit_seconds
# of results.csv and folds.csv, is empty), byte for byte.
check_identical() {
  grep -q '"status": "finished"' "$sharded/manifest.json" 2>/dev/null || fail "no finished merge"
  local file files=0
  for file in results.csv folds.csv scores.csv duplicates.csv skipped.csv tables/GunPoint.md; do
    [ -f "$work/single/$file" ] || fail "the single-process run wrote no $file"
  done
  while read -r file; do
    if [ "$file" = ./work_seconds.csv ]; then
      # Its rows_resumed counts the rows a shard resumed (a cancelled shard's): the rest agrees.
      same_without_column rows_resumed "$work/single/$file" "$sharded/$file" ||
        fail "$file differs from the single-process run (rows_resumed aside)"
    else
      cmp "$work/single/$file" "$sharded/$file" || fail "$file differs from the single-process run"
    fi
    files=$((files + 1))
  done < <(cd "$work/single" && find . -path ./cache -prune -o \( -name '*.csv' -o -name '*.md' \) -type f -print | sort)
  echo "merged CSVs identical to the single-process run ($files files)"
}

# The host names the shards ran on, from their manifests (gethostname of the runner), one per
# shard in shard order.
shard_hosts() {
  local manifest
  for manifest in "$sharded"/shards/*-of-*/manifest.json; do
    sed -n 's/^  "host": "\(.*\)",$/\1/p' "$manifest"
  done
}

# With two nodes or more in the partition (scripts/slurm-test-cluster.sh, whose node names are
# their host names), the shards ran on at least two distinct hosts, and each shard's host is the
# node Slurm ran its array task on (scontrol, while the job is remembered).
check_hosts() {
  local nodes hosts array i shard_host node
  nodes=$(sinfo -h -N -p debug -o '%N' | sort -u | grep -c .)
  hosts=$(shard_hosts | sort -u | paste -sd' ')
  echo "shards ran on: $(shard_hosts | paste -sd' ') (partition debug: $nodes nodes)"
  [ -n "$hosts" ] || fail "no shard manifest records a host"
  [ "$nodes" -ge 2 ] || return 0
  [ "$(wc -w <<<"$hosts")" -ge 2 ] || fail "all shards ran on $hosts although the partition has $nodes nodes"
  array=$(shards_job)
  for i in $(seq 4); do
    shard_host=$(sed -n 's/^  "host": "\(.*\)",$/\1/p' "$sharded/shards/$i-of-4/manifest.json")
    node=$(scontrol show job -o "${array}_$i" 2>/dev/null | grep -o ' NodeList=[^ ]*' | cut -d= -f2)
    [ -z "$node" ] || [ "$node" = "$shard_host" ] ||
      fail "shard $i wrote host $shard_host in its manifest, but Slurm ran it on $node"
  done
}
