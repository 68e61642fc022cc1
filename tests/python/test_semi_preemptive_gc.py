"""scenarios/semi_preemptive_gc.py --quick: results.json has the documented "workloads" shape, the
Financial- and Cello-like workloads are there, and semi-preemptive GC improves the mean and the
variance of response time on these write-dominant bursty workloads ([Lee et al. 2011]'s direction)."""
import json
import math
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIGURES = {"mean_us", "stddev_us", "p99_us"}


def test_semi_preemptive_gc_quick(ssdtlm_binary, tmp_path):
    out = tmp_path / "semi"
    env = dict(os.environ, SSDTLM_BINARY=ssdtlm_binary, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1")
    result = subprocess.run([sys.executable, str(ROOT / "scenarios" / "semi_preemptive_gc.py"), "--quick",
                             "--out", str(out)], capture_output=True, text=True, timeout=900, env=env, cwd=ROOT)
    assert result.returncode == 0, result.stderr[-4000:]
    results = json.loads((out / "results.json").read_text())
    assert results["status"] == "ok" and results["quick"] is True
    workloads = results["workloads"]
    assert results["results"]["workloads"] == workloads  # the contract's "results" holds the same map
    assert {"financial", "cello"} <= set(workloads)
    for name, modes in workloads.items():
        assert set(modes) == {"none", "semi"}, name
        for mode, figures in modes.items():
            assert set(figures) == FIGURES, (name, mode)
            assert all(isinstance(v, (int, float)) and math.isfinite(v) and v > 0 for v in figures.values())
            assert figures["p99_us"] >= figures["mean_us"] * 0.5
    # Synthetic sweeps vary one parameter at a time.
    for family in ("size", "rate", "seq", "read"):
        assert any(name.startswith(family + "-") for name in workloads), family
    # The direction of [Lee et al. 2011] on write-dominant bursty workloads: lower mean and variance.
    for name in ("financial", "cello"):
        none, semi = workloads[name]["none"], workloads[name]["semi"]
        assert semi["mean_us"] < none["mean_us"], (name, none, semi)
        assert semi["stddev_us"] < none["stddev_us"], (name, none, semi)
    for plot in ("sweeps.png", "realistic.png"):
        assert (out / plot).stat().st_size > 1000
    table = (out / "workloads.md").read_text()
    assert "financial" in table and "cello" in table
