"""The outcome of one simulation, the same content as the `ssdtlm run` output directory:

    result.stats              dict, exactly stats.json
    result.timeline           pandas DataFrame, timeline.csv
    result.requests           pandas DataFrame, requests.csv (per-request records on), else None
    result.latencies("read")  numpy array of read latencies in microseconds (records on)
    result.config             the effective configuration (with workload and precondition)
    result.warnings           stats.json's "warnings" (list of {"kind", "message"}; [] when none)
    result.to_fio_json()      fio's --output-format=json document (fio=True runs; docs/fio.md)
    result.plot_latency_cdf() / result.plot_timeline()   matplotlib Figures
    result.report("report.html")   self-contained HTML report (interactive plots, ssdtlm.report)

Result.load(DIR) reads a directory written by `ssdtlm run` or by simulate(out=DIR).
"""
from __future__ import annotations

import copy
import json
import pathlib
import os
from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

OPS = ("read", "write", "trim")
# Sections of stats.json present only in some modes, shown in the notebook view when there.
RESULT_OPTIONAL_SECTIONS = ("data_integrity", "power", "recovery", "energy")
_LATENCY_SCALE = {"ns": 1.0, "us": 1e-3, "ms": 1e-6, "s": 1e-9}


def flatten(stats: dict, prefix: str = "") -> dict[str, Any]:
    """Dotted keys for every scalar leaf ("host.read.latency_us.p99"); lists are left out."""
    flat: dict[str, Any] = {}
    for key, value in stats.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(flatten(value, path + "."))
        elif not isinstance(value, list):
            flat[path] = value
    return flat


def flatten_with_lists(document: dict, prefix: str = "") -> dict[str, Any]:
    """Dotted keys for every leaf, lists and empty sections kept as values (configurations)."""
    flat: dict[str, Any] = {}
    for key, value in document.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and value:
            flat.update(flatten_with_lists(value, path + "."))
        else:
            flat[path] = value
    return flat


def lookup(stats: dict, path: str) -> Any:
    node: Any = stats
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            raise KeyError(f"{path}: not in the statistics (e.g. 'host.read.latency_us.p99', 'write_amplification')")
        node = node[part]
    return node


class Result:
    def __init__(self, stats: dict, config: dict, *, timeline_csv: pathlib.Path | None = None,
                 requests_csv: pathlib.Path | None = None, wall: dict | None = None,
                 workloads: list | None = None, changes: list | None = None,
                 out: pathlib.Path | None = None, keepalive: Any = None, fio: dict | None = None):
        self.stats = stats
        self.config = config
        self.wall = wall or {}
        self.workloads = workloads or []
        self.parameter_changes = changes or []
        self.out = out
        self._timeline_csv = timeline_csv
        self._requests_csv = requests_csv
        self._timeline: pd.DataFrame | None = None
        self._requests: pd.DataFrame | None = None
        self._keepalive = keepalive  # temporary directory holding the CSVs when out=None
        self._fio = fio

    # ---- loading
    @classmethod
    def load(cls, directory: str | os.PathLike[str]) -> "Result":
        directory = pathlib.Path(directory)
        stats_path = directory / "stats.json"
        if not stats_path.is_file():
            raise ValueError(f"{directory}: no stats.json (not an ssdtlm output directory)")

        def optional_json(name: str) -> Any:
            path = directory / name
            return json.loads(path.read_text()) if path.is_file() else None

        scenario = optional_json("scenario.json") or {}
        requests = directory / "requests.csv"
        return cls(json.loads(stats_path.read_text()), optional_json("effective-config.json") or {},
                   timeline_csv=directory / "timeline.csv" if (directory / "timeline.csv").is_file() else None,
                   requests_csv=requests if requests.is_file() else None, wall=optional_json("wall.json"),
                   workloads=scenario.get("workloads"), changes=scenario.get("parameter_changes"), out=directory,
                   fio=optional_json("fio.json"))

    # ---- figures
    @property
    def wall_seconds(self) -> float:
        return float(self.wall.get("wall_seconds", 0.0))

    @property
    def sim_time_ns(self) -> int:
        """The end of the measured window: the last host completion (the window runs from
        window_start_ns to it)."""
        return self.stats["sim_time_ns"]

    @property
    def drain_time_ns(self) -> int:
        """After the window, until the run ended (GC and buffered programs finishing):
        sim_time_ns + drain_time_ns is the simulated time at the end (Simulation.now_ns)."""
        return self.stats.get("drain_time_ns", 0)

    @property
    def interrupted(self) -> bool:
        """The run was stopped early (Ctrl-C): the figures cover the run up to that point."""
        return bool(self.stats.get("interrupted", False))

    @property
    def write_amplification(self) -> float:
        """Flash page programs over host page programs in the measured window (the drain after
        the last host completion left out; write_amplification_with_drain has it)."""
        return self.stats["write_amplification"]

    @property
    def write_amplification_with_drain(self) -> float:
        """The same from the window's start to the end of the drain."""
        return self.stats["write_amplification_with_drain"]

    @property
    def window_start_ns(self) -> int:
        """Where the measured window starts: after the warm-up (ramp=), 0 without one."""
        return self.stats.get("window", {}).get("start_ns", 0)

    def __getitem__(self, path: str) -> Any:
        """A figure by dotted path: result["host.read.latency_us.p99"]."""
        return lookup(self.stats, path)

    def flat(self) -> dict[str, Any]:
        """Every scalar figure under its dotted path (one sweep row)."""
        return flatten(self.stats)

    @property
    def timeline(self) -> pd.DataFrame:
        """timeline.csv as a DataFrame (time_us, host_read_mbps, ..., erases)."""
        if self._timeline is None:
            import pandas as pd

            if self._timeline_csv is None or not pathlib.Path(self._timeline_csv).is_file():
                raise ValueError("this result has no timeline")
            self._timeline = pd.read_csv(self._timeline_csv)
        return self._timeline

    @property
    def requests(self) -> pd.DataFrame | None:
        """requests.csv as a DataFrame, or None when per-request records were off."""
        if self._requests is None and self._requests_csv is not None:
            import pandas as pd

            self._requests = pd.read_csv(self._requests_csv, dtype={"op": "category"})
        return self._requests

    def latencies(self, op: str = "read", unit: str = "us") -> np.ndarray:
        """Latencies of one operation type ("read", "write", "trim" or "all") as a numpy array,
        in completion order. Needs per-request records (simulate(..., records=True))."""
        import numpy as np

        if op not in OPS + ("all",):
            raise ValueError(f"op: expected one of {', '.join(OPS + ('all',))}, got {op!r}")
        if unit not in _LATENCY_SCALE:
            raise ValueError(f"unit: expected one of {', '.join(_LATENCY_SCALE)}, got {unit!r}")
        frame = self.requests
        if frame is None:
            raise ValueError("no per-request records: run with records=True "
                             "(or set stats.per_request_records) to get latencies")
        values = frame["latency_ns"] if op == "all" else frame.loc[frame["op"] == op, "latency_ns"]
        return values.to_numpy(dtype=np.float64) * _LATENCY_SCALE[unit]

    def to_fio_json(self) -> dict:
        """The run as fio's own `--output-format=json` document (a dict; json.dump it for fio
        tools): the same document `ssdtlm run --output-format fio-json` prints and writes to
        fio.json. Needs a run with fio=True (simulate(..., fio=True)), or a directory holding
        fio.json."""
        if self._fio is None:
            raise ValueError("no fio statistics: run with fio=True (simulate(..., fio=True)) or load a "
                             "directory written by `ssdtlm run --output-format fio-json`")
        return copy.deepcopy(self._fio)

    # ---- plots
    def plot_latency_cdf(self, ops: Iterable[str] | None = None, *, ax: Axes | None = None, unit: str = "us",
                         log_tail: bool = True, label: str | None = None) -> Figure:
        """Latency CDF per operation type (matplotlib Figure). With log_tail the y axis shows
        1 - CDF on a log scale, which makes the tail (p99, p99.9) readable."""
        from .plot import latency_cdf

        return latency_cdf({label or "": self}, ops=ops, ax=ax, unit=unit, log_tail=log_tail)

    def plot_timeline(self, columns: Iterable[str] | None = None, *, axes: list[Axes] | None = None) -> Figure:
        """Host and GC bandwidth, free blocks and GC activity over simulated time (Figure)."""
        from .plot import timeline

        return timeline(self, columns=columns, axes=axes)

    def report(self, path: str | os.PathLike[str], *, title: str | None = None,
               others: dict[str, Result] | None = None) -> pathlib.Path:
        """Writes a self-contained HTML report of this result (as `ssdtlm report`): configuration,
        headline table, interactive latency CDF and timeline, warnings. others: {label: Result}
        to overlay and compare with this one. Returns the path."""
        from .report import write_result_report

        label = self.out.name if self.out is not None else "this run"
        return write_result_report({label: self, **(others or {})}, path, title=title)

    # ---- text
    def summary(self) -> str:
        """The summary `ssdtlm run` prints (without its wall-clock line): what ran (platform and
        the keys changed from its preset, capacity and spare, workload, preconditioning, the
        measured window with the warm-up before it and the drain after it), the read and write
        figures, write amplification and GC, and the warnings."""
        from . import _core

        workloads = self.workloads if self.workloads else None
        return _core.run_summary(json.dumps(self.stats), json.dumps(self.config), json.dumps(workloads)).rstrip("\n")

    @property
    def warnings(self) -> list[dict]:
        """stats.json's "warnings": [{"kind", "message"}] about figures that may not measure what
        was meant (no GC after preconditioning, unmapped reads, trace requests beyond the device)."""
        return self.stats.get("warnings", [])

    def _repr_html_(self) -> str:
        """Jupyter's view: the headline figures per operation type, WA and GC, the optional
        sections (data integrity, power, energy) and the warnings."""
        from . import _html

        stats = self.stats
        gc = stats.get("gc", {})
        erases = stats.get("erase_count", {})
        figures = [("simulated ms", stats.get("sim_time_ns", 0) / 1e6),
                   ("drain ms", stats["drain_time_ns"] / 1e6 if stats.get("drain_time_ns") else None),
                   ("write amplification", stats.get("write_amplification")),
                   ("GC victims", gc.get("victims")), ("GC pages moved", gc.get("pages_moved")),
                   ("erase count min / max", f"{erases['min']} / {erases['max']}" if erases else None),
                   ("wall seconds", self.wall.get("wall_seconds"))]
        figures += _html.optional_sections(stats, RESULT_OPTIONAL_SECTIONS)
        title = f"ssdtlm.Result: {self.config.get('name', 'custom')}"
        if self.interrupted:
            title += " (interrupted: figures of the run up to the stop)"
        return _html.document(title, _html.table(_html.operation_rows(stats.get("host", {}))),
                              _html.table(_html.figure_rows(figures)), _html.warnings_list(self.warnings))

    def __repr__(self) -> str:
        host = self.stats.get("host", {})
        return (f"<ssdtlm.Result {self.stats.get('sim_time_ns', 0) / 1e6:.3f} ms simulated, "
                f"{host.get('requests', 0)} requests, WA {self.stats.get('write_amplification', 0):.3f}>")
