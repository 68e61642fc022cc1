"""fio JSON out: `ssdtlm run --output-format fio-json` and Result.to_fio_json() write fio's own
--output-format=json document. Read back by fio-plot's parser and by pandas.json_normalize, its
figures agree with stats.json and with the per-request records; its key sets are those of a
real fio 3.28 file (../shared/fio-data)."""
import json
import math
import pathlib
import subprocess

import numpy as np
import pandas as pd
import pytest

import ssdtlm
from test_cli_run import SMALL, run

ROOT = pathlib.Path(__file__).resolve().parents[2]
TINY = {"controller.channels": 2, "controller.chips_per_channel": 1, "nand.blocks_per_plane": 64,
        "nand.planes_per_die": 2}
MIXED = "mixed:qd=8,count=4000,read=0.7,size=4KiB"
REAL_FIO = ROOT.parent / "shared" / "fio-data" / "zns-study" / "throughput" / "nvme0n1p1-2022_03_04_07_58_PM"
WALL_CLOCK_KEYS = {"timestamp", "timestamp_ms", "time"}


@pytest.fixture(scope="module")
def fio_run(ssdtlm_binary, tmp_path_factory):
    """One mixed run with fio JSON and per-request records: (stdout document, out directory)."""
    out = tmp_path_factory.mktemp("fio") / "run"
    result = run(ssdtlm_binary, "--config", "slc-2011", *SMALL, "--set", "stats.per_request_records=true",
                 "--precondition", "fill", "--workload", MIXED, "--out", str(out), "--output-format", "fio-json")
    return json.loads(result.stdout), out


def test_stdout_is_the_document_and_fio_json_holds_it(fio_run):
    document, out = fio_run
    assert json.loads((out / "fio.json").read_text()) == document
    assert list(document)[:4] == ["fio version", "timestamp", "timestamp_ms", "time"]
    job = document["jobs"][0]
    assert job["jobname"] == ssdtlm.workload_compact(MIXED)  # the canonical compact form
    options = job["job options"]
    assert (options["rw"], options["rwmixread"], options["bs"], options["iodepth"], options["numjobs"]) == \
        ("randrw", "70", "4096", "8", "1")
    assert options["number_ios"] == "4000"


def test_figures_agree_with_stats_json(fio_run):
    document, out = fio_run
    stats = json.loads((out / "stats.json").read_text())
    job = document["jobs"][0]
    for op in ("read", "write"):
        block, host = job[op], stats["host"][op]
        assert block["total_ios"] == host["count"] > 0
        assert block["io_bytes"] == host["bytes"]
        assert block["iops"] == host["iops"]  # the same rate over the same simulated window
        assert abs(block["bw_bytes"] - host["bandwidth_mbps"] * 1e6) <= 1  # fio's integer bytes/s
        assert block["bw"] == block["bw_bytes"] // 1024
        lat = block["lat_ns"]
        assert lat["N"] == host["count"]
        assert lat["mean"] == pytest.approx(host["latency_us"]["mean"] * 1e3, rel=1e-12)
        assert abs(lat["min"] - host["latency_us"]["min"] * 1e3) <= 0.5
        assert abs(lat["max"] - host["latency_us"]["max"] * 1e3) <= 0.5
        # stats.json's percentiles come off a histogram accurate to 0.6 %; fio's are exact samples.
        for fio_key, stats_key in (("50.000000", "p50"), ("99.000000", "p99"), ("99.900000", "p999")):
            assert lat["percentile"][fio_key] == pytest.approx(host["latency_us"][stats_key] * 1e3, rel=0.006)
        # slat + clat = lat, request by request, so their means add up.
        assert block["slat_ns"]["mean"] + block["clat_ns"]["mean"] == pytest.approx(lat["mean"], rel=1e-12)
        assert 0 < block["slat_ns"]["min"] <= block["slat_ns"]["max"] < lat["min"]
    assert job["trim"]["total_ios"] == 0 and "percentile" not in job["trim"]["lat_ns"]


def test_percentiles_are_exact_order_statistics_of_the_requests(fio_run):
    document, out = fio_run
    requests = pd.read_csv(out / "requests.csv")
    for op in ("read", "write"):
        latencies_ns = np.sort(requests.loc[requests["op"] == op, "latency_ns"].to_numpy(dtype=np.float64))
        lat = document["jobs"][0][op]["lat_ns"]
        for key, value in lat["percentile"].items():
            rank = max(1, math.ceil(float(key) / 100.0 * len(latencies_ns) - 1e-9))
            assert value == round(latencies_ns[rank - 1]), key
        assert lat["stddev"] == pytest.approx(np.std(latencies_ns, ddof=1), rel=1e-9)


def test_fio_plot_reads_the_document(fio_run, tmp_path):
    from fio_plot.fiolib import jsonimport, jsonparsing

    document, out = fio_run
    (tmp_path / "fio.json").write_text(json.dumps(document))
    stats = json.loads((out / "stats.json").read_text())
    for op in ("read", "write"):
        settings = {"input_directory": [str(tmp_path)], "rw": "randrw", "iodepth": [8], "numjobs": [1],
                    "filter": [op], "compare_graph": False}
        dataset = jsonimport.import_json_dataset(settings, jsonimport.list_json_files(settings))
        row = jsonparsing.parse_json_data(settings, dataset)[0]["data"][0]
        assert row["iops"] == stats["host"][op]["iops"]
        assert row["lat"] == pytest.approx(stats["host"][op]["latency_us"]["mean"] * 1e3, rel=1e-12)
        assert row["bw"] == int(stats["host"][op]["bandwidth_mbps"] * 1e6) // 1024
        assert (row["rw"], row["bs"], row["iodepth"]) == ("randrw", "4096", "8")


@pytest.mark.skipif(not REAL_FIO.is_dir(), reason="../shared/fio-data not present")
def test_key_sets_match_real_fio_3_28_output(fio_run):
    document, _ = fio_run
    real = json.loads(sorted(REAL_FIO.glob("*.json"))[0].read_text())
    assert set(document) == set(real)  # no "global options": fio writes it only for a [global] section
    ours_job, real_job = document["jobs"][0], real["jobs"][0]
    assert list(ours_job) == list(real_job)
    for op in ("read", "write", "trim"):
        assert list(ours_job[op]) == list(real_job[op])
    assert set(ours_job["sync"]) == set(real_job["sync"])
    for name in ("iodepth_level", "iodepth_submit", "iodepth_complete", "latency_ns", "latency_us", "latency_ms"):
        assert list(ours_job[name]) == list(real_job[name]), name
    assert list(document["disk_util"][0]) == list(real["disk_util"][0])
    # json_normalize flattens both the same way: every column of the real file's read/write/trim
    # blocks is one of ours. Ours add slat and lat percentiles (fio's slat_percentiles=1,
    # lat_percentiles=1) and list fio's default percentiles where that run asked for 50 and 95.
    ours = pd.json_normalize(document, record_path="jobs").columns
    theirs = pd.json_normalize(real, record_path="jobs").columns

    def blocks(columns):
        return {c for c in columns if c.split(".")[0] in ("read", "write", "trim") and ".percentile." not in c}

    assert blocks(ours) == blocks(theirs)
    assert {c for c in theirs if c.startswith("write.clat_ns.percentile.")} <= \
        {c for c in ours if c.startswith("write.clat_ns.percentile.")} | {"write.clat_ns.percentile.95.000000"}


def test_python_result_gives_the_cli_document(fio_run):
    document, _ = fio_run
    cfg = ssdtlm.Config.preset("slc-2011").update(TINY).update({"stats.per_request_records": True})
    result = ssdtlm.simulate(cfg, MIXED, precondition="fill", fio=True)
    ours = result.to_fio_json()

    def without_wall_clock(doc):
        return {key: value for key, value in doc.items() if key not in WALL_CLOCK_KEYS}

    assert without_wall_clock(ours) == without_wall_clock(document)
    assert ours["jobs"][0]["read"]["iops"] == result["host.read.iops"]


def test_python_fio_needs_asking_and_loads_from_a_directory(tmp_path):
    cfg = ssdtlm.Config.preset("slc-2011").update(TINY)
    plain = ssdtlm.simulate(cfg, "random-read:qd=1,count=50,size=4KiB")
    with pytest.raises(ValueError, match="fio=True"):
        plain.to_fio_json()
    written = ssdtlm.simulate(cfg, "random-read:qd=1,count=50,size=4KiB", out=tmp_path / "run", fio=True)
    loaded = ssdtlm.Result.load(tmp_path / "run")
    assert loaded.to_fio_json() == written.to_fio_json()
    assert loaded.to_fio_json()["jobs"][0]["read"]["total_ios"] == 50


def test_output_format_json_prints_stats_and_a_bad_format_exits_2(ssdtlm_binary, tmp_path):
    args = ["--config", "slc-2011", *SMALL, "--workload", "random-read:qd=1,count=20,size=4KiB"]
    result = run(ssdtlm_binary, *args, "--out", str(tmp_path / "a"), "--output-format", "json")
    assert json.loads(result.stdout) == json.loads((tmp_path / "a" / "stats.json").read_text())
    assert not (tmp_path / "a" / "fio.json").exists()
    bad = run(ssdtlm_binary, *args, "--out", str(tmp_path / "b"), "--output-format", "xml", check=False)
    assert bad.returncode == 2
    assert "--output-format" in bad.stderr


def test_raid_array_run_gives_the_document_too(ssdtlm_binary, tmp_path):
    out = tmp_path / "raid"
    result = subprocess.run([ssdtlm_binary, "raid", "--config", "raid-5-mlc", "--workload",
                             "random-read:qd=4,count=300,size=4KiB", "--out", str(out), "--output-format", "fio-json"],
                            capture_output=True, text=True, timeout=600, env={"SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    assert json.loads((out / "fio.json").read_text()) == document
    read, array = document["jobs"][0]["read"], json.loads((out / "stats.json").read_text())["array"]["read"]
    assert read["total_ios"] == array["count"] == 300
    assert read["iops"] == array["iops"]
    assert read["lat_ns"]["mean"] == pytest.approx(array["latency_us"]["mean"] * 1e3, rel=1e-12)
    # The array controller takes each command as it is submitted: no submission latency.
    assert read["slat_ns"]["max"] == 0 and read["clat_ns"]["mean"] == read["lat_ns"]["mean"]
    assert document["disk_util"][0]["name"] == "raid-5-mlc"


ONE_JOB = """\
[global]
ioengine=libaio
direct=1
blocksize=${SSDTLM_FIO_JSON_BS}
size=8m
numjobs=1
time_based

[randread-qd4]
rw=randread
iodepth=4
runtime=2ms
"""

TWO_JOBS = """\
[global]
size=8m
time_based
runtime=2ms

[reader]
rw=randread
bs=4k
iodepth=2

[writers]
rw=write
bs=64k
iodepth=1
numjobs=2
offset_increment=8m
"""


def run_job_file(binary, tmp_path, text):
    """A job file's run with fio JSON: (document, stats.json)."""
    job = tmp_path / "job.fio"
    job.write_text(text)
    out = tmp_path / "out"
    result = subprocess.run([binary, "run", "--config", "slc-2011", *SMALL, "--precondition", "fill",
                             "--workload", f"fio:{job}", "--out", str(out), "--output-format", "fio-json"],
                            capture_output=True, text=True, timeout=600,
                            env={"SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1", "SSDTLM_FIO_JSON_BS": "4k"})
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout), json.loads((out / "stats.json").read_text())


def test_job_file_of_one_job_gives_its_own_names_and_options(ssdtlm_binary, tmp_path):
    document, stats = run_job_file(ssdtlm_binary, tmp_path, ONE_JOB)
    # As fio prints them: its name for an alias (blocksize is bs), the value after ${VAR}
    # expansion, "" for a bare flag; the job's options are only those of its own section.
    assert document["global options"] == {"ioengine": "libaio", "direct": "1", "bs": "4k", "size": "8m",
                                          "numjobs": "1", "time_based": ""}
    [job] = document["jobs"]
    assert (job["jobname"], job["groupid"], job["latency_depth"]) == ("randread-qd4", 0, 4)
    assert job["job options"] == {"rw": "randread", "iodepth": "4", "runtime": "2ms"}
    assert job["read"]["total_ios"] == stats["host"]["read"]["count"] > 0

    from fio_plot.fiolib import jsonimport, jsonparsing

    (tmp_path / "plot").mkdir()
    (tmp_path / "plot" / "fio.json").write_text(json.dumps(document))
    settings = {"input_directory": [str(tmp_path / "plot")], "rw": "randread", "iodepth": [4], "numjobs": [1],
                "filter": ["read"], "compare_graph": False}
    dataset = jsonimport.import_json_dataset(settings, jsonimport.list_json_files(settings))
    row = jsonparsing.parse_json_data(settings, dataset)[0]["data"][0]
    assert row["iops"] == stats["host"]["read"]["iops"]
    assert (row["rw"], row["bs"], row["iodepth"], row["numjobs"]) == ("randread", "4k", "4", "1")


def test_job_file_of_two_jobs_is_one_group_named_after_the_first(ssdtlm_binary, tmp_path):
    document, stats = run_job_file(ssdtlm_binary, tmp_path, TWO_JOBS)
    assert document["global options"] == {"size": "8m", "time_based": "", "runtime": "2ms"}
    [job] = document["jobs"]  # the merged stream: fio's group_reporting
    assert (job["jobname"], job["groupid"]) == ("reader", 0)
    assert job["job options"] == {"rw": "randread", "bs": "4k", "iodepth": "2"}
    # The group's figures are all the flows' requests: the reader's reads and the writers' writes.
    assert job["read"]["total_ios"] == stats["host"]["read"]["count"] > 0
    assert job["write"]["total_ios"] == stats["host"]["write"]["count"] > 0
    assert [flow["job"] for flow in stats["workload"]["flows"]] == ["reader", "writers", "writers"]


def test_python_result_of_a_job_file_gives_its_names_too(tmp_path):
    job = tmp_path / "two.fio"
    job.write_text(TWO_JOBS)
    cfg = ssdtlm.Config.preset("slc-2011").update(TINY)
    document = ssdtlm.simulate(cfg, f"fio:{job}", precondition="fill", fio=True).to_fio_json()
    assert document["global options"] == {"size": "8m", "time_based": "", "runtime": "2ms"}
    assert [(j["jobname"], j["job options"]) for j in document["jobs"]] == \
        [("reader", {"rw": "randread", "bs": "4k", "iodepth": "2"})]
