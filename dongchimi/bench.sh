#!/bin/sh
# 동치미's nearby benchmark: 50,000 marts, 1,000,000 products, p50/p99 of the nearby queries.
# Not part of the tests. Usage, from anywhere: dongchimi/bench.sh
set -e
cd "$(dirname "$0")/.."
./mvnw -B -q -pl dongchimi test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/bench.classpath -Dmdep.includeScope=test
# The build runs on Java 17 and compiles for 21: run with the newest JDK >= 21 on the machine.
JAVA="${BENCH_JAVA:-$(ls -d /usr/lib/jvm/temurin-25* /usr/lib/jvm/*-25-* /usr/lib/jvm/*21* 2>/dev/null | head -1)/bin/java}"
exec "$JAVA" -Xmx1g -cp "dongchimi/target/test-classes:dongchimi/target/classes:$(cat dongchimi/target/bench.classpath)" \
  dev.taskrow.dongchimi.bench.NearbyBench "$@"
