#!/usr/bin/env python3
"""Runs the least-valid-then-oldest plugin through `ssdtlm wa` and `ssdtlm run` and checks the
results are sane; without the plugin the policy name is refused (exit 2), and a path that does
not load is refused naming it. Usage: check_plugin.py SSDTLM PLUGIN.so"""
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ssdtlm, plugin = sys.argv[1], sys.argv[2]
POLICY = "least-valid-then-oldest"
WA = ["wa", "--pages-per-block", "64", "--blocks", "256", "--spare-factor", "0.2", "--host-writes", "2",
      "--warmup", "1", "--seed", "3"]
failures = []


def ssdtlm_run(*args):
    return subprocess.run([ssdtlm, *args], capture_output=True, text=True)


def check(condition, what):
    if not condition:
        failures.append(what)


# wa: the plugin's policy collects; its WA lies between that of greedy (the fewest valid pages,
# optimal here) and fifo (no look at valid pages), up to the noise of different victims.
by_plugin = ssdtlm_run(*WA, "--plugin", plugin, "--policy", POLICY)
check(by_plugin.returncode == 0, f"wa with the plugin: exit {by_plugin.returncode}: {by_plugin.stderr}")
if by_plugin.returncode == 0:
    result = json.loads(by_plugin.stdout)
    greedy = json.loads(ssdtlm_run(*WA, "--policy", "greedy").stdout)
    fifo = json.loads(ssdtlm_run(*WA, "--policy", "fifo").stdout)
    check(result["policy"] == POLICY, f"wa reports policy {result['policy']}")
    wa, wa_greedy, wa_fifo = (r["write_amplification"] for r in (result, greedy, fifo))
    check(1.0 < wa and 0.97 * wa_greedy <= wa <= wa_fifo,
          f"wa {wa} outside [greedy {wa_greedy}, fifo {wa_fifo}]")
    again = ssdtlm_run("--plugin", plugin, *WA, "--policy", POLICY)  # the option before the subcommand
    check(again.returncode == 0 and json.loads(again.stdout)["write_amplification"] == wa,
          f"--plugin before wa: exit {again.returncode}, {again.stderr}")

# run: the timed platform with ftl.gc.policy set to the plugin's policy.
with tempfile.TemporaryDirectory() as out:
    timed = ssdtlm_run("run", "--plugin", plugin, "--config", "slc-2011", "--set", "nand.blocks_per_plane=64",
                       "--set", f"ftl.gc.policy={POLICY}", "--precondition", "steady",
                       "--workload", "random-write:qd=8,count=3000,size=4KiB", "--out", out, "--force")
    check(timed.returncode == 0, f"run with the plugin: exit {timed.returncode}: {timed.stderr}")
    if timed.returncode == 0:
        stats = json.loads((Path(out) / "stats.json").read_text())
        effective = json.loads((Path(out) / "effective-config.json").read_text())
        check(effective["ftl"]["gc"]["policy"] == POLICY, "effective-config.json names another policy")
        check(stats["gc"]["victims"] > 0 and stats["write_amplification"] > 1.0,
              f"run: {stats['gc']['victims']} victims, write amplification {stats['write_amplification']}")

# Without the plugin the name is unknown; a path that does not load is bad input too.
unknown = ssdtlm_run(*WA, "--policy", POLICY)
check(unknown.returncode == 2 and POLICY in unknown.stderr, f"wa without the plugin: exit {unknown.returncode}")
unknown_run = ssdtlm_run("run", "--config", "slc-2011", "--set", f"ftl.gc.policy={POLICY}")
check(unknown_run.returncode == 2, f"run without the plugin: exit {unknown_run.returncode}")
missing = ssdtlm_run(*WA, "--plugin", "/nonexistent/libnothing.so", "--policy", "greedy")
check(missing.returncode == 2 and "/nonexistent/libnothing.so" in missing.stderr and "cannot load" in missing.stderr,
      f"a missing plugin: exit {missing.returncode}, {missing.stderr}")

for failure in failures:
    print("check_plugin:", failure)
sys.exit(1 if failures else 0)
