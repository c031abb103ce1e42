#!/usr/bin/env bash
# A node lost mid-run: the node of shard 1's array task loses power (every process of its network
# namespace killed at once, slurmd, slurmstepd and the runner included, by SIGKILL: nothing is
# saved on the way out), so the shard's folder holds what its last checkpoint wrote, a manifest
# saying "running" and the dead runner's lock record. Slurm notices the silent slurmd
# (SlurmdTimeout), marks the node down and requeues the task (the shards job asks for
# --requeue); the node comes back (its slurmd restarted, ReturnToService=2); the requeued task
# resumes from the shard's saved cells, on whichever node is free, and replaces the stale lock.
# Nothing finished is lost: the merge is byte-identical to a single-process run.
# Needs scripts/slurm-test-cluster.sh's nodes in network namespaces (the fallback of one node on
# the host's network has no node to lose: the test says so and passes).
source "$(dirname "$0")/common.sh"
if ! ip netns list 2>/dev/null | grep -q '^tsfs-node2\b'; then
  echo "no second node in a network namespace (scripts/slurm-test-cluster.sh fell back to one node): nothing to lose"
  exit 0
fi
submit_until_shard_1_saved
node=$(squeue -h -j "${array}_1" -o '%N')
[ -n "$node" ] || fail "Slurm names no node for task ${array}_1"
saved=$(($(grep -c . "$shard/results.csv") - 1))
# shellcheck disable=SC2046 # one pid per word
kill -KILL $(ip netns pids "$node") 2>/dev/null || true
echo "node $node lost (every process killed) with $saved cells of shard 1 saved"
# The task is requeued once Slurm has marked the node down (SlurmdTimeout=20 s).
deadline=$((SECONDS + 120))
until sinfo -h -n "$node" -o '%T' | grep -Eq '^down'; do
  [ $SECONDS -lt $deadline ] || fail "Slurm never marked $node down"
  sleep 1
done
echo "Slurm marked $node down after $((SECONDS - start)) s: $(squeue -h -j "${array}_1" -o '%i %T %r' | head -1)"
# Slurm starts a task requeued after a node failure no sooner than 120 s later (its BeginTime);
# an administrator may start it now, which spares the test the wait.
deadline=$((SECONDS + 30))
until squeue -h -j "${array}_1" -o '%T %r' | grep -q '^PENDING BeginTime'; do
  [ $SECONDS -lt $deadline ] || fail "task ${array}_1 was not requeued: $(squeue -h -j "${array}_1" -o '%T %r')"
  sleep 0.5
done
scontrol update JobId="${array}_1" StartTime=now || fail "scontrol could not release task ${array}_1"
grep -q '"status": "running"' "$shard/manifest.json" || fail "shard 1's manifest no longer says running"
[ -f "$shard/runner.lock" ] || fail "the killed runner left no lock record"
scripts/slurm-test-cluster.sh up >/dev/null || fail "the lost node did not come back"
wait_for_merge "$start"
grep -q "resuming: [1-9][0-9]* of [0-9]* cells already in results.csv" "$shard/run.log" ||
  fail "shard 1 did not resume from its saved cells"
grep -q "lock is stale and is taken over" "$sharded/slurm/logs/shard-1.out" ||
  fail "shard 1 did not report the dead runner's lock as stale"
echo "node lost, task requeued, resumed, merged: $((SECONDS - start)) s"
check_identical
