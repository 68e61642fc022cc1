"""ssdtlm.Simulation: scripting inside the simulation. Callbacks at exact simulated times, live
statistics, parameters changed mid-run, workloads with start/stop times, exceptions in
callbacks, and interleaved simulations that do not disturb each other."""
import pytest

import ssdtlm

TINY = {"controller.channels": 2, "controller.chips_per_channel": 1, "nand.planes_per_die": 2,
        "nand.blocks_per_plane": 64}
WRITES = "random-write:qd=8,count=3000,size=4KiB"


@pytest.fixture
def cfg():
    return ssdtlm.Config.preset("slc-2011").update(TINY)


def test_callbacks_run_at_exact_simulated_times_in_order(cfg):
    sim = ssdtlm.Simulation(cfg)
    sim.add_workload(WRITES)
    calls = []
    sim.at("2ms", lambda s: calls.append(("b", s.now_ps)))
    sim.at(1500, lambda s: calls.append(("a", s.now_ps)))        # a number is ns
    sim.at("2ms", lambda s: calls.append(("c", s.now_ps)))        # same time: in scheduling order

    def chain(s):
        calls.append(("d", s.now_ps))
        s.at(s.now_ns + 250, lambda s2: calls.append(("e", s2.now_ps)))

    sim.at("3ms", chain)
    sim.run_until("2500us")
    assert sim.now_ps == 2_500_000_000
    assert calls == [("a", 1_500_000), ("b", 2_000_000_000), ("c", 2_000_000_000)]
    sim.run_until("4ms")
    assert calls[3:] == [("d", 3_000_000_000), ("e", 3_000_250_000)]
    with pytest.raises(ValueError, match="past"):
        sim.at("1ms", lambda s: None)


def test_scripted_run_with_live_statistics_equals_the_plain_run(cfg):
    plain = ssdtlm.simulate(cfg, WRITES, precondition="steady")
    sim = ssdtlm.Simulation(cfg, precondition="steady")
    workload = sim.add_workload(WRITES)
    samples = []
    sim.every("100ms", lambda s: samples.append((s.now_us, s.stats()["host"]["requests"],
                                                 s.timeline()["time_us"].iloc[-1])))
    sim.run()
    assert sim.done and workload.done and workload.submitted == 3000
    assert len(samples) > 5
    completed = [count for _time, count, _last in samples]
    assert completed == sorted(completed) and completed[-1] <= 3000
    # a callback runs before the kernel's events of its instant: the sampler's row at 100 ms comes
    # after, so the last row so far ends at 99 ms (rows of intervals in which nothing happened
    # merge, so their number is not the number of intervals)
    assert [(t, last) for t, _c, last in samples[:3]] == [(100e3, 99e3), (200e3, 199e3), (300e3, 299e3)]
    result = sim.result()
    assert result.stats == plain.stats  # observing does not perturb
    assert result.timeline.equals(plain.timeline)


def test_every_can_stop_and_run_returns_when_workloads_drain(cfg):
    sim = ssdtlm.Simulation(cfg, precondition="fill")
    sim.add_workload("random-read:qd=1,count=50,size=4KiB")
    ticks = []
    sim.every("100us", lambda s: ticks.append(s.now_us) or (len(ticks) < 3))
    sim.at("10s", lambda s: ticks.append("late"))  # after the workload: not called by run()
    sim.run()
    assert ticks == [100.0, 200.0, 300.0]
    end = sim.now_ps
    assert end < 10 ** 13
    assert sim.result().stats["sim_time_ns"] == end // 1000


def test_gc_watermarks_change_during_the_run(cfg):
    baseline = ssdtlm.simulate(cfg, WRITES, precondition="steady")
    sim = ssdtlm.Simulation(cfg, precondition="steady")
    sim.add_workload(WRITES)

    def raise_watermarks(s):
        s.set("ftl.gc.free_block_high_watermark", 0.1)
        s.set("ftl.gc.free_block_low_watermark", 0.08)

    sim.at("100us", raise_watermarks)
    sim.run()
    assert sim.get("ftl.gc.free_block_low_watermark") == 0.08
    changed = sim.result()
    assert changed.stats["gc"]["victims"] > baseline.stats["gc"]["victims"]
    assert [c["key"] for c in changed.parameter_changes] == ["ftl.gc.free_block_high_watermark",
                                                            "ftl.gc.free_block_low_watermark"]
    assert changed.parameter_changes[0]["time_ns"] == 100_000


def test_live_parameter_errors_name_the_key(cfg):
    sim = ssdtlm.Simulation(cfg)
    with pytest.raises(ValueError, match=r"ftl\.gc\.free_block_high_watermark"):
        sim.set("ftl.gc.free_block_high_watermark", 0.45)  # more than the spare blocks hold
    with pytest.raises(ValueError, match=r"ftl\.gc\.free_block_low_watermark"):
        sim.set("ftl.gc.free_block_low_watermark", 0.3)    # above the high watermark
    with pytest.raises(ValueError, match=r"nand\.page_size_bytes: cannot change"):
        sim.set("nand.page_size_bytes", 8192)
    sim.set("ftl.gc.foreground", False)
    assert sim.get("ftl.gc.foreground") is False


def test_workloads_start_and_stop_at_their_times(cfg, tmp_path):
    sim = ssdtlm.Simulation(cfg, precondition="fill", records=True, out=tmp_path)
    writes = sim.add_workload("random-write:qd=4,time=20ms,size=4KiB", stop="8ms")
    reads = sim.add_workload("random-read:qd=2,time=6ms,size=4KiB", start="3ms")
    with pytest.raises(ValueError, match="stop"):
        sim.add_workload("random-read:qd=1,count=1,size=4KiB", start="2ms", stop="1ms")
    sim.run()
    result = sim.result()
    frame = result.requests
    first_read = frame.loc[frame["op"] == "read", "submit_ns"].min()
    last_read = frame.loc[frame["op"] == "read", "submit_ns"].max()
    last_write = frame.loc[frame["op"] == "write", "submit_ns"].max()
    assert first_read == 3_000_000
    assert 3_000_000 < last_read < 9_000_000      # issues for 6 ms from its start
    assert 7_000_000 < last_write < 8_000_000     # stops issuing at 8 ms
    assert result.stats["host"]["read"]["count"] > 0 and result.stats["host"]["write"]["count"] > 0
    assert [w["start_ns"] for w in result.workloads] == [0, 3_000_000]
    assert (tmp_path / "scenario.json").is_file()
    assert writes.index == 0 and reads.index == 1
    with pytest.raises(RuntimeError, match="finished"):
        sim.add_workload("random-read:qd=1,count=1,size=4KiB")


def test_exception_in_a_callback_stops_the_run_with_its_traceback(cfg):
    clean = ssdtlm.simulate(cfg, WRITES, precondition="steady")
    sim = ssdtlm.Simulation(cfg, precondition="steady")
    sim.add_workload(WRITES)

    def faulty_probe(s):
        raise ZeroDivisionError("probe failed")

    sim.at("1ms", faulty_probe)
    with pytest.raises(ZeroDivisionError, match="probe failed") as caught:
        sim.run()
    assert any(entry.name == "faulty_probe" for entry in caught.traceback)
    assert sim.now_ps == 1_000_000_000
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        sim.run_until("2ms")
    sim.close()
    assert ssdtlm.simulate(cfg, WRITES, precondition="steady").stats == clean.stats


def test_interleaved_simulations_keep_their_own_kernel(cfg):
    alone_a = ssdtlm.simulate(cfg, WRITES, precondition="steady")
    alone_b = ssdtlm.simulate(cfg, "random-read:qd=4,count=2000,size=4KiB", precondition="fill")
    a = ssdtlm.Simulation(cfg, precondition="steady")
    a.add_workload(WRITES)
    b = ssdtlm.Simulation(cfg, precondition="fill")
    b.add_workload("random-read:qd=4,count=2000,size=4KiB")
    for step in range(1, 6):
        a.run_until(f"{step}ms")
        b.run_until(f"{step * 0.5}ms")
    a.run()
    b.run()
    assert a.result().stats == alone_a.stats
    assert b.result().stats == alone_b.stats


def test_run_needs_a_workload_and_result_closes(cfg):
    sim = ssdtlm.Simulation(cfg)
    with pytest.raises(ValueError, match="workload"):
        sim.run()
    sim.run_until("1ms")  # an idle device
    result = sim.result()
    assert result.stats["sim_time_ns"] == 1_000_000 and result.stats["host"]["requests"] == 0
    assert sim.result() is result
    with pytest.raises(RuntimeError, match="finished"):
        sim.stats()


def test_ctrl_c_interrupts_a_long_run():
    import os
    import signal
    import subprocess
    import sys
    import time

    script = (
        "import sys, ssdtlm\n"
        "cfg = ssdtlm.Config.preset('slc-2011').update(%r)\n"
        "sim = ssdtlm.Simulation(cfg)\n"
        "sim.add_workload('random-write:qd=8,count=100000000,size=4KiB')\n"
        "print('running', flush=True)\n"
        "try:\n"
        "    sim.run()\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', sim.now_us, flush=True)\n"
        "    sys.exit(3)\n" % TINY)
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                               env={**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"},
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert process.stdout.readline().strip() == "running"
        time.sleep(1.0)
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 3 and out.startswith("interrupted")
