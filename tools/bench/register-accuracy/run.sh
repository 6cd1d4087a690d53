#!/usr/bin/env bash
# The register parse accuracy benchmark: the labelled sandbox corpus parsed and scored.
# Usage: tools/bench/register-accuracy/run.sh [--count=105] [--limit=21 scanned] [--shapes=7 shapes-only]
#   [--split=dev|holdout|all] [--ocr-cache=DIR] [--only=SEED,…] [--rule-run=PX] [--smoke] [--verbose]
set -euo pipefail
cd "$(dirname "$0")/../../.."

source scripts/find-java.sh

JAVA="$(find_java)" || { echo "register-accuracy: no JDK >= 21 found" >&2; exit 1; }
./mvnw -B -q -pl tools/bench/register-accuracy -am package -DskipTests -Dspotless.check.skip=true
exec "$JAVA" -jar tools/bench/register-accuracy/target/register-accuracy.jar "$@"
