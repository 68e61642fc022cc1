"""The HTML report in a real browser: Debian's chromium, headless, driven by Playwright (which
downloads no browser here: it is given /usr/bin/chromium). The page must render without console
errors, and its figures must hold the data they were made from, point for point."""
import json
import math
import os
import pathlib
import subprocess

import pytest

CHROMIUM = pathlib.Path("/usr/bin/chromium")
# The machine has no network: nothing the browser would start on its own (updates, sync, QUIC).
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SMALL = ["--set", "controller.channels=2", "--set", "controller.chips_per_channel=1",
         "--set", "nand.blocks_per_plane=64", "--set", "nand.planes_per_die=2"]


@pytest.fixture(scope="module")
def browser_page(tmp_path_factory):
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} not found: scripts/setup.sh installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    profile = tmp_path_factory.mktemp("chromium-profile")  # a fresh --user-data-dir
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS,
            viewport={"width": 1280, "height": 900})
        try:
            yield context
        finally:
            context.close()


def open_report(context, path):
    """Loads the page; returns (console errors, {figure id: [points of each trace]})."""
    page = context.new_page()
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(pathlib.Path(path).absolute().as_uri())
    page.wait_for_function("() => [...document.querySelectorAll('.js-plotly-plot')].every(g => g._fullData)")
    points = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.js-plotly-plot')]
        .map(g => [g.id, g._fullData.map(t => t.x.length)]))""")
    return page, errors, points


def run(binary, out, *args):
    subprocess.run([binary, "run", "--config", "slc-2011", *SMALL, "--precondition", "steady",
                    "--workload", "mixed:qd=8,count=4000,read=0.5,size=4KiB", "--out", str(out), "--quiet", *args],
                   check=True, timeout=600, env={**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"})


def timeline_rows(out):
    return len((out / "timeline.csv").read_text().splitlines()) - 1


def test_report_renders_without_errors_and_plots_every_timeline_row(ssdtlm_binary, browser_page, tmp_path):
    out = tmp_path / "run"
    run(ssdtlm_binary, out, "--report")
    page, errors, points = open_report(browser_page, out / "report.html")
    page.screenshot(path=str(tmp_path / "report.png"), full_page=True)
    assert errors == []
    stats = json.loads((out / "stats.json").read_text())
    # latency CDF from the histogram: one point per bin edge, the same curve in both panels
    edges = [len(stats["host"][op]["latency_histogram_us"]["edges"]) for op in ("read", "write")]
    assert points["latency-cdf"] == [edges[0], edges[0], edges[1], edges[1]]
    # timeline: 7 columns (bandwidth x3, IOPS, free blocks, GC activity x2), every row of timeline.csv
    rows = timeline_rows(out)
    assert 200 < rows < 5000
    assert points["timeline"] == [rows] * 7


def test_long_timelines_are_resampled_and_runs_overlaid(ssdtlm_binary, browser_page, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    run(ssdtlm_binary, a, "--set", "stats.per_request_records=true")
    run(ssdtlm_binary, b, "--set", "ftl.gc.policy=fifo")
    report = tmp_path / "ab.html"
    subprocess.run([ssdtlm_binary, "report", str(a), str(b), "-o", str(report), "--max-points", "100", "--quiet"],
                   check=True, timeout=600)
    page, errors, points = open_report(browser_page, report)
    page.screenshot(path=str(tmp_path / "ab.png"), full_page=True)
    assert errors == []
    resampled = [math.ceil(rows / math.ceil(rows / 100)) if rows > 100 else rows
                 for rows in (timeline_rows(a), timeline_rows(b))]
    assert timeline_rows(a) > 100
    assert points["timeline"] == [resampled[0]] * 7 + [resampled[1]] * 7
    # run a has per-request records: its CDF keeps 100 of its 2000-odd latencies per op; b's, its histogram's edges
    stats_b = json.loads((b / "stats.json").read_text())
    edges = [len(stats_b["host"][op]["latency_histogram_us"]["edges"]) for op in ("read", "write")]
    assert points["latency-cdf"] == [100, 100, 100, 100, edges[0], edges[0], edges[1], edges[1]]
