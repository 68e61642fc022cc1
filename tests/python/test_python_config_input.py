"""The Python package reads configuration input as the ssdtlm command does: the same JSON limits
(nesting, duplicate keys, size), presets by bare name only, and an effective-config.json that
reruns its run (workload and precondition included)."""
import json
import os
import subprocess
import sys

import pytest

import ssdtlm


def test_config_files_get_the_json_limits_of_the_command(tmp_path):
    duplicate = tmp_path / "duplicate.json"
    duplicate.write_text('{"nand": {"blocks_per_plane": 64}, "nand": {"pages_per_block": 64}}')
    with pytest.raises(ValueError, match=r'duplicate.json: nand: duplicate key "nand"'):
        ssdtlm.Config.load(duplicate)
    deep = tmp_path / "deep.json"
    deep.write_text('{"ftl": {"gc": {"params": {"d": ' + "[" * 100_000 + "]" * 100_000 + "}}}}")
    with pytest.raises(ValueError, match=r"ftl.gc.params.d\[\]: JSON nested deeper than 64 levels"):
        ssdtlm.Config.load(deep)
    with pytest.raises(ValueError, match="nested too deeply"):
        nested = {}
        for _ in range(100_000):
            nested = {"x": nested}
        ssdtlm.Config({"ftl": {"gc": {"params": nested}}})


def test_sweep_file_gets_the_json_limits_of_the_command(tmp_path):
    sweep_file = tmp_path / "sweep.json"
    sweep_file.write_text('{"config": "slc-2011", "grid": {"seed": [1]}, "grid": {"seed": [2]}}')
    env = {**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"}
    done = subprocess.run([sys.executable, "-m", "ssdtlm.sweep", str(sweep_file), "--quiet"], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 2
    assert f'{sweep_file}: grid: duplicate key "grid"' in done.stderr


def test_preset_names_cannot_leave_the_preset_folder(tmp_path):
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({"name": "outside"}))
    escape = os.path.relpath(str(tmp_path / "outside"), str(ssdtlm.config.preset_directory()))
    assert escape.startswith("..")
    with pytest.raises(ValueError, match="no such preset"):
        ssdtlm.Config.preset(escape)
    with pytest.raises(ValueError, match="no such preset"):
        ssdtlm.Config.coerce(escape)
    assert ssdtlm.Config.coerce(str(outside)).get("name") == "outside"  # a path is a path


def test_simulate_of_an_effective_config_reruns_the_command_run(ssdtlm_binary, tmp_path):
    first = tmp_path / "first"
    subprocess.run([ssdtlm_binary, "run", "--config", "slc-2011", "--set", "controller.channels=2",
                    "--set", "nand.blocks_per_plane=64", "--precondition", "fill",
                    "--workload", "random-write:qd=4,count=1500,size=4KiB", "--out", str(first), "--quiet"],
                   check=True, env={"SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"}, timeout=600)
    cfg = ssdtlm.Config.load(first / "effective-config.json")
    assert cfg.get("precondition") == "fill"
    result = ssdtlm.simulate(cfg, out=tmp_path / "python")
    assert result.config["precondition"] == "fill"
    assert (tmp_path / "python" / "stats.json").read_bytes() == (first / "stats.json").read_bytes()
