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
