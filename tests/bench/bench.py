#!/usr/bin/env python3
"""Reproducible speed and memory benchmarks of ssdtlm. Prints figures; --json prints one JSON
object with the keys named in brackets below.

(a) timed platform, 4 KiB uniform random writes at queue depth 32 to GC steady state on a 2 GiB
    device (64 pages of 4 KiB per block, 4 dies, spare factor 0.1, greedy):
    simulated host I/Os per wall-second [timed_host_ios_per_wall_s], peak RSS [timed_peak_rss_mb],
    and the same for a run 4x as long [timed_peak_rss_mb_4x] to show memory flat in requests.
(c) functional engine, greedy, N = 50,000 blocks, b = 64 [functional_page_writes_per_s].

Usage: tests/bench/bench.py [--json] [--ssdtlm PATH] [--requests N]
"""
import argparse
import json
import os
import pathlib
import resource
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]

TWO_GIB_DEVICE = [
    "--config", "slc-2011",
    "--set", "nand.page_size_bytes=4096", "--set", "nand.pages_per_block=64",
    "--set", "nand.blocks_per_plane=2048", "--set", "nand.planes_per_die=1",
    "--set", "controller.channels=4", "--set", "controller.chips_per_channel=1",
    "--set", "channel.transfer_rate_mts=333", "--set", "channel.command_cycle_ns=5",
    "--set", "ftl.spare_factor=0.1", "--set", "ftl.gc.policy=greedy",
    "--set", "ftl.gc.free_block_low_watermark=0.01", "--set", "ftl.gc.free_block_high_watermark=0.02",
    "--set", "host.pcie.lane_bandwidth_mbps=1000",
]


def run_measured(command):
    """Runs a command as a child; returns (wall seconds, peak RSS in MB of that child)."""
    start = time.perf_counter()
    # A fresh interpreter per measurement keeps ru_maxrss per child (RUSAGE_CHILDREN is a max
    # over all children so far, so each measurement runs behind its own python wrapper).
    wrapper = (
        "import resource,subprocess,sys;"
        "r=subprocess.run(sys.argv[1:]);"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr);"
        "sys.exit(r.returncode)"
    )
    result = subprocess.run([sys.executable, "-c", wrapper, *command], capture_output=True, text=True,
                            env={**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
    wall = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"benchmark command failed: {' '.join(command)}\n{result.stdout}\n{result.stderr}")
    peak_kb = int(result.stderr.strip().splitlines()[-1])
    return wall, peak_kb / 1024.0, result.stdout


def timed_benchmark(binary, requests):
    figures = {}
    for label, count in (("", requests), ("_4x", 4 * requests)):
        with tempfile.TemporaryDirectory() as out:
            command = [binary, "run", *TWO_GIB_DEVICE, "--precondition", "steady", "--quiet",
                       "--workload", f"random-write:qd=32,count={count},size=4KiB", "--out", out]
            _, peak_mb, _ = run_measured(command)
            wall = json.loads(pathlib.Path(out, "wall.json").read_text())
            stats = json.loads(pathlib.Path(out, "stats.json").read_text())
            timed_wall = wall["wall_seconds"] - wall["precondition_wall_seconds"]
            if label == "":
                figures["timed_host_ios_per_wall_s"] = count / timed_wall
                figures["timed_wall_s"] = timed_wall
                figures["timed_requests"] = count
                figures["timed_write_amplification"] = stats["write_amplification"]
                figures["timed_peak_rss_mb"] = peak_mb
            else:
                figures["timed_peak_rss_mb_4x"] = peak_mb
                figures["timed_host_ios_per_wall_s_4x"] = count / timed_wall
    figures["timed_bytes_per_physical_page"] = None
    return figures


def functional_benchmark(binary):
    command = [binary, "wa", "--pages-per-block", "64", "--blocks", "50000", "--spare-factor", "0.1",
               "--policy", "greedy", "--workload", "uniform", "--host-writes", "20", "--warmup", "5", "--seed", "1"]
    wall, peak_mb, stdout = run_measured(command)
    result = json.loads(stdout)
    per_s = result.get("host_page_writes_per_wall_second")
    if per_s is None:
        logical = 0.9 * 50000 * 64
        per_s = 25 * logical / wall
    return {"functional_page_writes_per_s": per_s, "functional_peak_rss_mb": peak_mb,
            "functional_write_amplification": result["write_amplification"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--ssdtlm", default=str(ROOT / "build" / "ssdtlm"))
    parser.add_argument("--requests", type=int, default=500_000)
    parser.add_argument("--skip-functional", action="store_true")
    args = parser.parse_args()
    figures = timed_benchmark(args.ssdtlm, args.requests)
    figures.pop("timed_bytes_per_physical_page")
    if not args.skip_functional:
        figures.update(functional_benchmark(args.ssdtlm))
    if args.json:
        print(json.dumps(figures, indent=2, sort_keys=True))
    else:
        for key, value in figures.items():
            print(f"{key:40s} {value:,.3f}" if isinstance(value, float) else f"{key:40s} {value}")


if __name__ == "__main__":
    main()
