"""`ssdtlm run` with a trace workload: the replay's report in stats.json["workload"], the
auto-detected format on stderr, and lenient-mode bad-line counts."""
import json
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

# GC refills to 3 free blocks of 64 (not the preset's 4): more than half of the spare holds
# data, so the runs have no spare_mostly_reserved warning to give.
SMALL = [
    "--set", "controller.channels=2", "--set", "controller.chips_per_channel=1",
    "--set", "nand.blocks_per_plane=64", "--set", "nand.planes_per_die=2",
    "--set", "ftl.gc.free_block_low_watermark=0.03", "--set", "ftl.gc.free_block_high_watermark=0.04",
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


@pytest.mark.parametrize("beyond,kind,verb", [("wrap", "trace_requests_wrapped", "wrapped into it"),
                                              ("reject", "trace_requests_skipped", "left out")])
def test_trace_requests_beyond_the_device_are_warned_about(ssdtlm_binary, tmp_path, beyond, kind, verb):
    trace = tmp_path / "far.csv"
    far = 1 << 50  # far beyond the small drive
    lines = [f"1285{i:05d}0000000,wdev,3,Write,{i * 4096 + (far if i % 4 == 0 else 0)},4096,100" for i in range(40)]
    trace.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out"
    result = run(ssdtlm_binary, "--workload", f"trace:{trace},format=msr,replay=closed-loop,qd=4,beyond={beyond}",
                 "--out", str(out))
    stats = json.loads((out / "stats.json").read_text())
    assert [w["kind"] for w in stats["warnings"]] == [kind]
    message = stats["warnings"][0]["message"]
    assert message.startswith("10 trace requests lay beyond the device") and verb in message
    assert f"warning: {message}" in result.stdout
    counted = stats["workload"].get("wrapped_beyond_device", 0) if beyond == "wrap" else stats["workload"]["beyond_device"]
    assert counted == 10


def test_trace_that_fits_has_no_warnings(ssdtlm_binary, tmp_path):
    trace = tmp_path / "near.csv"
    trace.write_text("\n".join(f"1285{i:05d}0000000,wdev,3,Write,{i * 4096},4096,100" for i in range(40)) + "\n")
    out = tmp_path / "out"
    result = run(ssdtlm_binary, "--workload", f"trace:{trace},format=msr,replay=closed-loop,qd=4", "--out", str(out))
    stats = json.loads((out / "stats.json").read_text())
    assert "warnings" not in stats
    assert "wrapped_beyond_device" not in stats["workload"]
    assert "warning:" not in result.stdout
