"""ssdtlm.register_gc_policy: a victim policy written in Python, in the same registry as the
built-in ones; ssdtlm.load_plugin: a policy from a shared library (examples/gc_policy_plugin)."""
import os
import pathlib
import subprocess
import sys

import pytest

import ssdtlm

SMALL = dict(pages_per_block=64, blocks=256, spare_factor=0.2, host_writes=2, warmup=1, seed=3)
TINY = {"controller.channels": 2, "controller.chips_per_channel": 1, "nand.planes_per_die": 2,
        "nand.blocks_per_plane": 64}
WRITES = "random-write:qd=8,count=2000,size=4KiB"
ROOT = pathlib.Path(__file__).resolve().parents[2]


def fewest_valid(candidates):
    return min(candidates, key=lambda c: c["valid_pages"])["block"]


def without_wall(result):
    return {k: v for k, v in result.items() if "wall" not in k and k != "policy"}


ssdtlm.register_gc_policy("python-fewest-valid", fewest_valid)


def test_fewest_valid_in_python_is_greedy_in_the_functional_engine():
    by_python = ssdtlm.wa(policy="python-fewest-valid", **SMALL)
    greedy = ssdtlm.wa(policy="greedy", **SMALL)
    assert by_python["policy"] == "python-fewest-valid"
    assert by_python["gc_page_writes"] > 0
    assert without_wall(by_python) == without_wall(greedy)


def test_fewest_valid_in_python_is_greedy_in_a_timed_simulation():
    cfg = ssdtlm.Config.preset("slc-2011").update(TINY)
    greedy = ssdtlm.simulate(cfg.update({"ftl.gc.policy": "greedy"}), WRITES, precondition="steady")
    by_python = ssdtlm.simulate(cfg.update({"ftl.gc.policy": "python-fewest-valid"}), WRITES, precondition="steady")
    assert by_python.config["ftl"]["gc"]["policy"] == "python-fewest-valid"
    assert by_python.stats["gc"]["victims"] > 0
    assert by_python.stats == greedy.stats


def test_candidates_describe_the_sealed_blocks():
    seen = []

    def record(candidates):
        seen.extend(candidates)
        return fewest_valid(candidates)

    ssdtlm.register_gc_policy("python-recording", record)
    ssdtlm.wa(policy="python-recording", **SMALL)
    assert seen and set(seen[0]) == {"block", "valid_pages", "erase_count", "data_stamp", "age"}
    assert all(0 <= c["valid_pages"] <= 64 and 0 <= c["block"] < 256 for c in seen)


def test_a_function_that_raises_is_a_python_exception():
    def broken(candidates):
        raise RuntimeError("no victim today")

    ssdtlm.register_gc_policy("python-broken", broken)
    with pytest.raises(ValueError, match="python-broken.*no victim today"):
        ssdtlm.wa(policy="python-broken", **SMALL)
    cfg = ssdtlm.Config.preset("slc-2011").update(TINY).update({"ftl.gc.policy": "python-broken"})
    with pytest.raises((ValueError, ssdtlm.SimulationError), match="no victim today"):
        ssdtlm.simulate(cfg, WRITES, precondition="steady")


def test_a_block_that_is_not_a_candidate_is_refused():
    ssdtlm.register_gc_policy("python-wrong-block", lambda candidates: 10**6)
    with pytest.raises(ValueError, match="python-wrong-block.*not one of the candidates"):
        ssdtlm.wa(policy="python-wrong-block", **SMALL)


def test_a_taken_name_is_refused():
    with pytest.raises(ValueError, match="greedy.*exists already"):
        ssdtlm.register_gc_policy("greedy", fewest_valid)
    with pytest.raises(ValueError, match="python-fewest-valid.*exists already"):
        ssdtlm.register_gc_policy("python-fewest-valid", fewest_valid)
    with pytest.raises(TypeError):
        ssdtlm.register_gc_policy("python-not-callable", 3)


def test_a_plugin_that_does_not_load_names_its_path():
    with pytest.raises(ValueError, match="/nonexistent/libnothing.so.*cannot load"):
        ssdtlm.load_plugin("/nonexistent/libnothing.so")


def test_the_example_script_runs():
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "python_gc_policy" / "python_gc_policy.py")],
                          capture_output=True, text=True, env=dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1"))
    assert done.returncode == 0, done.stderr
    assert "functional engine: write amplification" in done.stdout


def test_a_plugin_policy_from_python():
    plugin = ROOT / "build" / "examples" / "gc_policy_plugin" / "libleast_valid_then_oldest.so"
    if not plugin.exists():
        pytest.skip("the example plugin is built by `make build`")
    ssdtlm.load_plugin(plugin)
    ssdtlm.load_plugin(plugin)  # a second load is no load
    result = ssdtlm.wa(policy="least-valid-then-oldest", **SMALL)
    assert result["policy"] == "least-valid-then-oldest" and result["write_amplification"] > 1.0
