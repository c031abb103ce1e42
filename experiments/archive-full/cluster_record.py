#!/usr/bin/env python3
"""Keeps the record of a sharded run on the Slurm test cluster (scripts/slurm-test-cluster.sh) for
results/archive-full/cluster/: what no committed run file holds once the run's folder is gone.

  python3 experiments/archive-full/cluster_record.py RUN_DIR OUT_DIR [--single DIR | --committed DIR | --recorded DIR] [--jobs ID,...]

Copies RUN_DIR/plan/shards.csv, plan/groups.csv (gzipped), plan/folds.csv of a plan split by folds
(as plan_folds.csv) and every finished shard's manifest.json
(shards/I-of-N.json), the merge's manifest.json (merged.json) when there is one, and the single
run's manifest.json (single.json);
writes jobs.csv, the cluster's records of the run's jobs (the ids of RUN_DIR/slurm/jobs.txt and the
array's tasks, or --jobs) from /var/log/slurm/jobcomp.log: job id, name, node, submit, start, end, state;
and, with --single (checksums.csv) or --committed (committed_checksums.csv), the SHA-256 of every
CSV and table of that run (a .csv.gz decompressed) and of the merged run's file of the same name,
and of its timed files without their timing columns (results.csv's fit_seconds, work_seconds.csv's
seconds, folds.csv's fit_seconds), so that a timed run can be checked against another, or against an untimed one;
or, with --recorded (an earlier record of the same spec under cluster/, whose single run's folder is
gone), checksums.csv holding that record's single_sha256 of every file against the merged run's.
"""

import argparse
import csv
import gzip
import hashlib
import io
import os
import shutil
import sys

JOBCOMP = "/var/log/slurm/jobcomp.log"


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def without_column(path, *columns):
    """The CSV's bytes with `columns` removed, rewritten as tsfs writes CSVs ('\\n', minimal quoting)."""
    with open(path, newline="") as handle:
        rows = list(csv.reader(handle))
    keep = [i for i, name in enumerate(rows[0]) if name not in columns]
    assert len(keep) == len(rows[0]) - len(columns), (path, columns)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow([row[i] for i in keep])
    return out.getvalue().encode()


# The timing columns of a run's files: what differs between two runs of the same spec, and between a
# timed run and one with --no-timings.
TIMING_COLUMNS = {"results.csv": ("fit_seconds",), "folds.csv": ("fit_seconds",),
                  "work_seconds.csv": ("score_seconds", "fit_seconds", "tuning_seconds")}


def array_tasks(run_dir, script):
    """How many tasks the last submission's array `script` had (its #SBATCH --array=2-8,10-16
    line; 1 for a single job)."""
    with open(f"{run_dir}/slurm/{script}.sbatch") as handle:
        lines = [line for line in handle if line.startswith("#SBATCH --array=")]
    if not lines:
        return 1
    ranges = lines[0].split("=")[1]
    count = 0
    for part in ranges.strip().split(","):
        low, _, high = part.partition("-")
        count += int(high or low) - int(low) + 1
    return count


def job_records(ids):
    records = []
    with open(JOBCOMP) as handle:
        for line in handle:
            fields = dict(f.split("=", 1) for f in line.split() if "=" in f)
            if fields.get("JobId") in ids:
                records.append([fields["JobId"], fields["Name"], fields["NodeList"],
                                fields["SubmitTime"], fields["StartTime"], fields["EndTime"],
                                fields["JobState"]])
    return records


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("run_dir")
    parser.add_argument("out_dir")
    parser.add_argument("--single", help="a single-process run of the same spec, to compare with")
    parser.add_argument("--committed", help="a committed run folder of the same spec, to compare with")
    parser.add_argument("--recorded", help="an earlier record of the same spec, whose single run to compare with")
    parser.add_argument("--jobs", help="job ids (default: RUN_DIR/slurm/jobs.txt and the tasks after them)")
    args = parser.parse_args()
    os.makedirs(f"{args.out_dir}/shards", exist_ok=True)
    shutil.copy(f"{args.run_dir}/plan/shards.csv", f"{args.out_dir}/shards.csv")
    with open(f"{args.run_dir}/plan/groups.csv", "rb") as source, \
            gzip.GzipFile(f"{args.out_dir}/groups.csv.gz", "wb", mtime=0) as target:
        shutil.copyfileobj(source, target)
    if os.path.exists(f"{args.run_dir}/plan/folds.csv"):
        shutil.copy(f"{args.run_dir}/plan/folds.csv", f"{args.out_dir}/plan_folds.csv")
    for name in sorted(os.listdir(f"{args.run_dir}/shards")):
        manifest = f"{args.run_dir}/shards/{name}/manifest.json"
        if os.path.exists(manifest):
            shutil.copy(manifest, f"{args.out_dir}/shards/{name}.json")
    if os.path.exists(f"{args.run_dir}/manifest.json"):
        shutil.copy(f"{args.run_dir}/manifest.json", f"{args.out_dir}/merged.json")
    if args.jobs:
        ids = set(args.jobs.split(","))
    else:  # submit's jobs; an array's first task has the array's id, the others ids after the merge's
        with open(f"{args.run_dir}/slurm/jobs.txt") as handle:
            submitted = [int(line.split()[1]) for line in handle if line.strip()]
        later = sum(array_tasks(args.run_dir, script) - 1 for script in ("artefacts", "shards"))
        ids = {str(i) for i in range(min(submitted), max(submitted) + 1 + later)}
    with open(f"{args.out_dir}/jobs.csv", "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["job", "name", "node", "submit", "start", "end", "state"])
        writer.writerows(sorted(job_records(ids), key=lambda r: int(r[0])))
    if args.single:
        shutil.copy(f"{args.single}/manifest.json", f"{args.out_dir}/single.json")
        write_checksums(args.single, args.run_dir, f"{args.out_dir}/checksums.csv", "single")
    if args.committed:
        write_checksums(args.committed, args.run_dir, f"{args.out_dir}/committed_checksums.csv", "committed")
    if args.recorded:
        shutil.copy(f"{args.recorded}/single.json", f"{args.out_dir}/single.json")
        write_recorded_checksums(args.recorded, args.run_dir, f"{args.out_dir}/checksums.csv")
    return 0


def read_plain(path):
    """A file's bytes; a committed .csv.gz's decompressed."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as handle:
        return handle.read()


def write_checksums(reference, run_dir, path, name):
    """Every CSV and table of `reference` (a committed .csv.gz as its .csv) against the merged run's
    file of the same name, and its timed files without their timing columns (TIMING_COLUMNS)."""
    rows = []
    for root, folders, files in os.walk(reference):
        folders[:] = [f for f in folders if f != "cache"]
        for file in files:
            if not file.endswith((".csv", ".md", ".csv.gz")):
                continue
            if file.endswith(".gz") and file.removesuffix(".gz") in files:
                continue  # a committed .csv.gz unpacked beside it (make archive-full): the same file
            relative = os.path.relpath(os.path.join(root, file), reference)
            merged = os.path.join(run_dir, relative.removesuffix(".gz"))
            rows.append([relative.removesuffix(".gz"), sha256(read_plain(os.path.join(reference, relative))),
                         sha256(read_plain(merged)) if os.path.exists(merged) else ""])
    rows.sort()
    for file, columns in TIMING_COLUMNS.items():
        if os.path.exists(f"{reference}/{file}"):
            rows.append([f"{file} without {', '.join(columns)}",
                         sha256(without_column(f"{reference}/{file}", *columns)),
                         sha256(without_column(f"{run_dir}/{file}", *columns))])
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["file", f"{name}_sha256", "merged_sha256"])
        writer.writerows(rows)


def write_recorded_checksums(recorded, run_dir, path):
    """checksums.csv of an earlier record (`recorded`): each file's single run checksum against the
    merged run's file (a "FILE without COLUMNS" row: without those timing columns)."""
    with open(f"{recorded}/checksums.csv", newline="") as handle:
        rows = list(csv.reader(handle))[1:]
    out = []
    for file, single, _ in rows:
        name, _, columns = file.partition(" without ")
        merged = os.path.join(run_dir, name)
        if not os.path.exists(merged):
            digest = ""
        elif columns:
            digest = sha256(without_column(merged, *columns.split(", ")))
        else:
            digest = sha256(read_plain(merged))
        out.append([file, single, digest])
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["file", "single_sha256", "merged_sha256"])
        writer.writerows(out)


if __name__ == "__main__":
    sys.exit(main())
