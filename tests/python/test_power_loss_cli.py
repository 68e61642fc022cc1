"""`ssdtlm run` with power.loss_at_us: the run ends with a power loss and stats.json reports the
recovery (docs/reliability.md, "Power loss and recovery"); the keys need power.enabled."""
import json
import subprocess

TINY = [
    "--set", "controller.channels=2", "--set", "controller.chips_per_channel=1",
    "--set", "nand.blocks_per_plane=64", "--set", "nand.planes_per_die=2", "--set", "nand.data_mode=true",
]


def run(binary, *args):
    return subprocess.run([binary, "run", *args], capture_output=True, text=True, timeout=300,
                          env={"SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})


def test_run_cut_by_power_loss_reports_recovery(ssdtlm_binary, tmp_path):
    out = tmp_path / "out"
    result = run(ssdtlm_binary, "--config", "slc-2011", *TINY, "--set", "power.enabled=true",
                 "--set", "power.checkpoint_interval_pages=64", "--set", "power.loss_at_us=30000",
                 "--precondition", "fill", "--workload", "mixed:qd=8,count=50000,read=0.3,size=4KiB",
                 "--out", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    stats = json.loads((out / "stats.json").read_text())
    recovery = stats["recovery"]
    assert recovery["at_us"] == 30000.0
    assert recovery["lost_pages"] == 0
    assert recovery["verified_pages"] == stats["power"]["host_logical_pages"]
    assert recovery["used_checkpoint"] is True
    assert recovery["time_us"] > 0
    assert stats["power"]["checkpoints_completed"] > 0
    assert stats["flash"]["programs"]["other"] > 0  # checkpoint pages are flash programs
    assert "data_integrity" not in stats  # replaced by the recovery's check after a cut


def test_power_keys_need_power_enabled(ssdtlm_binary, tmp_path):
    result = run(ssdtlm_binary, "--config", "slc-2011", *TINY, "--set", "power.loss_at_us=10",
                 "--workload", "random-read:qd=1,count=10,size=4KiB", "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "power.loss_at_us" in result.stderr
