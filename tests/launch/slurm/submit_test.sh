#!/usr/bin/env bash
# `runner submit` in 4 shards on Slurm: the artefacts job, the array and the merge job run to the
# end, the shards run on distinct nodes when the partition has several (their manifests record
# the host), and the merged CSVs are byte-identical (--no-timings) to a single-process run.
source "$(dirname "$0")/common.sh"
single_run
start=$SECONDS
submit
[ "$(grep -c . "$sharded/slurm/jobs.txt")" -eq 3 ] || fail "expected 3 jobs: $(cat "$sharded/slurm/jobs.txt")"
grep -q -- '--dependency=afterok' "$sharded/slurm/shards.sbatch" && fail "dependencies belong on the sbatch command line"
grep -q '^#SBATCH --array=1-4$' "$sharded/slurm/shards.sbatch" || fail "array of the 4 shards"
grep -q '^#SBATCH --requeue$' "$sharded/slurm/shards.sbatch" || fail "array tasks must be requeueable"
wait_for_merge "$start"
check_identical
check_hosts
# Nothing left to compute: a second submit only merges again.
"$runner" submit "$spec" --slurm --shards 4 --time 5 --no-timings --quiet --set output="$sharded" |
  grep -q "only the merge submitted" || fail "a resubmission of a finished run recomputes shards"
wait_for_jobs 60
check_identical
