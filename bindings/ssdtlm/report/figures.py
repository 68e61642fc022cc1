"""The report's interactive figures (Plotly). Each returns a plotly Figure, or None when the
runs have nothing to show in it; several runs are overlaid, one colour per run."""
from __future__ import annotations

import math
from typing import Any, Iterable

import numpy as np

from .runs import Run

DEFAULT_MAX_POINTS = 5000
_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
_OP_DASH = {"read": "solid", "write": "dash", "trim": "dot"}

# (panel title, timeline.csv columns, how a bucket of rows becomes one point when resampling)
TIMELINE_PANELS = (
    ("bandwidth (MB/s)", ("host_read_mbps", "host_write_mbps", "gc_write_mbps"), "mean"),
    ("host IOPS", ("host_iops",), "mean"),
    ("free blocks", ("free_blocks",), "min"),  # the lowest point of a bucket is the one that matters
    ("GC activity (planes collecting, erases per interval)", ("planes_collecting", "erases"), "max"),
)


def colour(index: int) -> str:
    return _COLOURS[index % len(_COLOURS)]


def _name(run: Run, runs: list[Run], what: str) -> str:
    return what if len(runs) == 1 else f"{run.label}: {what}"


# ---- latency CDF ---------------------------------------------------------------------------
def cdf_from_histogram(histogram: dict) -> tuple[np.ndarray, np.ndarray]:
    """The CDF at every edge of stats.json's latency_histogram_us (0 at the first edge)."""
    edges = np.asarray(histogram.get("edges", []), dtype=float)
    counts = np.asarray(histogram.get("counts", []), dtype=float)
    if edges.size < 2 or counts.sum() <= 0:
        return np.empty(0), np.empty(0)
    cumulative = np.concatenate(([0.0], np.cumsum(counts))) / counts.sum()
    return edges, cumulative


def cdf_from_samples(latencies_us: np.ndarray, max_points: int) -> tuple[np.ndarray, np.ndarray]:
    """The empirical CDF of per-request latencies; beyond max_points samples, every rank of the
    slowest ones is kept (the tail is what a log axis shows) and the rest evenly."""
    values = np.sort(np.asarray(latencies_us, dtype=float))
    n = values.size
    if n == 0:
        return np.empty(0), np.empty(0)
    ranks = np.arange(n)
    if n > max_points:
        tail = max_points // 2
        ranks = np.unique(np.concatenate((np.linspace(0, n - tail - 1, max_points - tail).round().astype(int),
                                          np.arange(n - tail, n))))
    return values[ranks], (ranks + 1) / n


def latency_cdf_series(run: Run, op: str, max_points: int) -> tuple[np.ndarray, np.ndarray, str]:
    """(latency_us, CDF, source) of one operation: the per-request records when the run has
    them, else the histogram of stats.json."""
    requests = run.requests
    if requests is not None and "latency_ns" in requests and "op" in requests:
        latencies = requests.loc[requests["op"] == op, "latency_ns"].to_numpy(dtype=float) / 1e3
        if latencies.size:
            x, y = cdf_from_samples(latencies, max_points)
            return x, y, "requests.csv"
    x, y = cdf_from_histogram(run.operations[op].get("latency_histogram_us", {}))
    return x, y, "latency histogram"


def latency_cdf_figure(runs: list[Run], max_points: int = DEFAULT_MAX_POINTS) -> Any:
    """Left: the CDF; right: 1 - CDF on a log axis, where p99 and p99.9 are readable."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    fig = make_subplots(rows=1, cols=2, subplot_titles=("CDF", "tail: fraction slower (1 - CDF, log)"))
    sources = set()
    for index, run in enumerate(runs):
        for op in run.operations:
            if op == "trim":
                continue
            x, y, source = latency_cdf_series(run, op, max_points)
            if x.size == 0:
                continue
            sources.add(source)
            name = _name(run, runs, op)
            line = dict(color=colour(index), dash=_OP_DASH[op], shape="hv")
            fig.add_trace(go.Scatter(x=x, y=y, name=name, legendgroup=name, mode="lines", line=line,
                                     hovertemplate="%{x:.1f} us: %{y:.6f}<extra>" + name + "</extra>"), row=1, col=1)
            fig.add_trace(go.Scatter(x=x, y=1.0 - y, name=name, legendgroup=name, showlegend=False, mode="lines",
                                     line=line, hovertemplate="%{x:.1f} us: %{y:.2e} slower<extra>" + name + "</extra>"),
                          row=1, col=2)
    if not fig.data:
        return None
    fig.update_xaxes(type="log", title_text="latency (us)")
    fig.update_yaxes(title_text="fraction of requests", range=[0, 1.01], row=1, col=1)
    fig.update_yaxes(type="log", exponentformat="power", row=1, col=2)
    fig.update_layout(title=f"Latency CDF (from {', '.join(sorted(sources))})", height=420)
    return fig


# ---- timeline -----------------------------------------------------------------------------
def resample(frame: Any, max_points: int, how: dict[str, str]) -> Any:
    """At most max_points rows: consecutive rows grouped into buckets of equal size, each column
    reduced by how[column] (mean, min, max); the time of a bucket is its last row's. A mean is
    weighted by each row's length of time: an idle stretch is one row of several intervals
    (docs/architecture.md, "Outputs over simulated time"). Returns (frame, rows per point)."""
    rows = len(frame)
    if rows <= max_points:
        return frame, 1
    per_point = math.ceil(rows / max_points)
    bucket = np.arange(rows) // per_point
    time_us = frame["time_us"].to_numpy(dtype=float)
    length_us = np.diff(time_us, prepend=0.0)  # row i covers (time_us[i-1], time_us[i]]
    bucket_length_us = np.bincount(bucket, weights=length_us)
    resampled = {}
    for column in frame.columns:
        values = frame[column].to_numpy(dtype=float)
        reduction = "last" if column == "time_us" else how.get(column, "mean")
        if reduction == "mean":
            weighted = np.bincount(bucket, weights=values * length_us)
            resampled[column] = np.divide(weighted, bucket_length_us, out=np.zeros_like(weighted),
                                          where=bucket_length_us > 0)
        else:
            resampled[column] = frame[column].groupby(bucket, sort=True).agg(reduction).to_numpy()
    import pandas as pd

    return pd.DataFrame(resampled, columns=frame.columns), per_point


def timeline_figure(runs: list[Run], max_points: int = DEFAULT_MAX_POINTS) -> Any:
    """Bandwidth, IOPS, free blocks and GC activity over simulated time: panels sharing one
    zoomable time axis (range slider below); long timelines resampled to max_points rows."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    with_timeline = [(index, run) for index, run in enumerate(runs) if run.timeline is not None and len(run.timeline)]
    if not with_timeline:
        return None
    panels = [panel for panel in TIMELINE_PANELS
              if any(column in run.timeline for _i, run in with_timeline for column in panel[1])]
    fig = make_subplots(rows=len(panels), cols=1, shared_xaxes=True, vertical_spacing=0.06,
                        subplot_titles=[title for title, _c, _h in panels])
    how = {column: reduction for _t, columns, reduction in TIMELINE_PANELS for column in columns}
    notes = []
    for index, run in with_timeline:
        frame, per_point = resample(run.timeline, max_points, how)
        if per_point > 1:
            notes.append(f"{run.label if len(runs) > 1 else 'resampled'}: {per_point} rows per point")
        x = frame["time_us"].to_numpy(dtype=float) / 1e3
        for row, (_title, columns, _how) in enumerate(panels, start=1):
            for number, column in enumerate(c for c in columns if c in frame):
                # one run: a colour per column; several: a colour per run, a dash per column
                line = dict(color=colour(number), shape="vh") if len(runs) == 1 else \
                    dict(color=colour(index), dash=("solid", "dash", "dot")[number % 3], shape="vh")
                fig.add_trace(go.Scatter(x=x, y=frame[column].to_numpy(), name=_name(run, runs, column),
                                         mode="lines", line=line), row=row, col=1)
    fig.update_xaxes(title_text="simulated time (ms)", rangeslider=dict(visible=True, thickness=0.05),
                     row=len(panels), col=1)
    title = "Timeline (drag to zoom, double-click to reset)"
    if notes:
        title += " — " + "; ".join(notes)
    fig.update_layout(title=title, height=260 * len(panels) + 120, hovermode="x unified")
    return fig


# ---- latency breakdown ----------------------------------------------------------------------
def latency_components(figures: dict) -> dict[str, float]:
    """Mean of every latency component an operation reports besides its total: the *_us
    sections of stats.json's host.OP (for example submission and completion latency)."""
    return {key.removesuffix("_us"): float(value["mean"]) for key, value in figures.items()
            if key.endswith("_us") and key not in ("latency_us", "latency_histogram_us")
            and isinstance(value, dict) and isinstance(value.get("mean"), (int, float))}


def breakdown(run: Run) -> dict[str, dict[str, float]]:
    """{op: {component: mean us}}: stats.json's "latency_breakdown_us" ({op: {component: us}})
    when present, else the components of latency_components."""
    explicit = run.stats.get("latency_breakdown_us")
    if isinstance(explicit, dict):
        return {op: {k: float(v) for k, v in parts.items() if isinstance(v, (int, float))}
                for op, parts in explicit.items() if isinstance(parts, dict)}
    found = {op: latency_components(figures) for op, figures in run.operations.items()}
    return {op: parts for op, parts in found.items() if parts}


def latency_breakdown_figure(runs: list[Run]) -> Any:
    import plotly.graph_objects as go

    fig = go.Figure()
    for index, run in enumerate(runs):
        for op, parts in breakdown(run).items():
            fig.add_trace(go.Bar(x=list(parts), y=list(parts.values()), name=_name(run, runs, op),
                                 marker_color=colour(index), marker_pattern_shape="" if op == "read" else "/"))
    if not fig.data:
        return None
    fig.update_layout(title="Latency breakdown (mean per component)", yaxis_title="us", barmode="group", height=380)
    return fig


# ---- sweeps -------------------------------------------------------------------------------
def sweep_figure(frame: Any, parameter: str, metrics: Iterable[str], other_keys: list[str]) -> Any:
    """Each metric against one swept parameter, one line per combination of the other keys."""
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    metrics = list(metrics)
    fig = make_subplots(rows=len(metrics), cols=1, shared_xaxes=True, vertical_spacing=min(0.08, 0.3 / len(metrics)),
                        subplot_titles=metrics)
    groups = [("", frame)] if not other_keys else list(frame.groupby(other_keys, sort=True, dropna=False))
    for number, (values, group) in enumerate(groups):
        if not isinstance(values, tuple):
            values = (values,)
        name = ", ".join(f"{k}={v}" for k, v in zip(other_keys, values)) or parameter
        try:
            group = group.sort_values(parameter)
        except TypeError:  # mixed types: keep the grid's order
            pass
        for row, metric in enumerate(metrics, start=1):
            fig.add_trace(go.Scatter(x=group[parameter].astype(str) if group[parameter].dtype == object else group[parameter],
                                     y=group[metric], name=name, legendgroup=name, showlegend=row == 1,
                                     mode="lines+markers", line=dict(color=colour(number))),
                          row=row, col=1)
    fig.update_xaxes(title_text=parameter, row=len(metrics), col=1)
    fig.update_layout(title=f"against {parameter}", height=max(320, 230 * len(metrics)))
    return fig
