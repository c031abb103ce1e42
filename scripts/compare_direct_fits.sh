#!/bin/sh
# Runs a spec through the nested-subset fits (the default) and with --direct-fits, and lists every
# cell of results.csv (and every fold of folds.csv) whose values differ between the two runs.
#   scripts/compare_direct_fits.sh SPEC OUTPUT_FOLDER [RUNNER] [--skip-runs]
# Writes OUTPUT_FOLDER/nested and OUTPUT_FOLDER/direct (fresh runs, --no-timings) and prints
# "<file> row <n>: <column>=<nested> vs <direct> | <the row's key columns>", then a count per file.
# --skip-runs only compares two earlier runs in OUTPUT_FOLDER.
set -eu
spec=$1
output=$2
runner=${3:-build/runner}
skip=${4:-}
if [ "$skip" != "--skip-runs" ]; then
  "$runner" "$spec" --quiet --no-timings --fresh --set "output=$output/nested"
  "$runner" "$spec" --quiet --no-timings --fresh --direct-fits --set "output=$output/direct"
fi
for file in results.csv folds.csv; do
  # Both files list the grid in the same order, so rows pair up line by line. Key columns: all
  # but the measured ones. Results hold no quoted commas (parameters are numbers or plain words).
  awk -F, -v file="$file" '
    NR == FNR { nested[FNR] = $0; next }
    FNR == 1 {
      for (c = 1; c <= NF; ++c) {
        name[c] = $c
        measured[c] = ($c ~ /^(accuracy|accuracy_std|balanced_accuracy|fit_seconds|zero_weight_fraction)$/)
      }
      next
    }
    nested[FNR] != $0 {
      split(nested[FNR], left, ",")
      key = ""
      for (c = 1; c <= NF; ++c) if (!measured[c] && $c != "") key = key " " name[c] "=" $c
      for (c = 1; c <= NF; ++c)
        if (left[c] != $c) printf "%s row %d: %s=%s vs %s |%s\n", file, FNR - 1, name[c], left[c], $c, key
      ++differing
    }
    END { printf "%s: %d of %d rows differ\n", file, differing, FNR - 1 }
  ' "$output/nested/$file" "$output/direct/$file"
done
