#!/usr/bin/env bash
# A one-node Slurm cluster on this machine for the `slurm` tests (make test-slurm, .ci/run):
# Debian's slurm-wlm (slurmctld + slurmd) and munge on localhost, the machine's CPUs, one
# partition `debug`, no accounting database (finished jobs stay visible to scontrol for 10
# minutes and are logged to /var/log/slurm/jobcomp.log). Needs root; works without systemd.
#   scripts/slurm-test-cluster.sh up     install what is missing, configure, start, wait until idle
#   scripts/slurm-test-cluster.sh down   cancel every job, stop the daemons (by their pid files)
# Idempotent: `up` on a running cluster only checks that it is ready. Follows the recipe tested
# on this kind of machine (docs in /work/shared/docs/slurm: about 10 s from a bare machine).
set -euo pipefail

conf=/etc/slurm
state=/var/spool/slurmctld
spool=/var/spool/slurmd
run=/run/slurm
log=/var/log/slurm

alive() { [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

install_packages() {
  local missing=()
  for package in munge slurmctld slurmd slurm-client; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing: ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Without systemd nobody makes munge's runtime folder; the package's postinst makes the key.
start_munge() {
  [ -s /etc/munge/munge.key ] || mungekey --create --keyfile=/etc/munge/munge.key
  chown munge:munge /etc/munge/munge.key
  chmod 400 /etc/munge/munge.key
  install -d -o munge -g munge -m 755 /run/munge
  alive /run/munge/munged.pid || runuser -u munge -- /usr/sbin/munged
  for _ in $(seq 50); do munge -n </dev/null | unmunge >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "munge does not answer" >&2
  return 1
}

# proctrack/linuxproc + task/none need no cgroups; the node line comes from `slurmd -C`, so its
# CPUs and memory match the machine (a larger RealMemory would make the node invalid).
write_config() {
  install -d -m 755 "$conf" "$state" "$spool" "$run" "$log"
  local hardware
  hardware=$(slurmd -C | head -1 | sed 's/^NodeName=[^ ]* //')
  cat >"$conf/slurm.conf" <<CONF
ClusterName=tsfs
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$log/jobcomp.log
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
SlurmdTimeout=20
MinJobAge=600
MailProg=/bin/true
StateSaveLocation=$state
SlurmdSpoolDir=$spool
SlurmctldPidFile=$run/slurmctld.pid
SlurmdPidFile=$run/slurmd.pid
SlurmctldLogFile=$log/slurmctld.log
SlurmdLogFile=$log/slurmd.log
NodeName=localhost NodeAddr=127.0.0.1 $hardware State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
}

up() {
  [ "$(id -u)" -eq 0 ] || { echo "slurm-test-cluster.sh needs root" >&2; exit 1; }
  install_packages
  start_munge
  alive "$run/slurmctld.pid" && alive "$run/slurmd.pid" || write_config
  alive "$run/slurmctld.pid" || slurmctld
  alive "$run/slurmd.pid" || slurmd -N localhost
  for _ in $(seq 300); do
    [ "$(sinfo -h -N -o '%T' 2>/dev/null)" = idle ] && timeout 30 srun -n1 -t 1 true 2>/dev/null &&
      break
    sleep 0.1
  done
  [ "$(sinfo -h -N -o '%T' 2>/dev/null)" = idle ] || { echo "slurm not ready:" >&2; sinfo -N >&2; exit 1; }
  echo "slurm up: partition debug, $(sinfo -h -o '%c') CPUs"
}

stop() {
  [ -s "$1" ] || return 0
  local pid
  pid=$(cat "$1")
  kill "$pid" 2>/dev/null || return 0
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
}

down() {
  # Job steps outlive slurmd: cancel them first.
  scancel --quiet --user=root 2>/dev/null && sleep 1 || true
  stop "$run/slurmd.pid"
  stop "$run/slurmctld.pid"
  stop /run/munge/munged.pid
  rm -f "$run/slurmd.pid" "$run/slurmctld.pid"
  echo "slurm down"
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  *) echo "usage: $0 up|down" >&2; exit 2 ;;
esac
