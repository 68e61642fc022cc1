"""ssdtlm.wa(): the functional engine with the options of `ssdtlm wa` as keyword arguments."""
import json
import pathlib
import subprocess

import pytest

import ssdtlm

SMALL = dict(pages_per_block=64, blocks=512, spare_factor=0.2, host_writes=2, warmup=1, seed=3)


def without_wall(result):
    return {k: v for k, v in result.items() if "wall" not in k}


def test_wa_of_uniform_writes_is_deterministic_and_ordered_by_spare_factor():
    first = ssdtlm.wa(policy="greedy", **SMALL)
    assert first["write_amplification"] > 1.0
    again = ssdtlm.wa(policy="greedy", **SMALL)
    assert without_wall(again) == without_wall(first)
    more_spare = ssdtlm.wa(policy="greedy", **{**SMALL, "spare_factor": 0.3})
    assert more_spare["write_amplification"] < first["write_amplification"]
    assert ssdtlm.wa(policy="fifo", **SMALL)["write_amplification"] >= first["write_amplification"]


def test_wa_policy_parameters_and_platform_geometry():
    result = ssdtlm.wa(policy="d-choices", params={"d": 4}, **SMALL)
    assert result["write_amplification"] > 1.0
    cfg = ssdtlm.Config.preset("slc-2011").update({"controller.channels": 2, "controller.chips_per_channel": 1,
                                                   "nand.planes_per_die": 2, "nand.blocks_per_plane": 64})
    assert ssdtlm.wa(config=cfg, spare_factor=0.2, host_writes=1, warmup=1)["write_amplification"] > 1.0


def test_wa_bad_options_raise_value_error():
    with pytest.raises(ValueError, match="spare"):
        ssdtlm.wa(pages_per_block=64, blocks=512, spare_factor=1.5)
    with pytest.raises(ValueError, match="polic"):
        ssdtlm.wa(pages_per_block=64, blocks=512, policy="best")


def test_wa_matches_the_command_line(ssdtlm_binary):
    args = ["wa", "--pages-per-block", "64", "--blocks", "512", "--spare-factor", "0.2", "--policy", "greedy",
            "--host-writes", "2", "--warmup", "1", "--seed", "3"]
    done = subprocess.run([ssdtlm_binary, *args], capture_output=True, text=True,
                          env={"SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
    assert done.returncode == 0, done.stderr
    assert without_wall(json.loads(done.stdout)) == without_wall(ssdtlm.wa(policy="greedy", **SMALL))


def test_mdc_oracle_by_name_from_the_command_line_and_python(ssdtlm_binary):
    zipf = dict(SMALL, spare_factor=0.1, workload="zipf:theta=1.35", frontier="double", host_writes=4, warmup=4)
    args = ["wa", "--pages-per-block", "64", "--blocks", "512", "--spare-factor", "0.1", "--policy", "mdc-oracle",
            "--workload", "zipf:theta=1.35", "--frontier", "double", "--host-writes", "4", "--warmup", "4",
            "--seed", "3"]
    env = {"SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"}
    done = subprocess.run([ssdtlm_binary, *args], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    by_name = json.loads(done.stdout)
    assert by_name["policy"] == "mdc-oracle"
    by_param = ssdtlm.wa(policy="mdc", params={"oracle": 1}, **zipf)
    assert by_name["gc_page_writes"] == by_param["gc_page_writes"] > 0
    # the sort buffer absorbs rewrites: fewer GC writes per host write issued than per page programmed
    assert by_name["host_writes_absorbed_by_sort_buffer"] > 0
    assert by_name["extra_writes_per_issued_host_write"] < by_name["extra_writes_per_user_write"]
    trace = pathlib.Path(__file__).resolve().parents[3] / "shared" / "traces" / "wdev_3.csv"
    if trace.exists():  # a trace defines no exact frequencies: refused naming the policy flag
        refused = subprocess.run([ssdtlm_binary, "wa", "--pages-per-block", "64", "--policy", "mdc-oracle",
                                  "--workload", f"trace:{trace}"], capture_output=True, text=True, env=env)
        assert refused.returncode == 2 and "--policy" in refused.stderr, refused.stderr
