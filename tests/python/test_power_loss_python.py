"""Simulation.power_loss(): a power cut at chosen simulated times from Python
(docs/reliability.md, "Power loss and recovery")."""
import pytest

ssdtlm = pytest.importorskip("ssdtlm")

TINY = {
    "controller.channels": 2, "controller.chips_per_channel": 1, "nand.blocks_per_plane": 64,
    "nand.planes_per_die": 2, "nand.data_mode": True, "power.enabled": True,
    "power.checkpoint_interval_pages": 64,
}


def test_power_loss_inside_at_reports_recovery():
    sim = ssdtlm.Simulation("slc-2011", set=TINY, precondition="fill")
    sim.add_workload("mixed:qd=8,count=3000,read=0.3,size=4KiB")
    reports = []
    for t_us in (5_000, 20_000, 40_000):
        sim.at(f"{t_us}us", lambda s, t_us=t_us: reports.append((t_us, s.power_loss())))
    sim.run_until("50ms")
    assert [t for t, _ in reports] == [5_000, 20_000, 40_000]
    for t_us, report in reports:
        assert report["at_us"] == t_us
        assert report["lost_pages"] == 0
        assert report["time_us"] > 0
    assert reports[-1][1]["used_checkpoint"] is True
