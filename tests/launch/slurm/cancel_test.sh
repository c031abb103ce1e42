#!/usr/bin/env bash
# One array task cancelled mid-run (scancel: SIGTERM, the shard saves its finished cells): the
# merge never starts, `runner status` shows the shard stopped, and `runner submit` again submits
# that shard alone (cancelling the stranded merge job); the shard resumes from its own cells and
# the merged CSVs are byte-identical to a single-process run.
source "$(dirname "$0")/common.sh"
submit_until_shard_1_saved
scancel "${array}_1"
echo "cancelled task ${array}_1 with $(($(grep -c . "$shard/results.csv") - 1)) cells saved"
wait_for_jobs 150
"$runner" status "$sharded" | tee /dev/stderr | grep -Eq "1/4: stopped" ||
  fail "runner status does not show shard 1 stopped"
[ -f "$sharded/results.csv" ] && fail "merged although a shard was cancelled"

"$runner" submit "$spec" --slurm --shards 4 --time 5 --cpus 1 --no-timings --set output="$sharded" |
  tee /dev/stderr | grep -q "shards job [0-9]* (array 1)$" || fail "resubmission is not shard 1 alone"
wait_for_jobs 150
grep -q "resuming: [1-9][0-9]* of [0-9]* cells already in results.csv" "$shard/run.log" ||
  fail "shard 1 did not resume from its saved cells"
echo "cancel, resubmit, merge: $((SECONDS - start)) s"
check_identical
