import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def ssdtlm_binary():
    path = pathlib.Path(os.environ.get("SSDTLM_BINARY", ROOT / "build" / "ssdtlm"))
    if not path.exists():
        pytest.fail(f"ssdtlm binary not found at {path}: build first (make build)")
    return str(path)


@pytest.fixture(scope="session")
def run_ssdtlm(ssdtlm_binary):
    """Runs `ssdtlm ARGS...` from the repository root; with check (the default) a non-zero exit
    fails the test with the command's output."""
    import subprocess

    def run(*args, check=True):
        result = subprocess.run([ssdtlm_binary, *args], capture_output=True, text=True, timeout=600, cwd=ROOT,
                                env={**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
        if check and result.returncode != 0:
            raise AssertionError(f"{args}: exit {result.returncode}\n{result.stdout}\n{result.stderr}")
        return result

    return run
