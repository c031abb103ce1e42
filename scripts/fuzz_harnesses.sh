#!/usr/bin/env bash
# Runs the libFuzzer harnesses of `make fuzz` for SECONDS each, JOBS at a time (each harness is
# one process on one core, so two cores halve the wall time of the five harnesses). Each starts
# from the committed seed corpus (read-only) plus the inputs found so far; findings (crashing
# inputs) land in BUILD/findings/<harness>/. A harness's output is printed when it ends, whole.
# Exit status: 0 when every harness ran clean, else 1 (the failing ones are named).
# Usage: scripts/fuzz_harnesses.sh BUILD SECONDS JOBS HARNESS...
set -uo pipefail
build=$1 seconds=$2 jobs=$3
shift 3
run_one() {
  local build=$1 seconds=$2 harness=$3
  mkdir -p "$build/corpus/$harness" "$build/findings/$harness"
  local log="$build/findings/$harness.log"
  "$build/tests/fuzz/${harness}_fuzz" "$build/corpus/$harness" "tests/fuzz/corpus/$harness" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
    -print_final_stats=1 -artifact_prefix="$build/findings/$harness/" >"$log" 2>&1
  local status=$?
  echo "== fuzz $harness for $seconds s: exit $status"
  tail -n 25 "$log"
  return $status
}
export -f run_one
failed=()
while read -r harness status; do
  [ "$status" = 0 ] || failed+=("$harness")
done < <(printf '%s\n' "$@" | xargs -P "$jobs" -I{} bash -c \
  'run_one "$0" "$1" {} >&2; echo {} $?' "$build" "$seconds")
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found failures in: ${failed[*]} (inputs in $build/findings/, logs beside them)" >&2
  exit 1
fi
