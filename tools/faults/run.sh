#!/usr/bin/env bash
# Builds the fault-injection suite (and the engine it attacks) and runs it: real worker processes,
# a real PostgreSQL and a real Redis, started here; nothing to install. Takes about 7 minutes with
# the defaults. Exits 1 if any task was lost, duplicated or left stuck.
# Usage: tools/faults/run.sh [--scenarios=kill,bluegreen,redis,restart,longtx] [--help] (see tools/faults/README.md)
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/find-java.sh

JAVA="$(find_java)" || { echo "faults: no JDK >= 21 found (JAVA_HOME, PATH, /usr/lib/jvm)" >&2; exit 1; }
# Formatting is checked by the regular build; a suite run should not fail on it.
./mvnw -B -q -pl tools/faults -am package -DskipTests -Dspotless.check.skip=true
exec "$JAVA" -jar tools/faults/target/faults.jar "$@"
