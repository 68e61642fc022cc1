"""`ssdtlm run` with a trace workload: the replay's report in stats.json["workload"], the
auto-detected format on stderr, and lenient-mode bad-line counts."""
import json
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

SMALL = [
    "--set", "controller.channels=2", "--set", "controller.chips_per_channel=1",
    "--set", "nand.blocks_per_plane=64", "--set", "nand.planes_per_die=2",
]
TRACES = ROOT.parent / "shared" / "traces"


def run(binary, *args):
    result = subprocess.run([binary, "run", "--config", "slc-2011", *SMALL, *args], capture_output=True, text=True,
                            timeout=600, cwd=ROOT, env={"SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
    if result.returncode != 0:
        raise AssertionError(f"exit {result.returncode}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}")
    return result


def test_tpcc_trace_report_in_stats(ssdtlm_binary, tmp_path):
    if not (TRACES / "tpcc-small.trace").exists():
        pytest.skip("../shared/traces not found")
    lines = [line.split() for line in (TRACES / "tpcc-small.trace").read_text().splitlines() if line.strip()]
    sized = [fields for fields in lines if int(fields[3]) > 0]
    expected_reads = sum(1 for fields in sized if int(fields[4]) & 1)
    expected_writes = len(sized) - expected_reads
    out = tmp_path / "out"
    result = run(ssdtlm_binary, "--workload",
                 "trace:../shared/traces/tpcc-small.trace,replay=closed-loop,qd=8,beyond=wrap", "--out", str(out))
    assert "format mqsim (auto-detected)" in result.stderr
    stats = json.loads((out / "stats.json").read_text())
    workload = stats["workload"]
    assert workload["format"] == "mqsim"
    assert workload["format_detected"] is True
    assert workload["passes_completed"] == 1
    assert workload["requests"] == len(sized)
    assert workload["lines"]["records"] == len(sized)
    assert workload["lines"]["bad"]["total"] == 0
    assert workload["beyond_device"] >= 0
    assert stats["host"]["read"]["count"] == expected_reads
    assert stats["host"]["write"]["count"] == expected_writes


def test_lenient_trace_reports_bad_lines_by_kind(ssdtlm_binary, tmp_path):
    trace = tmp_path / "garbled.csv"
    good = [f"1285{i:05d}0000000,wdev,3,{'Read' if i % 2 else 'Write'},{i * 4096},4096,100" for i in range(40)]
    bad = [
        "128500099000000000,wdev,3,Write,8192",             # missing_field
        "128500099000000000,wdev,3,Write,12x,4096,100",      # bad_number
        "128500099000000000,wdev,3,Erase,4096,4096,100",     # bad_operation
    ]
    trace.write_text("\n".join(good[:20] + bad + good[20:]) + "\n")
    out = tmp_path / "out"
    result = run(ssdtlm_binary, "--workload", f"trace:{trace},format=msr,replay=closed-loop,qd=4", "--out", str(out))
    assert "format msr" in result.stderr
    workload = json.loads((out / "stats.json").read_text())["workload"]
    assert workload["format"] == "msr"
    assert workload["format_detected"] is False
    assert workload["requests"] == 40
    bad_lines = workload["lines"]["bad"]
    assert bad_lines["total"] == 3
    assert bad_lines["by_kind"] == {"missing_field": 1, "bad_number": 1, "bad_operation": 1}
    assert all(str(trace) in example for example in bad_lines["first_example"].values())
