"""Plots of results and sweeps as matplotlib Figures. Figures are built without pyplot (no
global state, no display needed): save them with fig.savefig("x.png"); Jupyter shows them."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence, cast

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from .result import Result

_TIMELINE_PANELS = (
    ("bandwidth (MB/s)", ("host_read_mbps", "host_write_mbps", "gc_write_mbps")),
    ("free blocks", ("free_blocks",)),
    ("GC activity", ("planes_collecting", "erases")),
)


def _figure(nrows: int = 1, ncols: int = 1, *, width: float = 7.0, height: float = 4.0,
            **kwargs: Any) -> tuple[Figure, Any]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    axes = fig.subplots(nrows, ncols, squeeze=False, **kwargs)
    return fig, axes


def _figure_of(ax: Axes) -> Figure:
    # The figure the caller's axes belong to (a SubFigure's axes give that SubFigure, which
    # draws and saves like a Figure for this module's purposes).
    return cast("Figure", ax.figure)


def latency_cdf(results: Mapping[str, Result], *, ops: Iterable[str] | None = None, ax: Axes | None = None,
                unit: str = "us", log_tail: bool = True, log_x: bool | None = None) -> Figure:
    """Latency CDFs of several results ({label: Result}), one curve per (result, op). The
    latency axis is logarithmic when the latencies span more than two decades (log_x=None)."""
    import numpy as np

    if ax is None:
        fig, axes = _figure()
        ax = axes[0][0]
    else:
        fig = _figure_of(ax)
    plotted = 0
    low, high = float("inf"), 0.0
    for label, result in results.items():
        wanted = list(ops) if ops is not None else [op for op in ("read", "write")
                                                     if result.stats["host"][op]["count"]]
        for op in wanted:
            values = np.sort(result.latencies(op, unit=unit))
            if values.size == 0:
                continue
            low, high = min(low, float(values[0])), max(high, float(values[-1]))
            fraction = np.arange(1, values.size + 1) / values.size
            name = f"{label} {op}".strip()
            if log_tail:
                # 1 - CDF, down to the last sample (which would be 0 on a log axis)
                ax.step(values[:-1], 1.0 - fraction[:-1], where="post", label=name)
            else:
                ax.step(values, fraction, where="post", label=name)
            plotted += 1
    ax.set_xlabel(f"latency ({unit})")
    if log_x or (log_x is None and plotted and low > 0 and high / low > 100):
        ax.set_xscale("log")
    if log_tail:
        ax.set_yscale("log")
        ax.set_ylabel("fraction of requests slower (1 - CDF)")
    else:
        ax.set_ylabel("CDF")
    ax.grid(True, which="both", alpha=0.3)
    if plotted:
        ax.legend()
    return fig


def timeline(result: Result, *, columns: Iterable[str] | None = None, axes: Sequence[Axes] | None = None) -> Figure:
    """The timeline of one result: bandwidth, free blocks and GC activity over time."""
    frame = result.timeline
    x = frame["time_us"] / 1e3
    if columns is not None:
        panels = [("", tuple(columns))]
    else:
        panels = list(_TIMELINE_PANELS)
    if axes is None:
        fig, grid = _figure(len(panels), 1, width=8.0, height=2.4 * len(panels), sharex=True)
        axes = [row[0] for row in grid]
    else:
        fig = _figure_of(axes[0])
    for ax, (ylabel, names) in zip(axes, panels):
        for name in names:
            if name not in frame:
                raise ValueError(f"timeline has no column {name!r} (columns: {', '.join(frame.columns)})")
            ax.plot(x, frame[name], label=name, drawstyle="steps-pre")
        ax.set_ylabel(ylabel or ", ".join(names))
        ax.grid(True, alpha=0.3)
        ax.legend(loc="upper right", fontsize="small")
    axes[-1].set_xlabel("simulated time (ms)")
    return fig


def sweep(frame: pd.DataFrame, x: str, y: str, *, hue: str | None = None, ax: Axes | None = None, marker: str = "o",
          xlabel: str | None = None, ylabel: str | None = None, logy: bool = False) -> Figure:
    """One line per value of `hue` (a grid key), y against x (columns of a sweep DataFrame)."""
    if ax is None:
        fig, axes = _figure()
        ax = axes[0][0]
    else:
        fig = _figure_of(ax)
    groups = [(None, frame)] if hue is None else list(frame.groupby(hue, sort=True))
    for value, group in groups:
        group = group.sort_values(x)
        ax.plot(group[x], group[y], marker=marker, label=None if hue is None else f"{hue}={value!s}")
    ax.set_xlabel(xlabel or x)
    ax.set_ylabel(ylabel or y)
    if logy:
        ax.set_yscale("log")
    ax.grid(True, alpha=0.3)
    if hue is not None:
        ax.legend()
    return fig
