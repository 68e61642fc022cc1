"""ssdtlm calibrate: fitting configuration keys to measured fio JSON.

The recovery test measures a "drive" that is the simulator itself: a small mlc-mqsim device
with tR and the channel rate changed from the preset's 75 us and 333 MT/s, running two fio
jobs (4 KiB random reads at queue depth 1: tR plus one transfer; 128 KiB sequential reads at
depth 16: bound by the shared channel bus). Calibrating the unchanged preset against those
results must find both values again within 1 %."""
import json
import pathlib
import subprocess

import pytest

import ssdtlm
from ssdtlm import calibrate as calibration
from ssdtlm.fio_measurement import MeasurementError, load_measurement

# One channel shared by 4 dies, so that large reads queue for the bus: its rate shows in their IOPS.
DEVICE = {"controller.channels": 1, "controller.chips_per_channel": 2, "nand.dies_per_chip": 2,
          "nand.planes_per_die": 2, "nand.blocks_per_plane": 128, "ftl.spare_factor": 0.15}
TRUE_READ_US = 61.5
TRUE_RATE_MTS = 412
IOS = 400
JOBS = {
    "randread-4k-qd1": {"rw": "randread", "bs": "4k", "iodepth": "1", "size": "268435456"},
    "read-128k-qd16": {"rw": "read", "bs": "128k", "iodepth": "16", "size": "268435456"},
}


def _job_file(name: str, options: dict) -> str:
    lines = [f"[{name}]", *(f"{k}={v}" for k, v in options.items()), f"number_ios={IOS}"]
    return "\n".join(lines) + "\n"


def _measure(directory: pathlib.Path, config: ssdtlm.Config) -> list[pathlib.Path]:
    """fio JSON of the simulated drive, one file per job, as fio writes it (job options embedded)."""
    paths = []
    for name, options in JOBS.items():
        job_file = directory / f"{name}.fio"
        job_file.write_text(_job_file(name, options))
        document = ssdtlm.simulate(config, f"fio:{job_file}", precondition="fill", progress=False,
                                   fio=True).to_fio_json()
        for job in document["jobs"]:
            job["job options"] = {"name": name, "filename": "/dev/simulated", **options, "number_ios": str(IOS),
                                  "percentile_list": "50:95:99"}
        path = directory / f"{name}.json"
        path.write_text(json.dumps(document))
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def preset():
    return ssdtlm.Config.preset("mlc-mqsim").update(DEVICE)


def test_calibration_recovers_read_time_and_bus_rate(tmp_path, preset, ssdtlm_binary):
    truth = preset.copy().update({"nand.timing.read_us": TRUE_READ_US, "channel.transfer_rate_mts": TRUE_RATE_MTS})
    measured = _measure(tmp_path, truth)
    platform = preset.save(tmp_path / "platform.json")
    out = tmp_path / "calibration"
    run = subprocess.run([ssdtlm_binary, "calibrate", "--preset", str(platform), "--measured", str(measured[0]),
                          "--measured", str(measured[1]), "--fit", "nand.timing.read_us",
                          "--fit", "channel.transfer_rate_mts=100:1600", "--ios", str(IOS), "--workers", "2",
                          "--quiet", "--out", str(out)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    summary = json.loads((out / "calibration.json").read_text())
    fitted = summary["fitted"]
    assert fitted["nand.timing.read_us"]["value"] == pytest.approx(TRUE_READ_US, rel=0.01)
    assert fitted["channel.transfer_rate_mts"]["value"] == pytest.approx(TRUE_RATE_MTS, rel=0.01)
    assert summary["error_percent"]["fit"] < 1.0 < summary["error_percent"]["initial"]
    # the fitted configuration is a platform file that runs and carries the fitted values
    config = ssdtlm.Config.load(out / "fitted-config.json")
    assert config["nand.timing.read_us"] == fitted["nand.timing.read_us"]["value"]
    assert config["channel.transfer_rate_mts"] == fitted["channel.transfer_rate_mts"]["value"]
    table = (out / "jobs.csv").read_text().splitlines()
    assert table[0].startswith("set,file,job,op,iops measured,iops simulated,iops error %")
    assert len(table) == 1 + len(JOBS)
    for name in ("jobs.md", "measured-vs-simulated.png", "convergence.png"):
        assert (out / name).stat().st_size > 0


def test_job_file_keeps_what_the_drive_did_and_replaces_the_duration(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps({
        "global options": {"ioengine": "libaio", "direct": "1", "runtime": "30s"},
        "jobs": [{"jobname": "a", "job options": {"name": "a", "filename": "/dev/nvme0n1", "rw": "randread",
                                                  "bs": "4Ki", "iodepth": "2", "ramp_time": "10s",
                                                  "percentile_list": "50:95", "numa_cpu_nodes": "1"},
                  "read": {"total_ios": 10, "iops": 20000.0,
                           "clat_ns": {"N": 10, "mean": 87261.8, "percentile": {"50.000000": 84480,
                                                                                 "99.900000": 97792}}}}]}))
    measurement = load_measurement(path)
    assert measurement.jobs[0].metrics == {"read.iops": 20000.0, "read.mean_us": pytest.approx(87.2618), "read.p50_us": 84.48,
                                           "read.p99.9_us": 97.792}
    assert measurement.job_file(io_budget=123).splitlines()[1:] == [
        "[global]", "ioengine=libaio", "direct=1", "[a]", "rw=randread", "bs=4Ki", "iodepth=2", "number_ios=123"]
    assert calibration.fit_terms(measurement.jobs[0].metrics) == ["read.iops", "read.p50_us", "read.p99.9_us"]


def test_a_key_the_platform_overrides_cannot_be_fitted():
    with pytest.raises(ValueError, match="nand.timing.read_us has no effect: the platform sets nand.timing.read_us_by_page_type"):
        calibration.parse_fit("nand.timing.read_us", ssdtlm.Config.preset("tlc-modern"))


def test_default_bounds_are_a_factor_of_four_around_the_platform_value(preset):
    parameter = calibration.parse_fit("nand.timing.read_us", preset)
    assert (parameter.low, parameter.high, parameter.initial) == (75 / 4, 75 * 4, 75)
    rate = calibration.parse_fit("channel.transfer_rate_mts=100:1600", preset)
    assert rate.integer and rate.value(rate.position(333)) == 333 and rate.value(1.0) == 1600


@pytest.mark.parametrize("fit, message", [
    ("nand.timing.no_such_key", "nand.timing.no_such_key: unknown configuration key"),
    ("ftl.gc.policy", "ftl.gc.policy: not a numeric key"),
    ("nand.timing.read_us=80:20", "bounds: expected 0 < LO < HI, got 80:20"),
    ("nand.timing.read_us=0:20", "bounds: expected 0 < LO < HI"),
    ("nand.timing.read_us=20", "bounds: expected LO:HI"),
    ("nand.timing.read_us=a:20", "LO: expected a number, got 'a'"),
    ("nand.timing.read_us=1:1e9", "leave the range of nand.timing.read_us"),
])
def test_bad_fit_is_exit_2_naming_the_key(tmp_path, ssdtlm_binary, fit, message):
    measured = tmp_path / "m.json"
    measured.write_text(json.dumps({"jobs": [{"jobname": "a", "job options": {"rw": "randread"},
                                              "read": {"total_ios": 1, "iops": 1.0}}]}))
    run = subprocess.run([ssdtlm_binary, "calibrate", "--preset", "mlc-mqsim", "--measured", str(measured),
                          "--fit", fit, "--out", str(tmp_path / "out"), "--quiet"], capture_output=True, text=True)
    assert run.returncode == 2
    assert message in run.stderr


@pytest.mark.parametrize("content, message", [
    ("not json", "not fio JSON output (line 1"),
    (json.dumps({"results": []}), "not fio JSON output (no \"jobs\" list"),
    (json.dumps({"jobs": [{"jobname": "a", "read": {"total_ios": 5, "iops": 1.0}}]}),
     "jobs[0] (a): no \"job options\""),
    (json.dumps({"jobs": [{"jobname": "a", "job options": {"rw": "read"}, "read": {"total_ios": 0}}]}),
     "jobs[0] (a): no I/O recorded"),
])
def test_measured_file_that_is_not_fio_json_with_job_options_is_exit_2(tmp_path, ssdtlm_binary, content, message):
    measured = tmp_path / "m.json"
    measured.write_text(content)
    run = subprocess.run([ssdtlm_binary, "calibrate", "--preset", "mlc-mqsim", "--measured", str(measured),
                          "--fit", "nand.timing.read_us", "--out", str(tmp_path / "out"), "--quiet"],
                         capture_output=True, text=True)
    assert run.returncode == 2
    assert f"{measured}: {message}" in run.stderr
    with pytest.raises(MeasurementError, match="m.json"):
        load_measurement(measured)


def test_same_inputs_and_seed_give_the_same_fit(tmp_path, preset):
    measured = _measure(tmp_path, preset.copy().set("nand.timing.read_us", 90.0))[:1]
    summaries = [calibration.calibrate(preset, measured, ["nand.timing.read_us"], tmp_path / f"run{i}", io_budget=IOS,
                                       max_evaluations=8, max_workers=2, seed=3) for i in range(2)]
    assert summaries[0]["fitted"] == summaries[1]["fitted"]
    assert (tmp_path / "run0" / "jobs.csv").read_text() == (tmp_path / "run1" / "jobs.csv").read_text()
