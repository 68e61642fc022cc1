"""Parameter sweeps: one timed simulation per point of a grid, each in its own process.

    frame = ssdtlm.sweep(cfg, grid={"ftl.spare_factor": [0.1, 0.2], "ftl.gc.policy": ["greedy", "fifo"]},
                         workload="random-write:qd=8,count=20000,size=4KiB", precondition="steady")

returns a pandas DataFrame with one row per point: the grid's keys, then every scalar figure of
stats.json under its dotted path ("write_amplification", "host.write.latency_us.p99", ...),
then wall_seconds (a SweepFrame: in Jupyter it shows the grid and the headline figures, and the
points' warnings, which frame.attrs["warnings"] holds). Grid keys are configuration keys, plus "workload" and "precondition".

Every point runs in a fresh Python process (`python -m ssdtlm._point`), started by a task
function that any concurrent.futures executor can run: by default a ProcessPoolExecutor over
all cores; a Dask cluster with `executor=distributed.Client(ADDRESS).get_executor()`. A crash
of one point cannot take the sweep (or a Dask worker) down with it.

The command line form reads a sweep file:

    python -m ssdtlm.sweep FILE.json [--scheduler ADDRESS] [--out DIR] [--workers N]
    ssdtlm sweep FILE.json [--scheduler ADDRESS]          (the same, from the ssdtlm command)

FILE.json: {"config": PRESET | PATH | {document}, "set": {KEY: VALUE}, "workload": SPEC,
            "precondition": "none|fill|steady", "grid": {KEY: [VALUES]}, "metrics": [PATHS],
            "records": false, "out": DIR}
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import contextlib
import itertools
import json
import os
import pathlib
import signal
import subprocess
import sys
import tempfile
import time
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence, Union

if TYPE_CHECKING:
    import pandas as pd

    from ._sweep_frame import SweepFrame
    from .config import ConfigLike
    from .simulation import PathLike, WorkloadSpec

# A grid: {KEY: [VALUES]} (every combination), or the explicit list of points.
Grid = Union[Mapping[str, Iterable[Any]], Sequence[Mapping[str, Any]]]

SPECIAL_KEYS = ("workload", "precondition")
_PACKAGE_PARENT = str(pathlib.Path(__file__).absolute().parent.parent)


class PointFailed(RuntimeError):
    """A sweep point's simulation failed; the message carries the point and its error output.
    input_error: the point stopped on bad input (exit 2 of its process), not on a failure."""

    def __init__(self, message: str, input_error: bool = False):
        super().__init__(message)
        self.input_error = input_error


def expand_grid(grid: Grid) -> list[dict]:
    """{"a": [1, 2], "b": [3]} -> [{"a": 1, "b": 3}, {"a": 2, "b": 3}] (the first key varies
    slowest). A list of dicts is taken as the explicit list of points."""
    if isinstance(grid, Mapping):
        keys = list(grid)
        values = []
        for key in keys:
            options = grid[key]
            if isinstance(options, (str, bytes, Mapping)) or not isinstance(options, Iterable):
                raise ValueError(f"grid[{key!r}]: expected a list of values, got {options!r}")
            options = list(options)
            if not options:
                raise ValueError(f"grid[{key!r}]: empty list of values")
            values.append(options)
        return [dict(zip(keys, combination)) for combination in itertools.product(*values)]
    if isinstance(grid, Sequence) and all(isinstance(point, Mapping) for point in grid):
        return [dict(point) for point in grid]
    raise ValueError("grid: expected {KEY: [VALUES]} or a list of {KEY: VALUE} points")


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_point(payload: dict) -> dict:
    """Runs one point in a fresh Python process (the task function executors run). Returns
    {"stats": ..., "wall_seconds": ...}; raises PointFailed with the point's error output.
    Once the sweep's stop file exists (Ctrl-C), a point not yet started is not run and a
    running one gets SIGINT, so it stops with its results so far in its folder."""
    stop_file = payload.get("stop_file")
    stopped = lambda: stop_file is not None and os.path.exists(stop_file)  # noqa: E731
    if stopped():
        raise PointFailed(f"sweep point {payload.get('label', {})} not run: the sweep was interrupted")
    with tempfile.TemporaryDirectory(prefix="ssdtlm-point-") as directory:
        request = pathlib.Path(directory) / "point.json"
        answer = pathlib.Path(directory) / "result.json"
        request.write_text(json.dumps(payload))
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_PACKAGE_PARENT, env.get("PYTHONPATH")) if p)
        env.setdefault("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1")
        # Its own session, so that only this function passes Ctrl-C on (once); the default
        # SIGINT action, which the pool worker's own ignoring would otherwise pass down.
        process = subprocess.Popen([sys.executable, "-m", "ssdtlm._point", str(request), str(answer)],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                                   start_new_session=True, preexec_fn=_default_sigint)
        interrupted = False
        while True:
            try:
                stdout, stderr = process.communicate(timeout=0.2)
                break
            except subprocess.TimeoutExpired:
                if not interrupted and stopped():
                    process.send_signal(signal.SIGINT)
                    interrupted = True
        if process.returncode != 0 or not answer.is_file():
            output = (stderr or stdout or "").strip().splitlines()
            tail = "\n".join(output[-25:])
            raise PointFailed(f"sweep point {payload.get('label', {})} failed (exit {process.returncode}):\n{tail}",
                              input_error=process.returncode == 2)
        return json.loads(answer.read_text())


def _ignore_sigint() -> None:
    """Pool workers only wait for their point's process: Ctrl-C is the sweep's, which then
    creates its stop file (run_point)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _display(value: Any) -> Any:
    if isinstance(value, Mapping):
        return json.dumps(value, sort_keys=True)
    return value


def run_payloads(payloads: list[dict], *, executor: cf.Executor | None = None, max_workers: int | None = None,
                 progress: bool = True, on_error: str = "raise", desc: str = "sweep") -> list[dict]:
    """Runs each payload (a point's request: config, source, workload, precondition, records,
    out, label, and fio_json to get the point's Result.to_fio_json()) with run_point on
    `executor` (default: a ProcessPoolExecutor of max_workers); returns their outcomes in order.
    on_error "record" turns a failed point into {"error": message}."""
    from tqdm.auto import tqdm

    stop_directory = tempfile.TemporaryDirectory(prefix="ssdtlm-sweep-")
    stop_file = os.path.join(stop_directory.name, "interrupted")
    for payload in payloads:
        payload["stop_file"] = stop_file
    own_executor = executor is None
    pool = executor if executor is not None else cf.ProcessPoolExecutor(
        max_workers=max_workers or os.cpu_count() or 1, initializer=_ignore_sigint)
    outcomes: list[dict | None] = [None] * len(payloads)
    bar = None
    futures: dict = {}
    try:
        # all submitted before the bar exists: a forking executor then forks no bar thread
        futures = {pool.submit(run_point, payload): index for index, payload in enumerate(payloads)}
        bar = tqdm(total=len(payloads), desc=desc, unit="point", disable=not progress)
        for future in cf.as_completed(futures):
            index = futures[future]
            try:
                outcomes[index] = future.result()
            except Exception as error:  # noqa: BLE001 - reported per point or re-raised
                if on_error == "raise":
                    for other in futures:
                        other.cancel()
                    raise
                outcomes[index] = {"error": str(error)}
            bar.update(1)
    except KeyboardInterrupt:
        pathlib.Path(stop_file).touch()  # points not started are skipped, running ones stopped
        for future in futures:
            future.cancel()
        raise
    finally:
        if bar is not None:
            bar.close()
        if own_executor:
            pool.shutdown(wait=True, cancel_futures=True)
        stop_directory.cleanup()

    return outcomes  # type: ignore[return-value]


def sweep(base: ConfigLike, grid: Grid, *, workload: WorkloadSpec | None = None, precondition: str | None = None,
          executor: cf.Executor | None = None, max_workers: int | None = None, progress: bool = True,
          metrics: Iterable[str] | None = None, out: PathLike | None = None, records: bool = False,
          set: Mapping[str, Any] | None = None, on_error: str = "raise") -> SweepFrame:
    """Runs every point of `grid` (see the module docstring) and returns a DataFrame.

    base: Config, dict, preset name or file. set: overrides applied to base first.
    executor: any concurrent.futures.Executor (default: ProcessPoolExecutor(max_workers)).
    metrics: dotted stats paths to keep (default: every scalar figure).
    out: directory for one `ssdtlm run`-style folder per point plus sweep.csv, sweep-summary.md and
         report.html (every metric against every swept parameter, ssdtlm.report.sweep_report).
    on_error: "raise" (default) or "record" (failed points get an "error" column, NaN figures).
    """

    from . import _core
    from .config import Config
    from .simulation import normalize_workload, workload_compact

    if on_error not in ("raise", "record"):
        raise ValueError(f"on_error: expected 'raise' or 'record', got {on_error!r}")
    base_cfg = Config.coerce(base)
    if set:
        base_cfg.update(set)
    points = expand_grid(grid)
    out_dir = pathlib.Path(out) if out is not None else None

    # Validate every point here, before anything runs: a bad key or value (a GC policy's
    # parameters included) is a ValueError naming the point now, not a failure after hours.
    payloads, labels = [], []
    for index, point in enumerate(points):
        try:
            config_keys = {k: v for k, v in point.items() if k not in SPECIAL_KEYS}
            cfg = base_cfg.copy().update(config_keys).check() if config_keys else base_cfg.copy().check()
            spec = point.get("workload", workload if workload is not None else cfg.get("workload", None))
            if spec is None:
                raise ValueError("workload: none given (argument, grid key or the configuration's \"workload\" section)")
            spec = normalize_workload(spec)
            mode = point.get("precondition", precondition or cfg.get("precondition", "none"))
            _core.check_precondition(mode)
        except ValueError as error:
            raise ValueError(f"sweep point {index} {json.dumps(point, sort_keys=True, default=str)}: {error}") from None
        label = {k: (workload_compact(v) if k == "workload" else _display(v)) for k, v in point.items()}
        labels.append(label)
        payloads.append({"config": cfg.to_dict(), "source": f"{cfg.source} (sweep point {index})",
                         "workload": spec, "precondition": mode, "records": bool(records),
                         "out": str(out_dir / "points" / f"{index:04d}") if out_dir is not None else None,
                         "label": label})

    outcomes = run_payloads(payloads, executor=executor, max_workers=max_workers, progress=progress,
                            on_error=on_error)

    from .result import flatten, lookup

    wanted = list(metrics) if metrics is not None else None
    rows, point_warnings = [], []
    for index, (label, outcome) in enumerate(zip(labels, outcomes)):
        row = dict(label)
        if "error" in outcome:
            row["error"] = outcome["error"]
        else:
            stats = outcome["stats"]
            point_warnings += [{"point": index, **warning} for warning in stats.get("warnings", [])]
            if wanted is None:
                row.update(flatten(stats))
            else:
                for path in wanted:
                    try:
                        row[path] = lookup(stats, path)
                    except KeyError as error:
                        raise ValueError(f"metrics: {error.args[0]}") from None
            row["wall_seconds"] = outcome["wall_seconds"]
        rows.append(row)
    from ._sweep_frame import SweepFrame

    frame = SweepFrame(rows)
    frame.attrs["grid"] = list(points[0]) if points else []
    frame.attrs["warnings"] = point_warnings
    if out_dir is not None:
        from .tables import write_table

        out_dir.mkdir(parents=True, exist_ok=True)
        frame.to_csv(out_dir / "sweep.csv", index=False)
        write_table(frame[summary_columns(frame)], out_dir / "sweep-summary")
        from .report import sweep_report

        sweep_report(frame, out_dir / "report.html", metrics=wanted)
    return frame


def summary_columns(frame: pd.DataFrame) -> list[str]:
    """The grid's keys and the headline figures present in a sweep DataFrame."""
    headline = ["write_amplification", "host.read.iops", "host.read.latency_us.mean", "host.read.latency_us.p99",
                "host.write.iops", "host.write.latency_us.mean", "host.write.latency_us.p99", "gc.victims",
                "wall_seconds", "error"]
    grid = [c for c in frame.attrs.get("grid", []) if c in frame]
    useful = []
    for column in headline:
        if column in frame and column not in grid:
            if column.startswith(("host.read", "host.write")):
                op = column.split(".")[1]
                count = frame.get(f"host.{op}.count")
                if count is not None and not (count.fillna(0) > 0).any():
                    continue
            useful.append(column)
    return grid + useful


# ---- command line -------------------------------------------------------------------------
_FILE_KEYS = {"config", "set", "workload", "precondition", "grid", "metrics", "records", "out"}


def _load_sweep_file(path: pathlib.Path) -> dict:
    from .config import read_json_file

    try:
        spec = read_json_file(path)  # the limits and duplicate-key check of every configuration file
    except ValueError:
        if not path.is_file():
            raise ValueError(f"{path}: no such file") from None
        raise
    if not isinstance(spec, dict):
        raise ValueError(f"{path}: expected a JSON object")
    unknown = sorted(set(spec) - _FILE_KEYS)
    if unknown:
        raise ValueError(f"{path}: {unknown[0]}: unknown key (expected {', '.join(sorted(_FILE_KEYS))})")
    for key in ("config", "grid"):
        if key not in spec:
            raise ValueError(f"{path}: {key}: missing")
    config = spec["config"]
    if isinstance(config, str):
        relative = path.parent / config
        if not pathlib.Path(config).is_absolute() and relative.is_file():
            spec["config"] = str(relative)
    return spec


@contextlib.contextmanager
def open_executor(scheduler: str | None, workers: int | None = None) -> Any:
    """The executor of a `--scheduler` option: None without one (the caller's own process pool),
    else a Dask client's executor: of the cluster at the address (tcp://HOST:PORT), or of a
    LocalCluster of `workers` single-threaded workers for 'local'. Closes what it opened."""
    if not scheduler:
        yield None
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ValueError("--scheduler needs dask.distributed (pip install 'dask[distributed]')") from None
    cluster = None
    if scheduler == "local":
        cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                               host="127.0.0.1", dashboard_address=None)
        client = Client(cluster)
    else:
        client = Client(scheduler)
    try:
        yield client.get_executor()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def report_failure(command: str, error: BaseException) -> int:
    """Prints why a command built on run_payloads stopped; returns its exit status: 2 for bad
    input (ValueError, MeasurementError), an output that cannot be written (OSError) or a point
    stopped by bad input, 1 for a point that failed otherwise, 130 for Ctrl-C."""
    if isinstance(error, KeyboardInterrupt):
        print(f"{command}: interrupted (Ctrl-C); no new point was started", file=sys.stderr)
        return 130
    if isinstance(error, PointFailed):
        print(f"{command}: {error}", file=sys.stderr)
        return 2 if error.input_error else 1
    print(f"{command}: error: {error}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="ssdtlm sweep", description="Run a parameter sweep described by a JSON file (see docs/python.md).")
    parser.add_argument("file", type=pathlib.Path, help="sweep file: config, set, workload, precondition, grid, metrics")
    parser.add_argument("--scheduler", help="Dask scheduler address (tcp://HOST:PORT), or 'local' for a LocalCluster")
    parser.add_argument("--out", type=pathlib.Path, help="output directory (default: the file's 'out', else ./sweep-NAME)")
    parser.add_argument("--workers", type=int, help="worker processes (default: all cores)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar and no table")
    args = parser.parse_args(argv)

    try:
        spec = _load_sweep_file(args.file)
        out = args.out or (pathlib.Path(spec["out"]) if spec.get("out") else pathlib.Path(f"sweep-{args.file.stem}"))
        started = time.perf_counter()
        with open_executor(args.scheduler, args.workers) as executor:
            frame = sweep(spec["config"], spec["grid"], workload=spec.get("workload"),
                          precondition=spec.get("precondition"), executor=executor,
                          max_workers=args.workers, progress=not args.quiet, metrics=spec.get("metrics"),
                          out=out, records=bool(spec.get("records", False)), set=spec.get("set"))
    except (ValueError, OSError, PointFailed, KeyboardInterrupt) as error:
        return report_failure("ssdtlm sweep", error)
    if not args.quiet:
        from .tables import to_markdown

        print(to_markdown(frame[summary_columns(frame)]))
        print(f"{len(frame)} points in {time.perf_counter() - started:.1f} s; "
              f"results in {out}/sweep.csv, {out}/sweep-summary.md and {out}/report.html")
    return 0


if __name__ == "__main__":
    from ssdtlm.sweep import main as _main  # the package's copy, so tasks pickle as ssdtlm.sweep.*

    sys.exit(_main())
