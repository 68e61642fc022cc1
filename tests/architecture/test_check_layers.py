#!/usr/bin/env python3
"""check_layers.py against fixtures/upward, a tree with three upward includes and two allowed
ones: it must fail and name exactly the three as FILE:LINE and the two layers."""
import subprocess
import sys
from pathlib import Path

here = Path(__file__).resolve().parent
result = subprocess.run([sys.executable, str(here / "check_layers.py"), str(here / "fixtures" / "upward")],
                        capture_output=True, text=True)
lines = result.stdout.splitlines()
expected = [
    "models/common/calls_host.h:4: layer common includes models/host/host_interface.h of layer host (allowed: kernel)",
    "models/controller/calls_rtl.h:3: layer controller includes models/rtl/ecc/rtl_ecc_engine.h of layer rtl"
    " (allowed: common, kernel, nand)",
    "models/nand/calls_platforms.h:4: layer nand includes platforms/ssd_platform.h of layer platforms"
    " (allowed: common, kernel)",
    "check_layers: 3 include(s) cross a layer upward",
]
failures = []
if result.returncode != 1:
    failures.append(f"exit status {result.returncode}, expected 1")
if lines != expected:
    failures.append("output:\n  " + "\n  ".join(lines) + "\nexpected:\n  " + "\n  ".join(expected))
for failure in failures:
    print("test_check_layers:", failure)
sys.exit(1 if failures else 0)
