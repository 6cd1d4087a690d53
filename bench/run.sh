#!/usr/bin/env bash
# Builds the bench module (and the engine it measures) and runs it on a JDK >= 21.
# Maven itself may run on an older default java: the build picks its JDK through the toolchains
# plugin, but the resulting jar needs Java >= 21, so this script finds one.
# Usage: bench/run.sh [--tasks=100000] [--runs=3] [--workloads=drain,latency,ceiling] [--help]
set -euo pipefail
cd "$(dirname "$0")/.."

java_major() {
  "$1" -XshowSettings:properties -version 2>&1 \
    | awk -F' = ' '/java.specification.version/ { split($2, v, "."); print v[1] == 1 ? v[2] : v[1] }'
}

find_java() {
  local candidates=()
  [[ -n "${JAVA_HOME:-}" ]] && candidates+=("$JAVA_HOME/bin/java")
  command -v java >/dev/null 2>&1 && candidates+=("$(command -v java)")
  # Newest first, so a machine with several JDKs runs the newest.
  while IFS= read -r jdk; do candidates+=("$jdk"); done \
    < <(ls -d /usr/lib/jvm/*/bin/java /opt/java/*/bin/java 2>/dev/null | sort -rV)
  for candidate in "${candidates[@]}"; do
    if [[ -x "$candidate" ]] && (( $(java_major "$candidate" || echo 0) >= 21 )); then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

JAVA="$(find_java)" || { echo "bench: no JDK >= 21 found (JAVA_HOME, PATH, /usr/lib/jvm)" >&2; exit 1; }
# Formatting is checked by the regular build; a benchmark run should not fail on it.
./mvnw -B -q -pl bench -am package -DskipTests -Dspotless.check.skip=true
exec "$JAVA" -jar bench/target/bench.jar "$@"
