"""Controlling and reading a run as a user does: Ctrl-C (SIGINT / KeyboardInterrupt) stops
`ssdtlm run`, `ssdtlm raid` and ssdtlm.simulate() with the results so far; progress is shown
(on a terminal, forced here with SSDTLM_PROGRESS=1) for preconditioning and the timed run;
stats.json states its window (host window, then drain) and carries p99.99 and a latency
histogram; Python streams timeline.csv to disk as the CLI does."""
import json
import math
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import ssdtlm

SMALL = ["--set", "controller.channels=2", "--set", "controller.chips_per_channel=1",
         "--set", "nand.blocks_per_plane=64", "--set", "nand.planes_per_die=2"]
TINY = {"controller.channels": 2, "controller.chips_per_channel": 1, "nand.planes_per_die": 2,
        "nand.blocks_per_plane": 64}
# Far more requests than a test waits for: only Ctrl-C ends these runs.
ENDLESS_READS = "random-read:qd=8,count=500000000,size=4KiB"
# Preconditioning of many seconds: mlc-mqsim with twice its blocks holds 67 M pages, and `steady`
# overwrites them at least once more (a complete run writes twice the logical space or more).
LONG_PRECONDITION = ["--config", "mlc-mqsim", "--set", "nand.blocks_per_plane=4096", "--precondition", "steady"]
ENV = {"SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1", "PATH": os.environ.get("PATH", "")}


def start(args, env=None):
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**ENV, **(env or {})})


def wait_for(path, process, timeout=60.0):
    deadline = time.monotonic() + timeout
    while not path.exists():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, f"{path} never appeared"
        time.sleep(0.05)


def read_stderr_until(process, text, timeout=120.0):
    """Reads the process's stderr until `text` has appeared; returns what was read."""
    seen = ""
    deadline = time.monotonic() + timeout
    while text not in seen:
        assert time.monotonic() < deadline, f"{text!r} never appeared in {seen!r}"
        char = process.stderr.read(1)
        assert char, (seen, process.communicate())
        seen += char
    return seen


def interrupt(process, after_seconds):
    """SIGINT after `after_seconds`; returns (stdout, stderr, seconds from the signal to the exit)."""
    time.sleep(after_seconds)
    assert process.poll() is None, process.communicate()
    process.send_signal(signal.SIGINT)
    sent = time.monotonic()
    try:
        stdout, stderr = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        raise
    return stdout, stderr, time.monotonic() - sent


def test_sigint_during_run_writes_stats_so_far_flushes_the_timeline_and_exits_130(ssdtlm_binary, tmp_path):
    out = tmp_path / "out"
    process = start([ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--precondition", "fill",
                     "--workload", ENDLESS_READS, "--out", str(out)])
    wait_for(out / "effective-config.json", process)
    _stdout, stderr, seconds = interrupt(process, 1.5)
    assert process.returncode == 130, stderr
    assert seconds < 5
    assert "interrupted at" in stderr
    assert "[ssdtlm]" not in stderr  # stderr is not a terminal: no progress line
    stats = json.loads((out / "stats.json").read_text())
    assert stats["interrupted"] is True
    assert 0 < stats["host"]["read"]["count"] < 500000000
    assert stats["sim_time_ns"] > 0
    text = (out / "timeline.csv").read_text()
    assert text.endswith("\n")
    rows = text.splitlines()
    assert len(rows) >= 2
    assert all(len(row.split(",")) == len(rows[0].split(",")) for row in rows)
    assert (out / "wall.json").is_file()


def test_a_run_that_ends_by_itself_is_not_interrupted(ssdtlm_binary, tmp_path):
    out = tmp_path / "out"
    subprocess.run([ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--workload",
                    "random-write:qd=4,count=500,size=4KiB", "--out", str(out), "--quiet"], check=True, env=ENV)
    assert json.loads((out / "stats.json").read_text())["interrupted"] is False


def test_sigint_during_preconditioning_stops_it_promptly_with_progress_shown(ssdtlm_binary, tmp_path):
    out = tmp_path / "out"
    process = start([ssdtlm_binary, "run", *LONG_PRECONDITION, "--workload", ENDLESS_READS, "--out", str(out)],
                    env={"SSDTLM_PROGRESS": "1"})
    # The progress line appears once the preconditioning has run for two seconds.
    shown = read_stderr_until(process, "[ssdtlm] precondition")
    shown += read_stderr_until(process, "ETA")
    _stdout, stderr, seconds = interrupt(process, 0.0)
    assert process.returncode == 130, stderr
    assert seconds < 3
    assert "%" in shown
    stats = json.loads((out / "stats.json").read_text())
    assert stats["interrupted"] is True
    assert 0 < stats["precondition"]["host_page_writes"] < 2 * stats["ftl"]["logical_pages"]
    assert stats["host"]["requests"] == 0


def test_progress_of_the_timed_run_shows_percent_and_eta(ssdtlm_binary, tmp_path):
    out = tmp_path / "out"
    process = start([ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--workload", ENDLESS_READS,
                     "--out", str(out)], env={"SSDTLM_PROGRESS": "1"})
    wait_for(out / "effective-config.json", process)
    _stdout, stderr, _seconds = interrupt(process, 3.5)
    assert process.returncode == 130, stderr
    # The line is rewritten in place with \r (text mode reads it as a line break).
    line = [part for part in stderr.splitlines() if part.startswith("\033[K[ssdtlm] run")][-1]
    assert "%" in line and "ETA" in line and "requests" in line


def test_quiet_shows_no_progress(ssdtlm_binary, tmp_path):
    out = tmp_path / "out"
    process = start([ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--workload", ENDLESS_READS,
                     "--out", str(out), "--quiet"])
    wait_for(out / "effective-config.json", process)
    _stdout, stderr, _seconds = interrupt(process, 2.5)
    assert process.returncode == 130
    assert "[ssdtlm]" not in stderr


def test_sigint_during_raid_writes_stats_so_far_and_exits_130(ssdtlm_binary, tmp_path):
    out = tmp_path / "out"
    process = start([ssdtlm_binary, "raid", "--config", "raid-5-mlc", "--set", "ssd.nand.blocks_per_plane=64",
                     "--set", "ssd.controller.channels=2", "--set", "ssd.controller.chips_per_channel=1",
                     "--workload", ENDLESS_READS, "--out", str(out)])
    wait_for(out / "effective-config.json", process)
    _stdout, stderr, seconds = interrupt(process, 1.5)
    assert process.returncode == 130, stderr
    assert seconds < 5
    stats = json.loads((out / "stats.json").read_text())
    assert stats["interrupted"] is True
    assert stats["array"]["read"]["count"] > 0


PYTHON_SCRIPT = """
import sys, ssdtlm
if {scripted!r}:  # preconditioning runs at the first run() call, after the platform is built
    sim = ssdtlm.Simulation({config!r}, precondition={precondition!r}, set={changes!r}, progress=False)
    sim.add_workload({workload!r})
    print("started", flush=True)
    sim.run()
else:
    print("started", flush=True)
    ssdtlm.simulate({config!r}, {workload!r}, precondition={precondition!r}, out={out!r}, set={changes!r},
                    progress=False)
"""


def start_python(tmp_path, config, workload, precondition, changes, scripted=False):
    out = tmp_path / "out"
    script = PYTHON_SCRIPT.format(config=config, workload=workload, precondition=precondition, out=str(out),
                                  changes=changes, scripted=scripted)
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
    assert process.stdout.readline() == "started\n", process.communicate()
    return process, out


def test_keyboard_interrupt_stops_python_preconditioning_promptly(tmp_path):
    process, _out = start_python(tmp_path, "mlc-mqsim", ENDLESS_READS, "steady", {"nand.blocks_per_plane": 4096},
                                 scripted=True)
    _stdout, stderr, seconds = interrupt(process, 1.0)
    assert "KeyboardInterrupt" in stderr
    assert process.returncode != 0
    assert seconds < 3


def test_keyboard_interrupt_during_a_python_run_writes_the_run_so_far(tmp_path):
    process, out = start_python(tmp_path, "slc-2011", ENDLESS_READS, "fill", TINY)
    _stdout, stderr, seconds = interrupt(process, 2.5)
    assert "KeyboardInterrupt" in stderr
    assert seconds < 5
    stats = json.loads((out / "stats.json").read_text())
    assert stats["interrupted"] is True
    assert stats["host"]["read"]["count"] > 0
    assert ssdtlm.Result.load(out).interrupted


def test_python_progress_bars_use_tqdm_for_preconditioning_and_run(capfd, monkeypatch):
    monkeypatch.setattr(ssdtlm._progress, "_DELAY_SECONDS", 0.0)
    cfg = ssdtlm.Config.preset("slc-2011").update(TINY)  # 16,384 pages: one precondition report
    ssdtlm.simulate(cfg, "random-read:qd=1,count=20000,size=4KiB", precondition="fill", progress=True)
    err = capfd.readouterr().err
    assert "precondition:" in err and "run:" in err and "%" in err


def test_progress_is_off_by_default_when_not_on_a_terminal(capfd, monkeypatch):
    monkeypatch.setattr(ssdtlm._progress, "_DELAY_SECONDS", 0.0)
    monkeypatch.delenv("SSDTLM_PROGRESS", raising=False)
    cfg = ssdtlm.Config.preset("slc-2011").update(TINY)
    ssdtlm.simulate(cfg, "random-read:qd=1,count=20000,size=4KiB", precondition="fill")
    assert "run:" not in capfd.readouterr().err


def test_stats_window_is_host_window_then_drain_in_cli_and_python(ssdtlm_binary, tmp_path):
    cfg = ssdtlm.Config.preset("slc-2011").update(TINY)
    workload = "random-write:qd=32,count=20000,size=4KiB"
    with ssdtlm.Simulation(cfg, precondition="steady", out=tmp_path / "py") as sim:
        sim.add_workload(workload)
        sim.run()
        end_ps = sim.now_ps
        result = sim.result()
    stats = result.stats
    # Python's clock at the end is the window plus the drain, to the nanosecond.
    assert stats["sim_time_ns"] + stats["drain_time_ns"] == end_ps // 1000
    assert result.sim_time_ns + result.drain_time_ns == end_ps // 1000
    # The GC that finished after the last host completion is reported apart from the totals.
    drain = stats["drain"]
    assert drain["gc_victims"] > 0 and drain["flash_erases"] > 0
    assert drain["gc_victims"] <= stats["gc"]["victims"]
    assert drain["flash_programs"] <= stats["flash"]["programs"]["total"]
    assert drain["gc_pages_moved"] <= stats["gc"]["pages_moved"]
    subprocess.run([ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--precondition", "steady",
                    "--workload", workload, "--out", str(tmp_path / "cli"), "--quiet"], check=True, env=ENV)
    assert json.loads((tmp_path / "cli" / "stats.json").read_text()) == stats


def test_stats_has_p9999_and_a_log_spaced_latency_histogram(ssdtlm_binary, tmp_path):
    out = tmp_path / "out"
    subprocess.run([ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--precondition", "fill", "--workload",
                    "mixed:qd=8,count=20000,read=0.7,size=4KiB", "--out", str(out), "--quiet"], check=True, env=ENV)
    stats = json.loads((out / "stats.json").read_text())
    for op in ("read", "write"):
        figures = stats["host"][op]
        latency = figures["latency_us"]
        assert latency["p999"] <= latency["p9999"] <= latency["max"]
        histogram = figures["latency_histogram_us"]
        edges, counts = histogram["edges"], histogram["counts"]
        assert len(edges) == len(counts) + 1 and counts[0] > 0 and counts[-1] > 0
        assert sum(counts) == figures["count"]
        assert all(math.isclose(b / a, 10 ** 0.1, rel_tol=1e-12) for a, b in zip(edges, edges[1:]))
        assert edges[0] <= latency["min"] and latency["max"] <= edges[-1]
    assert stats["host"]["trim"]["latency_histogram_us"] == {"edges": [], "counts": []}


def test_python_streams_the_timeline_to_disk_during_the_run(tmp_path):
    cfg = ssdtlm.Config.preset("slc-2011").update(TINY).update({"stats.timeline_interval_us": 100})
    out = tmp_path / "out"
    with ssdtlm.Simulation(cfg, out=out) as sim:
        sim.add_workload("random-read:qd=4,count=200000,size=4KiB")
        sim.run_until("200ms")
        on_disk = (out / "timeline.csv").read_text().splitlines()
        assert len(on_disk) > 1000  # rows reach the file as they are sampled, not at result()
        live = sim.timeline()
        assert len(live) >= len(on_disk) - 1
        sim.run()
        result = sim.result()
    assert len(result.timeline) > len(live)
    assert result.timeline["time_us"].is_monotonic_increasing


def test_ctrl_c_stops_a_sweep_cleanly(tmp_path):
    sweep_file = tmp_path / "sweep.json"
    sweep_file.write_text(json.dumps({
        "config": "slc-2011", "set": TINY, "workload": ENDLESS_READS,
        "grid": {"ftl.gc.policy": ["greedy", "fifo", "random", "greedy", "fifo"]}}))
    # Its own process group, which Ctrl-C on a terminal signals as a whole.
    process = subprocess.Popen([sys.executable, "-m", "ssdtlm.sweep", str(sweep_file), "--out", str(tmp_path / "sweep"),
                                "--workers", "2", "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True,
                               env={**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
    wait_for(tmp_path / "sweep" / "points" / "0000" / "timeline.csv", process)
    time.sleep(1.0)
    os.killpg(process.pid, signal.SIGINT)
    sent = time.monotonic()
    try:
        _stdout, stderr = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        raise
    assert process.returncode == 130, stderr
    assert time.monotonic() - sent < 10
    assert "interrupted" in stderr and "Traceback" not in stderr
    assert json.loads((tmp_path / "sweep" / "points" / "0000" / "stats.json").read_text())["interrupted"] is True


RAID_SCRIPT = """
import ssdtlm
sim = ssdtlm.RaidSimulation("raid-5-mlc", {workload!r}, settings={settings!r}, precondition={precondition!r})
print("started", flush=True)
try:
    sim.run()
except KeyboardInterrupt:
    print("interrupted at", sim.now_ps, sim.stats["host"]["requests"] if "host" in sim.stats else -1, flush=True)
    raise
"""


def start_raid_python(workload, precondition, settings):
    script = RAID_SCRIPT.format(workload=workload, precondition=precondition, settings=settings)
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
    assert process.stdout.readline() == "started\n", process.communicate()
    return process


def test_keyboard_interrupt_stops_a_python_raid_run_promptly(tmp_path):
    # A RAID run is one call into the kernel: Ctrl-C must stop it inside that call, not after it.
    process = start_raid_python(ENDLESS_READS, "fill", {"ssd.nand.blocks_per_plane": 64})
    stdout, stderr, seconds = interrupt(process, 2.0)
    assert "KeyboardInterrupt" in stderr, stderr
    assert "interrupted at" in stdout
    assert seconds < 5


def test_keyboard_interrupt_stops_python_raid_preconditioning_promptly(tmp_path):
    # The members' steady preconditioning (in threads) stops at its next chunk of page writes.
    process = start_raid_python(ENDLESS_READS, "steady", {"ssd.nand.blocks_per_plane": 4096})
    _stdout, stderr, seconds = interrupt(process, 1.0)
    assert "KeyboardInterrupt" in stderr, stderr
    assert seconds < 5


def test_python_raid_progress_bars_use_tqdm_for_preconditioning_and_run(capfd, monkeypatch):
    monkeypatch.setattr(ssdtlm._progress, "_DELAY_SECONDS", 0.0)
    fractions = []
    shown = ssdtlm._progress.PhaseBars.run
    monkeypatch.setattr(ssdtlm._progress.PhaseBars, "run",
                        lambda bars, fraction, requests: (fractions.append(fraction), shown(bars, fraction, requests)))
    settings = {"ssd.nand.blocks_per_plane": 64}
    stats = ssdtlm.simulate_raid("raid-5-mlc", "random-read:qd=8,count=5000,size=16KiB", settings=settings,
                                 precondition="fill", progress=True)
    err = capfd.readouterr().err
    assert "precondition:" in err and "run:" in err and "%" in err
    # The run's bar follows the requests completed of the workload's count.
    assert fractions and fractions == sorted(fractions) and 0 < fractions[0] and fractions[-1] <= 1.0
    # Bars change nothing.
    assert stats == ssdtlm.simulate_raid("raid-5-mlc", "random-read:qd=8,count=5000,size=16KiB", settings=settings,
                                         precondition="fill", progress=False)
