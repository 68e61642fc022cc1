#!/usr/bin/env bash
# compare_outputs.sh REFERENCE_BINARY CANDIDATE_BINARY [OUTDIR] [NAMES...]
#
# The check every speed change of docs/performance.md passes: results unchanged, byte for byte.
# Runs the configurations below with both binaries and compares stats.json and timeline.csv with cmp
# (the RAID run writes no timeline). The configurations cover the fast paths' fallbacks: bench
# (a)'s device (i), mlc-mqsim with read-first and multi-plane (ii), copyback (iii), suspend with
# read retry (iv), tlc-modern with ECC, status reads and 2 dies per chip (v), RAID 6 (vi), status
# read + ECC on (a)'s device (vii), a fio replay with syncs at recorded timing behind a write
# buffer (fio) and closed-loop (fioq), write buffer with power-loss modelling (wbp), FIFO on
# mlc-mqsim (st), `make demo`'s run (demo), data mode with copyback (data), the multi-reference
# FTL (ftl.mode = mjolnir) with range commands and its cleaner in data mode (mj), a RAID-0 with
# reactive GC coordination after steady preconditioning (hr), a fio job file of two concurrent
# jobs (fiojob), cache program/read pipelines with multi-plane merging and suspend (cc), the
# FTL's semi-preemptive GC in data mode through its three preemption levels (semi) and with
# copyback behind a write buffer (semicb), mdc's sort buffer (sortbuf), NAND faults in data
# mode: failed programs and erases, uncorrectable reads, end of life (faults), and the real
# traces of ../shared/traces replayed at recorded timing (wdev: MSR, tpcc: MQSim format, to GC
# steady state; left out when ../shared is absent).
# effective-config.json is compared too.
# Prints "identical: N of N" and exits 0 when every file matches, 1 otherwise.
set -uo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 REFERENCE_BINARY CANDIDATE_BINARY [OUTDIR] [NAMES...]" >&2
  exit 2
fi
REFERENCE=$1; CANDIDATE=$2; OUT=${3:-$(mktemp -d)}; shift $(( $# < 3 ? $# : 3 ))
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
TRACES=$ROOT/../shared/traces
mkdir -p "$OUT"
FIO="$OUT/replay.fio"
# A fio v3 iolog: 6,000 reads and writes of 4-16 KiB over 64 MiB with a sync every 97 records.
python3 - "$FIO" <<'PY'
import random, sys
r = random.Random(7)
lines = ["fio version 3 iolog", "0 /dev/x add", "0 /dev/x open"]
t = 0
for i in range(6000):
    t += r.randint(0, 40)
    op = r.choice(["write", "write", "read", "write"])
    if i % 97 == 0:
        lines.append(f"{t} /dev/x sync")
        continue
    lines.append(f"{t} /dev/x {op} {r.randrange(0, 1 << 26) // 4096 * 4096} {r.choice([4096, 8192, 16384])}")
lines.append(f"{t} /dev/x close")
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY
A="--config slc-2011 --set nand.page_size_bytes=4096 --set nand.pages_per_block=64 --set nand.blocks_per_plane=2048
 --set nand.planes_per_die=1 --set controller.channels=4 --set controller.chips_per_channel=1
 --set channel.transfer_rate_mts=333 --set channel.command_cycle_ns=5 --set ftl.spare_factor=0.1
 --set ftl.gc.policy=greedy --set ftl.gc.free_block_low_watermark=0.01 --set ftl.gc.free_block_high_watermark=0.02
 --set host.pcie.lane_bandwidth_mbps=1000"
SMALL="--set nand.blocks_per_plane=64 --set ftl.spare_factor=0.2"
declare -A RUN
RUN[i]="run $A --precondition steady --workload random-write:qd=32,count=30000,size=4KiB"
RUN[ii]="run --config mlc-mqsim --set controller.scheduling_policy=read-first --set controller.multi_plane=true $SMALL --precondition steady --workload mixed:qd=16,count=20000,read=0.6,size=8KiB"
RUN[iii]="run --config mlc-mqsim --set controller.copyback=true $SMALL --precondition steady --workload random-write:qd=16,count=20000,size=4KiB"
RUN[iv]="run --config tlc-modern --set controller.suspend.enabled=true --set nand.reliability.rber.base=0.0005 --set nand.reliability.read_retry.max_steps=3 --set nand.reliability.read_retry.threshold_bits=8 $SMALL --precondition steady --workload mixed:qd=8,count=10000,read=0.5,size=4KiB"
RUN[v]="run --config tlc-modern --set controller.ecc.latency_ns=800 --set controller.ecc.throughput_mbps=2000 --set nand.timing.status_read_ns=200 --set nand.dies_per_chip=2 $SMALL --precondition steady --workload mixed:qd=16,count=10000,read=0.5,size=4KiB"
RUN[vi]="raid --config raid-6-tlc --set ssd.nand.blocks_per_plane=64 --precondition fill --workload mixed:qd=8,count=5000,read=0.5,size=16KiB"
RUN[vii]="run $A --set controller.ecc.latency_ns=500 --set nand.timing.status_read_ns=100 --precondition steady --workload mixed:qd=32,count=20000,read=0.3,size=4KiB"
RUN[fio]="run --config mlc-mqsim $SMALL --set ftl.write_buffer.pages=64 --precondition fill --workload trace:$FIO,format=fio"
RUN[fioq]="run --config mlc-mqsim $SMALL --precondition fill --workload trace:$FIO,format=fio,replay=closed-loop,qd=16"
RUN[wbp]="run --config mlc-mqsim $SMALL --set ftl.write_buffer.pages=32 --set power.enabled=true --set power.checkpoint_interval_pages=256 --precondition fill --workload mixed:qd=8,count=10000,read=0.4,size=4KiB"
RUN[st]="run --config mlc-mqsim --set controller.scheduling_policy=fifo --set nand.blocks_per_plane=64 --set ftl.spare_factor=0.15 --precondition steady --workload random-write:qd=32,count=20000,size=4KiB"
RUN[demo]="run --config mlc-mqsim --precondition fill --workload mixed:qd=8,count=20000,read=0.3,size=4KiB"
RUN[data]="run --config mlc-mqsim --set nand.data_mode=true --set controller.copyback=true $SMALL --precondition steady --workload mixed:qd=16,count=10000,read=0.5,size=4KiB"
RUN[mj]="run --config slc-2011 --set ftl.mode=mjolnir --set controller.channels=2 --set controller.chips_per_channel=2 --set nand.blocks_per_plane=64 --set nand.pages_per_block=16 --set ftl.spare_factor=0.5 --set nand.data_mode=true --workload random-write:qd=8,size=8KiB,count=6000,range_copy_every=50,range_move_every=120,range_delete_every=80,range_size=32KiB"
RUN[hr]="raid --config raid-harmonia --set raid.gc_coordination=reactive --set ssd.nand.blocks_per_plane=64 --precondition steady --workload mixed:read=0.2,size=512KiB,arrival=bursty,rate=953,on=100ms,off=100ms,time=0.3s"
RUN[fiojob]="run --config mlc-mqsim $SMALL --precondition fill --workload fio:$ROOT/examples/fio/two-jobs.fio"
RUN[cc]="run --config mlc-mqsim --set controller.cache_commands=true --set controller.suspend.enabled=true $SMALL --precondition steady --workload mixed:qd=16,count=8000,read=0.5,seq=0.7,size=32KiB"
RUN[semi]="run --config mlc-mqsim --set ftl.gc.preemption=semi --set nand.data_mode=true --set ftl.gc.semi.state2_watermark=0.5 --set ftl.gc.semi.state3_watermark=0.04 $SMALL --precondition steady --workload mixed:qd=16,count=10000,read=0.5,size=4KiB"
RUN[semicb]="run --config mlc-mqsim --set ftl.gc.preemption=semi --set controller.copyback=true --set ftl.write_buffer.pages=32 --set ftl.gc.semi.state2_watermark=0.2 $SMALL --precondition steady --workload mixed:qd=16,count=10000,read=0.5,size=4KiB"
RUN[sortbuf]="run --config mlc-mqsim --set ftl.gc.policy=mdc --set ftl.gc.params.sort_buffer_segments=2 $SMALL --precondition steady --workload mixed:qd=16,count=10000,read=0.3,size=4KiB"
RUN[faults]="run --config mlc-mqsim --set nand.data_mode=true --set nand.reliability.program_fail_probability=0.001 --set nand.reliability.erase_fail_probability=0.02 --set nand.reliability.rber.base=0.0033 $SMALL --precondition steady --workload mixed:qd=16,count=10000,read=0.5,size=4KiB"
RUN[wdev]="run --config mlc-mqsim $SMALL --precondition fill --workload trace:$TRACES/wdev_3.csv,format=msr"
RUN[tpcc]="run --config mlc-mqsim $SMALL --precondition steady --workload trace:$TRACES/tpcc-small.trace,format=mqsim"
NAMES="$*"
if [ -z "$NAMES" ]; then
  NAMES="i ii iii iv v vi vii fio fioq wbp st demo data mj hr fiojob cc semi semicb sortbuf faults"
  if [ -d "$TRACES" ]; then NAMES="$NAMES wdev tpcc"; else echo "note: $TRACES absent: wdev and tpcc left out" >&2; fi
fi
same=0; total=0; bad=""
for name in $NAMES; do
  [ -n "${RUN[$name]:-}" ] || { echo "unknown configuration: $name" >&2; exit 2; }
  for side in reference candidate; do
    binary=$REFERENCE; [ $side = candidate ] && binary=$CANDIDATE
    rm -rf "$OUT/$side/$name"; mkdir -p "$OUT/$side"
    # shellcheck disable=SC2086  # the configuration is a word list
    if ! "$binary" ${RUN[$name]} --quiet --out "$OUT/$side/$name" > "$OUT/$side/$name.log" 2>&1; then
      echo "$name: $side run failed (see $OUT/$side/$name.log)"; bad="$bad $name"; continue 2
    fi
  done
  for file in stats.json timeline.csv effective-config.json; do
    [ -f "$OUT/reference/$name/$file" ] || continue
    total=$((total + 1))
    if cmp -s "$OUT/reference/$name/$file" "$OUT/candidate/$name/$file"; then
      same=$((same + 1))
    else
      echo "$name/$file differs"; bad="$bad $name/$file"
    fi
  done
done
echo "identical: $same of $total${bad:+; differ or failed:$bad}"
[ -z "$bad" ]
