#!/usr/bin/env bash
# 동치미's nearby benchmark: 50,000 marts, 1,000,000 products, p50/p99 of the nearby queries.
# Not part of the tests. Usage, from anywhere: services/dongchimi/dongchimi/bench.sh [--help]
set -euo pipefail
cd "$(dirname "$0")/../../.."
source scripts/find-java.sh
JAVA="${BENCH_JAVA:-$(find_java)}" || { echo "bench: no JDK >= 21 found (JAVA_HOME, PATH, /usr/lib/jvm)" >&2; exit 1; }
MODULE=services/dongchimi/dongchimi
# -am builds the modules it needs in the same reactor, so a clean clone with an empty ~/.m2 works.
./mvnw -B -q -pl "$MODULE" -am package dependency:build-classpath -DskipTests -Dspotless.check.skip=true \
  -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test
exec "$JAVA" -Xmx1g -cp "$MODULE/target/test-classes:$MODULE/target/classes:$(cat "$MODULE/target/bench.classpath")" \
  dev.dongchimi.bench.NearbyBench "$@"
