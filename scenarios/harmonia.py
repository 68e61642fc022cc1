"""Harmonia [Kim et al. 2011]: globally coordinated garbage collection in a RAID-0 of SSDs.

An 8-SSD RAID-0 (4 KiB stripe unit, Table VIII) of slc-2011 drives (Table IX), every member
preconditioned to GC steady state, driven by the paper's workloads: HPC(W) and HPC(R)
(Table X: ~510 KiB requests, 20% / 80% reads, 476.5 IO/s on average, bursty) and the
enterprise workloads of Table XI (request size, read ratio and arrival rate). Each runs with
raid.gc_coordination = none (the uncoordinated baseline) and the three coordinators
(reactive soft-limit, the one the paper evaluates; proactive soft-limit; proactive idle).
Enterprise runs last until the host has written a fixed number of pages per plane (so a run's
length follows its write rate) and report the members' write amplification over ten windows.

Model choices (docs/raid.md explains them): each member is slc-2011 with 128 instead of 512
blocks per plane and one plane per die instead of four (2 GiB instead of 32 GB: steady-state
preconditioning of up to 18 members then takes seconds, and a run of a few simulated seconds
still turns over a large part of every plane's spare blocks); its 64 flash packages get one
data path each (64 channels x 1 chip, as the paper's MSR SSD simulator models "flash chip
elements") and GC is foreground (a write to a plane that is collecting waits for the cycle,
the stall the paper describes). The GC watermarks of the preset (5% and 6%) give 7 and 8
free blocks per plane; a member's own GC cycle stops at 9 free blocks, and so does a forced
collection (raid.gc defaults); the soft threshold is one block above the hard one (8, compared
with the mean free blocks of the member's planes) and the full run sweeps it from 7.25 to 8.5.

results.json (top level and under "results"):
  workloads  {NAME: {POLICY: {"mean_us", "stddev_us", "p99_us", "max_us", "requests",
                               "gc_rounds", "gc_victims", "gc_waited_writes", "wa_windows",
                               "converged_wa", "wa_spread", "seconds"}}}     Figs. 6 and 10
             (--quick: HPC(W), TPC-C and Financial; full: all seven)
  normalized {NAME: {POLICY: {"mean_us", "stddev_us"} / none's, "paper_reactive": ...}}
  hpc_w_mean_reduction_pct, hpc_w_stddev_reduction_pct        reactive vs none on HPC(W)
  paper_hpc_w_mean_reduction_pct (69), paper_hpc_w_stddev_reduction_pct (71)
  full run only: arrival_sweep (Fig. 7), array_size (Fig. 8), variants (HPC(W) with background
  GC, and with the preset's 8 shared channels), soft_threshold (reactive, per soft threshold)
Tables: response-time, wa-windows, member-trace-summary; full run: arrival-sweep, array-size,
variants, soft-threshold.
Plots: response-time.png, variability.png, member-trace.png (Fig. 9: per-SSD response
times over 300 ms), and in the full run arrival-sweep.png, array-size.png.

Usage: python scenarios/harmonia.py [--quick] [--out DIR] [--ssdtlm PATH] [--jobs N]
                                   [--enterprise-pages-per-plane N]
"""
from __future__ import annotations

import concurrent.futures
import json
import math
import os
import pathlib
import subprocess
import sys

from _common import require_ssdtlm_binary, run_scenario

POLICIES = ["none", "reactive", "proactive", "idle"]
PAPER = {"mean_reduction_pct": 69.0, "stddev_reduction_pct": 71.0}
# The paper's coordinated (reactive) figures normalised to its baseline, as its text gives them
# (the figures themselves are not in the text): Fig. 6, HPC(W) 0.30 and HPC(R) 0.45 of the
# baseline mean; Fig. 10, HPC(W) stddev 0.29 and 73.8% lower on average over the HPC loads;
# section V.H, the enterprise workloads' mean about 10% lower and their stddev lower (no number).
PAPER_NORMALIZED = {"HPC(W)": {"mean_us": 0.30, "stddev_us": 0.29}, "HPC(R)": {"mean_us": 0.45, "stddev_us": 0.262},
                    **{name: {"mean_us": 0.90, "stddev_us": None}
                       for name in ("TPC-C", "OpenMail", "TPC-H", "Financial", "Cello")}}

# Table X and Table XI: average request size (KB), read fraction, arrival rate (IO/s).
WORKLOADS = {
    "HPC(W)": {"size_kib": 510.53, "read": 0.2012, "rate": 476.50, "bursty": True},
    "HPC(R)": {"size_kib": 510.53, "read": 0.8008, "rate": 476.50, "bursty": True},
    "TPC-C": {"size_kib": 7.06, "read": 0.2050, "rate": 388.32, "bursty": False},
    "OpenMail": {"size_kib": 9.49, "read": 0.6330, "rate": 846.62, "bursty": False},
    "TPC-H": {"size_kib": 31.62, "read": 0.9180, "rate": 172.73, "bursty": False},
    "Financial": {"size_kib": 7.09, "read": 0.1892, "rate": 47.19, "bursty": False},
    "Cello": {"size_kib": 7.06, "read": 0.1963, "rate": 74.24, "bursty": False},
}
# HPC bursts: on and off periods of equal length, so the rate within a burst is twice the mean.
BURST_MS = 100

# The platform: the raid-harmonia preset plus the model choices of the docstring.
BASE_SETTINGS = {
    "ssd.controller.channels": 64,
    "ssd.controller.chips_per_channel": 1,
    "ssd.nand.planes_per_die": 1,
    "ssd.ftl.gc.foreground": "true",
    "ssd.stats.timeline_interval_us": 100000,  # members' timelines are not used: keep them small
    "raid.gc.poll_interval_us": 5000,
}

ENTERPRISE = [name for name, w in WORKLOADS.items() if not w["bursty"]]
MEMBERS, PLANES_PER_MEMBER, PAGES_PER_BLOCK, PAGE_KIB = 8, 64, 64, 4

SCALE = {
    # Simulated seconds of each HPC run and of each sweep point. An enterprise run lasts until
    # the host has written `enterprise_pages_per_plane` pages to every plane on average (its
    # length follows from the workload's write rate: Financial writes 0.13 pages per plane and
    # second, OpenMail 1.4), so that each plane goes through several own GC cycles and the
    # members' GC volume per window has converged (docs/validation.md shows the series).
    "quick": {"hpc_s": 2.0, "sweep_s": None, "enterprise": ["TPC-C", "Financial"],
              "enterprise_pages_per_plane": 16, "trace_start_ms": 1000},
    "full": {"hpc_s": 4.0, "sweep_s": 2.0, "enterprise": ENTERPRISE,
             "enterprise_pages_per_plane": 5 * PAGES_PER_BLOCK, "trace_start_ms": 2000},
}
WA_WINDOWS = 10  # members' write amplification is reported over this many windows per run
# Soft thresholds of the sweep, in mean free blocks per plane: between the members' hard
# threshold (7 free blocks) and their own GC stop point (9), where a forced GC stops.
SOFT_THRESHOLDS_BLOCKS = [7.25, 7.5, 8.0, 8.5]
BLOCKS_PER_PLANE = 128
ARRIVAL_SCALES = [0.5, 0.75, 1.0, 1.25, 1.5]
ARRAY_SIZES = [2, 4, 6, 8, 10, 12, 14, 16, 18]
TRACE_WINDOW_MS = 300


def size_mix(mean_kib: float) -> str:
    """Two power-of-two sizes (multiples of 4 KiB) bracketing the mean, weighted to hit it."""
    low = 4
    while low * 2 <= mean_kib:
        low *= 2
    high = low * 2
    weight_high = (mean_kib - low) / (high - low)
    if weight_high <= 0.0005:
        return f"{low}KiB"
    return f"{low}KiB:{round(1000 * (1 - weight_high))}/{high}KiB:{round(1000 * weight_high)}"


def write_pages_per_plane_per_s(name: str) -> float:
    w = WORKLOADS[name]
    return w["rate"] * (1 - w["read"]) * w["size_kib"] / PAGE_KIB / (MEMBERS * PLANES_PER_MEMBER)


def run_seconds(name: str, scale: dict) -> float:
    if WORKLOADS[name]["bursty"]:
        return scale["hpc_s"]
    return round(scale["enterprise_pages_per_plane"] / write_pages_per_plane_per_s(name), 1)


def converged_wa(windows: list[float]) -> tuple[float, float]:
    """Mean WA of the second half of the windows, and their largest relative deviation from it."""
    tail = [w for w in windows[len(windows) // 2:] if w is not None]
    if not tail:
        return float("nan"), float("nan")
    mean = sum(tail) / len(tail)
    return mean, max(abs(w - mean) for w in tail) / mean


def workload_spec(name: str, seconds: float, rate_scale: float = 1.0) -> str:
    w = WORKLOADS[name]
    rate = w["rate"] * rate_scale
    parts = [f"read={w['read']}", f"size={size_mix(w['size_kib'])}", f"time={seconds}s"]
    if w["bursty"]:
        parts += ["arrival=bursty", f"rate={2 * rate:.2f}", f"on={BURST_MS}ms", f"off={BURST_MS}ms"]
    else:
        parts += ["arrival=poisson", f"rate={rate:.2f}"]
    return "mixed:" + ",".join(parts)


class Runner:
    """Runs `ssdtlm raid` for each point, two (or --jobs) at a time."""

    def __init__(self, scenario, binary: str, jobs: int):
        self.s = scenario
        self.binary = binary
        self.jobs = jobs
        self.runs_dir = scenario.out / "runs"

    def run_all(self, points: dict[str, dict]) -> dict[str, dict]:
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.jobs) as pool:
            futures = {key: pool.submit(self.run_one, key, **point) for key, point in points.items()}
            return {key: future.result() for key, future in futures.items()}

    def run_one(self, key: str, workload: str, settings: dict, trace: bool = False, seconds: float = 0.0) -> dict:
        out = self.runs_dir / key
        command = [self.binary, "raid", "--config", "raid-harmonia", "--precondition", "steady",
                   "--workload", workload, "--out", str(out), "--quiet", "--force"]
        merged = {**BASE_SETTINGS, **settings}
        if seconds:
            merged["stats.member_wa_window_us"] = round(seconds * 1e6 / WA_WINDOWS)
        if trace:
            merged["stats.member_trace_start_us"] = SCALE[self.s.scale]["trace_start_ms"] * 1000
            merged["stats.member_trace_window_us"] = TRACE_WINDOW_MS * 1000
        for name, value in merged.items():
            command += ["--set", f"{name}={value}"]
        env = {**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"}
        done = subprocess.run(command, capture_output=True, text=True, env=env)
        if done.returncode != 0:
            raise RuntimeError(f"{key}: {' '.join(command)}\nexit {done.returncode}\n{done.stderr[-2000:]}")
        stats = json.loads((out / "stats.json").read_text())
        wall = json.loads((out / "wall.json").read_text())
        figures = stats["array"]["all"]
        self.s.log(f"{key}: mean {figures['mean_us'] / 1000:.1f} ms, stddev {figures['stddev_us'] / 1000:.1f} ms "
                   f"({wall['wall_seconds']:.0f} s wall)")
        return {
            "mean_us": figures["mean_us"],
            "stddev_us": figures["stddev_us"],
            "max_us": figures["max_us"],
            "p99_us": max(stats["array"][op]["latency_us"]["p99"] for op in ("read", "write")
                          if stats["array"][op]["count"]),
            "requests": figures["count"],
            "gc_rounds": stats["raid"]["gc_coordination"]["rounds"],
            "gc_victims": sum(d["ssd"]["gc"]["victims"] for d in stats["devices"]),
            "write_amplification": sum(d["ssd"]["write_amplification"] for d in stats["devices"]) / len(stats["devices"]),
            # members' host writes that waited for a GC cycle of their plane: GC meeting requests
            "gc_waited_writes": sum(d["ssd"]["gc"]["host_writes_waited"] for d in stats["devices"]),
            "wa_windows": [w["write_amplification"] for w in stats["raid"].get("member_wa_windows", [])],
            "out": str(out.relative_to(self.s.out)),
        }


def reduction_pct(baseline: float, coordinated: float) -> float:
    return 100.0 * (baseline - coordinated) / baseline if baseline > 0 else float("nan")


def response_time_section(s, runner, scale):
    names = (["HPC(W)", "HPC(R)"] if scale["sweep_s"] else ["HPC(W)"]) + scale["enterprise"]
    points = {}
    for name in names:
        seconds = run_seconds(name, scale)
        for policy in POLICIES:
            points[f"{name}/{policy}"] = {
                "workload": workload_spec(name, seconds),
                "settings": {"raid.gc_coordination": policy},
                "trace": name == "HPC(W)" and policy in ("none", "reactive"),
                "seconds": seconds,
            }
    results = runner.run_all(points)
    workloads = {name: {policy: results[f"{name}/{policy}"] for policy in POLICIES} for name in names}
    rows, wa_rows = [], []
    for name, by_policy in workloads.items():
        base = by_policy["none"]
        for policy, r in by_policy.items():
            r["seconds"] = run_seconds(name, scale)
            r["converged_wa"], r["wa_spread"] = converged_wa(r["wa_windows"])
            wa_rows.append({"workload": name, "policy": policy, "seconds": r["seconds"],
                            "wa_per_window": " ".join("-" if w is None else f"{w:.2f}" for w in r["wa_windows"]),
                            "converged_wa": r["converged_wa"], "spread": r["wa_spread"]})
            rows.append({"workload": name, "policy": policy, "mean_ms": r["mean_us"] / 1000,
                         "stddev_ms": r["stddev_us"] / 1000, "p99_ms": r["p99_us"] / 1000,
                         "mean_vs_none": r["mean_us"] / base["mean_us"] if base["mean_us"] else float("nan"),
                         "stddev_vs_none": r["stddev_us"] / base["stddev_us"] if base["stddev_us"] else float("nan"),
                         "gc_rounds": r["gc_rounds"], "gc_victims": r["gc_victims"],
                         "converged_wa": r["converged_wa"], "gc_waited_writes": r["gc_waited_writes"],
                         "requests": r["requests"]})
    s.table("response-time", rows)
    s.table("wa-windows", wa_rows)
    return workloads


def bar_figures(s, workloads):
    import matplotlib.pyplot as plt

    names = list(workloads)
    for figure_name, key, title in (("response-time", "mean_us", "Mean response time (Fig. 6)"),
                                    ("variability", "stddev_us", "Standard deviation of response time (Fig. 10)")):
        fig, ax = plt.subplots(figsize=(max(5, 1.6 * len(names)), 3.6))
        width = 0.8 / len(POLICIES)
        for i, policy in enumerate(POLICIES):
            values = [workloads[n][policy][key] / workloads[n]["none"][key] if workloads[n]["none"][key] else 0
                      for n in names]
            ax.bar([x + i * width for x in range(len(names))], values, width, label=policy)
        paper = [(x + width, PAPER_NORMALIZED[n][key]) for x, n in enumerate(names) if PAPER_NORMALIZED[n][key]]
        if paper:
            ax.plot([x for x, _ in paper], [v for _, v in paper], "k_", markersize=18, markeredgewidth=2,
                    label="paper (reactive)")
        ax.set_xticks([x + 0.4 - width / 2 for x in range(len(names))], names)
        ax.axhline(1.0, color="black", linewidth=0.6)
        ax.set_ylabel("normalized to none")
        ax.set_yscale("log")
        ax.set_title(title)
        ax.legend(fontsize=8)
        fig.tight_layout()
        s.figure(figure_name, fig)
        plt.close(fig)


def member_trace_section(s, workloads):
    """Fig. 9: response times of the commands two members served in a 300 ms window."""
    import matplotlib.pyplot as plt
    import pandas as pd

    fig, axes = plt.subplots(2, 2, figsize=(10, 5), sharey=True)
    rows = []
    for column, policy in enumerate(("none", "reactive")):
        trace = pd.read_csv(s.out / workloads["HPC(W)"][policy]["out"] / "member_trace.csv")
        for row, device in enumerate((0, 1)):
            mine = trace[trace.device == device]
            ax = axes[row][column]
            ax.plot(mine.issue_ms, mine.latency_ms, ".", markersize=3)
            ax.set_title(f"SSD {device}, {policy}", fontsize=9)
            ax.set_xlabel("issue time (ms)")
            ax.set_ylabel("response time (ms)")
            rows.append({"policy": policy, "device": device, "commands": len(mine),
                         "mean_ms": mine.latency_ms.mean(), "max_ms": mine.latency_ms.max(),
                         "over_10ms": int((mine.latency_ms > 10).sum())})
    fig.suptitle("HPC(W): per-SSD response times over 300 ms (Fig. 9)")
    fig.tight_layout()
    s.figure("member-trace", fig)
    plt.close(fig)
    s.table("member-trace-summary", rows)


def arrival_sweep_section(s, runner, scale):
    import matplotlib.pyplot as plt

    points = {}
    for name in ("HPC(W)", "HPC(R)"):
        for factor in ARRIVAL_SCALES:
            for policy in ("none", "reactive"):
                points[f"sweep-{name}-x{factor}/{policy}"] = {
                    "workload": workload_spec(name, scale["sweep_s"], factor),
                    "settings": {"raid.gc_coordination": policy}}
    results = runner.run_all(points)
    rows, sweep = [], {}
    for name in ("HPC(W)", "HPC(R)"):
        sweep[name] = {}
        for factor in ARRIVAL_SCALES:
            rate = WORKLOADS[name]["rate"] * factor
            entry = {policy: results[f"sweep-{name}-x{factor}/{policy}"] for policy in ("none", "reactive")}
            sweep[name][f"{rate:.1f}"] = {p: {"mean_us": r["mean_us"], "stddev_us": r["stddev_us"]} for p, r in entry.items()}
            for policy, r in entry.items():
                rows.append({"workload": name, "rate_iops": rate, "policy": policy, "mean_ms": r["mean_us"] / 1000,
                             "stddev_ms": r["stddev_us"] / 1000})
    s.table("arrival-sweep", rows)
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.6))
    for ax, name in zip(axes, ("HPC(W)", "HPC(R)")):
        for policy in ("none", "reactive"):
            mine = [r for r in rows if r["workload"] == name and r["policy"] == policy]
            ax.errorbar([r["rate_iops"] for r in mine], [r["mean_ms"] for r in mine],
                        yerr=[r["stddev_ms"] for r in mine], capsize=3, marker="o", label=policy)
        ax.set_title(f"{name} (Fig. 7)")
        ax.set_xlabel("mean arrival rate (IO/s)")
        ax.set_ylabel("response time (ms), mean ± stddev")
        ax.legend()
    fig.tight_layout()
    s.figure("arrival-sweep", fig)
    plt.close(fig)
    return sweep


def array_size_section(s, runner, scale):
    import matplotlib.pyplot as plt

    points = {}
    for members in ARRAY_SIZES:
        for policy in ("none", "reactive"):
            points[f"size-{members}/{policy}"] = {"workload": workload_spec("HPC(W)", scale["sweep_s"]),
                                                 "settings": {"raid.gc_coordination": policy, "raid.members": members}}
    results = runner.run_all(points)
    rows, sizes = [], {}
    for members in ARRAY_SIZES:
        entry = {policy: results[f"size-{members}/{policy}"] for policy in ("none", "reactive")}
        sizes[str(members)] = {p: {"mean_us": r["mean_us"], "stddev_us": r["stddev_us"]} for p, r in entry.items()}
        rows.append({"ssds": members, "none_mean_ms": entry["none"]["mean_us"] / 1000,
                     "reactive_mean_ms": entry["reactive"]["mean_us"] / 1000,
                     "none_over_reactive": entry["none"]["mean_us"] / entry["reactive"]["mean_us"]})
    s.table("array-size", rows)
    fig, ax = plt.subplots(figsize=(5.5, 3.6))
    ax.plot(ARRAY_SIZES, [r["none_mean_ms"] for r in rows], marker="o", label="none")
    ax.plot(ARRAY_SIZES, [r["reactive_mean_ms"] for r in rows], marker="o", label="reactive")
    ax.set_yscale("log")
    ax.set_xlabel("SSDs in the RAID-0")
    ax.set_ylabel("mean response time (ms)")
    ax.set_title("HPC(W) vs array size (Fig. 8)")
    ax.legend()
    fig.tight_layout()
    s.figure("array-size", fig)
    plt.close(fig)
    return sizes


def soft_threshold_section(s, runner, scale, workloads):
    """Reactive coordination with soft thresholds between the hard threshold and the stop point."""
    names = [n for n in ("HPC(W)", "TPC-C", "Financial") if n in workloads]
    points = {}
    for name in names:
        seconds = run_seconds(name, scale)
        for soft in SOFT_THRESHOLDS_BLOCKS:
            if soft == 8.0:  # the default: the main runs
                continue
            points[f"soft-{name}-{soft}/reactive"] = {
                "workload": workload_spec(name, seconds), "seconds": seconds,
                "settings": {"raid.gc_coordination": "reactive", "raid.gc.soft_threshold": soft / BLOCKS_PER_PLANE}}
    results = runner.run_all(points)
    rows, sweep = [], {}
    for name in names:
        base = workloads[name]["none"]
        sweep[name] = {}
        for soft in SOFT_THRESHOLDS_BLOCKS:
            r = workloads[name]["reactive"] if soft == 8.0 else results[f"soft-{name}-{soft}/reactive"]
            wa, spread = converged_wa(r["wa_windows"])
            sweep[name][str(soft)] = {"mean_us": r["mean_us"], "stddev_us": r["stddev_us"], "converged_wa": wa,
                                      "gc_rounds": r["gc_rounds"]}
            rows.append({"workload": name, "soft_blocks": soft, "mean_vs_none": r["mean_us"] / base["mean_us"],
                         "stddev_vs_none": r["stddev_us"] / base["stddev_us"], "converged_wa": wa,
                         "none_converged_wa": base["converged_wa"], "gc_rounds": r["gc_rounds"],
                         "gc_waited_writes": r["gc_waited_writes"], "none_gc_waited_writes": base["gc_waited_writes"]})
    s.table("soft-threshold", rows)
    return sweep


# How much the HPC(W) result depends on the two model choices of the docstring.
VARIANTS = {
    "background GC": {"ssd.ftl.gc.foreground": "false"},
    "preset data paths (8 channels x 8 chips)": {"ssd.controller.channels": 8, "ssd.controller.chips_per_channel": 8},
    "preset planes (4 per die)": {"ssd.nand.planes_per_die": 4},
}


def variants_section(s, runner, scale):
    points = {}
    for index, (variant, settings) in enumerate(VARIANTS.items()):
        for policy in ("none", "reactive"):
            points[f"variant-{index}/{policy}"] = {
                "workload": workload_spec("HPC(W)", scale["sweep_s"]),
                "settings": {**settings, "raid.gc_coordination": policy}}
    results = runner.run_all(points)
    rows, variants = [], {}
    for index, variant in enumerate(VARIANTS):
        entry = {policy: results[f"variant-{index}/{policy}"] for policy in ("none", "reactive")}
        variants[variant] = {p: {"mean_us": r["mean_us"], "stddev_us": r["stddev_us"]} for p, r in entry.items()}
        rows.append({"variant": variant,
                     "none_mean_ms": entry["none"]["mean_us"] / 1000, "none_stddev_ms": entry["none"]["stddev_us"] / 1000,
                     "reactive_mean_ms": entry["reactive"]["mean_us"] / 1000,
                     "reactive_stddev_ms": entry["reactive"]["stddev_us"] / 1000,
                     "mean_reduction_pct": reduction_pct(entry["none"]["mean_us"], entry["reactive"]["mean_us"]),
                     "stddev_reduction_pct": reduction_pct(entry["none"]["stddev_us"], entry["reactive"]["stddev_us"])})
    s.table("variants", rows)
    return variants


def main(s, binary: str, jobs: int):
    s.scale = "quick" if s.quick else "full"
    scale = dict(SCALE[s.scale])
    if s.args.enterprise_pages_per_plane:
        scale["enterprise_pages_per_plane"] = s.args.enterprise_pages_per_plane
    runner = Runner(s, binary, jobs)
    s.log(f"{s.scale} run with {binary}, {jobs} simulations at a time")

    workloads = response_time_section(s, runner, scale)
    bar_figures(s, workloads)
    member_trace_section(s, workloads)
    s.results["workloads"] = workloads
    s.results["normalized"] = {
        name: {"paper_reactive": PAPER_NORMALIZED[name],
               **{policy: {key: r[key] / by_policy["none"][key] if by_policy["none"][key] else None
                           for key in ("mean_us", "stddev_us")} for policy, r in by_policy.items()}}
        for name, by_policy in workloads.items()}
    hpc = workloads["HPC(W)"]
    mean_cut = reduction_pct(hpc["none"]["mean_us"], hpc["reactive"]["mean_us"])
    stddev_cut = reduction_pct(hpc["none"]["stddev_us"], hpc["reactive"]["stddev_us"])
    s.results.update({"hpc_w_mean_reduction_pct": mean_cut, "hpc_w_stddev_reduction_pct": stddev_cut,
                      "paper_hpc_w_mean_reduction_pct": PAPER["mean_reduction_pct"],
                      "paper_hpc_w_stddev_reduction_pct": PAPER["stddev_reduction_pct"]})
    s.log(f"HPC(W), reactive vs none: mean {mean_cut:+.0f}% lower (paper 69%), "
          f"stddev {stddev_cut:+.0f}% lower (paper 71%)")
    if scale["sweep_s"]:
        s.results["arrival_sweep"] = arrival_sweep_section(s, runner, scale)
        s.results["array_size"] = array_size_section(s, runner, scale)
        s.results["variants"] = variants_section(s, runner, scale)
        s.results["soft_threshold"] = soft_threshold_section(s, runner, scale, workloads)

    s.check("every policy ran on HPC(W)", all(hpc[p]["requests"] > 0 for p in POLICIES))
    s.check("coordination started GC rounds", hpc["reactive"]["gc_rounds"] > 0 and hpc["none"]["gc_rounds"] == 0,
            f"reactive {hpc['reactive']['gc_rounds']} rounds")
    s.check("HPC(W): reactive coordination lowers the mean response time (paper: 69% lower)", mean_cut > 0,
            f"{mean_cut:.0f}% lower")
    s.check("HPC(W): reactive coordination lowers the standard deviation (paper: 71% lower)", stddev_cut > 0,
            f"{stddev_cut:.0f}% lower")


def add_arguments(parser) -> None:
    parser.add_argument("--enterprise-pages-per-plane", type=float, default=None,
                        help="length of each enterprise run, as host pages written per plane on average "
                             "(default: 16 with --quick, 320 otherwise); longer runs let the WA series converge")
    parser.add_argument("--jobs", type=int, default=max(1, min(2, os.cpu_count() or 1)),
                        help="simulations run at a time (default: up to 2)")


def entry(argv=None) -> int:
    # The scenario contract (scenarios/_common.py) reads {"workloads": ...} at the top of results.json.
    return run_scenario(lambda s: main(s, str(require_ssdtlm_binary()), s.args.jobs), __doc__, argv,
                        top_level_keys=("workloads",), add_arguments=add_arguments)


if __name__ == "__main__":
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
    raise SystemExit(entry())
