#!/usr/bin/env bash
# The drain workload of this checkout beside the same workload of an earlier commit, in one run:
# both bench jars built, then run one after the other --pairs times (each run its own embedded
# PostgreSQL, the same version; which goes first alternates), and every "| drain |" row printed
# side by side with the medians and now ÷ before. For "the drain no worse than before" (issue 13):
# the engine as it was before a change and as it is now, in the same minutes on the same machine.
# Usage: tools/bench/against-commit.sh <commit> [--pairs=3] [bench arguments, e.g. --tasks=100000]
#        (--workloads=drain is passed to both; --runs=1 per run, the pairs are the repetitions)
set -euo pipefail
cd "$(dirname "$0")/../.."

if [[ $# -lt 1 || "$1" == --* ]]; then
  echo "usage: tools/bench/against-commit.sh <commit> [--pairs=3] [bench arguments]" >&2
  exit 2
fi
before="$(git rev-parse --verify "$1^{commit}")"
shift
pairs=3
args=()
for arg in "$@"; do
  case "$arg" in
    --pairs=*) pairs="${arg#--pairs=}" ;;
    --workloads=* | --runs=*) echo "against-commit: $arg is fixed (drain, one run per pair)" >&2; exit 2 ;;
    *) args+=("$arg") ;;
  esac
done

source scripts/find-java.sh
JAVA="$(find_java)" || { echo "against-commit: no JDK >= 21 found" >&2; exit 1; }

work="$(mktemp -d)"
tree="$work/before"
cleanup() {
  git worktree remove --force "$tree" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "against-commit: building the bench of ${before:0:12} and of this checkout" >&2
git worktree add -q --detach "$tree" "$before"
(cd "$tree" && ./mvnw -B -q -pl tools/bench -am package -DskipTests -Dspotless.check.skip=true)
./mvnw -B -q -pl tools/bench -am package -DskipTests -Dspotless.check.skip=true

for ((i = 1; i <= pairs; i++)); do
  # before first in odd pairs, now first in even ones: neither always runs on the other's heels
  sides="before now"
  ((i % 2 == 0)) && sides="now before"
  for side in $sides; do
    jar=tools/bench/target/bench.jar
    [[ "$side" == before ]] && jar="$tree/tools/bench/target/bench.jar"
    echo "against-commit: pair $i, $side" >&2
    "$JAVA" -jar "$jar" --workloads=drain --runs=1 --out-dir="$work/out-$side-$i" "${args[@]}" \
      | grep -E '^\| drain \|' | sed "s/^/$side /" >>"$work/rows"
  done
done

echo
echo "# The drain, ${before:0:12} (before) and $(git rev-parse --short=12 HEAD) (now), $pairs pairs, tasks/s"
echo
echo "| drain | before, per run | before, median | now, per run | now, median | now ÷ before |"
echo "|---|---|---:|---|---:|---:|"
awk -v first=before -v second=now -f tools/bench/side-by-side.awk "$work/rows"
