"""`ssdtlm report`, `run --report`, `raid --report`, Result.report() and a sweep's report.html:
what the page holds (the browser's view is tests/python/test_report_browser.py)."""
import json
import math
import os
import re
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

import ssdtlm
from ssdtlm.report import figures, format_value, write_report
from ssdtlm.report.metrics import headline_rows
from ssdtlm.report.runs import Run

SMALL = ["--set", "controller.channels=2", "--set", "controller.chips_per_channel=1",
         "--set", "nand.blocks_per_plane=64", "--set", "nand.planes_per_die=2"]
WRITES = "mixed:qd=8,count=3000,read=0.3,size=4KiB"


def ssdtlm_command(binary, *args, env=None, check=True):
    result = subprocess.run([binary, *args], capture_output=True, text=True, timeout=600,
                            env={**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1", **(env or {})})
    if check and result.returncode != 0:
        raise AssertionError(f"exit {result.returncode}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}")
    return result


@pytest.fixture(scope="module")
def two_runs(ssdtlm_binary, tmp_path_factory):
    """Two runs of slc-2011 (small geometry) that differ in the GC policy."""
    base = tmp_path_factory.mktemp("runs")
    for name, policy in (("greedy", "greedy"), ("fifo", "fifo")):
        ssdtlm_command(ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--set", f"ftl.gc.policy={policy}",
                       "--precondition", "steady", "--workload", WRITES, "--out", str(base / name), "--quiet")
    return base / "greedy", base / "fifo"


def scripts_and_links(html):
    return re.findall(r"<script[^>]*\bsrc=", html), re.findall(r"<link[^>]*\bhref=", html)


def test_report_of_one_run_is_self_contained_and_shows_what_the_run_changed(ssdtlm_binary, two_runs, tmp_path):
    greedy, _fifo = two_runs
    out = tmp_path / "report.html"
    result = ssdtlm_command(ssdtlm_binary, "report", str(greedy), "-o", str(out))
    assert f"report written to {out}" in result.stdout
    html = out.read_text()
    assert scripts_and_links(html) == ([], [])  # nothing fetched: plotly.js is inlined
    assert "Plotly.newPlot" in html and 'id="latency-cdf"' in html and 'id="timeline"' in html
    # keys set on the command line differ from the preset slc-2011 and are highlighted
    changes = html.split("5 key(s) differ from preset slc-2011")[1].split("<details>")[0]
    changed = re.findall(r'<tr class="changed"><td class="key">([^<]+)</td>', changes)
    assert changed == ["controller.channels", "controller.chips_per_channel", "nand.blocks_per_plane",
                       "nand.planes_per_die", "precondition"]
    stats = json.loads((greedy / "stats.json").read_text())
    assert f"<td>{stats['host']['write']['count']:,}</td>" in html  # headline: write requests
    assert "write amplification" in html and "write latency p99.9 (us)" in html
    assert "mixed:" in html  # the workload, in its compact form
    platform = html.split("<th class=\"key\">platform</th>")[1].split("</table>")[0]
    assert '<tr class="changed"><td class="key">controller.channels</td><td>2</td></tr>' in platform
    assert '<tr><td class="key">ftl.gc.policy</td><td>greedy</td></tr>' in platform


def test_report_of_several_runs_has_a_difference_table(ssdtlm_binary, two_runs, tmp_path):
    greedy, fifo = two_runs
    out = tmp_path / "both.html"
    ssdtlm_command(ssdtlm_binary, "report", str(greedy), str(fifo), "-o", str(out), "--quiet")
    html = out.read_text()
    a, b = (json.loads((d / "stats.json").read_text()) for d in (greedy, fifo))
    assert a["write_amplification"] != b["write_amplification"]
    change = (b["write_amplification"] - a["write_amplification"]) / a["write_amplification"] * 100
    row = re.search(r"<td class=\"key\">write amplification</td>(.*?)</tr>", html).group(1)
    assert f"{change:+.1f} %" in row
    between = html.split("Keys that differ between the runs")[1]
    assert re.findall(r'<td class="key">([^<]+)</td>', between.split("</table>")[0]) == ["ftl.gc.policy"]


def test_report_rejects_bad_input_with_exit_2_naming_it(ssdtlm_binary, two_runs, tmp_path):
    greedy, _fifo = two_runs
    missing = ssdtlm_command(ssdtlm_binary, "report", str(tmp_path / "nope"), "-o", str(tmp_path / "r.html"),
                             check=False)
    assert missing.returncode == 2 and "nope: no such directory" in missing.stderr
    (tmp_path / "empty").mkdir()
    empty = ssdtlm_command(ssdtlm_binary, "report", str(tmp_path / "empty"), "-o", str(tmp_path / "r.html"),
                           check=False)
    assert empty.returncode == 2 and "empty: no stats.json" in empty.stderr
    nowhere = ssdtlm_command(ssdtlm_binary, "report", str(greedy), "-o", str(tmp_path / "no" / "r.html"), check=False)
    assert nowhere.returncode == 2 and "no such directory" in nowhere.stderr
    no_output = ssdtlm_command(ssdtlm_binary, "report", str(greedy), check=False)
    assert no_output.returncode == 2 and "--output" in no_output.stderr
    one_point = ssdtlm_command(ssdtlm_binary, "report", str(greedy), "-o", str(tmp_path / "r.html"),
                               "--max-points", "1", check=False)
    assert one_point.returncode == 2 and "--max-points" in one_point.stderr
    python = subprocess.run([sys.executable, "-m", "ssdtlm.report", str(greedy), "-o", str(tmp_path / "r.html"),
                             "--max-points", "1"], capture_output=True, text=True, timeout=600)
    assert python.returncode == 2 and "--max-points: expected at least 2, got 1" in python.stderr
    assert not (tmp_path / "r.html").exists()


def test_run_and_raid_report_flag_write_report_html_beside_stats(ssdtlm_binary, tmp_path):
    run_out, raid_out = tmp_path / "run", tmp_path / "raid"
    ssdtlm_command(ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--workload", WRITES, "--out", str(run_out),
                   "--quiet", "--report")
    assert 'id="timeline"' in (run_out / "report.html").read_text()
    ssdtlm_command(ssdtlm_binary, "raid", "--config", "raid-5-mlc", "--workload", "mixed:read=0.5,count=400,size=16KiB",
                   "--out", str(raid_out), "--quiet", "--report")
    html = (raid_out / "report.html").read_text()
    assert 'id="latency-cdf"' in html
    stats = json.loads((raid_out / "stats.json").read_text())
    members = [d["ssd"]["write_amplification"] for d in stats["devices"] if d["role"] == "member"]
    assert len(members) == 5 and len(stats["devices"]) == 6  # raid-5-mlc: 5 members and a spare
    assert re.search(r"write amplification, mean of 5 members</td><td>([^<]+)</td>", html).group(1) == \
        format_value(sum(members) / 5)


def test_a_report_that_cannot_be_written_fails_the_run(ssdtlm_binary, tmp_path):
    out = tmp_path / "run"
    result = ssdtlm_command(ssdtlm_binary, "run", "--config", "slc-2011", *SMALL, "--workload", WRITES,
                            "--out", str(out), "--quiet", "--report", env={"SSDTLM_PYTHON": "/bin/false"}, check=False)
    assert result.returncode != 0
    assert (out / "stats.json").is_file() and not (out / "report.html").exists()


def test_result_report_from_memory_and_sweep_report(tmp_path):
    cfg = ssdtlm.Config.preset("slc-2011").update({"controller.channels": 2, "controller.chips_per_channel": 1,
                                                    "nand.blocks_per_plane": 64, "nand.planes_per_die": 2})
    result = ssdtlm.simulate(cfg, WRITES, precondition="fill", records=True)
    path = result.report(tmp_path / "result.html")
    html = path.read_text()
    assert "requests.csv" in html  # the CDF drawn from the per-request records, not the histogram
    frame = ssdtlm.sweep(cfg, {"ftl.spare_factor": [0.15, 0.25], "ftl.gc.policy": ["greedy", "fifo"]},
                         workload=WRITES, precondition="steady", out=tmp_path / "sweep", progress=False, max_workers=2)
    html = (tmp_path / "sweep" / "report.html").read_text()
    assert 'id="sweep-0"' in html and 'id="sweep-1"' in html and "Against ftl.gc.policy" in html
    assert f"All {len(frame)} points" in html


def test_cdf_from_histogram_is_the_cumulative_fraction_at_each_edge():
    x, y = figures.cdf_from_histogram({"edges": [10.0, 20.0, 40.0, 80.0], "counts": [1, 0, 3]})
    assert list(x) == [10.0, 20.0, 40.0, 80.0]
    assert list(y) == [0.0, 0.25, 0.25, 1.0]


def test_cdf_from_samples_keeps_every_rank_of_the_tail():
    values = np.arange(1000, 0, -1, dtype=float)
    x, y = figures.cdf_from_samples(values, 100)
    assert len(x) == 100
    assert list(x[-50:]) == list(np.arange(951, 1001, dtype=float))  # the 50 slowest, each
    assert y[-1] == 1.0 and x[0] == 1.0
    x, y = figures.cdf_from_samples(values[:10], 100)
    assert len(x) == 10 and y[0] == 0.1


def test_long_timelines_are_resampled_keeping_the_lowest_free_block_count():
    rows = 1003
    frame = pd.DataFrame({"time_us": np.arange(1, rows + 1) * 10.0, "host_write_mbps": np.ones(rows),
                          "free_blocks": np.full(rows, 50)})
    frame.loc[500, "free_blocks"] = 3
    resampled, per_point = figures.resample(frame, 100, {"free_blocks": "min"})
    assert per_point == math.ceil(rows / 100) == 11
    assert len(resampled) == math.ceil(rows / per_point)
    assert resampled["time_us"].iloc[-1] == rows * 10.0 and resampled["free_blocks"].min() == 3
    assert (resampled["host_write_mbps"] == 1.0).all()
    assert figures.resample(frame, rows, {})[1] == 1


def test_resampled_rates_are_weighted_by_the_time_each_row_covers():
    # row 2 is an idle stretch of 8 intervals (20 to 100 us): it weighs 8 times as much as row 3
    frame = pd.DataFrame({"time_us": [10.0, 20.0, 100.0, 110.0], "host_write_mbps": [100.0, 100.0, 0.0, 50.0]})
    resampled, per_point = figures.resample(frame, 2, {})
    assert per_point == 2
    assert list(resampled["time_us"]) == [20.0, 110.0]
    assert list(resampled["host_write_mbps"]) == [100.0, (0.0 * 80 + 50.0 * 10) / 90]


def test_report_of_a_folder_without_a_preset_name_still_renders(two_runs, tmp_path):
    greedy, _fifo = two_runs
    run = Run.load(greedy)
    run.config["name"] = "my-own-drive"
    from ssdtlm.report import render

    html = render([run])
    assert "no preset named &#x27;my-own-drive&#x27;: nothing to compare to" in html
    with pytest.raises(ValueError, match="is a directory"):
        write_report([greedy], tmp_path)


def test_sections_that_appear_only_when_stats_json_has_them():
    op = {"count": 10, "iops": 100.0, "bandwidth_mbps": 0.4, "latency_us": {"mean": 50.0, "p99": 90.0},
          "latency_histogram_us": {"edges": [10.0, 100.0], "counts": [10]}}
    stats = {"sim_time_ns": 1000000, "host": {"read": op, "write": {"count": 0}}, "write_amplification": 1.0,
             "flows": {"tenant-a": {"read": op}}, "energy": {"total_mj": 3.5},
             "data_integrity": {"checked_pages": 7, "mismatches": 0},
             "latency_breakdown_us": {"read": {"queue": 5.0, "nand": 40.0, "transfer": 5.0}}}
    run = Run(label="synthetic", stats=stats, config={})
    rows = {(section, label): value for section, label, value in headline_rows(run)}
    assert rows[("flow tenant-a", "read latency p99 (us)")] == 90.0
    assert rows[("energy", "total_mj")] == 3.5 and rows[("data integrity", "checked_pages")] == 7
    assert figures.breakdown(run) == {"read": {"queue": 5.0, "nand": 40.0, "transfer": 5.0}}
    from ssdtlm.report import render

    html = render([run])
    assert 'id="latency-breakdown"' in html and 'id="timeline"' not in html
    assert "the configuration names no preset" in html
    # without an explicit breakdown, the *_us sections of an operation beside latency_us are its parts
    op_parts = dict(op, slat_us={"mean": 2.0, "p99": 3.0}, clat_us={"mean": 48.0})
    assert figures.latency_components(op_parts) == {"slat": 2.0, "clat": 48.0}
