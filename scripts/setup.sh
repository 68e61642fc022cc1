#!/usr/bin/env bash
# Installs what ssdtlm needs on a Debian machine, idempotently: Debian packages (via sudo when
# not root) and a project virtualenv with the Python packages. A second run installs nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

DEBIAN_PACKAGES=(
  build-essential cmake ninja-build pkg-config
  libsystemc-dev libgtest-dev libgmock-dev nlohmann-json3-dev libboost-dev libcli11-dev
  pybind11-dev python3-dev python3-venv verilator
  # ccache: build/ and the Python package's build tree share their objects (Makefile).
  ccache
  # The sanitizer tree and the libFuzzer targets (make sanitize-test, make fuzz-test):
  # clang 14 and its sanitizer/libFuzzer runtimes.
  clang libclang-rt-14-dev
  # The HTML report's browser test (tests/python/test_report_browser.py): headless Chromium.
  chromium
)

missing=()
for package in "${DEBIAN_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi

# Python: a project virtualenv, refreshed only when requirements.txt changes.
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  "$PYTHON" -m venv .venv
fi
stamp=.venv/.requirements.sha256
want=$(sha256sum requirements.txt | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "setup: installing Python packages"
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -r requirements.txt
  echo "$want" > "$stamp"
fi
