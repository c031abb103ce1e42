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

submit() {
  "$runner" submit "$spec" --slurm --shards 4 --partition debug --time 5 --cpus 1 --no-timings --quiet \
    --set output="$sharded" || fail "runner submit exited $?"
}

single_run() {
  "$runner" "$spec" --threads 1 --no-timings --quiet --set output="$work/single" ||
    fail "the single-process run exited $?"
}

check_identical() {
  grep -q '"status": "finished"' "$sharded/manifest.json" 2>/dev/null || fail "no finished merge"
  for file in results.csv folds.csv scores.csv duplicates.csv skipped.csv tables/GunPoint.md; do
    cmp "$work/single/$file" "$sharded/$file" || fail "$file differs from the single-process run"
  done
  echo "merged CSVs identical to the single-process run"
}
