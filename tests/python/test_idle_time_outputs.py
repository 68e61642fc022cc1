"""Outputs against simulated time: timeline.csv times are exact (picoseconds kept past 1,000 s),
idle stretches do not grow timeline.csv or stats.vcd, a far-future trace timestamp is reported,
an arrival past the kernel's time range is an error, and stats.vcd is a well-formed VCD that
changes no result."""
import decimal
import json
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
SMALL = [
    "--set", "controller.channels=2", "--set", "controller.chips_per_channel=1",
    "--set", "nand.blocks_per_plane=64", "--set", "nand.planes_per_die=2",
]
ENV = {"SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"}


def run(binary, *args, check=True, timeout=120):
    result = subprocess.run([binary, "run", "--config", "slc-2011", *SMALL, "--quiet", *args], capture_output=True,
                            text=True, timeout=timeout, cwd=ROOT, env=ENV)
    if check and result.returncode != 0:
        raise AssertionError(f"exit {result.returncode}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}")
    return result


def timeline(out):
    lines = (out / "timeline.csv").read_text().splitlines()
    assert lines[0].startswith("time_us,")
    return [[decimal.Decimal(line.split(",")[0])] + line.split(",")[1:] for line in lines[1:]]


def test_timeline_times_are_exact_past_1000_seconds(ssdtlm_binary, tmp_path):
    # One write at 0 and one at 1,000 s, sampled every 7 us: six significant digits gave rows
    # one shared time past 1,000 s, and 1.4e8 rows of idle time in between.
    out = tmp_path / "out"
    run(ssdtlm_binary, "--set", "stats.timeline_interval_us=7",
        "--workload", "random-write:count=3,arrival=fixed,rate=0.001,size=4KiB", "--out", str(out))
    rows = timeline(out)
    times = [row[0] for row in rows]
    assert times[-1] > 2000 * 10**6  # the third write is at 2,000 s
    assert len(rows) < 1000
    assert len(set(times)) == len(times) and times == sorted(times)
    spacings = [b - a for a, b in zip([decimal.Decimal(0)] + times[:-1], times[:-1])]
    assert all(t % 7 == 0 for t in times[:-1]), "every row but the last ends on a 7 us boundary"
    assert all(s % 7 == 0 for s in spacings)
    # A row spanning several intervals is a stretch in which nothing was due (the two 1,000 s
    # gaps, and also the array time of a program): nothing completed in it.
    for spacing, row in zip(spacings, rows):
        if spacing != 7:
            assert row[1:4] == ["0", "0", "0"], row
    assert len([s for s in spacings if s > 999 * 10**6]) == 2, "one row for each 1,000 s gap"
    # Rows right after 1,000 s keep their microseconds: 1000000007, 1000000014, ...
    assert any(str(t).startswith("100000") and t % 7 == 0 and t > 10**9 for t in times)


def test_sparse_open_loop_run_writes_few_rows(ssdtlm_binary, tmp_path):
    # Two writes about 10^6 s apart (the example): gigabytes of timeline rows before.
    out = tmp_path / "out"
    run(ssdtlm_binary, "--workload", "random-write:count=2,rate=0.000001,size=4KiB", "--out", str(out), timeout=60)
    stats = json.loads((out / "stats.json").read_text())
    assert stats["host"]["write"]["count"] == 2
    rows = timeline(out)
    assert len(rows) <= 10
    assert (out / "timeline.csv").stat().st_size < 2000


def test_far_future_trace_timestamp_is_reported(ssdtlm_binary, tmp_path):
    trace = tmp_path / "garbled.trace"
    lines = [f"{i * 100_000} 0 {i * 64} 8 0" for i in range(40)]
    lines[29] = f"{10**15} 0 {29 * 64} 8 0"  # about 11.6 days: a garbled timestamp on line 30
    trace.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out"
    result = run(ssdtlm_binary, "--workload", f"trace:{trace},format=mqsim", "--out", str(out), timeout=60)
    assert f"{trace}:30" in result.stderr and "garbled" in result.stderr, result.stderr
    gaps = json.loads((out / "stats.json").read_text())["workload"]["arrival_gaps"]
    assert gaps["isolated"] is True and gaps["largest_at_line"] == 30
    assert gaps["largest_ns"] == 10**15 - 28 * 100_000
    assert len(timeline(out)) < 100


def test_regular_trace_reports_no_isolated_gap(ssdtlm_binary, tmp_path):
    trace = tmp_path / "regular.trace"
    trace.write_text("".join(f"{i * 100_000} 0 {i * 64} 8 0\n" for i in range(40)))
    out = tmp_path / "out"
    result = run(ssdtlm_binary, "--workload", f"trace:{trace},format=mqsim", "--out", str(out))
    assert "garbled" not in result.stderr
    assert json.loads((out / "stats.json").read_text())["workload"]["arrival_gaps"]["isolated"] is False


def test_arrival_past_the_kernel_time_range_is_an_error(ssdtlm_binary, tmp_path):
    # 10^12 s between requests: the arrival in picoseconds wrapped around and the run ended
    # after one request, exit 0.
    result = run(ssdtlm_binary, "--workload", "random-write:count=2,arrival=fixed,rate=1e-12,size=4KiB",
                 "--out", str(tmp_path / "out"), check=False, timeout=60)
    assert result.returncode == 2, result.stderr  # bad input, not a simulation error
    assert "past the longest simulated time" in result.stderr, result.stderr
    assert "uncaught exception" not in result.stderr


def test_multi_reference_samples_of_an_idle_stretch_do_not_pile_up(ssdtlm_binary, tmp_path):
    # The multi-reference FTL samples its running totals every stats interval (1 ms): three writes
    # 1,000 s apart gave 2 million samples and a stats.json of 300 MB. An unchanged stretch now
    # keeps its first and last sample, so the series is the same step function.
    out = tmp_path / "out"
    run(ssdtlm_binary, "--set", "ftl.mode=mjolnir",
        "--workload", "random-write:count=3,arrival=fixed,rate=0.001,size=4KiB", "--out", str(out))
    assert (out / "stats.json").stat().st_size < 100_000
    series = json.loads((out / "stats.json").read_text())["mjolnir"]["timeline"]
    times, written = series["time_ns"], series["host_pages_written"]
    assert len(times) < 20 and times == sorted(times)
    assert times[-1] > 2000e9  # the third write is at 2,000 s
    assert written[-1] == 3 and written == sorted(written)


def read_vcd(path):
    """The declarations ({identifier: (path, width)}) and the changes [(time_ps, path, value)]
    of a VCD as stats.vcd writes it (IEEE 1364 §18: one declaration per line)."""
    lines = path.read_text().splitlines()
    end_of_definitions = lines.index("$enddefinitions $end")
    signals, scopes = {}, []
    for line in lines[:end_of_definitions]:
        words = line.split()
        assert words[0].startswith("$") and words[-1] == "$end", line
        if words[0] == "$scope":
            scopes.append(words[2])
        elif words[0] == "$upscope":
            scopes.pop()
        elif words[0] == "$var":
            _, kind, width, code, name, _ = words
            assert kind == "wire" and code not in signals
            signals[code] = (".".join(scopes + [name]), int(width))
        elif words[0] == "$timescale":
            assert words[1:3] == ["1", "ps"]
    assert not scopes
    changes, times, time_ps = [], [], None
    for line in lines[end_of_definitions + 1:]:
        if line.startswith("#"):
            time_ps = int(line[1:])
            times.append(time_ps)
        elif line in ("$dumpvars", "$end"):
            pass
        elif line.startswith("b"):
            value, code = line[1:].split()
            assert len(value) <= signals[code][1] and set(value) <= set("01x")
            changes.append((time_ps, signals[code][0], value))
        else:
            assert signals[line[1:]][1] == 1 and line[0] in "01x"
            changes.append((time_ps, signals[line[1:]][0], line[0]))
        assert time_ps is not None
    assert times == sorted(set(times)), "timestamps increase"
    return signals, changes


def test_stats_vcd_is_well_formed_and_changes_no_result(ssdtlm_binary, tmp_path):
    workload = ["--workload", "mixed:qd=8,count=400,read=0.5,size=4KiB", "--precondition", "fill"]
    run(ssdtlm_binary, *workload, "--out", str(tmp_path / "plain"))
    run(ssdtlm_binary, *workload, "--set", "stats.vcd=activity.vcd", "--out", str(tmp_path / "vcd"))
    assert (tmp_path / "vcd" / "stats.json").read_bytes() == (tmp_path / "plain" / "stats.json").read_bytes()
    assert (tmp_path / "vcd" / "timeline.csv").read_bytes() == (tmp_path / "plain" / "timeline.csv").read_bytes()
    signals, changes = read_vcd(tmp_path / "vcd" / "activity.vcd")
    names = {name for name, _ in signals.values()}
    dies = 2  # two channels of one single-die chip
    assert {f"ssd.die{d}.state" for d in range(dies)} <= names
    assert {f"ssd.die{d}.queue" for d in range(dies)} <= names
    assert {"ssd.channel0.busy", "ssd.channel1.busy", "ssd.channel0.die", "ssd.free_blocks"} <= names
    states = {value for _, name, value in changes if name.endswith(".state")}
    assert {"0", "10", "11", "100"} <= states  # idle, transfer, read, program
    assert any(name.endswith(".queue") and int(value, 2) > 0 for _, name, value in changes)
    end = json.loads((tmp_path / "vcd" / "stats.json").read_text())["sim_time_ns"] * 1000
    assert max(time for time, _, _ in changes) <= end


def test_python_simulation_writes_the_same_vcd_and_exact_timeline(ssdtlm_binary, tmp_path):
    import ssdtlm

    workload = "mixed:qd=8,count=400,read=0.5,size=4KiB"
    cli = tmp_path / "cli"
    run(ssdtlm_binary, "--workload", workload, "--precondition", "fill", "--set", "stats.vcd=activity.vcd",
        "--set", "stats.timeline_interval_us=7", "--out", str(cli))
    cfg = ssdtlm.Config.preset("slc-2011").update(
        {"controller.channels": 2, "controller.chips_per_channel": 1, "nand.blocks_per_plane": 64,
         "nand.planes_per_die": 2, "stats.vcd": "activity.vcd", "stats.timeline_interval_us": 7})
    result = ssdtlm.simulate(cfg, workload, precondition="fill", out=tmp_path / "py")
    assert (tmp_path / "py" / "activity.vcd").read_bytes() == (cli / "activity.vcd").read_bytes()
    assert (tmp_path / "py" / "timeline.csv").read_bytes() == (cli / "timeline.csv").read_bytes()
    times = result.timeline["time_us"]
    assert (times.iloc[:-1] % 7 == 0).all() and times.is_monotonic_increasing
