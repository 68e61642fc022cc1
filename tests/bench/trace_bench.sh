#!/usr/bin/env bash
# Trace reader speed (target: >= 1 million lines per second per reader; docs/performance.md).
# Usage: tests/bench/trace_bench.sh [BUILD_DIR] [LINES]
# Compiles tests/bench/trace_bench.cpp against BUILD_DIR's host layer and the layers below it
# (libssdtlm_host.a ...; build the project first, e.g. `make build`), writes LINES lines per format to a temp dir and prints lines/s.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build_dir="${1:-$root/build}"
lines="${2:-2000000}"
libraries=("$build_dir/libssdtlm_host.a" "$build_dir/libssdtlm_common.a" "$build_dir/libssdtlm_kernel.a")
if [[ ! -f "${libraries[0]}" ]]; then
  echo "trace_bench: ${libraries[0]} not found; build the project first (make build)" >&2
  exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
g++ -O2 -std=c++17 -I"$root" "$root/tests/bench/trace_bench.cpp" "${libraries[@]}" -o "$work/trace_bench"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
"$work/trace_bench" "$lines" "$work"
