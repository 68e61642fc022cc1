#!/usr/bin/env python3
"""Trace-driven write amplification: the shape of [Van Houdt 2013] Tables 4 and 5.

For every trace in --traces (default ../shared/traces beside the checkout), every spare factor
Sf in {0.14, 0.10, 0.06}, the single and the double write frontier, and d-choices GC with
memory c = 0..3 and c + d = 10 (b = 64 pages per block), runs

    ssdtlm wa --workload trace:PATH --pages-per-block 64 --spare-factor Sf
              --frontier single|double --policy d-choices --param d=10-c --param memory=c
              --warmup K0 --host-writes K --seed s

([Van Houdt 2013] section 4.1: the footprint rounded up to whole blocks is the logical space, written
once sequentially, then the trace's writes replayed cyclically; --blocks is derived) and
averages the write amplification over the seeds. A trace without writes is listed as skipped.

Usage: scenarios/trace_wa.py [--quick] [--out DIR]   (the scenario contract, scenarios/_common.py)
The binary is $SSDTLM_BINARY (default build/ssdtlm), the traces $SSDTLM_TRACES (default
../shared/traces beside the checkout).

Outputs in DIR (default out/scenarios/trace_wa):
  results.json "results": {"mode": "quick"|"full", "pages_per_block": 64, "c_plus_d": 10,
                 "warmup_capacities": K0, "host_writes_capacities": K, "seeds": [...],
                 "spare_factors": [...], "memories": [0, 1, 2, 3],
                 "traces": {NAME: {"footprint_pages": x, "logical_pages": U, "trace_format": str,
                                   "skipped": null | "reason"}},
                 "rows": [{"trace": NAME, "frontier": "single"|"double", "spare_factor": Sf,
                           "memory": c, "d": 10 - c, "write_amplification": mean WA over seeds,
                           "write_amplification_runs": [...], "blocks": N, "logical_pages": U,
                           "gain_percent": 100 (WA(c=0) - WA) / WA(c=0),
                           "error": message when the run failed (WA null)}],
                 "wall_seconds": total}
  table.csv     one line per row above
  table.md      Markdown tables in the layout of [Van Houdt 2013] Tables 4 (single) and 5 (double)
  trace_wa.png  WA against c per trace and Sf, single (dashed) and double (solid) frontier
"""
import csv
import json
import os
import pathlib
import subprocess
import sys
import time

from _common import ROOT, require_ssdtlm_binary, run_scenario

SPARE_FACTORS = [0.14, 0.10, 0.06]
MEMORIES = [0, 1, 2, 3]
FRONTIERS = ["single", "double"]
C_PLUS_D = 10
B = 64


def run_wa(binary, trace, frontier, sf, c, seed, warmup, host_writes):
    cmd = [binary, "wa", "--workload", f"trace:{trace}", "--pages-per-block", str(B), "--spare-factor", str(sf),
           "--frontier", frontier, "--policy", "d-choices", "--param", f"d={C_PLUS_D - c}", "--param",
           f"memory={c}", "--warmup", str(warmup), "--host-writes", str(host_writes), "--seed", str(seed)]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=1200)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip() or result.stdout.strip())
    return json.loads(result.stdout)


def main(s):
    binary = str(require_ssdtlm_binary())
    traces_dir = pathlib.Path(os.environ.get("SSDTLM_TRACES") or ROOT.parent / "shared" / "traces")
    if not traces_dir.is_dir():
        raise FileNotFoundError(f"trace directory {traces_dir} does not exist: set SSDTLM_TRACES to a "
                                "directory of block I/O traces (the checkout's ../shared/traces by default)")
    traces = sorted(p for p in traces_dir.iterdir() if p.is_file() and p.name != "README.md" and not p.name.startswith("."))
    if not traces:
        raise FileNotFoundError(f"no traces in {traces_dir} (SSDTLM_TRACES): expected trace files besides README.md")
    warmup, host_writes, seeds = s.pick((2.0, 5.0, [1]), (5.0, 20.0, [1, 2, 3]))
    started = time.time()
    results = s.results
    results.update({"mode": "quick" if s.quick else "full", "pages_per_block": B, "c_plus_d": C_PLUS_D,
               "warmup_capacities": warmup, "host_writes_capacities": host_writes, "seeds": seeds,
               "spare_factors": SPARE_FACTORS, "memories": MEMORIES, "traces": {}, "rows": []})
    for trace in traces:
        info = {"footprint_pages": None, "logical_pages": None, "trace_format": None, "skipped": None}
        results["traces"][trace.name] = info
        for frontier in FRONTIERS:
            for sf in SPARE_FACTORS:
                base = None
                for c in MEMORIES:
                    try:
                        runs = [run_wa(binary, trace, frontier, sf, c, seed, warmup, host_writes) for seed in seeds]
                    except RuntimeError as error:
                        # A trace without writes, or one whose footprint is too small for the
                        # extra frontier's block: recorded, not fatal.
                        message = str(error).splitlines()[-1]
                        if "no writes" in message:
                            info["skipped"] = message
                        results["rows"].append({
                            "trace": trace.name, "frontier": frontier, "spare_factor": sf, "memory": c,
                            "d": C_PLUS_D - c, "write_amplification": None, "write_amplification_runs": [],
                            "blocks": None, "logical_pages": None, "gain_percent": None, "error": message})
                        print(f"{trace.name} {frontier} Sf={sf} c={c}: {message}", file=sys.stderr)
                        if info["skipped"]:
                            break
                        continue
                    wa = sum(r["write_amplification"] for r in runs) / len(runs)
                    info.update(footprint_pages=runs[0]["footprint_pages"], logical_pages=runs[0]["logical_pages"],
                                trace_format=runs[0]["trace_format"])
                    if c == 0:
                        base = wa
                    results["rows"].append({
                        "trace": trace.name, "frontier": frontier, "spare_factor": sf, "memory": c,
                        "d": C_PLUS_D - c, "write_amplification": wa,
                        "write_amplification_runs": [r["write_amplification"] for r in runs],
                        "blocks": runs[0]["blocks"], "logical_pages": runs[0]["logical_pages"],
                        "gain_percent": 100.0 * (base - wa) / base if base else None})
                    print(f"{trace.name} {frontier} Sf={sf} c={c}: WA {wa:.3f}", file=sys.stderr)
                if info["skipped"]:
                    break
            if info["skipped"]:
                break
    results["wall_seconds"] = time.time() - started
    measured = [r for r in results["rows"] if r["write_amplification"] is not None]
    s.check("every trace with writes gives a write amplification of at least 1",
            bool(measured) and all(r["write_amplification"] >= 1.0 for r in measured),
            f"{len(measured)} runs measured")

    with open(s.path("table.csv"), "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["trace", "frontier", "spare_factor", "memory", "d", "write_amplification", "gain_percent",
                         "blocks", "logical_pages"])
        for r in results["rows"]:
            wa = "" if r["write_amplification"] is None else f"{r['write_amplification']:.4f}"
            gain = "" if r["gain_percent"] is None else f"{r['gain_percent']:.2f}"
            writer.writerow([r["trace"], r["frontier"], r["spare_factor"], r["memory"], r["d"], wa, gain,
                             r["blocks"], r["logical_pages"]])

    lines = []
    for table, frontier in (("Table 4 shape: single write frontier", "single"),
                            ("Table 5 shape: double write frontier", "double")):
        lines += [f"**{table}** (b = {B}, c + d = {C_PLUS_D}; WA, gain over c = 0 in parentheses)", "",
                  "| trace | S_f | c = 0 | c = 1 | c = 2 | c = 3 |", "|---|---|---|---|---|---|"]
        for trace in traces:
            for sf in SPARE_FACTORS:
                cells = {r["memory"]: r for r in results["rows"]
                         if r["trace"] == trace.name and r["frontier"] == frontier and r["spare_factor"] == sf}
                if not cells or all(r["write_amplification"] is None for r in cells.values()):
                    continue

                def cell(c):
                    r = cells.get(c)
                    if r is None or r["write_amplification"] is None:
                        return "n/a"
                    if c == 0 or r["gain_percent"] is None:
                        return f"{r['write_amplification']:.3f}"
                    return f"{r['write_amplification']:.3f} ({r['gain_percent']:.2f}%)"
                row = [cell(c) for c in MEMORIES]
                lines.append(f"| {trace.name} | {sf:.2f} | " + " | ".join(row) + " |")
        lines.append("")
    skipped = {name: i["skipped"] for name, i in results["traces"].items() if i["skipped"]}
    for name, reason in skipped.items():
        lines.append(f"Skipped {name}: {reason.splitlines()[-1]}")
    if skipped:
        lines.append("")
    errors = sorted({(r["trace"], r["frontier"], r["error"]) for r in results["rows"] if r.get("error")
                     and not results["traces"][r["trace"]]["skipped"]})
    for name, frontier, message in errors:
        lines.append(f"n/a: {name}, {frontier} frontier: {message}")
    s.path("table.md").write_text("\n".join(lines) + "\n")

    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        names = [t.name for t in traces if not results["traces"][t.name]["skipped"]]
        fig, axes = plt.subplots(1, max(1, len(names)), figsize=(4.5 * max(1, len(names)), 3.8), squeeze=False)
        for ax, name in zip(axes[0], names):
            for sf in SPARE_FACTORS:
                for frontier, style in (("single", "--"), ("double", "-")):
                    pts = sorted((r["memory"], r["write_amplification"]) for r in results["rows"]
                                 if r["write_amplification"] is not None and r["trace"] == name and r["frontier"] == frontier and r["spare_factor"] == sf)
                    if pts:
                        ax.plot([p[0] for p in pts], [p[1] for p in pts], style, marker="o",
                                label=f"Sf={sf:.2f} {frontier}")
            ax.set_title(name, fontsize=9)
            ax.set_xlabel("memory c (d = 10 - c)")
            ax.set_ylabel("write amplification")
            ax.set_xticks(MEMORIES)
        if names:
            axes[0][0].legend(fontsize=7)
        fig.tight_layout()
        s.figure("trace_wa", fig, dpi=110)
    except ImportError:
        print("matplotlib not available: no plot", file=sys.stderr)
    s.log(f"{len(results['rows'])} runs in {results['wall_seconds']:.1f} s")


if __name__ == "__main__":
    raise SystemExit(run_scenario(main, __doc__))
