#!/usr/bin/env bash
# Image matching accuracy on the labelled cases (tools/bench/src/main/resources/image-matching):
# the local matcher and the OpenAI-compatible adapter, with raw and with cleaned names.
# Usage: tools/bench/image-match.sh [--split=holdout|dev|smoke-holdout|smoke-dev] [--base-url=URL --model=NAME]
#        (a real model reads its key from OPENAI_API_KEY; without --base-url a loopback fake)
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/find-java.sh
JAVA="$(find_java)" || { echo "bench: no JDK >= 21 found" >&2; exit 1; }
./mvnw -B -q -pl tools/bench -am package -DskipTests -Dspotless.check.skip=true
exec "$JAVA" -cp tools/bench/target/bench.jar dev.tools.bench.ImageMatchBench "$@"
