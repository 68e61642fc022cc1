"""The wheel of `make wheel` installs and runs where Debian's libsystemc is not: installed with
pip into a fresh virtualenv (no system site packages; its dependencies from the package
index), run with LD_LIBRARY_PATH and PYTHONPATH cleared and, where `unshare -rm` may create a
mount namespace, with every /usr/lib/x86_64-linux-gnu/libsystemc* file masked by /dev/null, so
only the copy auditwheel bundled can be loaded. Its statistics must equal those of the ssdtlm
command built from the same sources, and a sweep's point processes (as on Dask workers) run
from the installed package too."""
import glob
import json
import os
import pathlib
import re
import subprocess
import sys
import warnings

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SYSTEM_SYSTEMC = sorted(glob.glob("/usr/lib/x86_64-linux-gnu/libsystemc*"))
SETTINGS = {"controller.channels": 2, "controller.chips_per_channel": 1, "nand.planes_per_die": 2,
            "nand.blocks_per_plane": 64}
WORKLOAD = "mixed:qd=8,count=2000,read=0.5,size=4KiB"

# Runs in the fresh virtualenv: the system library must not load (when masked), then a
# simulation; prints the files libsystemc was mapped from and the statistics.
RUN_IN_VENV = f"""
import ctypes, json, sys
import ssdtlm
if sys.argv[1] == "masked":
    try:
        ctypes.CDLL("libsystemc-2.3.4.so")
        sys.exit("the system libsystemc is still loadable: the mask did not work")
    except OSError:
        pass
result = ssdtlm.simulate("slc-2011", {WORKLOAD!r}, set={SETTINGS!r}, precondition="fill", progress=False)
with open("/proc/self/maps") as maps:
    mapped = sorted({{line.split()[-1] for line in maps if "libsystemc" in line}})
# a sweep's points run in processes of their own (python -m ssdtlm._point), as on Dask workers
frame = ssdtlm.sweep("slc-2011", {{"ftl.gc.policy": ["greedy", "fifo"]}}, workload={WORKLOAD!r}, set={SETTINGS!r},
                     max_workers=2, progress=False)
print(json.dumps({{"package": ssdtlm.__file__, "libsystemc": mapped, "stats": result.stats,
                  "sweep_requests": frame["host.requests"].tolist()}}))
"""


def clean_environment() -> dict:
    """The test's environment without anything that points into the checkout or its venv."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("LD_LIBRARY_PATH", "LD_PRELOAD", "PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV",
                          "MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    env["SYSTEMC_DISABLE_COPYRIGHT_MESSAGE"] = "1"
    return env


def mount_namespace_works() -> bool:
    try:
        return subprocess.run(["unshare", "-rm", "true"], capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


@pytest.fixture(scope="module")
def repaired_wheel() -> pathlib.Path:
    # a no-op when `make test` has built it already (the wheel target is a dependency of test)
    subprocess.run(["make", "--no-print-directory", "wheel"], cwd=ROOT, check=True, capture_output=True,
                   env=clean_environment())
    wheels = sorted((ROOT / "dist").glob("ssdtlm-*-manylinux_*_x86_64.whl"))
    assert len(wheels) == 1, f"expected one repaired wheel in dist/, found {wheels}"
    return wheels[0]


def test_repaired_wheel_bundles_libsystemc(repaired_wheel):
    import zipfile

    names = zipfile.ZipFile(repaired_wheel).namelist()
    assert "ssdtlm/py.typed" in names
    # libsystemc, renamed with a hash of its contents, is the one library not of the platform
    bundled = [n for n in names if n.startswith("ssdtlm.libs/") and not n.endswith("/")]
    assert len(bundled) == 1 and re.fullmatch(r"ssdtlm\.libs/libsystemc-2-[0-9a-f]{8}\.3\.4\.so", bundled[0]), bundled
    assert any(n.startswith("ssdtlm/presets/") and n.endswith(".json") for n in names)


def test_wheel_installs_in_a_fresh_venv_and_runs_without_the_system_libsystemc(repaired_wheel, ssdtlm_binary,
                                                                               tmp_path):
    env = clean_environment()
    venv = tmp_path / "venv"
    # Cost: no pip of its own (ensurepip takes ~10 s): the test's pip installs into it
    # (--python); no byte-compiling of pandas and matplotlib; downloads from pip's cache.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, env=env)
    assert "include-system-site-packages = false" in (venv / "pyvenv.cfg").read_text()
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-compile",
                    str(repaired_wheel)], check=True, env=env, cwd=tmp_path)

    # The extension asks for the bundled library by its new name, found through its RUNPATH.
    (extension,) = (venv / "lib").glob("python3*/site-packages/ssdtlm/_core*.so")
    dynamic = subprocess.run(["readelf", "-d", str(extension)], check=True, capture_output=True, text=True).stdout
    needed = re.findall(r"\(NEEDED\).*\[(.*)\]", dynamic)
    systemc = [name for name in needed if name.startswith("libsystemc")]
    assert len(systemc) == 1 and re.fullmatch(r"libsystemc-2-[0-9a-f]{8}\.3\.4\.so", systemc[0]), needed
    assert "$ORIGIN/../ssdtlm.libs" in dynamic
    bundled = extension.parent.parent / "ssdtlm.libs" / systemc[0]
    ldd = subprocess.run(["ldd", str(extension)], check=True, capture_output=True, text=True, env=env).stdout
    resolved = re.search(rf"^\s*{re.escape(systemc[0])} => (\S+)", ldd, re.M)
    assert resolved and pathlib.Path(resolved[1]).resolve() == bundled.resolve(), ldd

    script = tmp_path / "run_in_venv.py"
    script.write_text(RUN_IN_VENV)
    command = [str(python), str(script), "plain"]
    if SYSTEM_SYSTEMC and mount_namespace_works():
        masks = "; ".join(f"mount --bind /dev/null {path}" for path in SYSTEM_SYSTEMC)
        command = ["unshare", "-rm", "sh", "-ec", f'{masks}; exec "$0" "$1" masked', str(python), str(script)]
    else:
        warnings.warn("unshare -rm cannot create a mount namespace here: the system libsystemc is not masked "
                      "(the run still checks that only the bundled copy is mapped)")
    # cwd outside the checkout: `import ssdtlm` can only find the installed package
    run = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    report = json.loads(run.stdout)
    assert pathlib.Path(report["package"]).is_relative_to(venv)
    assert report["libsystemc"] == [str(bundled)]

    out = tmp_path / "cli"
    sets = [f"--set={key}={value}" for key, value in SETTINGS.items()]
    subprocess.run([ssdtlm_binary, "run", "--config", "slc-2011", *sets, "--precondition", "fill", "--workload",
                    WORKLOAD, "--out", str(out), "--quiet"], check=True, env=env)
    stats = report["stats"]
    assert stats["host"]["requests"] == 2000
    assert report["sweep_requests"] == [2000, 2000]
    assert stats == json.loads((out / "stats.json").read_text())
