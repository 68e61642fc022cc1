#!/usr/bin/env python3
"""Mjolnir [Weiss et al. 2015]: a multi-reference flash store with mark-and-sweep GC, in the timed
model (`ftl.mode=mjolnir`, docs/mjolnir.md).

    python scenarios/mjolnir.py [--quick] [--out DIR] [--ssdtlm PATH]

(the scenario contract of scenarios/_common.py; PATH defaults to $SSDTLM_BINARY, else
build/ssdtlm)

Every run is `ssdtlm run --config slc-2011` (25 / 200 / 1500 us SLC) on a reduced device: 4
channels x 2 dies x 1 plane, 64 pages per block, 64 blocks per plane (32 in --quick), so a
segment (block i of every plane) is 512 pages = 2 MiB and the device has 64 (32) segments;
35 % of it is hidden (`ftl.spare_factor`), the rest is the volume the workloads write.

(a) GC in action ([Weiss et al. 2015] Fig. 2): 32 writers (qd=32), 32 KiB random writes over the volume,
    1.6 volumes written in all, so about half of the writes overwrite live data; data mode on
    (every flash read checked). One figure with stacked panels from the store's timeline
    (stats.json mjolnir.timeline): host and backing (host + GC copy) I/O rates, utilization,
    bandwidth share, GC move rate, segments allocated vs reclaimed (cumulative: parallel slopes = reclamation keeps
    pace).
(b) Reclaim time ([Weiss et al. 2015] Tables 2 and 3): GC kept off during the workload
    (`ftl.mjolnir.gc_start_utilization=0.99`), then `ftl.mjolnir.measure_reclaim_at_end`
    reclaims every segment holding data (validity threshold 1.0, one candidate per scan
    cycle, as the paper makes its GC clean live segments): the time from the start of the
    first selection scan to the last erase. Table 2: more and more data written in 32 KiB
    random writes (about one mapping each), against the mappings. Table 3: one segment of
    data (64 such writes) and n snapshots of the volume (`snapshot_burst=n`), against n. Each
    with a least-squares line and its r^2.
(c) Scanner speed-up ([Weiss et al. 2015] Fig. 3): one segment of data and 400 snapshots (100 in
    --quick), then the measured reclaim; the mean scan makespan on 1..12 scanner threads (12
    firmware cores) over the one-thread makespan.

Outputs in DIR (default out/scenarios/mjolnir):
  results.json   {"reclaim_vs_mappings": {"points": [[mappings, seconds], ...], "r2": R2},
                  "reclaim_vs_snapshots": {"points": [[snapshots, seconds], ...], "r2": R2},
                  "scanner_speedup": {"threads": [...], "speedup": [...]}} at the top level beside
                 the scenario contract's keys ("results" holds the same three and a few more)
  gc_in_action.csv/.md, gc_in_action.png     (a), per timeline interval
  reclaim_vs_mappings.csv/.md, reclaim_vs_snapshots.csv/.md, reclaim.png   (b)
  scanner_speedup.csv/.md, scanner_speedup.png                             (c)
Exit status 0 when every run succeeded and every check passed.
"""
import json
import pathlib
import subprocess
import tempfile

from _common import require_ssdtlm_binary, run_scenario, ssdtlm_binary

KIB = 1024
MIB = 1024 * KIB


def device(quick, extra=()):
    sets = {
        "controller.channels": 4, "controller.chips_per_channel": 1, "nand.dies_per_chip": 2,
        "nand.planes_per_die": 1, "nand.pages_per_block": 64, "nand.blocks_per_plane": 32 if quick else 64,
        "ftl.mode": "mjolnir", "ftl.spare_factor": 0.35,
        "ftl.gc.free_block_low_watermark": 0.0, "ftl.gc.free_block_high_watermark": 0.0,
    }
    sets.update(dict(extra))
    args = ["--config", "slc-2011"]
    for key, value in sets.items():
        args += ["--set", f"{key}={value}"]
    return args


def volume_bytes(quick):
    pages = 4 * 2 * 64 * (32 if quick else 64)
    return int(0.65 * pages) * 4 * KIB  # floor((1 - spare) x pages) pages


def run(quick, workload, extra=()):
    with tempfile.TemporaryDirectory(prefix="mjolnir_") as tmp:
        cmd = [str(ssdtlm_binary()), "run", *device(quick, extra), "--workload", workload, "--out", tmp]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=3600,
                              env={"SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)}\n{done.stderr.strip() or done.stdout.strip()}")
        return json.loads((pathlib.Path(tmp) / "stats.json").read_text())


def linear_fit(points):
    xs = [float(x) for x, _ in points]
    ys = [float(y) for _, y in points]
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else 0.0
    intercept = my - slope * mx
    ss_res = sum((y - (intercept + slope * x)) ** 2 for x, y in zip(xs, ys))
    ss_tot = sum((y - my) ** 2 for y in ys)
    r2 = 1.0 - ss_res / ss_tot if ss_tot > 0 else 1.0
    return slope, intercept, r2


# The reclaim measurements (b, c): GC off during the workload, then every segment holding data
# reclaimed; firmware costs of 1 us per mapping scanned and 2 us per mapping updated, near the
# paper's own ~4 us per mapping (Table 3: 29.6 s for 7.3 M mappings).
MEASURE = {"ftl.mjolnir.gc_start_utilization": 0.99, "ftl.mjolnir.measure_reclaim_at_end": "true",
           "ftl.mjolnir.validity_threshold": 1.0, "ftl.mjolnir.max_candidates_per_cycle": 1,
           "ftl.mjolnir.cycles_per_mapping_scanned": 500, "ftl.mjolnir.cycles_per_mapping_updated": 1000,
           # room for the reverse map of a segment that 1,600 snapshots reference
           "ftl.mjolnir.reverse_map_limit_bytes": 64 * MIB}


def gc_in_action(s):
    volume = volume_bytes(s.quick)
    writes = int(1.6 * volume / (32 * KIB))
    interval_us = 5000 if s.quick else 10000
    stats = run(s.quick, f"random-write:qd=32,size=32KiB,count={writes}",
                {"nand.data_mode": "true", "stats.timeline_interval_us": interval_us})
    m = stats["mjolnir"]
    t = m["timeline"]
    rows = []
    for i in range(1, len(t["time_ns"])):
        dt = (t["time_ns"][i] - t["time_ns"][i - 1]) * 1e-9
        if dt <= 0:
            continue
        host_pages = (t["host_pages_written"][i] - t["host_pages_written"][i - 1]) + \
                     (t["host_pages_read"][i] - t["host_pages_read"][i - 1])
        copies = t["gc_copies"][i] - t["gc_copies"][i - 1]
        rows.append({
            "time_s": t["time_ns"][i] * 1e-9,
            "host_mbps": host_pages * 4096 / dt / 1e6,
            # Backing device traffic: host pages plus each GC copy's read and program.
            "backing_mbps": (host_pages + 2 * copies) * 4096 / dt / 1e6,
            "utilization": t["utilization"][i],
            "host_share": t["host_share"][i],
            "gc_share": t["gc_share"][i],
            "gc_move_mbps": copies * 4096 / dt / 1e6,
            "segments_allocated": t["segments_allocated"][i] - t["segments_allocated"][i - 1],
            "segments_reclaimed": t["segments_reclaimed"][i] - t["segments_reclaimed"][i - 1],
            "segments_allocated_total": t["segments_allocated"][i],
            "segments_reclaimed_total": t["segments_reclaimed"][i],
            "panic": bool(t["panic"][i]),
        })
    frame = s.table("gc_in_action", rows)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(5, 1, figsize=(8, 11), sharex=True)
    ax[0].plot(frame.time_s, frame.host_mbps, label="host I/O")
    ax[0].plot(frame.time_s, frame.backing_mbps, label="backing I/O (host + GC read + GC program)")
    ax[0].set_ylabel("MB/s")
    ax[0].legend(fontsize=8)
    ax[1].plot(frame.time_s, frame.utilization, color="k")
    ax[1].axhline(0.5, ls=":", color="grey")
    ax[1].set_ylabel("utilization")
    ax[1].set_ylim(0, 1)
    ax[2].stackplot(frame.time_s, frame.host_share, frame.gc_share, labels=["host", "GC"])
    ax[2].set_ylabel("bandwidth share")
    ax[2].legend(fontsize=8, loc="lower left")
    ax[3].plot(frame.time_s, frame.gc_move_mbps, color="tab:red")
    ax[3].set_ylabel("GC moves (MB/s)")
    ax[4].step(frame.time_s, frame.segments_allocated_total, where="post", label="allocated")
    ax[4].step(frame.time_s, frame.segments_reclaimed_total, where="post", label="reclaimed")
    ax[4].set_ylabel("segments (cumulative)")
    ax[4].set_xlabel("simulated time (s)")
    ax[4].legend(fontsize=8)
    fig.suptitle("Mjolnir GC in action: 32 writers, 32 KiB random writes, reduced capacity")
    fig.tight_layout()
    s.figure("gc_in_action", fig)
    plt.close(fig)

    gc_rows = frame[frame.gc_move_mbps > 0]
    first_gc_utilization = float(frame.utilization[gc_rows.index[0] - 1]) if len(gc_rows) and gc_rows.index[0] > 0 else None
    s.results["gc_in_action"] = {
        "host_pages_written": stats["flash"]["programs"]["host"], "gc_copies": m["cleaner"]["copies"],
        "segments_reclaimed": m["segments_reclaimed"], "max_utilization": float(frame.utilization.max()),
        # The last sample is taken when the host has finished (no host work: GC share 1).
        "max_gc_share": float(frame.gc_share[:-1].max()), "write_amplification": stats["write_amplification"],
        "sim_time_s": stats["sim_time_ns"] * 1e-9,
    }
    s.check("GC copied data and reclaimed segments", m["cleaner"]["copies"] > 0 and m["segments_reclaimed"] > 0,
            f"{m['cleaner']['copies']} copies, {m['segments_reclaimed']} segments reclaimed")
    s.check("GC starts only above 50 % utilization",
            first_gc_utilization is not None and first_gc_utilization >= 0.45,
            f"utilization before the first GC move: {first_gc_utilization}")
    s.check("every flash read returned what was written (data mode)",
            m["data_mismatches"] == 0 and stats["data_integrity"]["mismatches"] == 0 and stats["ftl"]["data_checks"] > 0,
            f"{stats['ftl']['data_checks']} reads checked, {stats['data_integrity']['checked_pages']} mapped pages verified")
    s.check("reverse maps within their limit",
            m["reverse_maps"]["peak_bytes"] <= m["reverse_maps"]["limit_bytes"],
            f"peak {m['reverse_maps']['peak_bytes']} B of {m['reverse_maps']['limit_bytes']} B")


def measured(stats):
    r = stats["mjolnir"]["measured_reclaim"]
    if not r["completed"]:
        raise RuntimeError("the reclaim measurement did not complete")
    return r


SEGMENT_WRITES = 64  # 32 KiB writes in one segment (512 pages)


def reclaim_tables(s):
    volume = volume_bytes(s.quick)
    # Table 2: more data written (32 KiB random writes, so about one mapping per write), then
    # every segment holding it reclaimed.
    fractions = s.pick([0.1, 0.2, 0.3], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
    rows, points = [], []
    for f in fractions:
        writes = int(f * volume / (32 * KIB))
        r = measured(run(s.quick, f"random-write:qd=32,size=32KiB,count={writes}", MEASURE))
        seconds = r["reclaim_ns"] * 1e-9
        rows.append({"data_written_mib": round(writes * 32 / 1024, 2), "mappings": r["mappings"],
                     "segments": r["segments"], "reclaim_ms": seconds * 1e3, "scan_ms": r["scan_ns"] * 1e-6,
                     "scans": r["scans"], "copies": r["copies"]})
        points.append([r["mappings"], seconds])
    slope, intercept, r2 = linear_fit(points)
    s.table("reclaim_vs_mappings", rows)
    s.results["reclaim_vs_mappings"] = {"points": points, "r2": r2}
    s.results["reclaim_vs_mappings_fit"] = {"seconds_per_mapping": slope, "intercept_s": intercept}

    # Table 3: one segment of data (64 random 32 KiB writes), then n snapshots of the volume,
    # then that segment reclaimed.
    counts = s.pick([1, 100, 200, 400], [1, 100, 200, 400, 800, 1600])
    snap_rows, snap_points = [], []
    for n in counts:
        workload = (f"random-write:qd=32,size=32KiB,count={SEGMENT_WRITES},snapshot_every={SEGMENT_WRITES},"
                    f"snapshot_burst={n},snapshot_slots={n}")
        extra = dict(MEASURE)
        extra["ftl.mjolnir.snapshot_slots"] = n
        stats = run(s.quick, workload, extra)
        r = measured(stats)
        seconds = r["reclaim_ns"] * 1e-9
        snaps = stats["host"]["snapshot"]["count"]
        snap_rows.append({"snapshots": snaps, "mappings": r["mappings"], "segments": r["segments"],
                          "reclaim_ms": seconds * 1e3, "scan_ms": r["scan_ns"] * 1e-6, "copies": r["copies"],
                          "mappings_updated": stats["mjolnir"]["cleaner"]["mappings_updated"]})
        snap_points.append([snaps, seconds])
    s_slope, s_intercept, s_r2 = linear_fit(snap_points)
    s.table("reclaim_vs_snapshots", snap_rows)
    s.results["reclaim_vs_snapshots"] = {"points": snap_points, "r2": s_r2}
    s.results["reclaim_vs_snapshots_fit"] = {"seconds_per_snapshot": s_slope, "intercept_s": s_intercept}

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(1, 2, figsize=(10, 4))
    for axis, pts, (a, b, r), label in ((ax[0], points, (slope, intercept, r2), "mappings"),
                                         (ax[1], snap_points, (s_slope, s_intercept, s_r2), "snapshots")):
        xs = [p[0] for p in pts]
        axis.plot(xs, [p[1] * 1e3 for p in pts], "o", label="measured")
        axis.plot(xs, [(b + a * x) * 1e3 for x in xs], "-", label=f"fit, r$^2$={r:.4f}")
        axis.set_xlabel(label)
        axis.set_ylabel("time to reclaim (ms)")
        axis.legend()
    ax[0].set_title("Table 2: all data written, vs mappings")
    ax[1].set_title("Table 3: one segment, vs snapshots")
    fig.tight_layout()
    s.figure("reclaim", fig)
    plt.close(fig)
    s.check("reclaim time grows linearly with the mappings", slope > 0 and r2 > 0.95, f"r2 = {r2:.4f}")
    s.check("reclaim time grows linearly with the snapshots", s_slope > 0 and s_r2 > 0.95, f"r2 = {s_r2:.4f}")


def scanner_speedup(s):
    # One segment of data and many snapshots of the volume: a map of unmergeable mappings
    # spread over the namespace ([Weiss et al. 2015] Fig. 3: 128 MB and 10,000 snapshots).
    snapshots = s.pick(100, 400)
    threads = s.pick([1, 2, 4, 8], list(range(1, 13)))
    workload = (f"random-write:qd=32,size=32KiB,count={SEGMENT_WRITES},snapshot_every={SEGMENT_WRITES},"
                f"snapshot_burst={snapshots},snapshot_slots={snapshots}")
    rows, base = [], None
    for t in threads:
        extra = dict(MEASURE)
        extra.update({"ftl.cpu.cores": 12, "ftl.mjolnir.scanner_threads": t, "ftl.mjolnir.snapshot_slots": snapshots})
        stats = run(s.quick, workload, extra)
        r = measured(stats)
        scan_ns = r["scan_ns"] / max(1, r["scans"])
        base = base or scan_ns
        rows.append({"threads": t, "mean_scan_ms": scan_ns * 1e-6, "speedup": base / scan_ns,
                     "mappings": r["mappings"], "reassignments": stats["mjolnir"]["scanner"]["reassignments"]})
    frame = s.table("scanner_speedup", rows)
    s.results["scanner_speedup"] = {"threads": [int(x) for x in frame.threads], "speedup": [float(x) for x in frame.speedup]}
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(5, 4))
    ax.plot(frame.threads, frame.speedup, "o-", label="scanner")
    ax.plot(frame.threads, frame.threads, ":", color="grey", label="linear")
    ax.set_xlabel("scanner threads")
    ax.set_ylabel("speed-up of a scan")
    ax.legend()
    fig.tight_layout()
    s.figure("scanner_speedup", fig)
    plt.close(fig)
    last = rows[-1]
    s.check("more scanner threads scan faster", all(b["speedup"] >= a["speedup"] for a, b in zip(rows, rows[1:])),
            f"{last['speedup']:.2f} on {last['threads']} threads")
    s.check("speed-up at most the thread count", all(r["speedup"] <= r["threads"] + 1e-9 for r in rows))


def main(s):
    """s: the scenario (scenarios/_common.py)."""
    require_ssdtlm_binary()
    s.log("(a) GC in action")
    gc_in_action(s)
    s.log("(b) reclaim time vs mappings and snapshots")
    reclaim_tables(s)
    s.log("(c) scanner speed-up")
    scanner_speedup(s)


if __name__ == "__main__":
    # The results.json keys at the top level, beside the scenario contract's keys.
    raise SystemExit(run_scenario(main, __doc__,
                                  top_level_keys=("reclaim_vs_mappings", "reclaim_vs_snapshots", "scanner_speedup")))
