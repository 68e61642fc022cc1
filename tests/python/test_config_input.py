"""Configuration input as a user (or a hostile file) meets it: effective-config.json reruns the
run it records, the shipped RAID presets take every GC coordination mode, and the readers of
JSON and trace files reject what would crash them or grow without bound (nesting, duplicate
keys, size, line length, preset names that lead out of the preset folder) with exit code 2 and
a message naming the file, line or key."""
import json
import os
import subprocess

import pytest

SMALL = [
    "--set", "controller.channels=2", "--set", "controller.chips_per_channel=1",
    "--set", "nand.blocks_per_plane=64", "--set", "nand.planes_per_die=2",
]
GC_COORDINATION_MODES = ["reactive", "proactive", "idle"]
RAID_PRESETS = ["raid-5-mlc", "raid-6-tlc", "raid-harmonia"]


def ssdtlm(binary, *args, check=True, timeout=600):
    result = subprocess.run([binary, *args], capture_output=True, text=True, timeout=timeout,
                            env={"SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
    if check and result.returncode != 0:
        raise AssertionError(f"exit {result.returncode}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}")
    return result


# ---- effective-config.json reruns its run -------------------------------------------------------
def test_run_effective_config_alone_reproduces_stats_byte_for_byte(ssdtlm_binary, tmp_path):
    first, rerun = tmp_path / "first", tmp_path / "rerun"
    ssdtlm(ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--set", "seed=7", "--precondition", "steady",
           "--workload", "mixed:qd=8,count=3000,read=0.4,size=4KiB", "--out", str(first), "--quiet")
    effective = json.loads((first / "effective-config.json").read_text())
    assert effective["precondition"] == "steady"
    ssdtlm(ssdtlm_binary, "run", "--config", str(first / "effective-config.json"), "--out", str(rerun), "--quiet")
    assert (rerun / "stats.json").read_bytes() == (first / "stats.json").read_bytes()
    assert (rerun / "timeline.csv").read_bytes() == (first / "timeline.csv").read_bytes()
    assert (rerun / "effective-config.json").read_bytes() == (first / "effective-config.json").read_bytes()


def test_raid_effective_config_alone_reproduces_stats_byte_for_byte(ssdtlm_binary, tmp_path):
    first, rerun = tmp_path / "first", tmp_path / "rerun"
    ssdtlm(ssdtlm_binary, "raid", "--config", "raid-5-mlc", "--set", "raid.gc_coordination=reactive",
           "--precondition", "fill", "--workload", "random-write:qd=16,count=2000,size=16KiB",
           "--out", str(first), "--quiet")
    assert json.loads((first / "effective-config.json").read_text())["precondition"] == "fill"
    ssdtlm(ssdtlm_binary, "raid", "--config", str(first / "effective-config.json"), "--out", str(rerun), "--quiet")
    assert (rerun / "stats.json").read_bytes() == (first / "stats.json").read_bytes()
    assert (rerun / "effective-config.json").read_bytes() == (first / "effective-config.json").read_bytes()


def test_precondition_flag_overrides_the_documents_key(ssdtlm_binary, tmp_path):
    first = tmp_path / "first"
    ssdtlm(ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--precondition", "fill",
           "--workload", "random-read:qd=1,count=100,size=4KiB", "--out", str(first), "--quiet")
    ssdtlm(ssdtlm_binary, "run", "--config", str(first / "effective-config.json"), "--precondition", "none",
           "--out", str(tmp_path / "again"), "--quiet")
    assert json.loads((tmp_path / "again" / "effective-config.json").read_text())["precondition"] == "none"
    result = ssdtlm(ssdtlm_binary, "run", "--config", "slc-2011", "--set", "precondition=sometimes",
                    "--workload", "random-read:count=10", "--out", str(tmp_path / "bad"), check=False)
    assert result.returncode == 2
    assert "precondition" in result.stderr and "sometimes" in result.stderr


# ---- every shipped RAID preset with every GC coordination mode -----------------------------------
@pytest.mark.parametrize("mode", GC_COORDINATION_MODES)
@pytest.mark.parametrize("preset", RAID_PRESETS)
def test_every_raid_preset_runs_with_every_gc_coordination_mode(ssdtlm_binary, tmp_path, preset, mode):
    # Empty members (no preconditioning) keep the run short: what failed was the thresholds'
    # defaults, checked before anything runs (RaidPresets.EveryPresetTakesEveryGcCoordinationMode
    # checks their order for every preset and mode).
    out = tmp_path / "out"
    ssdtlm(ssdtlm_binary, "raid", "--config", preset, "--set", f"raid.gc_coordination={mode}",
           "--workload", "random-write:qd=16,count=500,size=16KiB", "--out", str(out), "--quiet")
    stats = json.loads((out / "stats.json").read_text())
    assert stats["raid"]["gc_coordination"]["policy"] == mode
    assert stats["array"]["write"]["count"] == 500


# ---- hostile JSON: nesting, duplicate keys, size --------------------------------------------------
def nested(levels):
    return "[" * levels + "]" * levels


@pytest.mark.parametrize("where", ["ftl.gc.params", "workload"])
def test_deeply_nested_json_is_rejected_with_exit_2(ssdtlm_binary, tmp_path, where):
    outer, inner = where.split(".")[0], where.split(".")[1:]
    body = '{"deep": ' + nested(100_000) + "}"
    for key in reversed(inner):
        body = '{"' + key + '": ' + body + "}"
    config = tmp_path / "deep.json"
    config.write_text('{"' + outer + '": ' + body + "}")
    result = ssdtlm(ssdtlm_binary, "run", "--config", str(config), "--workload", "random-read:count=10",
                    "--out", str(tmp_path / "out"), check=False, timeout=60)
    assert result.returncode == 2, result.stderr
    assert str(config) in result.stderr
    assert f"{where}.deep[]" in result.stderr and "nested deeper than 64 levels" in result.stderr


def test_deeply_nested_set_value_is_rejected_with_exit_2(ssdtlm_binary, tmp_path):
    result = ssdtlm(ssdtlm_binary, "run", "--config", "slc-2011", "--set", "ftl.gc.params=" + nested(60_000),
                    "--workload", "random-read:count=10", "--out", str(tmp_path / "out"), check=False, timeout=60)
    assert result.returncode == 2, result.stderr
    assert "--set ftl.gc.params" in result.stderr and "nested deeper than 64 levels" in result.stderr


@pytest.mark.parametrize("command,document,key", [
    ("run", '{"nand": {"blocks_per_plane": 64}, "nand": {"pages_per_block": 64}}', '"nand"'),
    ("run", '{"ftl": {"gc": {"policy": "greedy", "policy": "fifo"}}}', 'ftl.gc.policy: duplicate key "policy"'),
    ("raid", '{"raid": {"level": "raid5"}, "raid": {"level": "raid0"}}', '"raid"'),
])
def test_duplicate_json_key_is_rejected_naming_it(ssdtlm_binary, tmp_path, command, document, key):
    config = tmp_path / "duplicate.json"
    config.write_text(document)
    result = ssdtlm(ssdtlm_binary, command, "--config", str(config), "--workload", "random-read:count=10",
                    "--out", str(tmp_path / "out"), check=False)
    assert result.returncode == 2, result.stderr
    assert str(config) in result.stderr and "duplicate key" in result.stderr and key in result.stderr


@pytest.mark.parametrize("command", ["run", "raid"])
def test_config_that_never_ends_is_rejected_by_its_size(ssdtlm_binary, tmp_path, command):
    result = ssdtlm(ssdtlm_binary, command, "--config", "/dev/zero", "--workload", "random-read:count=10",
                    "--out", str(tmp_path / "out"), check=False, timeout=60)
    assert result.returncode == 2, result.stderr
    assert "/dev/zero: larger than 4 MiB" in result.stderr


# ---- trace lines ---------------------------------------------------------------------------------
def test_trace_stats_of_a_file_without_newlines_stops_at_the_line_limit(ssdtlm_binary):
    result = ssdtlm(ssdtlm_binary, "trace-stats", "/dev/zero", check=False, timeout=60)
    assert result.returncode == 2, result.stderr
    assert "/dev/zero:1: line longer than 65536 bytes" in result.stderr


def test_overlong_trace_line_is_rejected_naming_file_and_line(ssdtlm_binary, tmp_path):
    trace = tmp_path / "long.csv"
    good = "128166372003061629,wdev,3,Write,1017856,4096,1331\n"
    trace.write_text(good * 2 + "1" * (70 << 10) + "\n" + good)
    result = ssdtlm(ssdtlm_binary, "trace-stats", str(trace), "--format", "msr", check=False, timeout=60)
    assert result.returncode == 2, result.stderr
    assert f"{trace}:3: line longer than 65536 bytes" in result.stderr


# ---- preset names stay in the preset folder -------------------------------------------------------
@pytest.mark.parametrize("command", ["run", "raid"])
def test_preset_name_cannot_escape_the_preset_folder(ssdtlm_binary, tmp_path, command):
    preset_dir = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                              "platforms", "presets")
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({"name": "outside"}))
    escape = os.path.relpath(str(tmp_path / "outside"), preset_dir)
    assert escape.startswith("..")
    result = ssdtlm(ssdtlm_binary, command, "--config", escape, "--workload", "random-read:count=10",
                    "--out", str(tmp_path / "out"), check=False)
    assert result.returncode == 2, result.stderr
    assert f"--config {escape}: no such file" in result.stderr
