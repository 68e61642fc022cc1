"""The options every scenario shares (scenarios/_common.py): --ssdtlm PATH picks the binary for
scripts that run it, and missing inputs (binary, trace directory, unknown --only section) end in
a failed results.json whose error says what to provide, not in a bare traceback."""
import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def run_script(name, out, *arguments, **environment):
    env = dict(os.environ, SYSTEMC_DISABLE_COPYRIGHT_MESSAGE="1", **environment)
    done = subprocess.run([sys.executable, str(ROOT / "scenarios" / name), "--quick", "--out", str(out),
                           *arguments], capture_output=True, text=True, timeout=600, env=env, cwd=ROOT)
    return done, json.loads((out / "results.json").read_text())


def test_missing_trace_directory_names_the_variable(ssdtlm_binary, tmp_path):
    done, report = run_script("trace_wa.py", tmp_path / "out", SSDTLM_BINARY=ssdtlm_binary,
                              SSDTLM_TRACES=str(tmp_path / "no-such-dir"))
    assert done.returncode == 1
    assert report["status"] == "failed"
    assert "no-such-dir" in report["error"] and "SSDTLM_TRACES" in report["error"]


def test_missing_binary_says_how_to_give_one(tmp_path):
    done, report = run_script("gc_validation.py", tmp_path / "out", "--ssdtlm", str(tmp_path / "nothing"))
    assert done.returncode == 1
    assert "nothing" in report["error"] and "--ssdtlm" in report["error"]


def test_ssdtlm_option_selects_the_binary_and_only_is_checked(ssdtlm_binary, tmp_path):
    done, report = run_script("gc_validation.py", tmp_path / "out", "--ssdtlm", ssdtlm_binary,
                              "--only", "seed999", SSDTLM_BINARY=str(tmp_path / "ignored"))
    assert done.returncode == 1
    assert report["results"]["ssdtlm"] == str(pathlib.Path(ssdtlm_binary).resolve())
    assert "seed999" in report["error"] and "seed002_table2" in report["error"]
