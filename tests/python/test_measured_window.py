"""The measured window as a user meets it: a warm-up (ramp=) left out of every figure of
`ssdtlm run`, `ssdtlm raid` and Python's simulate(); the summary that says what ran, the same
from the command and from Result.summary(); the warning when whole blocks take most of the
spare (also from `ssdtlm wa`)."""
import json

import pytest

import ssdtlm

RAMPED = "random-write:qd=8,ramp=2000,count=4000,size=4KiB"
SLC_128 = ("--config", "slc-2011", "--set", "nand.blocks_per_plane=128")


def test_cli_warmup_is_left_out_and_the_summary_says_what_ran(run_ssdtlm, tmp_path):
    out = tmp_path / "ramp"
    done = run_ssdtlm("run", *SLC_128, "--precondition", "fill", "--workload", RAMPED, "--out", str(out))
    stats = json.loads((out / "stats.json").read_text())
    assert stats["host"]["write"]["count"] == 4000
    assert stats["host"]["requests"] == 6000
    assert stats["warmup"]["requests"] == 2000 and stats["warmup"]["ended"]
    assert stats["window"]["start_ns"] == stats["host"]["measured_from_ns"] > 0
    assert stats["warmup"]["flash_programs"] > 0
    assert stats["window"]["flash_programs"] + stats["drain"]["flash_programs"] == stats["flash"]["programs"]["total"]
    # The workload written back to effective-config.json reruns the same warm-up.
    effective = json.loads((out / "effective-config.json").read_text())
    assert effective["workload"]["ramp_requests"] == 2000 and effective["workload"]["request_count"] == 4000

    lines = done.stdout.splitlines()
    assert lines[0] == "platform: preset slc-2011 with nand.blocks_per_plane=128"
    assert lines[1].startswith("capacity: ") and "spare" in lines[1]
    assert lines[2] == "workload: random-write:size=4KiB,qd=8,count=4000,ramp=2000"
    assert lines[3] == "precondition: fill"
    start_ms, end_ms = stats["window"]["start_ns"] / 1e6, stats["sim_time_ns"] / 1e6
    assert lines[4] == (f"measured window: {end_ms - start_ms:.3f} ms, from {start_ms:.3f} ms to {end_ms:.3f} ms, "
                        f"after a warm-up of 2000 requests; drain {stats['drain_time_ns'] / 1e6:.3f} ms after it")
    assert lines[5].startswith("  write       4000 req")
    assert lines[-1].startswith("  wall ")
    # Python's summary is the command's, without the wall-clock line.
    assert ssdtlm.Result.load(out).summary().splitlines() == lines[:-1]


def test_python_simulate_takes_a_timed_warmup(tmp_path):
    cfg = ssdtlm.Config.preset("slc-2011").set("nand.blocks_per_plane", 128)
    result = ssdtlm.simulate(cfg, workload="random-read:qd=4,count=500,ramp=1ms,size=4KiB", precondition="fill")
    assert result.window_start_ns == 1_000_000
    assert result.stats["host"]["read"]["count"] == 500
    assert result.stats["warmup"]["requests"] == result.stats["host"]["requests"] - 500 > 0
    assert result.write_amplification == result.stats["write_amplification"]
    assert "after a warm-up of" in result.summary().splitlines()[4]


def test_raid_members_split_their_counters_at_the_arrays_window(run_ssdtlm, tmp_path):
    out = tmp_path / "raid"
    run_ssdtlm("raid", "--config", "raid-5-mlc", "--set", "ssd.nand.blocks_per_plane=64",
               "--set", "ssd.ftl.spare_factor=0.25", "--precondition", "fill",
               "--workload", "random-write:qd=8,ramp=500,count=1000,size=16KiB", "--out", str(out))
    stats = json.loads((out / "stats.json").read_text())
    assert stats["array"]["write"]["count"] == 1000
    assert stats["warmup"] == {"requests": 500, "ended": True}
    assert stats["window"]["start_ns"] == stats["array"]["measured_from_ns"] > 0
    members = [device["ssd"] for device in stats["devices"] if device["role"] == "member"]
    assert members
    for ssd in members:
        assert ssd["warmup"]["flash_programs"] > 0
        assert ssd["window"]["flash_programs"] + ssd["drain"]["flash_programs"] == ssd["flash"]["programs"]["total"]
        assert ssd["write_amplification"] >= 1.0


@pytest.mark.parametrize("params,warned", [(["--param", "gc_high_watermark=2"], True), ([], False)])
def test_wa_warns_when_whole_blocks_take_most_of_the_spare(run_ssdtlm, params, warned):
    # One plane of 64 blocks, 7 % spare: 4.48 blocks. GC refilling to 2 free blocks and one open
    # frontier take 3 of them.
    done = run_ssdtlm("wa", "--blocks", "64", "--pages-per-block", "64", "--spare-factor", "0.07", *params,
                      "--host-writes", "1", "--warmup", "0")
    report = json.loads(done.stdout)
    assert report["capacity"]["reserved_blocks_per_plane"]["total"] == (3 if warned else 1)
    if warned:
        assert [w["kind"] for w in report["warnings"]] == ["spare_mostly_reserved"]
        assert "--param gc_high_watermark" in report["warnings"][0]["message"]
        assert "--blocks" in report["warnings"][0]["message"]
        assert "warning: the configuration reserves 3 of the 4.5 spare blocks" in done.stderr
    else:
        assert "warnings" not in report and "warning" not in done.stderr
    python = ssdtlm.wa(pages_per_block=64, blocks=64, spare_factor=0.07, host_writes=1, warmup=0,
                       params={"gc_high_watermark": 2} if warned else {})
    assert ("warnings" in python) == warned
