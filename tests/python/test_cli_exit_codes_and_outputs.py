"""The `ssdtlm` command's contract with scripts: exit status 2 and a message naming the culprit
for every bad input (argument parsing included), `--version`, "did you mean" hints, no SystemC
banner, a failed write of any result (full disk) never exits 0, and `--out` never mixes two runs."""
import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SMALL = [
    "--set", "controller.channels=2", "--set", "controller.chips_per_channel=1",
    "--set", "nand.blocks_per_plane=64", "--set", "nand.planes_per_die=2",
]
RAID_SMALL = [
    "--set", "ssd.controller.channels=1", "--set", "ssd.controller.chips_per_channel=1",
    "--set", "ssd.nand.blocks_per_plane=64", "--set", "ssd.nand.planes_per_die=1",
]
WORKLOAD = "random-write:qd=4,count=200,size=4KiB"


def ssdtlm(binary, *args, stdout=subprocess.PIPE, env=None):
    """Runs the command as a user would: no SYSTEMC_DISABLE_COPYRIGHT_MESSAGE in its environment."""
    environment = {k: v for k, v in os.environ.items() if k != "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE"}
    environment.update(env or {})
    return subprocess.run([binary, *args], stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=600,
                          cwd=ROOT, env=environment)


# ---- exit codes, --version, banner, did you mean

@pytest.mark.parametrize("args", [
    ["--bogus"],
    [],
    ["run", "--config", "slc-2011"],                       # a required option missing
    ["run", "--config", "slc-2011", "--out"],              # an option without its value
    ["trace-stats", "x.csv", "--page-bytes", "many"],     # a value of the wrong type
    ["config-doc", "extra"],                               # an unexpected argument
])
def test_argument_parse_errors_exit_2(ssdtlm_binary, args):
    result = ssdtlm(ssdtlm_binary, *args)
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip()


def test_help_exits_0(ssdtlm_binary):
    result = ssdtlm(ssdtlm_binary, "--help")
    assert result.returncode == 0
    assert "run" in result.stdout and "config-doc" in result.stdout


def test_version_prints_the_package_version(ssdtlm_binary):
    result = ssdtlm(ssdtlm_binary, "--version")
    assert result.returncode == 0
    version = next(line.split('"')[1] for line in (ROOT / "pyproject.toml").read_text().splitlines()
                   if line.startswith("version = "))
    assert result.stdout.startswith(f"ssdtlm {version} (SystemC ")


def test_the_systemc_banner_is_never_printed(ssdtlm_binary, tmp_path):
    for args in (["config-doc"], ["--help"], ["run", "--config", "slc-2011", *SMALL, "--workload",
                                             "random-read:count=10", "--out", str(tmp_path / "o")]):
        result = ssdtlm(ssdtlm_binary, *args)
        assert result.returncode == 0, result.stderr
        assert "Copyright" not in result.stdout + result.stderr
        assert "SystemC 2." not in result.stdout + result.stderr


def test_unknown_subcommand_names_the_nearest(ssdtlm_binary):
    result = ssdtlm(ssdtlm_binary, "rnu", "--config", "slc-2011")
    assert result.returncode == 2
    assert "rnu: unknown subcommand (did you mean 'run'?)" in result.stderr
    result = ssdtlm(ssdtlm_binary, "trace-stat", "x")
    assert "(did you mean 'trace-stats'?)" in result.stderr


@pytest.mark.parametrize("args,hint", [
    (["--config", "mlc-mqsm"], "did you mean 'mlc-mqsim'?"),
    (["--config", "slc-2011", "--set", "ftl.gc.policy=gredy"], "did you mean 'greedy'?"),
    (["--config", "slc-2011", "--set", "controller.scheduling_policy=read-frist"], "did you mean 'read-first'?"),
    (["--config", "slc-2011", "--set", "ftl.gc.polcy=greedy"], "did you mean 'policy'?"),
    (["--config", "slc-2011", "--workload", "random-wirte:count=10"], "did you mean 'random-write'?"),
    (["--config", "slc-2011", "--workload", "random-write:cuont=10"], "did you mean 'count'?"),
])
def test_near_miss_names_get_a_hint(ssdtlm_binary, tmp_path, args, hint):
    if "--workload" not in args:
        args = [*args, "--workload", "random-read:count=10"]
    result = ssdtlm(ssdtlm_binary, "run", *args, "--out", str(tmp_path / "o"))
    assert result.returncode == 2
    assert hint in result.stderr


def test_fio_size_spellings(ssdtlm_binary, tmp_path):
    result = ssdtlm(ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--workload",
                    "random-write:count=20,size=4kb", "--out", str(tmp_path / "o"), "--quiet")
    assert result.returncode == 0, result.stderr
    stats = json.loads((tmp_path / "o" / "stats.json").read_text())
    assert stats["host"]["write"]["bytes"] == 20 * 4096


# ---- beyond=reject,strict: bad input met during the run

def test_strict_trace_beyond_the_device_is_a_clean_input_error(ssdtlm_binary, tmp_path):
    trace = tmp_path / "beyond.csv"
    lines = [f"1281664103180{index:05d},wdev,3,Write,{index * 4096},4096,900" for index in range(5)]
    lines.append("128166410318099999,wdev,3,Write,1099511627776000,4096,900")  # far past any device
    trace.write_text("\n".join(lines) + "\n")
    result = ssdtlm(ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--workload",
                    f"trace:{trace},format=msr,beyond=reject,strict", "--out", str(tmp_path / "o"))
    assert result.returncode == 2, result.stderr
    assert f"{trace}:6: request [1099511627776000, +4096) lies beyond the device's" in result.stderr
    assert "uncaught exception" not in result.stderr and "simulation error" not in result.stderr


def test_strict_trace_malformed_line_during_the_run_is_a_clean_input_error(ssdtlm_binary, tmp_path):
    trace = tmp_path / "bad.csv"
    lines = [f"1281664103180{index:05d},wdev,3,Write,{index * 4096},4096,900" for index in range(5)]
    lines.append("128166410318099999,wdev,3,Scribble,4096,4096,900")
    trace.write_text("\n".join(lines) + "\n")
    result = ssdtlm(ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--workload",
                    f"trace:{trace},format=msr,strict", "--out", str(tmp_path / "o"))
    assert result.returncode == 2, result.stderr
    assert f"{trace}:6" in result.stderr
    assert "uncaught exception" not in result.stderr


# ---- --out: never two runs' files mixed

def test_a_non_empty_out_directory_is_refused_without_force(ssdtlm_binary, tmp_path):
    out = tmp_path / "o"
    first = ssdtlm(ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--set", "stats.per_request_records=true",
                   "--workload", WORKLOAD, "--out", str(out), "--quiet")
    assert first.returncode == 0, first.stderr
    assert (out / "requests.csv").is_file()
    second = ssdtlm(ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--workload", WORKLOAD,
                    "--out", str(out), "--quiet")
    assert second.returncode == 2
    assert f"--out {out}: directory is not empty" in second.stderr and "--force" in second.stderr
    (out / "notes.txt").write_text("mine\n")
    forced = ssdtlm(ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--workload", WORKLOAD,
                    "--out", str(out), "--quiet", "--force")
    assert forced.returncode == 0, forced.stderr
    assert not (out / "requests.csv").exists()  # the earlier run's file is gone
    assert (out / "notes.txt").read_text() == "mine\n"  # not a file ssdtlm writes: left alone
    assert sorted(p.name for p in out.iterdir()) == [
        "effective-config.json", "notes.txt", "stats.json", "timeline.csv", "wall.json"]


def test_raid_refuses_a_non_empty_out_directory_without_force(ssdtlm_binary, tmp_path):
    out = tmp_path / "o"
    out.mkdir()
    (out / "member_trace.csv").write_text("stale\n")
    args = ["raid", "--config", "raid-5-mlc", *RAID_SMALL, "--workload", "random-write:count=50,size=16KiB",
            "--out", str(out), "--quiet"]
    assert ssdtlm(ssdtlm_binary, *args).returncode == 2
    result = ssdtlm(ssdtlm_binary, *args, "--force")
    assert result.returncode == 0, result.stderr
    assert not (out / "member_trace.csv").exists()
    assert (out / "stats.json").is_file()


# ---- a full disk

def test_stdout_results_to_a_full_disk_exit_non_zero(ssdtlm_binary):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    for args in (["config-doc"], ["trace-stats", str(ROOT.parent / "shared" / "traces" / "wdev_3.csv"), "--json"],
                 ["trace-stats", str(ROOT.parent / "shared" / "traces" / "wdev_3.csv")],
                 ["wa", "--pages-per-block", "16", "--blocks", "64", "--host-writes", "1", "--warmup", "0"],
                 ["--help"], ["--version"]):
        if args[0] == "trace-stats" and not pathlib.Path(args[1]).exists():
            continue
        with open("/dev/full", "w") as full:
            result = ssdtlm(ssdtlm_binary, *args, stdout=full)
        assert result.returncode != 0, args
        assert "standard output" in result.stderr or "No space left" in result.stderr, (args, result.stderr)


def test_out_that_is_not_a_directory_is_refused(ssdtlm_binary, tmp_path):
    (tmp_path / "file").write_text("x")
    result = ssdtlm(ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--workload", WORKLOAD,
                    "--out", str(tmp_path / "file"), "--force")
    assert result.returncode == 2
    assert f"--out {tmp_path / 'file'}: exists and is not a directory" in result.stderr


@pytest.fixture
def full_filesystem(tmp_path):
    """A 64 KiB tmpfs, filled to the last byte (needs root: mount)."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mount_point = tmp_path / "full"
    mount_point.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount_point)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        (mount_point / "out").mkdir()
        filler = os.open(mount_point / "filler", os.O_WRONLY | os.O_CREAT)
        try:
            while os.write(filler, b"\0" * 512) > 0:
                pass
        except OSError:
            pass  # full
        finally:
            os.close(filler)
        yield mount_point
    finally:
        subprocess.run(["umount", str(mount_point)], check=False)


@pytest.mark.parametrize("command", [
    ["run", "--config", "slc-2011", *SMALL, "--workload", WORKLOAD],
    ["run", "--config", "slc-2011", *SMALL, "--set", "stats.per_request_records=true", "--workload", WORKLOAD],
    ["raid", "--config", "raid-5-mlc", *RAID_SMALL, "--workload", "random-write:count=50,size=16KiB"],
])
def test_run_and_raid_on_a_full_filesystem_exit_non_zero_naming_the_file(ssdtlm_binary, full_filesystem, command):
    out = full_filesystem / "out"
    result = ssdtlm(ssdtlm_binary, *command, "--out", str(out), "--quiet", "--force")
    assert result.returncode == 2, result.stderr
    assert f"{out}/" in result.stderr and "cannot write" in result.stderr
