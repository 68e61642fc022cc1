#!/usr/bin/env bash
# Speed and memory of the functional engine (`ssdtlm wa`): greedy, N = 50,000 blocks of 64
# pages, Sf = 0.1, uniform random writes (the target: >= 20 million host page
# writes per second, <= 16 bytes of FTL state per physical page).
#
#   tests/bench/functional_bench.sh [PATH_TO_SSDTLM] [RUNS]
#
# Prints one line per run and the median. The rate counts warm-up and measured host writes
# over their wall time (the sequential fill and the set-up are excluded), and per second of the
# process's CPU time; run it on an idle machine: other processes take the core and share the
# memory bandwidth this loop is bound by.
set -euo pipefail
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
cd "$(dirname "$0")/../.."
SSDTLM="${1:-build/ssdtlm}"
RUNS="${2:-3}"
command=("$SSDTLM" wa --pages-per-block 64 --blocks 50000 --spare-factor 0.1 --policy greedy
         --workload uniform --host-writes 10 --warmup 2 --seed 1)
echo "command: ${command[*]}"
rates=()
for run in $(seq "$RUNS"); do
  json="$("${command[@]}")"
  line="$(python3 -c '
import json, sys
r = json.loads(sys.stdin.read())
print("%.2f %.2f %.3f %.4f" % (r["host_page_writes_per_wall_second"] / 1e6,
      r["host_page_writes_per_wall_cpu_second"] / 1e6, r["bytes_per_physical_page"], r["write_amplification"]))
' <<<"$json")"
  read -r rate cpu_rate bytes wa <<<"$line"
  echo "run $run: ${rate} M host page writes/s (${cpu_rate} M per CPU second), ${bytes} bytes per physical page, WA ${wa}"
  rates+=("$rate")
done
median="$(printf '%s\n' "${rates[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')"
echo "median: ${median} M host page writes/s"
