"""scenarios/harmonia.py --quick (Harmonia, [Kim et al. 2011]): the results.json contract, the
direction of the paper's headline result (coordinated GC lowers HPC(W)'s mean and spread of
response time) and the direction measured here for the enterprise workloads TPC-C and Financial
(coordination raises both: the members' own GC never meets a host write at these rates, a round
does; docs/validation.md)."""
import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_harmonia_quick_run_coordination_lowers_hpc_w_response_time(ssdtlm_binary, tmp_path):
    out = tmp_path / "harmonia"
    env = {**os.environ, "SSDTLM_BINARY": ssdtlm_binary, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"}
    done = subprocess.run([sys.executable, str(ROOT / "scenarios" / "harmonia.py"), "--quick", "--out", str(out)],
                          capture_output=True, text=True, timeout=900, env=env)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report = json.loads((out / "results.json").read_text())
    assert report["status"] == "ok"
    hpc = report["workloads"]["HPC(W)"]
    assert set(hpc) == {"none", "reactive", "proactive", "idle"}
    for policy, figures in hpc.items():
        assert figures["mean_us"] > 0 and figures["stddev_us"] > 0, policy
    assert hpc["none"]["gc_rounds"] == 0 and hpc["reactive"]["gc_rounds"] > 0
    assert hpc["reactive"]["mean_us"] < hpc["none"]["mean_us"]
    assert hpc["reactive"]["stddev_us"] < hpc["none"]["stddev_us"]
    assert (out / "member-trace.png").is_file() and (out / "response-time.md").is_file()
    assert set(report["workloads"]) == {"HPC(W)", "TPC-C", "Financial"}
    for name in ("TPC-C", "Financial"):
        runs = report["workloads"][name]
        assert set(runs) == {"none", "reactive", "proactive", "idle"}
        none, reactive = runs["none"], runs["reactive"]
        assert reactive["gc_rounds"] > 0 and len(reactive["wa_windows"]) >= 9, name
        # Opposite to the paper's ~10% lower mean: measured 4.2x (TPC-C) and 1.4x (Financial) the
        # mean and 41x / 57x the stddev at this length; the tolerance leaves room for model tuning.
        assert reactive["mean_us"] > 1.1 * none["mean_us"], name
        assert reactive["stddev_us"] > 5 * none["stddev_us"], name
        # Why: without coordination no host write waits for its plane's GC; with it some do.
        assert none["gc_waited_writes"] == 0 and reactive["gc_waited_writes"] > 0, name
