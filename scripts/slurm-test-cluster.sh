#!/usr/bin/env bash
# A Slurm cluster of two compute nodes on this one machine, for the `slurm` tests (make
# test-slurm, .ci/run): Debian's slurm-wlm and munge, slurmctld on the host, and one slurmd per
# node, each in its own network namespace (a veth pair to the bridge tsfs-slurm0, its own IP) and
# its own UTS namespace (its own host name, which jobs on it see). The nodes share the host's
# file systems (the same mount namespace), so the output folder, the runner and the data are at
# the same paths everywhere, as on a cluster with a shared file system; munge's socket is a file
# under /run/munge, reachable from every network namespace. Each node offers 1 CPU; partition
# `debug`; no accounting database (finished jobs stay visible to scontrol for 10 minutes and are
# logged, with their node, to /var/log/slurm/jobcomp.log). Needs root and CAP_NET_ADMIN (ip
# netns, veth, bridge); works without systemd. Where network namespaces cannot be made (a
# container without CAP_NET_ADMIN), `up` says why and starts one node on the host's network
# instead, so the tests still run (their two-host check applies only with two nodes or more);
# TSFS_SLURM_NAMESPACES=0 asks for that fallback.
#   scripts/slurm-test-cluster.sh up     install what is missing, configure, start, wait until
#                                        every node is idle and `srun -N2 hostname` answers
#   scripts/slurm-test-cluster.sh down   cancel every job, stop the daemons (by their pid files),
#                                        remove the namespaces and the bridge
#   scripts/slurm-test-cluster.sh status the nodes, their addresses and host names
# TSFS_SLURM_NODES=N (default 2) makes N nodes. Both commands are idempotent: `up` on a running
# cluster only checks that it is ready, `down` on a stopped one does nothing. Follows the
# one-node recipe tested on this kind of machine (/work/shared/docs/slurm), see docs/cluster.md.
set -euo pipefail

conf=/etc/slurm
state=/var/spool/slurmctld
spool=/var/spool/slurmd
run=/run/slurm
log=/var/log/slurm
nodes=${TSFS_SLURM_NODES:-2}
bridge=tsfs-slurm0
subnet=10.217.0 # the host is .1 on the bridge, node i is .(10 + i)
host_address=$subnet.1
isolated=1 # 0: one node on the host's network (network namespaces unavailable)

die() {
  echo "slurm-test-cluster.sh: $*" >&2
  exit 1
}
alive() { [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }
node_name() { echo "tsfs-node$1"; }
node_address() { if [ "$isolated" -eq 1 ]; then echo "$subnet.$((10 + $1))"; else echo 127.0.0.1; fi; }
node_pid_file() { echo "$run/slurmd-$(node_name "$1").pid"; }

install_packages() {
  local missing=()
  for package in munge slurmctld slurmd slurm-client iproute2 util-linux; do
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
  die "munge does not answer (munge -n | unmunge)"
}

# The bridge on the host (the controller's address) and, per node, a network namespace holding
# one end of a veth pair (eth0, the node's address), the other end on the bridge. Every step is
# skipped when already done, so a half-made network is completed.
make_network() {
  if ! ip link show "$bridge" >/dev/null 2>&1; then
    ip link add "$bridge" type bridge ||
      die "cannot make the bridge $bridge (ip link add ... type bridge): CAP_NET_ADMIN and the bridge driver are needed"
  fi
  ip -4 addr show dev "$bridge" | grep -q "inet $host_address/" ||
    ip addr add "$host_address/24" dev "$bridge"
  ip link set "$bridge" up
  local i name outside
  for i in $(seq "$nodes"); do
    name=$(node_name "$i")
    outside=tsfs-veth$i
    if ! ip netns list | grep -qw "$name"; then
      ip netns add "$name" || die "cannot make the network namespace $name (ip netns add)"
    fi
    if ! ip -n "$name" link show eth0 >/dev/null 2>&1; then
      ip link del "$outside" 2>/dev/null || true
      ip link add "$outside" type veth peer name "$outside-n" ||
        die "cannot make the veth pair $outside (ip link add ... type veth)"
      ip link set "$outside-n" netns "$name"
      ip -n "$name" link set "$outside-n" name eth0
    fi
    ip link set "$outside" master "$bridge"
    ip link set "$outside" up
    ip -n "$name" -4 addr show dev eth0 | grep -q "inet $(node_address "$i")/" ||
      ip -n "$name" addr add "$(node_address "$i")/24" dev eth0
    ip -n "$name" link set lo up
    ip -n "$name" link set eth0 up
  done
}

# Whether this machine lets us make network namespaces and bridges; if not, why (in $why).
namespaces_work() {
  if [ "${TSFS_SLURM_NAMESPACES:-1}" = 0 ]; then
    why="TSFS_SLURM_NAMESPACES=0"
    return 1
  fi
  why=$( (unshare --net true && ip link add tsfs-probe0 type bridge && ip link del tsfs-probe0) 2>&1) ||
    return 1
}

# proctrack/linuxproc + task/none need no cgroups. The controller is named localhost (slurmctld
# accepts that name on any host) and reached at the bridge's address, from the host and from
# the nodes. Each node offers 1 CPU of the machine's and a share of its memory (a RealMemory
# larger than the machine's would make the node invalid); slurmd's pid file, spool folder and
# log are per node (%n: the node name given with slurmd -N).
write_config() {
  install -d -m 755 "$conf" "$state" "$spool" "$run" "$log"
  local memory i node_lines="" names
  memory=$(($(slurmd -C | head -1 | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p') / nodes))
  for i in $(seq "$nodes"); do
    node_lines+="NodeName=$(node_name "$i") NodeAddr=$(node_address "$i") CPUs=1 Boards=1 SocketsPerBoard=1 CoresPerSocket=1 ThreadsPerCore=1 RealMemory=$memory State=UNKNOWN"$'\n'
    install -d -m 755 "$spool/$(node_name "$i")"
  done
  names="tsfs-node[1-$nodes]"
  [ "$nodes" -eq 1 ] && names=tsfs-node1
  cat >"$conf/slurm.conf" <<CONF
# Written by tsfs scripts/slurm-test-cluster.sh: $(layout).
ClusterName=tsfs
SlurmctldHost=localhost($host_address)
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
SlurmdSpoolDir=$spool/%n
SlurmctldPidFile=$run/slurmctld.pid
SlurmdPidFile=$run/slurmd-%n.pid
SlurmctldLogFile=$log/slurmctld.log
SlurmdLogFile=$log/slurmd-%n.log
${node_lines}PartitionName=debug Nodes=$names Default=YES MaxTime=INFINITE State=UP
CONF
}

# slurmd -N names the node (its slurm.conf line); it runs in the node's network namespace
# (nsenter: the host's mount namespace is kept) and a new UTS namespace with the node's host
# name. It daemonizes; its job steps inherit both namespaces.
start_slurmd() {
  local name
  name=$(node_name "$1")
  if [ "$isolated" -eq 0 ]; then
    slurmd -N "$name" || die "slurmd of $name did not start (see $log/slurmd-$name.log)"
    return
  fi
  nsenter --net="/run/netns/$name" -- unshare --uts -- \
    sh -c "hostname '$name' && exec slurmd -N '$name'" ||
    die "slurmd of $name did not start (see $log/slurmd-$name.log)"
}

# Every node idle, then one step on all of them answering with as many distinct host names
# (the names are kept in $hosts). A node is `completing` for a moment after each job, so this is
# polled until it holds once.
ready() {
  local states
  states=$(sinfo -h -N -o '%N %T' 2>/dev/null | sort -u)
  [ "$(grep -c ' idle$' <<<"$states")" -eq "$nodes" ] || return 1
  hosts=$(timeout 30 srun -N"$nodes" -t 1 hostname 2>/dev/null | sort -u | paste -sd' ')
  [ "$(wc -w <<<"$hosts")" -eq "$nodes" ]
}

layout() {
  if [ "$isolated" -eq 1 ]; then echo "$nodes nodes in network namespaces"; else echo "1 node on the host's network"; fi
}

up() {
  [ "$(id -u)" -eq 0 ] || die "needs root"
  [[ $nodes =~ ^[1-9][0-9]?$ ]] && [ "$nodes" -le 200 ] || die "TSFS_SLURM_NODES must be 1..200"
  install_packages
  local why=""
  if ! namespaces_work; then
    echo "slurm-test-cluster.sh: network namespaces are not available here (${why:-no reason given}): one node on the host's network instead of $nodes" >&2
    isolated=0 nodes=1 host_address=127.0.0.1
  fi
  if alive "$run/slurmd.pid"; then
    die "a one-node Slurm cluster (slurmd -N localhost, $run/slurmd.pid) is running: stop it first with $0 down"
  fi
  if alive "$run/slurmctld.pid" && ! grep -q "^# Written by tsfs scripts/slurm-test-cluster.sh: $(layout)" "$conf/slurm.conf"; then
    die "slurmctld runs with another configuration than $(layout): stop it first with $0 down"
  fi
  start_munge
  [ "$isolated" -eq 0 ] || make_network
  local i all_alive=1
  alive "$run/slurmctld.pid" || all_alive=0
  for i in $(seq "$nodes"); do alive "$(node_pid_file "$i")" || all_alive=0; done
  [ $all_alive -eq 1 ] || write_config
  alive "$run/slurmctld.pid" || slurmctld || die "slurmctld did not start (see $log/slurmctld.log)"
  for i in $(seq "$nodes"); do alive "$(node_pid_file "$i")" || start_slurmd "$i"; done
  # srun -N<nodes> waits for every node to be free: a node brought back while jobs still run
  # (slurm_node_failure) is ready only once they end, which takes longer on a loaded machine.
  local hosts="" deadline=$((SECONDS + 180))
  until ready; do
    [ $SECONDS -lt $deadline ] || {
      sinfo -N >&2 || true
      die "not ready after 180 s: a node is not idle, or srun -N$nodes hostname did not print $nodes host names (${hosts:-none}; logs in $log)"
    }
    sleep 0.1
  done
  echo "slurm up: partition debug, $(layout), srun -N$nodes hostname: $hosts"
}

# Stops the daemons of the given pid files together (SIGTERM, SIGKILL after 10 s), removes the files.
stop() {
  local file pids=() pid
  for file in "$@"; do
    [ -s "$file" ] && pids+=("$(cat "$file")")
  done
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  local running
  for _ in $(seq 100); do
    running=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && running=1; done
    [ $running -eq 1 ] || break
    sleep 0.1
  done
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
  rm -f "$@"
}

down() {
  [ "$(id -u)" -eq 0 ] || die "needs root"
  # Job steps outlive slurmd: cancel them first.
  if alive "$run/slurmctld.pid" && squeue -h 2>/dev/null | grep -q .; then
    scancel --quiet --user=root 2>/dev/null || true
    for _ in $(seq 50); do squeue -h 2>/dev/null | grep -q . || break; sleep 0.2; done
  fi
  local name pid
  stop "$run"/slurmd-*.pid "$run/slurmd.pid"
  stop "$run/slurmctld.pid"
  stop /run/munge/munged.pid
  # Whatever still runs in a node's namespace (a job step that escaped scancel) would keep it,
  # and its veth pair, alive: stop it by its process id, then remove the namespace.
  for name in $(ip netns list 2>/dev/null | awk '$1 ~ /^tsfs-node[0-9]+$/ {print $1}'); do
    for pid in $(ip netns pids "$name" 2>/dev/null); do kill -9 "$pid" 2>/dev/null || true; done
    ip netns del "$name"
  done
  ip link del "$bridge" 2>/dev/null || true
  for name in $(ip -o link show 2>/dev/null | sed -n 's/^[0-9]*: \(tsfs-veth[0-9]*\)@.*/\1/p'); do
    ip link del "$name" 2>/dev/null || true
  done
  echo "slurm down"
}

status() {
  local i name
  sinfo -N -o '%N %T %c' 2>/dev/null || echo "slurmctld does not answer"
  for i in $(seq "$nodes"); do
    name=$(node_name "$i")
    if alive "$(node_pid_file "$i")"; then
      echo "$name: slurmd $(cat "$(node_pid_file "$i")"), address $(node_address "$i")," \
        "host name $(nsenter --target "$(cat "$(node_pid_file "$i")")" --uts hostname)"
    else
      echo "$name: slurmd not running"
    fi
  done
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  status) status ;;
  *)
    echo "usage: $0 up|down|status" >&2
    exit 2
    ;;
esac
