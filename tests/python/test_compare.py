"""`ssdtlm compare A B` and ssdtlm.compare(): the figures and configuration keys that differ
between two runs, and --fail-above, which exits 1 only when a guarded figure moved the wrong way
(latency and write amplification up, IOPS and bandwidth down) by more than the limit."""
import json
import pathlib
import subprocess

import pytest

import ssdtlm

ROOT = pathlib.Path(__file__).resolve().parents[2]
SMALL = ["--set", "controller.channels=2", "--set", "controller.chips_per_channel=1",
         "--set", "nand.blocks_per_plane=64", "--set", "nand.planes_per_die=2"]
WORKLOAD = "mixed:qd=4,count=400,read=0.5,size=4KiB"


@pytest.fixture(scope="module")
def runs(run_ssdtlm, tmp_path_factory):
    """A baseline, the same run again, one with a slower program time (write latency up, write
    IOPS down), and a RAID run."""
    root = tmp_path_factory.mktemp("compare")
    for name, extra in (("base", []), ("same", []), ("slow", ["--set", "nand.timing.program_us=400"])):
        run_ssdtlm("run", "--config", "slc-2011", *SMALL, *extra, "--workload", WORKLOAD,
                   "--out", str(root / name))
    run_ssdtlm("raid", "--config", "raid-5-mlc", "--set", "ssd.nand.blocks_per_plane=32",
               "--workload", "mixed:qd=4,count=200,read=0.5,size=8KiB", "--out", str(root / "raid"))
    run_ssdtlm("raid", "--config", "raid-5-mlc", "--set", "ssd.nand.blocks_per_plane=32",
               "--set", "raid.controller.command_overhead_us=50",
               "--workload", "mixed:qd=4,count=200,read=0.5,size=8KiB", "--out", str(root / "raid-slow"))
    return root


def test_identical_runs_differ_in_nothing(runs, run_ssdtlm):
    assert ssdtlm.compare(runs / "base", runs / "same").empty
    assert ssdtlm.compare_config(runs / "base", runs / "same").empty
    result = run_ssdtlm("compare", str(runs / "base"), str(runs / "same" / "stats.json"),
                        "--fail-above", "0")
    assert "metrics: none of" in result.stdout
    assert "configuration: 0 keys differ" in result.stdout
    assert "guard: 7 metrics, limit 0%: none regressed" in result.stdout


def test_the_frame_holds_changes_with_their_direction(runs):
    frame = ssdtlm.compare(runs / "base", runs / "slow")
    base = json.loads((runs / "base" / "stats.json").read_text())
    slow = json.loads((runs / "slow" / "stats.json").read_text())
    row = frame.loc["host.write.latency_us.mean"]
    a, b = base["host"]["write"]["latency_us"]["mean"], slow["host"]["write"]["latency_us"]["mean"]
    assert (row["a"], row["b"]) == (a, b)
    assert row["change"] == pytest.approx(b - a)
    assert row["change_pct"] == pytest.approx((b - a) / a * 100)
    assert (row["better"], row["verdict"]) == ("lower", "worse")
    assert frame.loc["host.write.iops", "verdict"] == "worse"
    assert frame.loc["host.write.iops", "better"] == "higher"
    assert "host.write.count" not in frame.index  # same workload: the same count
    assert frame.loc["sim_time_ns", "verdict"] == "worse"
    assert list(frame.index[:2]) == [m for m in frame.index if m.startswith("host.")][:2]  # host figures first
    everything = ssdtlm.compare(runs / "base", runs / "slow", all=True)
    assert "host.write.count" in everything.index and len(everything) > len(frame)
    changes = ssdtlm.compare_config(runs / "base", runs / "slow")
    assert list(changes.index) == ["nand.timing.program_us"]
    assert (changes.iloc[0]["a"], changes.iloc[0]["b"]) == (200, 400)
    assert not ssdtlm.compare(ssdtlm.Result.load(runs / "base"), runs / "slow").empty  # a Result too


def test_fail_above_exits_1_when_a_guarded_metric_regresses(runs, run_ssdtlm):
    result = run_ssdtlm("compare", str(runs / "base"), str(runs / "slow"), "--fail-above", "5",
                        check=False)
    assert result.returncode == 1, result.stderr
    assert "host.write.latency_us.p99:" in result.stdout and "worse; lower is better" in result.stdout
    assert "nand.timing.program_us: 200 -> 400" in result.stdout
    # The other way round it is an improvement: nothing regressed.
    result = run_ssdtlm("compare", str(runs / "slow"), str(runs / "base"), "--fail-above", "5")
    assert "none regressed" in result.stdout
    # A limit above the change passes; a chosen metric that did not move passes.
    base = json.loads((runs / "base" / "stats.json").read_text())
    slow = json.loads((runs / "slow" / "stats.json").read_text())
    worst = max((slow["host"]["write"]["latency_us"][k] / base["host"]["write"]["latency_us"][k] - 1) * 100
                for k in ("mean", "p99"))
    worst = max(worst, (1 - slow["host"]["write"]["iops"] / base["host"]["write"]["iops"]) * 100,
                (1 - slow["host"]["read"]["iops"] / base["host"]["read"]["iops"]) * 100,
                (slow["host"]["read"]["latency_us"]["p99"] / base["host"]["read"]["latency_us"]["p99"] - 1) * 100,
                (slow["host"]["read"]["latency_us"]["mean"] / base["host"]["read"]["latency_us"]["mean"] - 1) * 100)
    run_ssdtlm("compare", str(runs / "base"), str(runs / "slow"), "--fail-above", f"{worst + 0.01}")
    result = run_ssdtlm("compare", str(runs / "base"), str(runs / "slow"), "--fail-above",
                        f"{worst - 0.01}", check=False)
    assert result.returncode == 1
    run_ssdtlm("compare", str(runs / "base"), str(runs / "slow"), "--fail-above", "0",
               "--metric", "write_amplification", "--metric", "host.write.count:lower")


def test_raid_outputs_compare_on_the_array_figures(runs, run_ssdtlm):
    frame = ssdtlm.compare(runs / "raid", runs / "raid-slow")
    assert frame.loc["array.write.latency_us.mean", "verdict"] == "worse"
    assert any(name.startswith("devices.0.ssd.") for name in ssdtlm.compare(runs / "raid", runs / "raid", all=True).index)
    result = run_ssdtlm("compare", str(runs / "raid"), str(runs / "raid-slow"), "--fail-above", "1",
                        check=False)
    assert result.returncode == 1
    assert "array.write.latency_us.mean:" in result.stdout
    assert "raid.controller.command_overhead_us: 5 -> 50" in result.stdout


@pytest.mark.parametrize("args,message", [
    (["{runs}/nowhere", "{runs}/base"], "nowhere: no such folder or file"),
    (["{root}/docs", "{runs}/base"], "docs: no stats.json (not an ssdtlm output folder)"),
    (["{runs}/base/effective-config.json", "{runs}/base"], "not an ssdtlm stats.json"),
    (["{runs}/base", "{runs}/slow", "--fail-above", "5", "--metric", "host.write.latency_us.p98"],
     "--metric host.write.latency_us.p98: not a figure of"),
    (["{runs}/base", "{runs}/slow", "--fail-above", "5", "--metric", "host.write.count"], "no known direction"),
    (["{runs}/base", "{runs}/slow", "--fail-above", "5", "--metric", "host.write.iops:up"], "expected KEY, KEY:higher"),
    (["{runs}/base", "{runs}/slow", "--fail-above", "-1"], "--fail-above"),
    (["{runs}/base"], "b"),
])
def test_bad_input_exits_2_with_a_clear_message(runs, run_ssdtlm, args, message):
    args = [arg.format(runs=runs, root=ROOT) for arg in args]
    result = run_ssdtlm("compare", *args, check=False)
    assert result.returncode == 2, result.stdout + result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_a_lone_stats_file_compares_without_configuration_and_a_failed_write_is_not_success(
        runs, run_ssdtlm, ssdtlm_binary, tmp_path):
    (tmp_path / "stats.json").write_text((runs / "slow" / "stats.json").read_text())
    result = run_ssdtlm("compare", str(runs / "base"), str(tmp_path / "stats.json"))
    assert f"configuration: not compared ({tmp_path / 'stats.json'} has no effective-config.json)" in result.stdout
    with open("/dev/full", "w") as full:
        failed = subprocess.run([ssdtlm_binary, "compare", str(runs / "base"), str(runs / "slow")], stdout=full,
                                stderr=subprocess.PIPE, text=True, timeout=600)
    assert failed.returncode == 2
    assert "standard output: cannot write" in failed.stderr
