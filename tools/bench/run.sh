#!/usr/bin/env bash
# Builds the bench module (and the engine it measures) and runs it on a JDK >= 21, which
# scripts/find-java.sh finds even when the default java is older.
# Usage: tools/bench/run.sh [--tasks=100000] [--runs=3] [--workloads=drain,latency,ceiling] [--help]
set -euo pipefail
cd "$(dirname "$0")/../.."

source scripts/find-java.sh

JAVA="$(find_java)" || { echo "bench: no JDK >= 21 found (JAVA_HOME, PATH, /usr/lib/jvm)" >&2; exit 1; }
# Formatting is checked by the regular build; a benchmark run should not fail on it.
./mvnw -B -q -pl tools/bench -am package -DskipTests -Dspotless.check.skip=true
exec "$JAVA" -jar tools/bench/target/bench.jar "$@"
