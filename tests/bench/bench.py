#!/usr/bin/env python3
"""Reproducible speed and memory benchmarks of ssdtlm (docs/performance.md). Prints figures;
--json prints one JSON object with the keys named in brackets below.

(a) timed platform, 4 KiB uniform random writes at queue depth 32 to GC steady state on a 2 GiB
    device (64 pages of 4 KiB per block, 4 dies, spare factor 0.1, greedy):
    simulated host I/Os per wall-second [timed_host_ios_per_wall_s], peak RSS [timed_peak_rss_mb],
    the same per CPU-second [timed_host_ios_per_cpu_s] (comparable on a loaded machine), and a
    run 4x as long [timed_peak_rss_mb_4x] to show memory flat in the number of requests.
(b) the mlc-mqsim preset at full size (512 GiB), --precondition steady, then uniform random
    4 KiB requests, 70 % reads and 30 % writes, at queue depth 32:
    [mqsim_preset_host_ios_per_wall_s], [mqsim_preset_host_ios_per_cpu_s],
    [mqsim_preset_peak_rss_mb], [mqsim_preset_precondition_wall_s], [mqsim_preset_requests].
(c) functional engine, greedy, N = 50,000 blocks, b = 64 [functional_page_writes_per_s]
    (and per CPU-second [functional_page_writes_per_cpu_s]).
(d) a 1 TiB drive with 4 KiB pages (mlc-mqsim with 4 KiB pages and 8192 blocks per plane),
    --precondition steady, then 10 million uniform random 4 KiB writes at queue depth 32:
    whole-run wall time [tib_wall_s] and peak RSS [tib_peak_rss_mb] (also
    [tib_precondition_wall_s], [tib_host_ios_per_wall_s]). Heavy: minutes and several GB.

Usage: tests/bench/bench.py [--json] [--ssdtlm PATH] [--only a,b,c,d] [--requests N]
       [--mqsim-requests N] [--tib-requests N]
Wall-second figures depend on the machine's load (reported as load_average_1min); the
CPU-second figures do much less.
"""
import argparse
import json
import os
import pathlib
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

# mlc-mqsim (8 channels x 4 chips x 2 dies x 2 planes) with 4 KiB pages and twice the blocks:
# 64 dies x 2 planes x 8192 blocks x 256 pages x 4 KiB = 1 TiB.
ONE_TIB_DEVICE = [
    "--config", "mlc-mqsim",
    "--set", "nand.page_size_bytes=4096", "--set", "nand.blocks_per_plane=8192",
]


class Measurement:
    """One child run: wall seconds, CPU seconds (user + system) and peak RSS in MB."""

    def __init__(self, wall_s, cpu_s, peak_rss_mb, stdout):
        self.wall_s = wall_s
        self.cpu_s = cpu_s
        self.peak_rss_mb = peak_rss_mb
        self.stdout = stdout


def run_measured(command):
    start = time.perf_counter()
    # A fresh interpreter per measurement keeps ru_maxrss per child (RUSAGE_CHILDREN is a max
    # over all children so far, so each measurement runs behind its own python wrapper).
    wrapper = (
        "import resource,subprocess,sys;"
        "r=subprocess.run(sys.argv[1:]);"
        "u=resource.getrusage(resource.RUSAGE_CHILDREN);"
        "print(u.ru_maxrss, u.ru_utime+u.ru_stime, file=sys.stderr);"
        "sys.exit(r.returncode)"
    )
    result = subprocess.run([sys.executable, "-c", wrapper, *command], capture_output=True, text=True,
                            env={**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
    wall = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"benchmark command failed: {' '.join(command)}\n{result.stdout}\n{result.stderr}")
    peak_kb, cpu_s = result.stderr.strip().splitlines()[-1].split()
    return Measurement(wall, float(cpu_s), int(peak_kb) / 1024.0, result.stdout)


def timed_run(binary, device, workload):
    """Runs `ssdtlm run` after --precondition steady. Returns the measurement, wall.json and
    stats.json. The timed part's CPU time is estimated as the run's CPU time times the timed
    part's share of the wall time (both parts are single-threaded and CPU-bound)."""
    with tempfile.TemporaryDirectory() as out:
        command = [binary, "run", *device, "--precondition", "steady", "--quiet", "--workload", workload,
                   "--out", out]
        measurement = run_measured(command)
        wall = json.loads(pathlib.Path(out, "wall.json").read_text())
        stats = json.loads(pathlib.Path(out, "stats.json").read_text())
    timed_wall = wall["wall_seconds"] - wall["precondition_wall_seconds"]
    timed_cpu = measurement.cpu_s * timed_wall / wall["wall_seconds"]
    return measurement, wall, stats, timed_wall, timed_cpu


def timed_benchmark(binary, requests):
    figures = {}
    for label, count in (("", requests), ("_4x", 4 * requests)):
        measurement, _, stats, timed_wall, timed_cpu = timed_run(
            binary, TWO_GIB_DEVICE, f"random-write:qd=32,count={count},size=4KiB")
        if label == "":
            figures["timed_host_ios_per_wall_s"] = count / timed_wall
            figures["timed_host_ios_per_cpu_s"] = count / timed_cpu
            figures["timed_wall_s"] = timed_wall
            figures["timed_requests"] = count
            figures["timed_write_amplification"] = stats["write_amplification"]
            figures["timed_peak_rss_mb"] = measurement.peak_rss_mb
        else:
            figures["timed_peak_rss_mb_4x"] = measurement.peak_rss_mb
            figures["timed_host_ios_per_wall_s_4x"] = count / timed_wall
    return figures


def mqsim_preset_benchmark(binary, requests):
    measurement, wall, stats, timed_wall, timed_cpu = timed_run(
        binary, ["--config", "mlc-mqsim"], f"mixed:qd=32,count={requests},read=0.7,size=4KiB")
    return {
        "mqsim_preset_host_ios_per_wall_s": requests / timed_wall,
        "mqsim_preset_host_ios_per_cpu_s": requests / timed_cpu,
        "mqsim_preset_peak_rss_mb": measurement.peak_rss_mb,
        "mqsim_preset_precondition_wall_s": wall["precondition_wall_seconds"],
        "mqsim_preset_requests": requests,
        "mqsim_preset_write_amplification": stats["write_amplification"],
    }


def functional_benchmark(binary):
    command = [binary, "wa", "--pages-per-block", "64", "--blocks", "50000", "--spare-factor", "0.1",
               "--policy", "greedy", "--workload", "uniform", "--host-writes", "20", "--warmup", "5", "--seed", "1"]
    measurement = run_measured(command)
    result = json.loads(measurement.stdout)
    return {"functional_page_writes_per_s": result["host_page_writes_per_wall_second"],
            "functional_page_writes_per_cpu_s": result["host_page_writes_per_wall_cpu_second"],
            "functional_peak_rss_mb": measurement.peak_rss_mb,
            "functional_bytes_per_physical_page": result["bytes_per_physical_page"],
            "functional_write_amplification": result["write_amplification"]}


def tib_benchmark(binary, requests):
    measurement, wall, stats, timed_wall, _ = timed_run(
        binary, ONE_TIB_DEVICE, f"random-write:qd=32,count={requests},size=4KiB")
    return {
        "tib_wall_s": measurement.wall_s,
        "tib_cpu_s": measurement.cpu_s,
        "tib_peak_rss_mb": measurement.peak_rss_mb,
        "tib_precondition_wall_s": wall["precondition_wall_seconds"],
        "tib_host_ios_per_wall_s": requests / timed_wall,
        "tib_requests": requests,
        "tib_write_amplification": stats["write_amplification"],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--ssdtlm", default=str(ROOT / "build" / "ssdtlm"))
    parser.add_argument("--only", default="a,b,c,d", help="comma-separated benchmarks to run (a, b, c, d)")
    parser.add_argument("--requests", type=int, default=500_000, help="(a): requests of the timed run")
    parser.add_argument("--mqsim-requests", type=int, default=500_000, help="(b): requests after preconditioning")
    parser.add_argument("--tib-requests", type=int, default=10_000_000, help="(d): requests after preconditioning")
    args = parser.parse_args()
    chosen = {part.strip() for part in args.only.split(",") if part.strip()}
    unknown = chosen - {"a", "b", "c", "d"}
    if unknown:
        parser.error(f"unknown benchmark(s) {sorted(unknown)}; choose from a, b, c, d")
    figures = {"load_average_1min": os.getloadavg()[0]}
    if "a" in chosen:
        figures.update(timed_benchmark(args.ssdtlm, args.requests))
    if "b" in chosen:
        figures.update(mqsim_preset_benchmark(args.ssdtlm, args.mqsim_requests))
    if "c" in chosen:
        figures.update(functional_benchmark(args.ssdtlm))
    if "d" in chosen:
        figures.update(tib_benchmark(args.ssdtlm, args.tib_requests))
    figures["load_average_1min_end"] = os.getloadavg()[0]
    if args.json:
        print(json.dumps(figures, indent=2, sort_keys=True))
    else:
        for key, value in figures.items():
            print(f"{key:40s} {value:,.3f}" if isinstance(value, float) else f"{key:40s} {value}")


if __name__ == "__main__":
    main()
