"""fio job files as workloads from the command line and from Python: `ssdtlm run` and
`ssdtlm raid --workload fio:PATH`, the JSON {"fio": PATH} section, Simulation.add_workload and
simulate(workload="fio:..."); ramp_time's window and the ignored-option warning in stats.json;
bad job files as exit status 2 (or ValueError) naming the file, the line and the option."""
import json
import pathlib
import subprocess

import pytest

import ssdtlm

ROOT = pathlib.Path(__file__).resolve().parents[2]
SMALL = ["--set", "controller.channels=2", "--set", "controller.chips_per_channel=1",
         "--set", "nand.blocks_per_plane=64", "--set", "nand.planes_per_die=2"]
TINY = {"controller.channels": 2, "controller.chips_per_channel": 1, "nand.planes_per_die": 2,
        "nand.blocks_per_plane": 64}

JOB = """\
[global]
ioengine=libaio
direct=1
bs=4k
size=8m
[readers]
rw=randread
iodepth=4
numjobs=2
offset_increment=8m
time_based
runtime=2ms
ramp_time=500us
"""


def run_cli(binary, *args):
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=600, cwd=ROOT,
                          env={"SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})


def test_cli_run_of_a_job_file(ssdtlm_binary, tmp_path):
    job = tmp_path / "readers.fio"
    job.write_text(JOB)
    out = tmp_path / "out"
    result = run_cli(ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--precondition", "fill",
                     "--workload", f"fio:{job}", "--out", str(out))
    assert result.returncode == 0, result.stderr
    stats = json.loads((out / "stats.json").read_text())
    workload = stats["workload"]
    assert workload["format"] == "fio"
    assert [flow["job"] for flow in workload["flows"]] == ["readers", "readers"]
    assert [flow["iodepth"] for flow in workload["flows"]] == [4, 4]
    host = stats["host"]
    assert host["measured_from_ns"] == 500_000
    # The ramp's completions are in host.requests but not in the read figures.
    assert 0 < host["read"]["count"] < host["requests"]
    window_s = (stats["sim_time_ns"] - 500_000) * 1e-9
    assert host["read"]["iops"] == pytest.approx(host["read"]["count"] / window_s)
    warnings = {warning["kind"]: warning["message"] for warning in stats["warnings"]}
    assert "ioengine=libaio" in warnings["fio_options_ignored"]
    assert "ioengine=libaio" in result.stdout  # the summary prints the warnings
    effective = json.loads((out / "effective-config.json").read_text())
    assert effective["workload"] == {"fio": str(job)}


def test_cli_json_section_names_the_job_file(ssdtlm_binary, tmp_path):
    job = tmp_path / "w.fio"
    job.write_text("[w]\nrw=write\nbs=16k\nsize=1m\nfsync=16\n")
    document = tmp_path / "platform.json"
    preset = json.loads((ROOT / "platforms" / "presets" / "slc-2011.json").read_text())
    preset["workload"] = {"fio": str(job)}
    document.write_text(json.dumps(preset))
    out = tmp_path / "out"
    result = run_cli(ssdtlm_binary, "run", "--config", str(document), *SMALL, "--out", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    stats = json.loads((out / "stats.json").read_text())
    assert stats["host"]["write"]["count"] == 64  # 1 MiB in 16 KiB blocks, once
    assert stats["host"]["write"]["bytes"] == 1 << 20
    assert stats["host"]["flush"]["count"] == 4  # fsync=16: a flush after every 16 writes


@pytest.mark.parametrize("text,expected", [
    ("[job]\nrw=randread\nbsz=4k\n", ":3: bsz: unknown or unsupported fio option (did you mean 'bs'?)"),
    ("[job]\nrw=randread\niodepth=lots\n", ":3: iodepth: expected a whole number"),
    ("[job]\nzonemode=zbd\n", ":2: zonemode: zoned block devices (zonemode=zbd) are not supported until"),
    ("[job]\nrw=read\nsize=1t\n", ":3: size: 1TiB from byte 0 runs past the simulated device"),
])
def test_cli_bad_job_file_exits_2_naming_file_line_and_option(ssdtlm_binary, tmp_path, text, expected):
    job = tmp_path / "bad.fio"
    job.write_text(text)
    result = run_cli(ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--workload", f"fio:{job}",
                     "--out", str(tmp_path / "out"))
    assert result.returncode == 2, result.stdout + result.stderr
    assert f"{job}{expected}" in result.stderr


def test_cli_raid_takes_a_job_file(ssdtlm_binary, tmp_path):
    job = tmp_path / "raid.fio"
    job.write_text("[w]\nrw=randwrite\nbs=8k\niodepth=8\nnumber_ios=400\n[r]\nrw=randread\nbs=8k\nnumber_ios=100\n")
    document = tmp_path / "array.json"
    document.write_text(json.dumps({
        "name": "test-array", "raid": {"level": "raid5", "members": 4, "stripe_unit_bytes": 8192},
        "ssd": {"nand": {"pages_per_block": 8, "blocks_per_plane": 32, "planes_per_die": 1, "dies_per_chip": 1,
                         "page_size_bytes": 4096},
                "controller": {"channels": 2, "chips_per_channel": 1}, "ftl": {"spare_factor": 0.3}}}))
    out = tmp_path / "out"
    result = run_cli(ssdtlm_binary, "raid", "--config", str(document), "--workload", f"fio:{job}", "--out", str(out),
                     "--quiet")
    assert result.returncode == 0, result.stderr
    stats = json.loads((out / "stats.json").read_text())
    assert stats["array"]["write"]["count"] == 400
    assert stats["array"]["read"]["count"] == 100


def test_python_simulate_and_add_workload(tmp_path):
    job = tmp_path / "mixed.fio"
    job.write_text("[mixed]\nrw=randrw\nrwmixread=75\nnorandommap\niodepth=8\nnumber_ios=2000\nrandseed=5\n")
    cfg = ssdtlm.Config.preset("slc-2011").update(TINY)
    result = ssdtlm.simulate(cfg, f"fio:{job}", precondition="fill")
    host = result.stats["host"]
    assert host["read"]["count"] + host["write"]["count"] == 2000
    assert host["read"]["count"] / 2000 == pytest.approx(0.75, abs=0.05)

    sim = ssdtlm.Simulation(cfg, precondition="fill")
    sim.add_workload(f"fio:{job}")
    again = sim.run().result()
    # randseed fixes the stream: the same requests, the same results.
    assert again.stats["host"]["read"] == host["read"]
    assert ssdtlm.workload_compact(f"fio:{job}") == f"fio:{job}"


def test_python_bad_job_file_is_a_value_error(tmp_path):
    job = tmp_path / "bad.fio"
    job.write_text("[job]\nrw=randread\nverify=md5\n")
    cfg = ssdtlm.Config.preset("slc-2011").update(TINY)
    with pytest.raises(ValueError, match=r"bad\.fio:3: verify: unknown or unsupported fio option"):
        ssdtlm.Simulation(cfg).add_workload(f"fio:{job}")
