#!/usr/bin/env bash
# Is the engine's JVM what keeps a transactional drain below the task-row floor? Runs the drain and
# ceiling workloads against a PostgreSQL on this machine twice per pair: "shared" (server, JVM and
# pgbench on every core, as the bench always runs) and "apart" (every postgres process on core 0,
# the bench JVM and the pgbench it starts on the other cores), then prints each figure side by side.
# If the drain reaches the floor only when the JVM is off the server's core, the JVM's CPU share was
# the limit, not the engine's statements: the floor is pgbench sending the same writes.
# Needs a server whose processes this user may re-pin (root, or the server's owner); new backends
# inherit the postmaster's core. Every postgres process is put back on every core on exit.
# Usage: tools/bench/cores-apart.sh --jdbc-url=jdbc:postgresql://127.0.0.1:5432/bench --user=postgres \
#          [--pairs=2] [bench arguments, default --tasks=2000 --transactional-tasks=50000 --runs=2 --ceiling-seconds=5]
set -euo pipefail
cd "$(dirname "$0")/../.."

pairs=2
args=()
for arg in "$@"; do
  case "$arg" in
    --pairs=*) pairs="${arg#--pairs=}" ;;
    --workloads=*) echo "cores-apart: --workloads is fixed (drain,ceiling)" >&2; exit 2 ;;
    *) args+=("$arg") ;;
  esac
done
if ! printf '%s\n' "${args[@]}" | grep -q -- '^--jdbc-url='; then
  echo "cores-apart: --jdbc-url of a PostgreSQL on this machine is needed (an embedded one cannot be pinned before it starts)" >&2
  exit 2
fi
# Each default unless the caller gave that option.
for default in --tasks=2000 --transactional-tasks=50000 --runs=2 --ceiling-seconds=5; do
  printf '%s\n' "${args[@]}" | grep -q -- "^${default%%=*}=" || args+=("$default")
done

cores="$(nproc)"
if ((cores < 2)); then
  echo "cores-apart: needs at least 2 cores" >&2
  exit 1
fi
all="0-$((cores - 1))"
others="1-$((cores - 1))"
server_on() {
  local pid
  for pid in $(pgrep -x postgres); do taskset -a -p -c "$1" "$pid" >/dev/null; done
}
pgrep -x postgres >/dev/null || { echo "cores-apart: no postgres process on this machine" >&2; exit 1; }

source scripts/find-java.sh
JAVA="$(find_java)" || { echo "cores-apart: no JDK >= 21 found" >&2; exit 1; }
./mvnw -B -q -pl tools/bench -am package -DskipTests -Dspotless.check.skip=true

work="$(mktemp -d)"
cleanup() {
  server_on "$all" || true
  rm -rf "$work"
}
trap cleanup EXIT

for ((i = 1; i <= pairs; i++)); do
  sides="shared apart"
  ((i % 2 == 0)) && sides="apart shared"
  for side in $sides; do
    echo "cores-apart: pair $i, $side" >&2
    pin=()
    if [[ "$side" == apart ]]; then
      server_on 0
      pin=(taskset -c "$others")
    else
      server_on "$all"
    fi
    "${pin[@]}" "$JAVA" -jar tools/bench/target/bench.jar --workloads=drain,ceiling \
      --out-dir="$work/out-$side-$i" "${args[@]}" \
      | grep -E '^\| (drain|ceiling|task-row floor) \|' | grep -v '| submit, ' \
      | sed "s/^/$side /" >>"$work/rows"
  done
done

echo
echo "# Server on every core (shared) and on core 0 alone with the JVM on cores $others (apart), $pairs pairs"
echo
echo "| figure | shared, per run | shared, median | apart, per run | apart, median | apart ÷ shared |"
echo "|---|---|---:|---|---:|---:|"
awk -v first=shared -v second=apart -f tools/bench/side-by-side.awk "$work/rows" | tee "$work/table"
echo
# The question the script asks, read off the table: the batched drain against pgbench's floor.
awk -F'|' '
  /drain, transactional, up to/ { drain_shared = $4; drain_apart = $6 }
  /claim and SUCCESS/ { floor_shared = $4; floor_apart = $6 }
  END {
    if (floor_shared > 0 && floor_apart > 0)
      printf "batched transactional drain ÷ claim-and-SUCCESS floor: shared %.2f, apart %.2f\n", drain_shared / floor_shared, drain_apart / floor_apart
  }' "$work/table"
