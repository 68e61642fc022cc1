"""GC validation against MDC cleaning [Lomet & Luo 2021] and d-choices GC with memory
[Van Houdt 2013] (docs/references.md) with the functional engine, run through the `ssdtlm wa`
binary. Section, file and key names keep the papers' historical labels: seed002 is Lomet & Luo,
seed003 is Van Houdt.

    python scenarios/gc_validation.py [--quick] [--out DIR] [--ssdtlm PATH]
                                      [--only seed003,seed002_table1,seed002_table2,seed002_zipf]

PATH defaults to build/ssdtlm; --only runs just the named sections. Write amplification (WA) is
Van Houdt's total page programs / host page programs; Lomet & Luo's Wamp = WA - 1, their
emptiness E = 1 - mean valid fraction of victims and their cost 2 / E = 2 WA.

Tables (CSV + Markdown) and plots (PNG):
  seed003-table1        the nine (b, Sf, d, c) rows: simulated WA vs the ODE column (N = 50,000)
  seed003-figure1       WA vs memory c at b = 64, Sf = 0.1 for d = 5, 10, 20 (+ greedy 4.8213)
  seed002-table1        uniform updates, 512-page segments, F = 0.50 ... 0.95: E of age (fifo) and
                        greedy vs the E and MDC-opt columns
  seed002-table2        hot/cold at F = 0.8: mdc, mdc-opt (exact frequencies) and greedy cost vs
                        MinCost and MDC-opt
  seed002-zipf          sec 6.2.2: Wamp of age, greedy, cost-benefit, mdc and mdc-oracle (with the
                        16-segment sort buffer and without it) under Zipf 0.99 and 1.35 at fill
                        factors 0.5 ... 0.95, per host page programmed and per host write issued
                        (plot only in the paper: Figure 5b/5c)

results.json "results" keys:
  seed003_table1_max_relative_error     largest |WA / ODE - 1| over the nine rows
  seed003_greedy_b64_sf010              greedy WA at b = 64, Sf = 0.1 (paper: 4.8213)
  seed002_table1_max_e_error_fifo       largest |E(fifo) - E column|
  seed002_table1_max_e_error_greedy     largest |E(greedy) - MDC-opt column|
  seed002_table2_mdc_over_mdc_opt       {split: mdc cost / MDC-opt cost - 1}
  seed002_table2_mdc_opt_grouped_over_mdc_opt  {split: our mdc-opt (grouped) cost / MDC-opt - 1}
  seed002_zipf_wamp                     {theta: {policy: {fill: Wamp}}}, GC writes per host page
                                        programmed (Lomet & Luo's (1-E)/E)
  seed002_zipf_wamp_per_issued_write    the same per host write issued (sort-buffer rewrites included)
  seed002_zipf_rewrites_absorbed        {theta: {policy: {fill: share of host writes absorbed}}}
Checks: the tolerances of docs/gc-policies.md (0.3% and 0.5% for Van Houdt at full size, 0.01 in
E for Lomet & Luo's Table 1, mdc below greedy for every skewed split, the Figure 1 trend; under Zipf at
F >= 0.8, mdc below age, greedy and cost-benefit per host write issued, and mdc without the sort
buffer below greedy).
"""
from __future__ import annotations

import concurrent.futures
import json
import math
import subprocess
import sys

from _common import require_ssdtlm_binary, run_scenario, ssdtlm_binary


SEED003_TABLE1 = [  # b, Sf, d, c, ODE
    (64, 0.08, 5, 2, 6.2461), (64, 0.12, 6, 24, 4.2408), (64, 0.17, 8, 8, 3.0596),
    (32, 0.07, 6, 5, 6.4146), (32, 0.11, 20, 3, 4.2113), (32, 0.16, 15, 19, 3.0668),
    (16, 0.06, 10, 1, 6.1340), (16, 0.10, 4, 10, 4.5355), (16, 0.15, 2, 3, 3.9448),
]
SEED003_GREEDY_B64_SF010 = 4.8213
SEED002_TABLE1 = [  # F, E (eq. 4), MDC-opt
    (0.95, 0.094, 0.097), (0.90, 0.19, 0.192), (0.85, 0.29, 0.283), (0.80, 0.375, 0.370),
    (0.75, 0.45, 0.453), (0.70, 0.53, 0.532), (0.65, 0.60, 0.606), (0.60, 0.67, 0.675),
    (0.55, 0.74, 0.738), (0.50, 0.80, 0.796),
]
SEED002_TABLE2 = [  # hot update fraction r, hot data fraction f, MinCost, Hot:60%, Hot:40%, MDC-opt
    (0.9, 0.1, 2.96, 3.06, 2.99, 2.96), (0.8, 0.2, 4.00, 4.12, 4.11, 3.99),
    (0.7, 0.3, 4.80, 4.90, 4.86, 4.76), (0.6, 0.4, 5.23, 5.38, 5.38, 5.23),
    (0.5, 0.5, 5.38, 5.46, 5.46, 5.38),
]


def run_wa(options: dict) -> dict:
    """One `ssdtlm wa` run; options use the flag names without dashes, params as a dict."""
    command = [str(ssdtlm_binary()), "wa"]
    for key, value in options.items():
        if key == "params":
            for name, param in value.items():
                command += ["--param", f"{name}={param}"]
        else:
            command += [f"--{key.replace('_', '-')}", str(value)]
    completed = subprocess.run(command, capture_output=True, text=True)
    if completed.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {completed.stderr.strip()}")
    return json.loads(completed.stdout)


def run_all(option_list: list[dict]) -> list[dict]:
    """Runs independent points two at a time (this machine has two cores)."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(run_wa, option_list))


def write_table(s, name: str, rows: list[dict], digits: int = 4) -> None:
    """NAME.csv and NAME.md (kept local so the script needs only the binary, not the module)."""
    columns = list(rows[0].keys())

    def cell(value):
        if isinstance(value, float):
            return f"{value:.{digits}g}" if abs(value) >= 10 ** digits else f"{value:.{digits}f}"
        return str(value)

    csv_lines = [",".join(columns)] + [",".join(str(row[c]) for c in columns) for row in rows]
    s.path(f"{name}.csv").write_text("\n".join(csv_lines) + "\n")
    md_lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    md_lines += ["| " + " | ".join(cell(row[c]) for c in columns) + " |" for row in rows]
    s.path(f"{name}.md").write_text("\n".join(md_lines) + "\n")


def seed003(s, plt) -> None:
    blocks = s.pick(10000, 50000)
    warmup, measured = s.pick((1, 2), (2, 8))
    tolerance = s.pick(0.005, 0.003)  # quick runs use a fifth of the paper's N
    s.log(f"seed 003 Table 1 at N = {blocks}")
    points = [dict(pages_per_block=b, blocks=blocks, spare_factor=sf, policy="d-choices",
                   params={"d": d, "memory": c}, workload="uniform", host_writes=measured, warmup=warmup,
                   seed=2013) for b, sf, d, c, _ in SEED003_TABLE1]
    points.append(dict(pages_per_block=64, blocks=blocks, spare_factor=0.1, policy="greedy", workload="uniform",
                       host_writes=measured, warmup=warmup, seed=2013))
    results = run_all(points)
    rows, worst = [], 0.0
    for (b, sf, d, c, ode), result in zip(SEED003_TABLE1, results):
        wa = result["write_amplification"]
        error = wa / ode - 1
        worst = max(worst, abs(error))
        rows.append({"b": b, "Sf": sf, "d": d, "c": c, "ODE": ode, "ssdtlm WA": wa, "error %": 100 * error})
    greedy = results[-1]["write_amplification"]
    rows.append({"b": 64, "Sf": 0.1, "d": "greedy", "c": "-", "ODE": SEED003_GREEDY_B64_SF010, "ssdtlm WA": greedy,
                 "error %": 100 * (greedy / SEED003_GREEDY_B64_SF010 - 1)})
    write_table(s, "seed003-table1", rows)
    s.results["seed003_table1_max_relative_error"] = worst
    s.results["seed003_greedy_b64_sf010"] = greedy
    s.check(f"seed 003 Table 1: every row within {100 * tolerance:.1f}% of the ODE", worst <= tolerance,
            f"worst {100 * worst:.3f}%")
    s.check("greedy b=64 Sf=0.1 within 0.5% of 4.8213", abs(greedy / SEED003_GREEDY_B64_SF010 - 1) <= 0.005,
            f"{greedy:.4f}")

    s.log("seed 003 Figure 1")
    ds = s.pick([10], [5, 10, 20])
    cs = s.pick([0, 1, 2, 4], [0, 1, 2, 3, 4, 5, 6, 8, 10])
    points = [dict(pages_per_block=64, blocks=blocks, spare_factor=0.1, policy="d-choices",
                   params={"d": d, "memory": c}, workload="uniform", host_writes=measured, warmup=warmup, seed=2013)
              for d in ds for c in cs]
    results = iter(run_all(points))
    fig, ax = plt.subplots(figsize=(6, 4))
    figure_rows = []
    for d in ds:
        curve = [next(results)["write_amplification"] for _ in cs]
        figure_rows += [{"d": d, "c": c, "WA": wa} for c, wa in zip(cs, curve)]
        ax.plot(cs, curve, marker="o", label=f"d = {d}")
        # Figure 1's trend over the first few steps, where each gain exceeds the noise.
        falling = all(curve[i + 1] < curve[i] for i in range(min(3, len(curve) - 1)))
        s.check(f"seed 003 Figure 1: WA falls as c grows (d = {d})", falling,
                ", ".join(f"{wa:.4f}" for wa in curve))
    ax.axhline(SEED003_GREEDY_B64_SF010, color="gray", linestyle="--", label="greedy (4.8213)")
    ax.set_xlabel("memory c")
    ax.set_ylabel("write amplification")
    ax.set_title("d-choices with memory, b = 64, Sf = 0.1 (seed 003 Fig. 1)")
    ax.legend()
    fig.tight_layout()
    s.figure("seed003-figure1", fig)
    write_table(s, "seed003-figure1", figure_rows)


def seed002_table1(s, plt) -> None:
    blocks = s.pick(256, 4096)
    warmup, measured = s.pick((2, 3), (5, 20))
    s.log(f"seed 002 Table 1 at {blocks} segments of 512 pages")
    points = [dict(pages_per_block=512, blocks=blocks, spare_factor=round(1 - f, 4), policy=policy, workload="uniform",
                   host_writes=measured, warmup=warmup, seed=2021)
              for f, _, _ in SEED002_TABLE1 for policy in ("fifo", "greedy")]
    results = iter(run_all(points))
    rows, worst_fifo, worst_greedy = [], 0.0, 0.0
    for f, e_column, mdc_opt in SEED002_TABLE1:
        fifo_e = 1 - next(results)["mean_valid_fraction_of_victims"]
        greedy_e = 1 - next(results)["mean_valid_fraction_of_victims"]
        e = 0.5
        for _ in range(200):
            e = 1 - math.exp(-e / f)  # eq. 4
        worst_fifo = max(worst_fifo, abs(fifo_e - e_column))
        worst_greedy = max(worst_greedy, abs(greedy_e - mdc_opt))
        rows.append({"F": f, "E column": e_column, "eq. 4": e, "age (fifo) E": fifo_e, "MDC-opt column": mdc_opt,
                     "greedy E": greedy_e, "greedy Wamp": (1 - greedy_e) / greedy_e})
    write_table(s, "seed002-table1", rows)
    s.results["seed002_table1_max_e_error_fifo"] = worst_fifo
    s.results["seed002_table1_max_e_error_greedy"] = worst_greedy
    s.check("seed 002 Table 1: age E within 0.01 of the E column", worst_fifo <= 0.01, f"worst {worst_fifo:.4f}")
    s.check("seed 002 Table 1: greedy E within 0.01 of MDC-opt", worst_greedy <= 0.01, f"worst {worst_greedy:.4f}")
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot([r["F"] for r in rows], [r["E column"] for r in rows], "k--", label="E column (eq. 4)")
    ax.plot([r["F"] for r in rows], [r["age (fifo) E"] for r in rows], "o", label="age (fifo)")
    ax.plot([r["F"] for r in rows], [r["greedy E"] for r in rows], "x", label="greedy")
    ax.set_xlabel("fill factor F")
    ax.set_ylabel("emptiness E of cleaned segments")
    ax.set_title("Uniform updates, 512-page segments (seed 002 Table 1)")
    ax.legend()
    fig.tight_layout()
    s.figure("seed002-table1", fig)


def seed002_hot_cold_options(s) -> dict:
    # The paper: 51,200 segments, cleaning when fewer than 32 are free, 64 per cycle, a 16-segment
    # sort buffer, 100 capacities written ("the actual size does not impact the write
    # amplification"). Full runs use 4,096 segments and 10 + 20 capacities (what the shared
    # two-core machine allows in an hour). Of the GC schedule, the reserve is scaled to the device
    # (4,096 / 51,200 of 32 free: cleaning at 2 free) because kept at 32 it would take 3.8% of the
    # spare space here (0.3% in the paper) and raise every column (measured: greedy 5.578
    # instead of 5.432 under uniform updates, both at 64 per cycle); the 64 victims per cycle
    # are kept, because the cycle is what mdc sorts its GC writes over (sec 6.1.1: it "enables
    # more effective separation"): scaled to 5 per cycle, mdc rose to +27% and MDC-opt to +10%
    # at 90:10.
    # Quick runs (1,024 segments) clean 8 per cycle at 2 free.
    return s.pick(
        dict(blocks=1024, params={"gc_low_watermark": 2, "gc_high_watermark": 2, "victims_per_cycle": 8},
             warmup=3, host_writes=3),
        dict(blocks=4096, params={"gc_low_watermark": 2, "gc_high_watermark": 2, "victims_per_cycle": 64},
             warmup=10, host_writes=20))


# Table 2 variants: (column, policy, extra params, frontier). "mdc-opt" is mdc with every page's
# exact update frequency (--param oracle=1), Lomet & Luo's MDC-opt; with the single host frontier of
# the double layout it sorts through the same 16-segment buffer as mdc, with two host frontiers
# (hot-cold layout) it places the pages of each exact frequency in their own segments.
TABLE2_VARIANTS = [
    ("ssdtlm mdc", "mdc", {"sort_buffer_segments": 16}, "double"),
    ("ssdtlm mdc-opt (sorted)", "mdc", {"sort_buffer_segments": 16, "oracle": 1}, "double"),
    ("ssdtlm mdc-opt (grouped)", "mdc", {"sort_buffer_segments": 16, "oracle": 1, "frontiers": 2}, "hot-cold"),
    ("ssdtlm greedy", "greedy", {}, "double"),
]


def seed002_table2(s, plt) -> None:
    base = seed002_hot_cold_options(s)
    s.log(f"seed 002 Table 2 at {base['blocks']} segments")
    points = []
    for r, f, *_ in SEED002_TABLE2:
        for _, policy, extra, frontier in TABLE2_VARIANTS:
            params = dict(base["params"], **extra)
            points.append(dict(pages_per_block=512, blocks=base["blocks"], spare_factor=0.2, policy=policy,
                               frontier=frontier, workload=f"hotcold:r={r},f={f}", params=params,
                               host_writes=base["host_writes"], warmup=base["warmup"], seed=2021))
    results = iter(run_all(points))
    rows, gaps, opt_gaps = [], {}, {}
    for r, f, min_cost, hot60, hot40, mdc_opt in SEED002_TABLE2:
        cost = {column: 2 * next(results)["write_amplification"] for column, *_ in TABLE2_VARIANTS}
        mdc, greedy = cost["ssdtlm mdc"], cost["ssdtlm greedy"]
        split = f"{round(100 * r)}:{round(100 * f)}"
        gaps[split] = mdc / mdc_opt - 1
        opt_gaps[split] = cost["ssdtlm mdc-opt (grouped)"] / mdc_opt - 1
        rows.append({"F": 0.8, "split (updates:data)": split, "MinCost": min_cost, "Hot:60%": hot60, "Hot:40%": hot40,
                     "MDC-opt": mdc_opt, **cost, "mdc vs MDC-opt %": 100 * gaps[split],
                     "mdc-opt (grouped) vs MDC-opt %": 100 * opt_gaps[split]})
        if r != f:
            s.check(f"seed 002 Table 2 {split}: mdc below greedy", mdc < greedy, f"mdc {mdc:.3f}, greedy {greedy:.3f}")
    write_table(s, "seed002-table2", rows, digits=3)
    s.results["seed002_table2_mdc_over_mdc_opt"] = gaps
    s.results["seed002_table2_mdc_opt_grouped_over_mdc_opt"] = opt_gaps
    # The 5% target is reported, not enforced (docs/gc-policies.md explains the gap); the
    # check is the CI test's tolerance.
    worst = max(gaps.values())
    limit = s.pick(0.20, 0.14)  # quick: 1,024 segments, 3 + 3 capacities, measured +15.7%
    s.check(f"seed 002 Table 2: mdc within {100 * limit:.0f}% of MDC-opt on every split", worst <= limit,
            f"worst {100 * worst:+.1f}%")
    fig, ax = plt.subplots(figsize=(6, 4))
    labels = [row["split (updates:data)"] for row in rows]
    ax.plot(labels, [row["MDC-opt"] for row in rows], "k--", marker="s", label="MDC-opt (paper)")
    ax.plot(labels, [row["MinCost"] for row in rows], ":", color="gray", label="MinCost (paper)")
    ax.plot(labels, [row["ssdtlm mdc"] for row in rows], marker="o", label="mdc (ssdtlm)")
    ax.plot(labels, [row["ssdtlm mdc-opt (sorted)"] for row in rows], marker="v", label="mdc-opt, sorted (ssdtlm)")
    ax.plot(labels, [row["ssdtlm mdc-opt (grouped)"] for row in rows], marker="^", label="mdc-opt, grouped (ssdtlm)")
    ax.plot(labels, [row["ssdtlm greedy"] for row in rows], marker="x", label="greedy (ssdtlm)")
    ax.set_xlabel("hot/cold split (updates : data)")
    ax.set_ylabel("cost = 2 / E = 2 WA")
    ax.set_title("Hot/cold at F = 0.8 (seed 002 Table 2)")
    ax.legend()
    fig.tight_layout()
    s.figure("seed002-table2", fig)


# Sec 6.2.2 policies: (label, policy, params). mdc and mdc-oracle sort host writes through the
# paper's 16-segment buffer, which absorbs rewrites of pages still staged in it; the "no buffer"
# variants program every host write as it comes, so they see the same programmed stream as age,
# greedy and cost-benefit (docs/validation.md; Lomet & Luo sec 6.2.2).
ZIPF_POLICIES = [("age", "fifo", {}), ("greedy", "greedy", {}), ("cost-benefit", "cost-benefit", {}),
                 ("mdc", "mdc", {"sort_buffer_segments": 16}),
                 ("mdc-oracle", "mdc-oracle", {"sort_buffer_segments": 16}),
                 ("mdc, no buffer", "mdc", {"sort_buffer_segments": 0}),
                 ("mdc-oracle, no buffer", "mdc-oracle", {"sort_buffer_segments": 0})]
ZIPF_LINES = {"age": "o-", "greedy": "x-", "cost-benefit": "d-", "mdc": "s-", "mdc-oracle": "^-",
              "mdc, no buffer": "s:", "mdc-oracle, no buffer": "^:"}


def seed002_zipf_options(s) -> dict:
    # The Table 2 schedule (2 free, 64 per cycle). Full runs use 2,048 segments, which lets the
    # 84 runs fit the hour; mdc's Wamp per page programmed under Zipf 1.35 falls as the device
    # grows (docs/validation.md measures 1,024 to 16,384 segments), greedy's hardly moves.
    # Quick runs use 512 segments cleaned 16 per cycle (64 would be an eighth of the device and
    # leave no choice of victims), still 10 + 20 capacities: the shorter schedules of the other
    # sections hide the steady state here (mdc's Wamp at 3 + 3 capacities is a twelfth of it).
    schedule = {"gc_low_watermark": 2, "gc_high_watermark": 2}
    return s.pick(dict(blocks=512, params=dict(schedule, victims_per_cycle=16), warmup=10, host_writes=20),
                  dict(blocks=2048, params=dict(schedule, victims_per_cycle=64), warmup=10, host_writes=20))


def seed002_zipf(s, plt) -> None:
    base = seed002_zipf_options(s)
    fills = s.pick([0.9], [0.5, 0.6, 0.7, 0.8, 0.9, 0.95])
    thetas = [0.99, 1.35]
    s.log(f"seed 002 sec 6.2.2 Zipf comparison at {base['blocks']} segments")
    points = []
    for theta in thetas:
        for _, policy, extra in ZIPF_POLICIES:
            for fill in fills:
                points.append(dict(pages_per_block=512, blocks=base["blocks"], spare_factor=round(1 - fill, 4),
                                   policy=policy, frontier="double", workload=f"zipf:theta={theta}",
                                   params=dict(base["params"], **extra), host_writes=base["host_writes"],
                                   warmup=base["warmup"], seed=2021))
    results = iter(run_all(points))
    rows, wamp, issued, absorbed = [], {}, {}, {}
    fig, axes = plt.subplots(2, len(thetas), figsize=(11, 8), sharex=True)
    for column, theta in enumerate(thetas):
        key = str(theta)
        wamp[key], issued[key], absorbed[key] = {}, {}, {}
        for label, *_ in ZIPF_POLICIES:
            runs = [next(results) for _ in fills]
            per_program = [r["extra_writes_per_user_write"] for r in runs]
            per_issued = [r["extra_writes_per_issued_host_write"] for r in runs]
            share = [r["host_writes_absorbed_by_sort_buffer"] / (r["host_writes_capacities"] * r["logical_pages"])
                     for r in runs]
            wamp[key][label] = dict(zip(map(str, fills), per_program))
            issued[key][label] = dict(zip(map(str, fills), per_issued))
            absorbed[key][label] = dict(zip(map(str, fills), share))
            rows += [{"zipf theta": theta, "policy": label, "F": fill, "Wamp per programmed page": w,
                      "Wamp per host write issued": i, "rewrites absorbed": a}
                     for fill, w, i, a in zip(fills, per_program, per_issued, share)]
            axes[0][column].plot(fills, per_program, ZIPF_LINES[label], label=label)
            axes[1][column].plot(fills, per_issued, ZIPF_LINES[label], label=label)
        axes[0][column].set_title(f"Zipf {theta}: GC writes per host page programmed")
        axes[1][column].set_title(f"Zipf {theta}: GC writes per host write issued")
        axes[1][column].set_xlabel("fill factor F")
        for row in axes:
            row[column].set_yscale("symlog", linthresh=1e-2)
    axes[0][0].set_ylabel("Wamp = (1 - E) / E")
    axes[1][0].set_ylabel("Wamp per write issued")
    axes[0][0].legend(fontsize="small")
    fig.suptitle("Cleaning policies under Zipfian updates (seed 002 sec 6.2.2, Fig. 5b/5c)")
    fig.tight_layout()
    s.figure("seed002-zipf", fig)
    write_table(s, "seed002-zipf", rows)
    s.results["seed002_zipf_wamp"] = wamp
    s.results["seed002_zipf_wamp_per_issued_write"] = issued
    s.results["seed002_zipf_rewrites_absorbed"] = absorbed
    # The signs docs/validation.md reports, at the fill factors where Fig. 5c and the earlier
    # reproduction disagreed (F >= 0.8).
    for theta in thetas:
        key = str(theta)
        for fill in (f for f in fills if f >= 0.8):
            at = str(fill)
            per_issued = {label: issued[key][label][at] for label, *_ in ZIPF_POLICIES}
            others = ("age", "greedy", "cost-benefit")
            s.check(f"Zipf {theta}, F = {fill}: per host write issued, mdc below age, greedy and cost-benefit",
                    all(per_issued["mdc"] < per_issued[o] for o in others),
                    ", ".join(f"{k} {v:.3f}" for k, v in per_issued.items()))
            same_stream = {label: wamp[key][label][at] for label in ("greedy", "mdc, no buffer")}
            s.check(f"Zipf {theta}, F = {fill}: without the sort buffer (same programmed stream) mdc below greedy",
                    same_stream["mdc, no buffer"] < same_stream["greedy"],
                    ", ".join(f"{k} {v:.3f}" for k, v in same_stream.items()))


def main(s) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    s.results["ssdtlm"] = str(require_ssdtlm_binary())
    only = [name for name in s.args.only.split(",") if name]  # default: every section
    sections = {"seed003": seed003, "seed002_table1": seed002_table1, "seed002_table2": seed002_table2,
                "seed002_zipf": seed002_zipf}
    unknown = set(only) - set(sections)
    if unknown:
        raise ValueError(f"--only: unknown section(s) {sorted(unknown)}; available: {', '.join(sections)}")
    s.results["sections"] = list(only or sections)
    for name, section in sections.items():
        if not only or name in only:
            section(s, plt)


if __name__ == "__main__":
    raise SystemExit(run_scenario(main, __doc__, add_arguments=lambda parser: parser.add_argument(
        "--only", default="", help="comma-separated sections to run (default: all)")))
