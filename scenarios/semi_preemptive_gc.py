#!/usr/bin/env python3
"""Semi-preemptive GC [Lee et al. 2011]: response time with `ftl.gc.preemption` = none
vs semi on synthetic and Financial-/Cello-like workloads.

    python scenarios/semi_preemptive_gc.py [--quick] [--out DIR] [--ssdtlm PATH]

(the scenario contract of scenarios/_common.py; PATH defaults to $SSDTLM_BINARY, else
build/ssdtlm)

Every run is `ssdtlm run --config slc-2011` ([Lee et al. 2011]'s 25 / 200 / 1500 us SLC part) shrunk to a
small device (2 channels x 1 chip x 2 planes; 128 blocks of 64 pages per plane, 64 in --quick),
preconditioned to GC steady state (`--precondition steady`), with per-request records; the
figures are over every host request (reads and writes together), from arrival to completion.
`semi` is `ftl.gc.preemption=semi` with its defaults (yield, merge and pipeline on, State 2 at
3 % and State 3 at 1 % free blocks of a plane); suspend stays off in both, as in the paper (the
full run adds two columns to the tables only: semi with program/erase suspend, and
`non-preemptive`, the semi engine with yield, merge and pipeline off, in which every host
request for a collecting plane waits for the end of the GC cycle: [Lee et al. 2011]'s baseline).

Workloads (all open loop with bursty arrivals: Poisson at the burst rate during `on`, silent
during `off`; the workload generator's `arrival=bursty` and `seq=`, docs/workloads.md):
  financial, cello   [Lee et al. 2011]'s table: mean request size 7.09 / 7.06 KiB (a 4 / 8 / 16 KiB mix
                     with that mean), 18.92 % / 19.63 % reads, mean arrival rate 47.19 /
                     74.24 IOPS, delivered in bursts of 100 ms every second (so the rate
                     inside a burst is 10 times the mean)
  size-*, rate-*, seq-*, read-*
                     synthetic sweeps around a write-dominant bursty base (8 KiB, 20 % reads,
                     random, 2,000 IOPS in 20 ms bursts every 200 ms), varying one parameter
                     at a time: request size, inter-arrival time within bursts, sequentiality
                     (probability that a request continues the previous one) and read ratio

Outputs in DIR (default out/scenarios/semi_preemptive_gc):
  results.json   {"workloads": {NAME: {"none": {"mean_us", "stddev_us", "p99_us"},
                                       "semi": {"mean_us", "stddev_us", "p99_us"}}}, ...}
                 (--quick: financial, cello and two points of each sweep), beside the keys of
                 the scenario contract; "results" holds the same "workloads" map, and "checks"
                 that semi lowers mean and variance on financial and cello
  details.json   per run: the workload spec, request count, per-op figures, GC and semi
                 statistics, and the improvement of semi over none in mean and variance
  workloads.csv / workloads.md   one row per workload: none, semi, improvement of the mean and
                 of the variance (and semi+suspend in the full run)
  sweeps.png     mean and standard deviation against each swept parameter, none vs semi
  realistic.png  Financial- and Cello-like: mean, standard deviation and p99, none vs semi
Exit status 0 when every run succeeded and every check passed.
"""
import csv
import json
import math
import pathlib
import subprocess
import sys
import tempfile
import time

from _common import require_ssdtlm_binary, run_scenario

FINANCIAL = {"read": 0.1892, "size": "4KiB:50.75/8KiB:35.25/16KiB:14", "mean_iops": 47.19}
CELLO = {"read": 0.1963, "size": "4KiB:51.5/8KiB:34.5/16KiB:14", "mean_iops": 74.24}
REALISTIC_ON_MS, REALISTIC_PERIOD_MS = 100.0, 1000.0   # bursts: 100 ms every second

SWEEP_BASE = {"read": 0.2, "size": "8KiB", "rate": 2000.0, "seq": 0.0}
SWEEP_ON_MS, SWEEP_PERIOD_MS = 20.0, 200.0
SWEEPS = {
    "size": ("request size (KiB)", [("4KiB", 4), ("8KiB", 8), ("16KiB", 16), ("32KiB", 32)]),
    "rate": ("inter-arrival time in bursts (us)", [(4000.0, 250), (2000.0, 500), (1000.0, 1000), (500.0, 2000)]),
    "seq": ("probability of sequential access", [(0.0, 0.0), (0.25, 0.25), (0.5, 0.5), (0.75, 0.75)]),
    "read": ("read ratio", [(0.2, 0.2), (0.4, 0.4), (0.6, 0.6), (0.8, 0.8)]),
}
QUICK_SWEEP_POINTS = {"size": [0, 2], "rate": [0, 2], "seq": [0, 2], "read": [0, 2]}

MODES = {
    "none": ["--set", "ftl.gc.preemption=none"],
    "semi": ["--set", "ftl.gc.preemption=semi"],
    "semi+suspend": ["--set", "ftl.gc.preemption=semi", "--set", "controller.suspend.enabled=true"],
    # [Lee et al. 2011]'s baseline: GC steps back to back, every host request for the plane waits for the
    # cycle (the semi engine with its three techniques off).
    "non-preemptive": ["--set", "ftl.gc.preemption=semi", "--set", "ftl.gc.semi.yield=false",
                       "--set", "ftl.gc.semi.merge=false", "--set", "ftl.gc.semi.pipeline=false"],
}


def device(quick):
    return ["--config", "slc-2011",
            "--set", "controller.channels=2", "--set", "controller.chips_per_channel=1",
            "--set", "nand.dies_per_chip=1", "--set", "nand.planes_per_die=2",
            "--set", f"nand.blocks_per_plane={64 if quick else 128}",
            "--set", "stats.per_request_records=true"]


def spec(read, size, rate, on_ms, period_ms, count, seq=0.0):
    text = (f"mixed:read={read},size={size},arrival=bursty,rate={rate:g},on={on_ms:g}ms,"
            f"off={period_ms - on_ms:g}ms,count={count}")
    if seq:
        text += f",seq={seq:g}"
    return text


def workloads(quick):
    """(name, family, x, spec) for every workload of the run."""
    count = 3000 if quick else 20000
    out = []
    duty = REALISTIC_ON_MS / REALISTIC_PERIOD_MS
    for name, w in (("financial", FINANCIAL), ("cello", CELLO)):
        out.append((name, "realistic", None,
                    spec(w["read"], w["size"], w["mean_iops"] / duty, REALISTIC_ON_MS, REALISTIC_PERIOD_MS, count)))
    sweep_count = 1500 if quick else 10000
    for family, (_, points) in SWEEPS.items():
        chosen = [points[i] for i in QUICK_SWEEP_POINTS[family]] if quick else points
        for value, x in chosen:
            p = dict(SWEEP_BASE)
            p[family] = value
            label = value if family == "size" else f"{value:g}"
            out.append((f"{family}-{label}", family, x,
                        spec(p["read"], p["size"], p["rate"], SWEEP_ON_MS, SWEEP_PERIOD_MS, sweep_count, p["seq"])))
    return out


def run(binary, quick, workload, mode):
    with tempfile.TemporaryDirectory(prefix="semi_gc_") as tmp:
        cmd = [binary, "run", *device(quick), *MODES[mode], "--precondition", "steady",
               "--workload", workload, "--out", tmp]
        result = subprocess.run(cmd, capture_output=True, text=True, timeout=3600,
                                env={"SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)}\n{result.stderr.strip() or result.stdout.strip()}")
        stats = json.loads((pathlib.Path(tmp) / "stats.json").read_text())
        latencies = []
        with open(pathlib.Path(tmp) / "requests.csv") as f:
            for row in csv.DictReader(f):
                latencies.append(float(row["latency_ns"]) / 1000.0)
    latencies.sort()
    n = len(latencies)
    mean = sum(latencies) / n
    stddev = math.sqrt(sum((x - mean) ** 2 for x in latencies) / n)
    p99 = latencies[min(n - 1, math.ceil(0.99 * n) - 1)]  # nearest rank
    figures = {"mean_us": round(mean, 3), "stddev_us": round(stddev, 3), "p99_us": round(p99, 3)}
    detail = {"requests": n, **figures,
              "read": stats["host"]["read"]["latency_us"], "write": stats["host"]["write"]["latency_us"],
              "reads": stats["host"]["read"]["count"], "writes": stats["host"]["write"]["count"],
              "gc": stats["gc"], "write_amplification": stats["write_amplification"],
              "suspend": stats["flash"].get("suspend")}
    return figures, detail


def improvement(none, semi):
    mean = 100.0 * (none["mean_us"] - semi["mean_us"]) / none["mean_us"] if none["mean_us"] else 0.0
    var_none, var_semi = none["stddev_us"] ** 2, semi["stddev_us"] ** 2
    variance = 100.0 * (var_none - var_semi) / var_none if var_none else 0.0
    return round(mean, 2), round(variance, 2)


def plots(out, rows, modes):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not available: no plots", file=sys.stderr)
        return []
    files = []
    fig, axes = plt.subplots(2, len(SWEEPS), figsize=(4.2 * len(SWEEPS), 6.4), squeeze=False)
    for col, (family, (xlabel, _)) in enumerate(SWEEPS.items()):
        points = sorted((r for r in rows if r["family"] == family), key=lambda r: r["x"])
        for row, metric in enumerate(("mean_us", "stddev_us")):
            ax = axes[row][col]
            for mode, style in zip(modes, ("o-", "s--", "^:", "x-.")):
                ax.plot([p["x"] for p in points], [p[mode][metric] for p in points], style, label=mode)
            ax.set_xlabel(xlabel)
            ax.set_ylabel(("mean" if metric == "mean_us" else "std. deviation") + " of response time (us)")
            if family == "size":
                ax.set_xscale("log", base=2)
            ax.set_yscale("log")
    axes[0][0].legend(fontsize=8)
    fig.suptitle("Synthetic sweeps (write-dominant bursty base), none vs semi")
    fig.tight_layout()
    fig.savefig(out / "sweeps.png", dpi=110)
    files.append("sweeps.png")
    plt.close(fig)

    real = [r for r in rows if r["family"] == "realistic"]
    fig, axes = plt.subplots(1, 3, figsize=(11, 3.6))
    width = 0.8 / len(modes)
    for ax, metric, title in zip(axes, ("mean_us", "stddev_us", "p99_us"), ("mean", "standard deviation", "p99")):
        for i, mode in enumerate(modes):
            ax.bar([j + i * width for j in range(len(real))], [r[mode][metric] for r in real], width, label=mode)
        ax.set_xticks([j + width * (len(modes) - 1) / 2 for j in range(len(real))])
        ax.set_xticklabels([r["workload"] for r in real])
        ax.set_title(f"{title} of response time (us)", fontsize=10)
        ax.set_yscale("log")
    axes[0].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out / "realistic.png", dpi=110)
    files.append("realistic.png")
    plt.close(fig)
    return files


def main(s):
    """s: the scenario (scenarios/_common.py)."""
    binary = str(require_ssdtlm_binary())
    out = s.out
    modes = ["none", "semi"] if s.quick else ["none", "semi", "semi+suspend", "non-preemptive"]
    started = time.time()
    workloads_figures = {}
    details = {"quick": s.quick, "modes": modes, "runs": {}}
    rows = []
    for name, family, x, workload in workloads(s.quick):
        row = {"workload": name, "family": family, "x": x, "spec": workload}
        for mode in modes:
            figures, detail = run(binary, s.quick, workload, mode)
            row[mode] = figures
            details["runs"][f"{name}/{mode}"] = {"spec": workload, **detail}
        workloads_figures[name] = {"none": row["none"], "semi": row["semi"]}
        row["mean_improvement_percent"], row["variance_improvement_percent"] = improvement(row["none"], row["semi"])
        rows.append(row)
        s.log(f"{name}: none mean {row['none']['mean_us']:.0f} us sd {row['none']['stddev_us']:.0f} "
              f"p99 {row['none']['p99_us']:.0f} | semi mean {row['semi']['mean_us']:.0f} "
              f"sd {row['semi']['stddev_us']:.0f} p99 {row['semi']['p99_us']:.0f} | mean "
              f"{row['mean_improvement_percent']:+.1f} % variance {row['variance_improvement_percent']:+.1f} %")
    s.results["workloads"] = workloads_figures
    details["wall_seconds"] = round(time.time() - started, 1)
    s.path("details.json").write_text(json.dumps(details, indent=2) + "\n")

    columns = ["workload", "spec"]
    for mode in modes:
        columns += [f"{mode} mean_us", f"{mode} stddev_us", f"{mode} p99_us"]
    columns += ["mean_improvement_percent", "variance_improvement_percent"]
    with open(s.path("workloads.csv"), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(columns)
        for r in rows:
            writer.writerow([r["workload"], r["spec"]] + [r[m][k] for m in modes for k in ("mean_us", "stddev_us", "p99_us")]
                            + [r["mean_improvement_percent"], r["variance_improvement_percent"]])
    header = "| workload | " + " | ".join(f"{m} mean / sd / p99 (us)" for m in modes) + " | mean | variance |"
    lines = [header, "|" + "---|" * (len(modes) + 3)]
    for r in rows:
        cells = [f"{r[m]['mean_us']:.0f} / {r[m]['stddev_us']:.0f} / {r[m]['p99_us']:.0f}" for m in modes]
        lines.append(f"| {r['workload']} | " + " | ".join(cells) +
                     f" | {r['mean_improvement_percent']:+.1f} % | {r['variance_improvement_percent']:+.1f} % |")
    s.path("workloads.md").write_text("\n".join(lines) + "\n")
    for name in plots(out, rows, modes):
        s.path(name)
    # [Lee et al. 2011]'s direction on its write-dominant bursty workloads.
    for name in ("financial", "cello"):
        none, semi = workloads_figures[name]["none"], workloads_figures[name]["semi"]
        s.check(f"{name}: semi lowers the mean response time", semi["mean_us"] < none["mean_us"],
                f"{none['mean_us']:.0f} -> {semi['mean_us']:.0f} us")
        s.check(f"{name}: semi lowers the variance of response time", semi["stddev_us"] < none["stddev_us"],
                f"sd {none['stddev_us']:.0f} -> {semi['stddev_us']:.0f} us")


if __name__ == "__main__":
    # The results.json shape: {"workloads": {NAME: {"none": {...}, "semi": {...}}}} at the
    # top level, beside the scenario contract's keys (the same map is in "results").
    raise SystemExit(run_scenario(main, __doc__, top_level_keys=("workloads",)))
