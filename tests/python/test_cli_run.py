"""The `ssdtlm run` command as a user meets it: outputs, determinism, and bad input."""
import json
import subprocess

import pytest

SMALL = [
    "--set", "controller.channels=2", "--set", "controller.chips_per_channel=1",
    "--set", "nand.blocks_per_plane=64", "--set", "nand.planes_per_die=2",
]


def run(binary, *args, check=True):
    result = subprocess.run([binary, "run", *args], capture_output=True, text=True, timeout=600,
                            env={"SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
    if check and result.returncode != 0:
        raise AssertionError(f"exit {result.returncode}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}")
    return result


@pytest.mark.parametrize("spec,reads,writes", [
    ("random-read:qd=1,count=2000,size=4KiB", 2000, 0),
    ("random-write:qd=4,count=2000,size=4KiB", 0, 2000),
    ("mixed:qd=8,count=20000,read=0.3,size=4KiB", None, None),
])
def test_documented_workload_specs_run_and_write_all_outputs(ssdtlm_binary, tmp_path, spec, reads, writes):
    out = tmp_path / "out"
    result = run(ssdtlm_binary, "--config", "slc-2011", *SMALL, "--precondition", "fill",
                 "--workload", spec, "--out", str(out))
    stats = json.loads((out / "stats.json").read_text())
    effective = json.loads((out / "effective-config.json").read_text())
    timeline = (out / "timeline.csv").read_text().splitlines()
    assert timeline[0].startswith("time_us,")
    assert len(timeline) >= 2
    assert effective["controller"]["channels"] == 2
    assert effective["ftl"]["gc"]["policy"] == "greedy"
    total = stats["host"]["read"]["count"] + stats["host"]["write"]["count"]
    if reads is not None:
        assert stats["host"]["read"]["count"] == reads
        assert stats["host"]["write"]["count"] == writes
    else:
        assert total == 20000
        assert 0.25 < stats["host"]["read"]["count"] / total < 0.35
    for op in ("read", "write"):
        latency = stats["host"][op]["latency_us"]
        assert set(latency) >= {"mean", "p50", "p90", "p99", "p999", "max", "stddev"}
        if stats["host"][op]["count"]:
            assert latency["p50"] <= latency["p99"] <= latency["max"]
            assert latency["mean"] > 25.0  # at least tR
    assert stats["sim_time_ns"] > 0
    assert set(stats["flash"]["programs"]) >= {"host", "gc", "other"}
    assert "write_amplification" in stats
    # The summary opens with what ran: the platform as its preset and the keys changed from it.
    lines = result.stdout.splitlines()
    assert lines[0] == ("platform: preset slc-2011 with controller.channels=2, controller.chips_per_channel=1, "
                        "nand.blocks_per_plane=64, nand.planes_per_die=2")
    def items(compact):  # the kind and its options, in any order
        return sorted(compact.replace(":", ",", 1).split(","))
    assert lines[2].startswith("workload: ") and items(lines[2][len("workload: "):]) == items(spec)
    assert lines[3] == "precondition: fill" and lines[4].startswith("measured window: ")


def test_no_wall_clock_figures_outside_wall_keys_and_identical_reruns(ssdtlm_binary, tmp_path):
    args = ["--config", "slc-2011", *SMALL, "--set", "seed=11", "--precondition", "steady",
            "--workload", "mixed:qd=8,count=3000,read=0.5,size=4KiB"]
    run(ssdtlm_binary, *args, "--out", str(tmp_path / "a"))
    run(ssdtlm_binary, *args, "--out", str(tmp_path / "b"))
    first = (tmp_path / "a" / "stats.json").read_bytes()
    assert first == (tmp_path / "b" / "stats.json").read_bytes()
    assert (tmp_path / "a" / "timeline.csv").read_bytes() == (tmp_path / "b" / "timeline.csv").read_bytes()
    stats = json.loads(first)
    assert stats["gc"]["victims"] > 0  # steady state: GC runs during the measurement
    wall = json.loads((tmp_path / "a" / "wall.json").read_text())
    assert all("wall" in key for key in wall)


def test_other_seed_gives_other_results(ssdtlm_binary, tmp_path):
    base = ["--config", "slc-2011", *SMALL, "--precondition", "fill",
            "--workload", "random-read:qd=4,count=500,size=4KiB"]
    run(ssdtlm_binary, *base, "--set", "seed=1", "--out", str(tmp_path / "a"))
    run(ssdtlm_binary, *base, "--set", "seed=2", "--out", str(tmp_path / "b"))
    assert (tmp_path / "a" / "stats.json").read_bytes() != (tmp_path / "b" / "stats.json").read_bytes()


@pytest.mark.parametrize("args,needle", [
    (["--set", "ftl.gc.polcy=greedy"], "ftl.gc.polcy"),
    (["--set", "nand.pages_per_block=-3"], "nand.pages_per_block"),
    (["--set", "ftl.spare_factor=1.5"], "ftl.spare_factor"),
    (["--set", "host.queue_depth=many"], "host.queue_depth"),
    (["--workload", "random-raed:qd=1,count=10,size=4KiB"], "--workload"),
    (["--workload", "random-read:qd=1,count=ten,size=4KiB"], "count"),
    (["--precondition", "half"], "--precondition"),
])
def test_bad_input_exits_2_naming_the_culprit(ssdtlm_binary, tmp_path, args, needle):
    base = {"--workload": "random-read:qd=1,count=10,size=4KiB"}
    full = ["--config", "slc-2011", *args]
    if "--workload" not in args:
        full += ["--workload", base["--workload"]]
    result = run(ssdtlm_binary, *full, "--out", str(tmp_path / "o"), check=False)
    assert result.returncode == 2, result.stderr
    assert needle in result.stderr
    assert not (tmp_path / "o" / "stats.json").exists()


def test_unknown_config_file_lists_presets(ssdtlm_binary, tmp_path):
    result = run(ssdtlm_binary, "--config", str(tmp_path / "missing.json"), "--workload",
                 "random-read:qd=1,count=10,size=4KiB", "--out", str(tmp_path / "o"), check=False)
    assert result.returncode == 2
    assert "mlc-mqsim" in result.stderr


def test_raid_preset_given_to_run_points_to_the_raid_command(ssdtlm_binary, tmp_path):
    result = run(ssdtlm_binary, "--config", "raid-5-mlc", "--workload", "random-read:qd=1,count=10,size=4KiB",
                 "--out", str(tmp_path / "o"), check=False)
    assert result.returncode == 2
    assert "raid-5-mlc.json" in result.stderr and "ssdtlm raid" in result.stderr
