#!/usr/bin/env bash
# The README's test command: installs what the tests need when it is missing, then runs every test.
#   - a JDK >= 21 under /usr/lib/jvm (the build selects it with the Maven toolchains plugin; the
#     default java may be older) — checked, not installed;
#   - Tesseract with its Korean data (Debian packages), for 둥지's OCR tests of scanned pages;
#   - Debian's chromium, for the pages' browser tests (Playwright drives it; it never downloads a
#     browser), and a Hangul font (fonts-nanum) so their screenshots show Korean.
# PostgreSQL, Redis and the S3-compatible server start inside the test JVMs; nothing else is needed.
# Usage: scripts/test.sh [extra Maven arguments, e.g. -pl engine/taskrow-core]
set -euo pipefail
cd "$(dirname "$0")/.."

if ! ls /usr/lib/jvm 2>/dev/null | grep -Eq -- "-(2[1-9]|[3-9][0-9])(-|\.|$)"; then
  echo "A JDK >= 21 is needed under /usr/lib/jvm (the build selects it with the Maven toolchains plugin)." >&2
  exit 1
fi

# Debian packages, installed once; as root directly, otherwise through sudo.
apt_install() {
  local sudo=""
  [[ "$(id -u)" -ne 0 ]] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@"
}

if ! command -v tesseract >/dev/null 2>&1 || ! tesseract --list-langs 2>/dev/null | grep -qx kor; then
  echo "test: installing tesseract-ocr and its Korean data (Debian) for the OCR tests" >&2
  apt_install tesseract-ocr tesseract-ocr-kor
fi

if ! command -v chromium >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi nanum; then
  echo "test: installing chromium and fonts-nanum (Debian) for the pages' browser tests" >&2
  apt_install chromium fonts-nanum
fi

exec ./mvnw -B verify "$@"
