"""ftl.mode = mjolnir runs MultiReferenceCpu, which neither re-drives failed programs, levels wear
statically nor keeps OOB metadata: asking for those models with it is a configuration error
naming the key (exit 2), never a run that silently leaves them out."""
import subprocess

import pytest


@pytest.mark.parametrize("setting, key", [
    ("power.enabled=true", "power.enabled"),
    ("nand.reliability.program_fail_probability=0.01", "nand.reliability"),
    ("nand.reliability.rber.base=1e-6", "nand.reliability"),
    ("ftl.wear_leveling.static=true", "ftl.wear_leveling.static"),
    ("controller.cache_commands=true", "controller.cache_commands"),
])
def test_page_only_models_are_rejected_in_mjolnir_mode(ssdtlm_binary, tmp_path, setting, key):
    result = subprocess.run(
        [ssdtlm_binary, "run", "--config", "mlc-mqsim", "--set", "ftl.mode=mjolnir", "--set", setting,
         "--workload", "random-write:count=10,size=4KiB", "--out", str(tmp_path / "out")],
        capture_output=True, text=True, timeout=120, env={"SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
    assert result.returncode == 2, result.stderr
    assert key in result.stderr and "ftl.mode = page" in result.stderr
    assert not (tmp_path / "out" / "stats.json").exists()
