"""The package ships its type hints (py.typed) and they hold: mypy, configured in
pyproject.toml ([tool.mypy]: every function annotated), finds no error in bindings/ssdtlm."""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_package_is_marked_typed():
    assert (ROOT / "bindings" / "ssdtlm" / "py.typed").is_file()


def test_mypy_finds_no_error_in_the_package():
    # the cache beside the project's venv: a second run checks only what changed
    run = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(ROOT / ".venv" / ".mypy_cache")],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "Success: no issues found" in run.stdout
