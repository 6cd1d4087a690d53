#!/usr/bin/env bash
# Sourced by the run scripts: prints a java >= 21 (JAVA_HOME, PATH, then the newest under
# /usr/lib/jvm). Maven may run on an older default java — the build picks its JDK through the
# toolchains plugin — but the jars it builds need Java >= 21.
# Run directly, it prints that java, for running a built jar by hand:
#   "$(scripts/find-java.sh)" -jar app/target/app-0.1.0-SNAPSHOT.jar

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

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  find_java || { echo "no JDK >= 21 found (JAVA_HOME, PATH, /usr/lib/jvm)" >&2; exit 1; }
fi
