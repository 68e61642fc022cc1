#!/usr/bin/env python3
"""Soak benchmark of ssdtlm: hours of simulated time and millions of requests on a small device
with garbage collection running all along, checking that memory stays flat. Prints figures;
--json prints one JSON object with the keys named in brackets below.

Two runs of `ssdtlm run` on a 256 MiB device (64 pages of 4 KiB per block, 4 dies, spare
factor 0.1, greedy GC), preconditioned full, then an open-loop Poisson mix of 4 KiB requests
(30 % reads) at --rate IOPS:
  (a) timing only, --hours of simulated time                  [timing_*]
  (b) data mode (a content tag per page, every read checked),
      --data-hours of simulated time                          [data_*]
Per run: requests [*_requests], simulated seconds [*_sim_s], wall seconds [*_wall_s], write
amplification [*_write_amplification], erases [*_erases], data checks [*_data_checks], peak RSS
[*_peak_rss_mb], and the resident set sampled from /proc while it runs, at 25 %, 50 %, 75 % and
100 % of the simulation's wall time after preconditioning [*_rss_mb_at_25 ...]. Memory is flat
when the samples at 50 %, 75 % and 100 % are within --tolerance of the one at 25 %
[*_rss_growth_percent: the largest excess in percent; *_memory_flat]. Exits 1 if a run is not
flat. A data mismatch stops `ssdtlm run` with an error, which fails the benchmark.

Usage: tests/bench/soak.py [--json] [--ssdtlm PATH] [--hours H] [--data-hours H] [--rate IOPS]
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

SMALL_DEVICE = [
    "--config", "slc-2011",
    "--set", "nand.page_size_bytes=4096", "--set", "nand.pages_per_block=64",
    "--set", "nand.blocks_per_plane=256", "--set", "nand.planes_per_die=1",
    "--set", "controller.channels=4", "--set", "controller.chips_per_channel=1",
    "--set", "ftl.spare_factor=0.1", "--set", "ftl.gc.policy=greedy",
    # One timeline row per simulated second: hours at the default 1 ms would write gigabytes.
    "--set", "stats.timeline_interval_us=1000000",
]
SAMPLE_PERIOD_S = 0.2
PROGRESS_POINTS = (25, 50, 75, 100)


def proc_status_kb(pid, field):
    """VmRSS / VmHWM of a live process in KiB; None once it has exited."""
    try:
        for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError):
        return None
    return None


def run_sampled(command):
    """Runs a command, sampling its resident set every SAMPLE_PERIOD_S. Returns the wall time,
    the peak RSS (VmHWM) in MB and the samples [(seconds since start, RSS MB)]."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
    samples, peak_kb = [], 0
    while process.poll() is None:
        rss = proc_status_kb(process.pid, "VmRSS")
        hwm = proc_status_kb(process.pid, "VmHWM")
        if rss is not None:
            samples.append((time.perf_counter() - start, rss / 1024.0))
            peak_kb = max(peak_kb, hwm or 0)
        time.sleep(SAMPLE_PERIOD_S)
    stdout, stderr = process.communicate()
    wall = time.perf_counter() - start
    if process.returncode != 0:
        raise SystemExit(f"soak command failed ({process.returncode}): {' '.join(command)}\n{stdout}\n{stderr}")
    return wall, peak_kb / 1024.0, samples


def rss_at(samples, seconds):
    """The last sample taken at or before `seconds` (the first one if none is)."""
    chosen = samples[0][1]
    for when, rss in samples:
        if when > seconds:
            break
        chosen = rss
    return chosen


def soak_run(binary, label, hours, rate, data_mode, tolerance):
    count = int(round(hours * 3600 * rate))
    extra = ["--set", "nand.data_mode=true"] if data_mode else []
    with tempfile.TemporaryDirectory() as out:
        command = [binary, "run", *SMALL_DEVICE, *extra, "--precondition", "fill", "--quiet",
                   "--workload", f"mixed:arrival=poisson,rate={rate},count={count},read=0.3,size=4KiB",
                   "--out", out]
        wall, peak_mb, samples = run_sampled(command)
        stats = json.loads(pathlib.Path(out, "stats.json").read_text())
        wall_report = json.loads(pathlib.Path(out, "wall.json").read_text())
    if len(samples) < 8:
        raise SystemExit(f"{label}: only {len(samples)} RSS samples; run longer (--hours) to judge memory")
    # Progress is measured in wall time after preconditioning: the request rate of a steady
    # GC state is constant, so wall time stands for requests done.
    begin = wall_report["precondition_wall_seconds"]
    last_sample = samples[-1][0]
    figures = {
        f"{label}_requests": stats["host"]["requests"],
        f"{label}_sim_s": stats["sim_time_ns"] / 1e9,
        f"{label}_wall_s": wall,
        f"{label}_write_amplification": stats["write_amplification"],
        f"{label}_erases": stats["flash"]["erases"]["total"],
        f"{label}_data_checks": stats["ftl"]["data_checks"],
        f"{label}_peak_rss_mb": peak_mb,
        f"{label}_rss_samples": len(samples),
    }
    at = {}
    for percent in PROGRESS_POINTS:
        at[percent] = rss_at(samples, begin + (last_sample - begin) * percent / 100.0)
        figures[f"{label}_rss_mb_at_{percent}"] = at[percent]
    growth = max(at[p] for p in PROGRESS_POINTS[1:]) / at[PROGRESS_POINTS[0]] - 1.0
    figures[f"{label}_rss_growth_percent"] = 100.0 * growth
    figures[f"{label}_memory_flat"] = growth <= tolerance
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--ssdtlm", default=str(ROOT / "build" / "ssdtlm"))
    parser.add_argument("--hours", type=float, default=2.0, help="simulated hours of the timing run")
    parser.add_argument("--data-hours", type=float, default=0.5, help="simulated hours of the data-mode run")
    parser.add_argument("--rate", type=float, default=500.0, help="requests per simulated second")
    parser.add_argument("--tolerance", type=float, default=0.05, help="allowed RSS growth after 25 %%")
    args = parser.parse_args()
    figures = soak_run(args.ssdtlm, "timing", args.hours, args.rate, False, args.tolerance)
    figures.update(soak_run(args.ssdtlm, "data", args.data_hours, args.rate, True, args.tolerance))
    if args.json:
        print(json.dumps(figures, indent=2, sort_keys=True))
    else:
        for key, value in figures.items():
            print(f"{key:36s} {value:,.3f}" if isinstance(value, float) else f"{key:36s} {value}")
    flat = figures["timing_memory_flat"] and figures["data_memory_flat"]
    if not flat:
        print("soak: resident memory grew beyond the tolerance", file=sys.stderr)
    sys.exit(0 if flat else 1)


if __name__ == "__main__":
    main()
