"""ssdtlm.simulate() and Result: the same run as `ssdtlm run`, as Python objects; several runs in
one process give identical results; SystemC errors become Python exceptions."""
import subprocess

import numpy as np
import pytest
from matplotlib.figure import Figure

import ssdtlm

TINY = {"controller.channels": 2, "controller.chips_per_channel": 1, "nand.planes_per_die": 2,
        "nand.blocks_per_plane": 64}
WRITES = "random-write:qd=8,count=3000,size=4KiB"
READS = "random-read:qd=1,count=1000,size=4KiB"


@pytest.fixture
def cfg():
    return ssdtlm.Config.preset("slc-2011").update(TINY)


def test_result_warnings_are_in_stats_and_summary(cfg):
    # GC refilling to 3 free blocks (not 4) leaves more than half of 64 blocks' spare for data.
    quiet = ssdtlm.simulate(cfg.update({"ftl.gc.free_block_low_watermark": 0.03, "ftl.gc.free_block_high_watermark": 0.04}),
                            WRITES, precondition="steady")
    assert quiet.warnings == [] and "warnings" not in quiet.stats and "warning:" not in quiet.summary()
    unmapped = ssdtlm.simulate(cfg, READS)  # nothing written: every read hits an unmapped page
    assert [w["kind"] for w in unmapped.warnings] == ["unmapped_reads"]
    assert unmapped.warnings == unmapped.stats["warnings"]
    assert unmapped.summary().splitlines()[-1] == "  warning: " + unmapped.warnings[0]["message"]
    assert unmapped.warnings[0]["message"].startswith("1000 host page reads hit never-written")


def test_simulate_returns_stats_timeline_and_latencies(cfg, tmp_path):
    result = ssdtlm.simulate(cfg, WRITES, precondition="steady", records=True)
    stats = result.stats
    assert stats["host"]["write"]["count"] == 3000
    assert stats["write_amplification"] == result.write_amplification > 1.0
    assert result["host.write.latency_us.p99"] == stats["host"]["write"]["latency_us"]["p99"]
    assert result.flat()["gc.victims"] == stats["gc"]["victims"] > 0
    assert result.config["workload"]["queue_depth"] == 8 and result.config["precondition"] == "steady"

    timeline = result.timeline
    assert list(timeline.columns[:2]) == ["time_us", "host_read_mbps"]
    assert len(timeline) >= 2 and timeline["host_write_mbps"].max() > 0

    latencies = result.latencies("write")
    assert isinstance(latencies, np.ndarray) and latencies.size == 3000
    # requests.csv keeps the kernel's picosecond resolution, so the figures agree to rounding
    assert latencies.max() == pytest.approx(stats["host"]["write"]["latency_us"]["max"], rel=1e-12)
    assert latencies.mean() == pytest.approx(stats["host"]["write"]["latency_us"]["mean"], rel=1e-9)
    assert result.latencies("read").size == 0
    assert len(result.requests) == 3000

    for figure in (result.plot_latency_cdf(), result.plot_timeline()):
        assert isinstance(figure, Figure)
        figure.savefig(tmp_path / "plot.png")
        assert (tmp_path / "plot.png").stat().st_size > 1000


def test_latencies_need_per_request_records(cfg):
    result = ssdtlm.simulate(cfg, READS, precondition="fill")
    assert result.requests is None
    with pytest.raises(ValueError, match="records"):
        result.latencies("read")
    assert result.stats["host"]["read"]["latency_us"]["min"] >= 25.0  # at least tR


def test_identical_inputs_give_identical_results_in_one_process(cfg):
    first = ssdtlm.simulate(cfg, WRITES, precondition="steady", records=True)
    ssdtlm.simulate(cfg.copy().set("seed", 5), READS, precondition="fill")  # something else in between
    second = ssdtlm.simulate(cfg, WRITES, precondition="steady", records=True)
    assert first.stats == second.stats
    assert first.timeline.equals(second.timeline)
    assert np.array_equal(first.latencies("write"), second.latencies("write"))
    other_seed = ssdtlm.simulate(cfg, WRITES, precondition="steady", seed=2)
    assert other_seed.stats != first.stats


def test_out_directory_matches_the_command_line_byte_for_byte(cfg, tmp_path, ssdtlm_binary):
    sets = [arg for key, value in TINY.items() for arg in ("--set", f"{key}={value}")]
    subprocess.run([ssdtlm_binary, "run", "--config", "slc-2011", *sets, "--set", "stats.per_request_records=true",
                    "--precondition", "steady", "--workload", WRITES, "--out", str(tmp_path / "cli"), "--quiet"],
                   check=True, capture_output=True, env={"SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
    result = ssdtlm.simulate(cfg, WRITES, precondition="steady", records=True, out=tmp_path / "py")
    for name in ("stats.json", "timeline.csv", "requests.csv", "effective-config.json"):
        assert (tmp_path / "cli" / name).read_bytes() == (tmp_path / "py" / name).read_bytes(), name
    loaded = ssdtlm.Result.load(tmp_path / "cli")
    assert loaded.stats == result.stats
    assert loaded.timeline.equals(result.timeline)
    assert np.array_equal(loaded.latencies("write"), result.latencies("write"))


def test_configuration_workload_section_is_the_default_workload(cfg):
    cfg.set("workload", ssdtlm.normalize_workload(READS))
    result = ssdtlm.simulate(cfg, precondition="fill")
    assert result.stats["host"]["read"]["count"] == 1000


@pytest.mark.parametrize("kind", ["error", "fatal", "assert", "exception"])
def test_systemc_errors_raise_python_exceptions_and_leave_no_trace(cfg, kind):
    clean = ssdtlm.simulate(cfg, WRITES)
    sim = ssdtlm.Simulation(cfg)
    sim.add_workload(WRITES)
    sim._session._inject_fault(1_000_000_000, kind)  # in the kernel, at 1 ms
    with pytest.raises(ssdtlm.SimulationError, match="injected|assertion failed"):
        sim.run()
    assert isinstance(ssdtlm.SimulationError("x"), RuntimeError)
    assert sim.now_us == 1000.0
    with pytest.raises(RuntimeError, match="stopped by an earlier error"):
        sim.run()
    sim.close()
    assert ssdtlm.simulate(cfg, WRITES).stats == clean.stats


def test_python_out_directory_is_refused_when_not_empty_unless_force(cfg, tmp_path):
    # As `ssdtlm run --out`: a second run into the same directory would leave the first run's
    # requests.csv beside its own results.
    out = tmp_path / "o"
    ssdtlm.simulate(cfg, WRITES, records=True, out=out)
    assert (out / "requests.csv").is_file()
    with pytest.raises(ValueError, match=r"out .*: directory is not empty.*force=True"):
        ssdtlm.simulate(cfg, WRITES, out=out)
    (out / "notes.txt").write_text("mine\n")
    result = ssdtlm.simulate(cfg, WRITES, out=out, force=True)
    assert not (out / "requests.csv").exists()  # the earlier run's file is gone
    assert (out / "notes.txt").read_text() == "mine\n"  # not a file ssdtlm writes: left alone
    assert ssdtlm.Result.load(out).stats == result.stats
