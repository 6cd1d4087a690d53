#!/usr/bin/env bash
# Runs the lever workload with taken-submit-hops.patch applied, in a scratch worktree of this
# checkout's HEAD that is removed afterwards: the engine under test is never the patched one, and a
# run fails loudly when the patch no longer applies.
# Usage: tools/bench/probes/taken-submit-hops.sh [--peers=0,5] [lever options, e.g. --runs=3 --steady-seconds=10]
#   --peers: the lever's steady peers to keep, by index (0 the default, 5 db-scheduler without
#   --redis-url); the probe then runs the first rate only, with no drains and no ceiling.
set -euo pipefail
cd "$(dirname "$0")/../../.."
source scripts/find-java.sh
JAVA="$(find_java)" || { echo "probe: no JDK >= 21 found (JAVA_HOME, PATH, /usr/lib/jvm)" >&2; exit 1; }

peers=0,5
args=()
for arg in "$@"; do
  case "$arg" in
    --peers=*) peers="${arg#--peers=}" ;;
    *) args+=("$arg") ;;
  esac
done

scratch="$(mktemp -d)"
trap 'git worktree remove --force "$scratch/tree" >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT
git worktree add -q --detach "$scratch/tree" HEAD
git -C "$scratch/tree" apply "$PWD/tools/bench/probes/taken-submit-hops.patch"
(cd "$scratch/tree" && ./mvnw -B -q -pl tools/bench -am package -DskipTests -Dspotless.check.skip=true)
LEVER_ONLY="$peers" "$JAVA" -jar "$scratch/tree/tools/bench/target/bench.jar" --workloads=lever \
  --out-dir="$PWD/bench-results" "${args[@]}"
