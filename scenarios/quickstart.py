"""Quickstart: configure, run, script, plot and sweep one SSD (the example of docs/python.md).

On the slc-2011 preset (shrunk under --quick): 4 KiB random reads at queue depth 1 after a
sequential fill, 4 KiB random writes at queue depth 8 after steady-state preconditioning, a
scripted run that raises the GC watermarks halfway (against the same run without), and a
sweep of the over-provisioning.

results.json "results" keys:
  read_latency_us_p50, read_latency_us_p99   random reads, QD1, after fill (at least tR = 25 us)
  write_iops, write_latency_us_p99           random writes, QD8, steady state
  write_amplification                        of that write run
  gc_victims_baseline, gc_victims_with_change
                                             GC victims of the same timed writes (after a
                                             fill) without and with the GC watermarks raised
                                             at the midpoint
  wa_by_spare_factor                         {spare factor: write amplification} from the sweep
Tables: latency (per run and op), watermark-change (samples of the scripted run),
        spare-factor-sweep. Plots: latency-cdf, write-timeline, watermark-change, spare-factor-sweep.
"""
import ssdtlm
from ssdtlm import plot

from _common import run_scenario


def latency_rows(name, result):
    rows = []
    for op in ("read", "write"):
        figures = result.stats["host"][op]
        if figures["count"]:
            latency = figures["latency_us"]
            rows.append({"run": name, "op": op, "count": figures["count"], "iops": figures["iops"],
                         "mean_us": latency["mean"], "p50_us": latency["p50"], "p99_us": latency["p99"],
                         "max_us": latency["max"]})
    return rows


def main(s):
    cfg = s.device("slc-2011")
    requests = s.pick(2000, 50000)

    s.log("random reads, QD1, after a sequential fill")
    reads = ssdtlm.simulate(cfg, f"random-read:qd=1,count={requests},size=4KiB", precondition="fill",
                            records=True)
    s.log("random writes, QD8, steady state")
    writes = ssdtlm.simulate(cfg, f"random-write:qd=8,count={requests},size=4KiB", precondition="steady",
                             records=True)
    s.results.update({
        "read_latency_us_p50": reads["host.read.latency_us.p50"],
        "read_latency_us_p99": reads["host.read.latency_us.p99"],
        "write_iops": writes["host.write.iops"],
        "write_latency_us_p99": writes["host.write.latency_us.p99"],
        "write_amplification": writes.write_amplification,
    })
    s.table("latency", latency_rows("read-qd1", reads) + latency_rows("write-qd8", writes))
    s.figure("latency-cdf", plot.latency_cdf({"QD1": reads, "QD8": writes}))
    s.figure("write-timeline", writes.plot_timeline())
    s.check("a 4 KiB read costs at least tR (25 us)", reads["host.read.latency_us.min"] >= 25.0,
            f"min {reads['host.read.latency_us.min']:.1f} us")
    s.check("steady-state random writes amplify", writes.write_amplification > 1.0,
            f"WA {writes.write_amplification:.3f}")

    s.log("scripted runs: the same writes with and without raising the GC watermarks halfway")
    duration_us = s.pick(200_000, 2_000_000)
    change_us = duration_us / 2

    def scripted(raise_watermarks):
        # from a filled device: GC starts once the spare blocks run low, earlier with the raised marks
        sim = ssdtlm.Simulation(cfg, precondition="fill")
        sim.add_workload(f"random-write:qd=8,time={duration_us}us,size=4KiB")
        samples = []

        def sample(sim):
            samples.append({"watermarks_raised": raise_watermarks, "time_us": sim.now_us,
                            "gc_victims": sim.stats()["gc"]["victims"],
                            "low_watermark": sim.get("ftl.gc.free_block_low_watermark")})

        def change(sim):
            sim.set("ftl.gc.free_block_high_watermark", 0.1)
            sim.set("ftl.gc.free_block_low_watermark", 0.08)

        sim.every(f"{duration_us / 20}us", sample)
        if raise_watermarks:
            sim.at(f"{change_us}us", change)
        sim.run()
        return sim.result(), samples

    baseline, baseline_samples = scripted(False)
    changed, changed_samples = scripted(True)
    s.results["gc_victims_baseline"] = baseline.stats["gc"]["victims"]
    s.results["gc_victims_with_change"] = changed.stats["gc"]["victims"]
    frame = s.table("watermark-change", baseline_samples + changed_samples)
    fig = plot.sweep(frame, "time_us", "gc_victims", hue="watermarks_raised", xlabel="simulated time (us)",
                     ylabel="GC victims so far")
    fig.axes[0].axvline(change_us, color="grey", linestyle=":")
    s.figure("watermark-change", fig)
    s.check("raising the watermarks makes GC collect more",
            changed.stats["gc"]["victims"] > baseline.stats["gc"]["victims"],
            f"{baseline.stats['gc']['victims']} -> {changed.stats['gc']['victims']} victims")

    s.log("sweep of the over-provisioning")
    spare_factors = s.pick([0.1, 0.2, 0.3], [0.07, 0.1, 0.15, 0.2, 0.25, 0.3])
    sweep = ssdtlm.sweep(cfg, grid={"ftl.spare_factor": spare_factors},
                         workload=f"random-write:qd=8,count={requests},size=4KiB", precondition="steady",
                         metrics=["write_amplification", "host.write.iops", "host.write.latency_us.p99"],
                         max_workers=2, progress=False)
    s.table("spare-factor-sweep", sweep)
    s.figure("spare-factor-sweep", plot.sweep(sweep, "ftl.spare_factor", "write_amplification"))
    wa = dict(zip(sweep["ftl.spare_factor"], sweep["write_amplification"]))
    s.results["wa_by_spare_factor"] = wa
    ordered = [wa[f] for f in spare_factors]
    s.check("more over-provisioning, less write amplification",
            all(a >= b for a, b in zip(ordered, ordered[1:])), str(ordered))


if __name__ == "__main__":
    raise SystemExit(run_scenario(main, __doc__))
