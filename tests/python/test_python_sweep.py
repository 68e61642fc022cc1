"""ssdtlm.sweep(): one process per point, any concurrent.futures executor (a real Dask
LocalCluster on loopback included), and the command-line forms."""
import json
import os
import subprocess
import sys

import pytest

import ssdtlm

TINY = {"controller.channels": 2, "controller.chips_per_channel": 1, "nand.planes_per_die": 2,
        "nand.blocks_per_plane": 64}
WRITES = "random-write:qd=8,count=2000,size=4KiB"
GRID = {"ftl.spare_factor": [0.15, 0.25], "ftl.gc.policy": ["greedy", "fifo"]}


@pytest.fixture(scope="module")
def cfg():
    return ssdtlm.Config.preset("slc-2011").update(TINY)


@pytest.fixture(scope="module")
def local_sweep(cfg):
    return ssdtlm.sweep(cfg, GRID, workload=WRITES, precondition="steady", max_workers=2, progress=False)


def test_expand_grid():
    assert ssdtlm.expand_grid({"a": [1, 2], "b": ["x"]}) == [{"a": 1, "b": "x"}, {"a": 2, "b": "x"}]
    assert ssdtlm.expand_grid([{"a": 1}, {"a": 3}]) == [{"a": 1}, {"a": 3}]
    with pytest.raises(ValueError, match="grid"):
        ssdtlm.expand_grid({"a": 1})


def test_sweep_returns_one_row_per_point_in_grid_order(cfg, local_sweep):
    frame = local_sweep
    assert list(frame["ftl.spare_factor"]) == [0.15, 0.15, 0.25, 0.25]
    assert list(frame["ftl.gc.policy"]) == ["greedy", "fifo", "greedy", "fifo"]
    assert {"write_amplification", "host.write.latency_us.p99", "gc.victims", "wall_seconds"} <= set(frame.columns)
    assert (frame["host.write.count"] == 2000).all()
    by_spare = frame.groupby("ftl.spare_factor")["write_amplification"].mean()
    assert by_spare[0.15] > by_spare[0.25] > 1.0
    # each point is the same simulation as simulate() in this process
    one = ssdtlm.simulate(cfg.copy().update({"ftl.spare_factor": 0.25, "ftl.gc.policy": "fifo"}), WRITES,
                          precondition="steady")
    assert frame.iloc[3]["write_amplification"] == one.write_amplification


def test_sweep_on_a_dask_local_cluster_gives_the_same_figures(cfg, local_sweep):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                                  host="127.0.0.1", dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        frame = ssdtlm.sweep(cfg, GRID, workload=WRITES, precondition="steady", executor=client.get_executor(),
                             progress=False)
    figures = [c for c in frame.columns if c != "wall_seconds"]
    assert frame[figures].equals(local_sweep[figures])


def test_special_grid_keys_metrics_and_out(cfg, tmp_path):
    frame = ssdtlm.sweep(cfg, {"workload": ["random-read:qd=1,count=200,size=4KiB", WRITES],
                               "precondition": ["fill"]},
                         metrics=["host.read.count", "host.write.count"], out=tmp_path, progress=False,
                         max_workers=2)
    assert list(frame.columns) == ["workload", "precondition", "host.read.count", "host.write.count", "wall_seconds"]
    assert list(frame["host.read.count"]) == [200, 0]
    assert frame["workload"][0].startswith("random-read:")
    assert (tmp_path / "sweep.csv").is_file() and (tmp_path / "sweep-summary.md").is_file()
    assert json.loads((tmp_path / "points" / "0001" / "stats.json").read_text())["host"]["write"]["count"] == 2000


def test_bad_points_fail_before_anything_runs(cfg):
    with pytest.raises(ValueError, match=r"ftl\.gc\.polcy"):
        ssdtlm.sweep(cfg, {"ftl.gc.polcy": ["greedy"]}, workload=WRITES, progress=False)
    with pytest.raises(ValueError, match=r"ftl\.spare_factor"):
        ssdtlm.sweep(cfg, {"ftl.spare_factor": [0.2, 0.01]}, workload=WRITES, progress=False)
    with pytest.raises(ValueError, match="metrics"):
        ssdtlm.sweep(cfg, {"seed": [1]}, workload="random-read:qd=1,count=10,size=4KiB", metrics=["no.such"],
                     progress=False, max_workers=1)


def test_failed_point_is_reported_or_recorded(cfg):
    # the second range lies past the end of the tiny device: only the device can tell
    grid = {"workload": ["random-read:qd=1,count=10,size=4KiB", "random-read:qd=1,count=10,size=4KiB,range=1TiB:1GiB"]}
    with pytest.raises(ssdtlm.PointFailed, match="range"):
        ssdtlm.sweep(cfg, grid, progress=False, max_workers=1)
    frame = ssdtlm.sweep(cfg, grid, progress=False, max_workers=1, on_error="record")
    assert frame["error"].isna().tolist() == [True, False]
    assert "range" in frame["error"][1]
    assert frame["host.read.count"][0] == 10


def _sweep_file(tmp_path, **extra):
    spec = {"config": "slc-2011", "set": TINY, "workload": "random-read:qd=1,count=200,size=4KiB",
            "precondition": "fill", "grid": {"ftl.gc.policy": ["greedy", "fifo"]}, **extra}
    path = tmp_path / "sweep.json"
    path.write_text(json.dumps(spec))
    return path


def test_python_m_ssdtlm_sweep(tmp_path):
    env = {**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1"}
    done = subprocess.run([sys.executable, "-m", "ssdtlm.sweep", str(_sweep_file(tmp_path)), "--out",
                           str(tmp_path / "out"), "--workers", "2"], capture_output=True, text=True, env=env,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert "| ftl.gc.policy |" in done.stdout and "RuntimeWarning" not in done.stderr
    rows = (tmp_path / "out" / "sweep.csv").read_text().splitlines()
    assert len(rows) == 3

    bad = _sweep_file(tmp_path, grid={"ftl.gc.policy": ["best"]})
    done = subprocess.run([sys.executable, "-m", "ssdtlm", "sweep", str(bad), "--quiet"], capture_output=True,
                          text=True, env=env, timeout=300)
    assert done.returncode == 2 and "ftl.gc.policy" in done.stderr


def test_ssdtlm_sweep_command(tmp_path, ssdtlm_binary):
    env = {**os.environ, "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE": "1", "SSDTLM_PYTHON": sys.executable}
    help_text = subprocess.run([ssdtlm_binary, "--help"], capture_output=True, text=True, env=env).stdout
    if "sweep" not in help_text:
        pytest.skip("this ssdtlm binary has no sweep command yet (sc_main/main.cpp registers it)")
    done = subprocess.run([ssdtlm_binary, "sweep", str(_sweep_file(tmp_path)), "--out", str(tmp_path / "out"),
                           "--quiet"], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert len((tmp_path / "out" / "sweep.csv").read_text().splitlines()) == 3


def test_sweep_command_names_a_bad_point_and_exits_2_before_anything_runs(tmp_path, ssdtlm_binary):
    # fifo takes no parameter: d-choices' d left in a fifo point is found when the points are checked
    env = {**os.environ, "SSDTLM_PYTHON": sys.executable}
    bad = _sweep_file(tmp_path, set={**TINY, "ftl.gc.params": {"d": 4}}, grid={"ftl.gc.policy": ["d-choices", "fifo"]})
    done = subprocess.run([ssdtlm_binary, "sweep", str(bad), "--out", str(tmp_path / "out"), "--quiet"],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 2, done.stderr
    assert 'sweep point 1 {"ftl.gc.policy": "fifo"}' in done.stderr
    assert "ftl.gc.params.d: unknown parameter of policy fifo" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()  # no point ran


def test_sweep_command_point_failing_on_bad_input_exits_2_without_a_traceback(tmp_path, ssdtlm_binary):
    # a range past the end of the tiny device: only the device can tell, so the point's run finds it
    env = {**os.environ, "SSDTLM_PYTHON": sys.executable}
    bad = _sweep_file(tmp_path, grid={"workload": ["random-read:qd=1,count=10,size=4KiB,range=1TiB:1GiB"]})
    done = subprocess.run([ssdtlm_binary, "sweep", str(bad), "--out", str(tmp_path / "out"), "--quiet"],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 2, done.stderr
    assert "sweep point {'workload': 'random-read:" in done.stderr and "range" in done.stderr
    assert "Traceback" not in done.stderr
