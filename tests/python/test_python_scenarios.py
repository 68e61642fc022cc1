"""The scenario contract: every scenarios/NAME.py runs with --quick --out DIR, exits 0 and writes
results.json, its tables as CSV and Markdown, and PNG plots."""
import json
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCENARIOS = sorted(p for p in (ROOT / "scenarios").glob("*.py") if not p.name.startswith("_"))


def missing_prerequisite(script):
    """Why a scenario cannot run on this checkout, or None. trace_wa reads the real traces, which
    live beside the checkout (../shared/traces) or in $SSDTLM_TRACES, as the trace tests do;
    real_drives the measured fio results (../shared/fio-data or $SSDTLM_FIO_DATA)."""
    if script.stem == "trace_wa":
        traces = pathlib.Path(os.environ.get("SSDTLM_TRACES") or ROOT.parent / "shared" / "traces")
        if not traces.is_dir():
            return f"{traces} not found (set SSDTLM_TRACES)"
    if script.stem == "real_drives":
        data = pathlib.Path(os.environ.get("SSDTLM_FIO_DATA") or ROOT.parent / "shared" / "fio-data")
        if not data.is_dir():
            return f"{data} not found (set SSDTLM_FIO_DATA)"
    return None


@pytest.mark.parametrize("script", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_quick_run_fulfils_the_contract(script, tmp_path):
    reason = missing_prerequisite(script)
    if reason:
        pytest.skip(reason)
    out = tmp_path / script.stem
    env = {**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1", "MPLBACKEND": "Agg"}
    done = subprocess.run([sys.executable, str(script), "--quick", "--out", str(out)], capture_output=True,
                          text=True, env=env, timeout=120 + 60)
    assert done.returncode == 0, f"{script.name} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    report = json.loads((out / "results.json").read_text())
    assert report["scenario"] == script.stem and report["quick"] is True and report["status"] == "ok"
    assert report["results"], "results.json has no headline figures"
    assert report["wall_seconds"] < 120
    files = {out / name for name in report["files"]}
    assert all(path.is_file() for path in files)
    suffixes = {path.suffix for path in files}
    assert {".csv", ".md", ".png"} <= suffixes
    for csv in (p for p in files if p.suffix == ".csv"):
        assert csv.with_suffix(".md").is_file()


def test_scenario_failure_exits_non_zero(tmp_path):
    sys.path.insert(0, str(SCENARIOS[0].parent))
    try:
        from _common import run_scenario
    finally:
        sys.path.pop(0)

    def main(s):
        s.results["x"] = 1
        s.check("impossible", False, "on purpose")

    assert run_scenario(main, argv=["--quick", "--out", str(tmp_path)]) == 1
    report = json.loads((tmp_path / "results.json").read_text())
    assert report["status"] == "failed" and report["checks"][0]["passed"] is False

    def crash(s):
        raise RuntimeError("boom")

    assert run_scenario(crash, argv=["--out", str(tmp_path)]) == 1
    assert "boom" in json.loads((tmp_path / "results.json").read_text())["error"]
