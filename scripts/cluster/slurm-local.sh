#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for real: installs Debian's slurm-wlm and munge when
# missing, starts munged, slurmctld and slurmd from a temporary folder, submits a job array of
# `puzzlespec run SPEC --shard auto --json` (one task per part) and a merge job that waits for it
# (--dependency=afterok), checks the merged answer against the unsplit run, and stops the
# cluster whatever happens (trap).
#
#   scripts/cluster/slurm-local.sh [SPEC [RUN ARGS...]]
#   TASKS=16 PUZZLESPEC=target/release/puzzlespec scripts/cluster/slurm-local.sh specs/queens-count.toml
#   EXPECT=4968057848 TASKS=32 TIMEOUT=7200 scripts/cluster/slurm-local.sh specs/queens-count.toml --set board.n=19
#
# EXPECT: a published count to compare the merged count with, instead of running the spec unsplit
# (for runs too long to do twice; 19 queens: OEIS A000170).
#
# Needs root or sudo (packages, and daemons that run jobs as the submitting user). Exit 0 when
# the merge equals the unsplit run; 1 when it differs; 2 when the cluster could not run it.
set -euo pipefail

cd "$(dirname "$0")/../.."
SPEC=${1:-specs/queens-count.toml}
shift || true
ARGS=("$@")
TASKS=${TASKS:-16}
BIN=$(realpath "${PUZZLESPEC:-target/release/puzzlespec}")
TIMEOUT=${TIMEOUT:-110}
[ -x "$BIN" ] || { echo "slurm-local: no $BIN: cargo build --release first" >&2; exit 2; }

SUDO=()
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null || { echo "slurm-local: needs root or sudo" >&2; exit 2; }
  SUDO=(sudo)
fi
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  echo "slurm-local: installing slurm-wlm and munge"
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >/dev/null \
    || { "${SUDO[@]}" apt-get update -q >/dev/null && "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >/dev/null; }
fi

WORK=$(mktemp -d /tmp/slurm-local.XXXXXX)
chmod 755 "$WORK"
export SLURM_CONF=$WORK/slurm.conf
stop_cluster() {
  for pid in "$WORK"/slurmd.pid "$WORK"/slurmctld.pid "$WORK"/munged.pid; do
    [ -s "$pid" ] && "${SUDO[@]}" kill "$(cat "$pid")" 2>/dev/null || true
  done
  sleep 0.5
  [ -n "${KEEP:-}" ] || "${SUDO[@]}" rm -rf "$WORK"
}
trap stop_cluster EXIT

HOST=$(hostname -s)
CPUS=$(nproc)
MEM=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 * 9 / 10 ))
# Ports of their own, so a cluster already on this machine is left alone.
PORT=$(( 20000 + RANDOM % 20000 ))
KEY=$WORK/munge.key
if [ -r /etc/munge/munge.key ]; then "${SUDO[@]}" cp /etc/munge/munge.key "$KEY"; else dd if=/dev/urandom of="$KEY" bs=1024 count=1 2>/dev/null; fi
"${SUDO[@]}" chmod 400 "$KEY"
mkdir -p "$WORK/state" "$WORK/spool" "$WORK/out"
chmod 777 "$WORK/out"

"${SUDO[@]}" munged --force --socket="$WORK/munge.socket" --key-file="$KEY" \
  --pid-file="$WORK/munged.pid" --log-file="$WORK/munged.log" --seed-file="$WORK/munged.seed"

cat > "$SLURM_CONF" <<EOF
ClusterName=puzzlespec-local
SlurmctldHost=$HOST
SlurmctldPort=$PORT
SlurmdPort=$((PORT + 1))
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$WORK/munge.socket
CredType=cred/munge
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
# Containers have no cgroups to hand out: plain process tracking, no task binding.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
NodeName=$HOST CPUs=$CPUS RealMemory=$MEM State=UNKNOWN
PartitionName=local Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
EOF

"${SUDO[@]}" env SLURM_CONF="$SLURM_CONF" slurmctld -c
"${SUDO[@]}" env SLURM_CONF="$SLURM_CONF" slurmd -N "$HOST"
for _ in $(seq 60); do
  sinfo -h -o %T 2>/dev/null | grep -qE '^idle' && break
  sleep 0.5
done
sinfo -h -o %T | grep -qE '^idle' || { echo "slurm-local: the node did not come up" >&2; tail -5 "$WORK"/*.log >&2; exit 2; }

started=$(date +%s.%N)
quoted=""
[ ${#ARGS[@]} -eq 0 ] || quoted=$(printf ' %q' "${ARGS[@]}")
# One task per part: K and N come from SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT.
ARRAY=$(sbatch --parsable --array=0-$((TASKS - 1)) --cpus-per-task=1 --chdir="$PWD" \
  --output="$WORK/out/task-%a.log" \
  --wrap "exec $(printf %q "$BIN") run $(printf %q "$SPEC")$quoted --shard auto --json -q > $WORK/out/part-\$SLURM_ARRAY_TASK_ID.json")
MERGE=$(sbatch --parsable --dependency=afterok:"$ARRAY" --chdir="$PWD" --output="$WORK/out/merge.log" \
  --wrap "exec $(printf %q "$BIN") merge --json $WORK/out/part-*.json > $WORK/out/merged.json")
echo "slurm-local: array job $ARRAY ($TASKS tasks), merge job $MERGE (afterok:$ARRAY)"
deadline=$(( $(date +%s) + TIMEOUT ))
while squeue -h -j "$ARRAY,$MERGE" 2>/dev/null | grep -q .; do
  if squeue -h -j "$MERGE" -o %r 2>/dev/null | grep -q DependencyNeverSatisfied; then
    echo "slurm-local: a task of the array failed; its logs:" >&2
    tail -n 3 "$WORK"/out/task-*.log >&2; exit 2
  fi
  if [ "$(date +%s)" -ge "$deadline" ]; then
    echo "slurm-local: jobs not done after ${TIMEOUT}s" >&2; squeue >&2; exit 2
  fi
  sleep 0.5
done
wall=$(echo "$(date +%s.%N) - $started" | bc)

[ -s "$WORK/out/merged.json" ] || { echo "slurm-local: no merged answer" >&2; cat "$WORK"/out/*.log >&2; exit 2; }
if [ -z "${EXPECT:-}" ]; then
  "$BIN" run "$SPEC" "${ARGS[@]+"${ARGS[@]}"}" --json -q > "$WORK/whole.json" || true
else
  echo '{}' > "$WORK/whole.json"
fi
scripts/cluster/same-as-whole.py slurm-local "$WORK/whole.json" "$WORK/out/merged.json" "$wall"
