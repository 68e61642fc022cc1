#!/usr/bin/env python3
"""Training runs for the profile-guided release build (`make release`, docs/performance.md "The
release build"). Runs an instrumented ssdtlm on the kinds of work users give it, so that the
profile weights the hot paths of each: the timed platform at GC steady state (bench (a)'s
device), several dies per channel with read-first scheduling, multi-plane merging and mixed
reads (mlc-mqsim), ECC and status reads (tlc-modern), a RAID 6 array, and the functional engine
(`ssdtlm wa`). Each run is short: an instrumented binary is slower and the profile needs the
relative weights of paths, not long runs. A failing run stops the build with its command.

Usage: tests/bench/pgo_training.py INSTRUMENTED_SSDTLM
"""
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from bench import TWO_GIB_DEVICE  # noqa: E402  (the device of bench (a), defined once)

REDUCED_MQSIM = ["--config", "mlc-mqsim", "--set", "nand.blocks_per_plane=64", "--set", "ftl.spare_factor=0.2"]

TRAINING_RUNS = [
    ["run", *TWO_GIB_DEVICE, "--precondition", "steady", "--workload", "random-write:qd=32,count=60000,size=4KiB"],
    ["run", *TWO_GIB_DEVICE, "--precondition", "steady", "--workload", "mixed:qd=32,count=20000,read=0.7,size=4KiB"],
    ["run", *REDUCED_MQSIM, "--set", "controller.scheduling_policy=read-first", "--set", "controller.multi_plane=true",
     "--precondition", "steady", "--workload", "mixed:qd=32,count=20000,read=0.7,size=4KiB"],
    ["run", "--config", "tlc-modern", "--set", "nand.blocks_per_plane=64", "--set", "nand.timing.status_read_ns=200",
     "--set", "controller.ecc.latency_ns=800", "--set", "controller.ecc.throughput_mbps=4000",
     "--precondition", "steady", "--workload", "mixed:qd=16,count=10000,read=0.5,size=4KiB"],
    ["raid", "--config", "raid-6-tlc", "--precondition", "none", "--workload", "mixed:read=0.5,count=2000,size=16KiB"],
    ["wa", "--pages-per-block", "64", "--blocks", "4096", "--spare-factor", "0.1", "--policy", "greedy",
     "--workload", "uniform", "--host-writes", "4", "--warmup", "2", "--seed", "1"],
]


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as out:
        for index, arguments in enumerate(TRAINING_RUNS):
            command = [binary, *arguments]
            if arguments[0] in ("run", "raid"):
                command += ["--quiet", "--out", str(pathlib.Path(out, str(index)))]
            print("pgo training:", " ".join(command[:3]), "...", flush=True)
            result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            if result.returncode != 0:
                raise SystemExit(f"training run failed ({result.returncode}): {' '.join(command)}\n{result.stderr}")


if __name__ == "__main__":
    main()
