"""HTML reports of runs and sweeps: one self-contained file (plotly.js and the data inlined)
that any browser opens without network access.

    ssdtlm report OUT_DIR [OUT_DIR ...] -o report.html      (python -m ssdtlm.report, the same)
    ssdtlm run ... --report                                  (report.html beside stats.json)
    result.report("report.html")                             (a Result in Python)
    ssdtlm.report.write_report(["out/a", "out/b"], "ab.html")

A report of one run has its configuration (the keys that differ from the preset it names
highlighted), the headline table, the latency CDF with its tail on a log axis, the timeline
(bandwidth, IOPS, free blocks, GC activity) and the latency breakdown when the run has one,
and the run's warnings. Several runs are overlaid in the same figures, and a difference table
compares each run with the first. A sweep with an output folder writes report.html of all its
points: each headline metric against each swept parameter (sweep_report).
"""
from __future__ import annotations

import os
import pathlib
from typing import Any, Iterable

from . import figures
from .figures import DEFAULT_MAX_POINTS
from .metrics import difference_rows, headline_rows
from .page import escape, figure_div, format_value, page, table
from .runs import (Run, config_differences, flatten_with_lists, preset_document, summary_items, unique_labels,
                   workload_text)

# The ids of the figures' divs (the browser test finds the figures by them).
FIGURE_IDS = {"latency_cdf": "latency-cdf", "timeline": "timeline", "latency_breakdown": "latency-breakdown"}


def _configuration_section(runs: list[Run]) -> str:
    parts = []
    for run in runs:
        preset, against = preset_document(run.config)
        changed = config_differences(run.config, preset)
        heading = f"<h3>{escape(run.label)}</h3>" if len(runs) > 1 else ""
        workload = workload_text(run.config)
        if workload:
            heading += f"<p>workload <code>{escape(workload)}</code></p>"
        items = summary_items(run.config)
        heading += table(("platform", "value"), items, row_classes=["changed" if key in changed else ""
                                                                   for key, _value in items])
        if preset is None:
            summary = f'<p class="note">{escape(against)}.</p>'
        elif changed:
            summary = (f"<p>{len(changed)} key(s) differ from {escape(against)}:</p>"
                       + table(("key", against, "this run"), [(key, *values) for key, values in changed.items()],
                               row_classes=["changed"] * len(changed)))
        else:
            summary = f"<p>Identical to {escape(against)}.</p>"
        flat = flatten_with_lists(run.config)
        full = table(("key", "value"), [(key, value) for key, value in flat.items()],
                     row_classes=["changed" if key in changed else "" for key in flat])
        parts.append(f"{heading}{summary}<details><summary>all {len(flat)} keys of effective-config.json"
                     f"</summary>{full}</details>")
    if len(runs) > 1:
        flats = [flatten_with_lists(run.config) for run in runs]
        keys = sorted({key for flat in flats for key in flat})
        differing = [key for key in keys if any(flat.get(key) != flats[0].get(key) for flat in flats[1:])]
        if differing:
            parts.append("<h3>Keys that differ between the runs</h3>"
                         + table(["key"] + [run.label for run in runs],
                                 [[key] + [flat.get(key) for flat in flats] for key in differing],
                                 row_classes=["changed"] * len(differing)))
        else:
            parts.append("<p>The runs' configurations are identical.</p>")
    return "".join(parts)


def _headline_section(runs: list[Run]) -> str:
    rows = difference_rows(runs)
    if len(runs) == 1:
        return table(("section", "figure", "value"), [(s, l, v[0]) for s, l, v in rows], key_columns=2)
    header = ["section", "figure"] + [run.label for run in runs]
    for run in runs[1:]:
        header += [f"{run.label} − {runs[0].label}", "change"]
    body = []
    for section, label, values in rows:
        row = [section, label, *values]
        for value in values[1:]:
            base = values[0]
            if isinstance(value, (int, float)) and isinstance(base, (int, float)) and not isinstance(value, bool) \
                    and not isinstance(base, bool):
                delta = value - base
                row += [delta, f"{delta / base * 100:+.1f} %" if base else ("—" if delta == 0 else "new")]
            else:
                row += [None, "same" if value == base else "differs"]
        body.append(row)
    return table(header, body, key_columns=2)


def _warnings_section(runs: list[Run]) -> str:
    parts = []
    for run in runs:
        warnings = run.stats.get("warnings", [])
        prefix = f"{run.label}: " if len(runs) > 1 else ""
        if not warnings:
            parts.append(f'<p class="note">{escape(prefix)}no warnings.</p>')
        for warning in warnings:
            parts.append(f'<div class="warning"><b>{escape(prefix)}{escape(warning.get("kind", "warning"))}</b>: '
                         f'{escape(warning.get("message", ""))}</div>')
    return "".join(parts)


def render(runs: list[Run], *, title: str | None = None, max_points: int = DEFAULT_MAX_POINTS) -> str:
    """The report's HTML text for runs already loaded."""
    if not runs:
        raise ValueError("no run to report")
    if max_points < 2:
        raise ValueError(f"max_points: expected at least 2, got {max_points}")
    sections = [("Warnings", _warnings_section(runs)),
                ("Headline figures" if len(runs) == 1 else f"Headline figures and differences from {runs[0].label}",
                 _headline_section(runs))]
    built = (("latency_cdf", "Latency CDF", figures.latency_cdf_figure(runs, max_points)),
             ("timeline", "Timeline", figures.timeline_figure(runs, max_points)),
             ("latency_breakdown", "Latency breakdown", figures.latency_breakdown_figure(runs)))
    for name, heading, fig in built:
        if fig is not None:
            sections.append((heading, figure_div(fig, FIGURE_IDS[name])))
    sections.append(("Configuration", _configuration_section(runs)))
    return page(title or "ssdtlm report: " + ", ".join(run.label for run in runs), sections)


def _write(text: str, path: str | os.PathLike[str]) -> pathlib.Path:
    path = pathlib.Path(path)
    if path.is_dir():
        raise ValueError(f"{path}: is a directory (give the report's file name)")
    if path.parent != pathlib.Path("") and not path.parent.is_dir():
        raise ValueError(f"{path.parent}: no such directory")
    path.write_text(text, encoding="utf-8")
    return path


def write_report(directories: Iterable[str | os.PathLike[str]], path: str | os.PathLike[str], *,
                 title: str | None = None, max_points: int = DEFAULT_MAX_POINTS) -> pathlib.Path:
    """The report of one or more output folders written to path. ValueError for a folder that
    is not an output folder (no stats.json)."""
    folders = [pathlib.Path(d) for d in directories]
    runs = [Run.load(folder, label) for folder, label in zip(folders, unique_labels(folders))]
    return _write(render(runs, title=title, max_points=max_points), path)


def write_result_report(results: dict[str, Any], path: str | os.PathLike[str], *, title: str | None = None,
                        max_points: int = DEFAULT_MAX_POINTS) -> pathlib.Path:
    """The report of Results in memory ({label: Result}), for Result.report."""
    runs = [Run.from_result(result, label) for label, result in results.items()]
    return _write(render(runs, title=title, max_points=max_points), path)


def sweep_report(frame: Any, path: str | os.PathLike[str], *, metrics: Iterable[str] | None = None, title: str = "ssdtlm sweep report") -> pathlib.Path:
    """A sweep's DataFrame (ssdtlm.sweep) as a report: every metric against every swept
    parameter, then the table of all points. metrics: columns (default: the sweep's headline
    figures that vary or matter, see sweep.summary_columns)."""
    from ..sweep import summary_columns

    grid = [key for key in frame.attrs.get("grid", []) if key in frame]
    if metrics is None:
        metrics = [c for c in summary_columns(frame) if c not in grid and c not in ("wall_seconds", "error")]
    metrics = [m for m in metrics if m in frame]
    sections = []
    if "error" in frame:
        failed = frame[frame["error"].notna()]
        if len(failed):
            sections.append(("Failed points", table(grid + ["error"], failed[grid + ["error"]].itertuples(index=False),
                                                    key_columns=len(grid) + 1)))
    if metrics and grid:
        ok = frame[frame["error"].isna()] if "error" in frame else frame
        for number, parameter in enumerate(grid):
            fig = figures.sweep_figure(ok, parameter, metrics, [k for k in grid if k != parameter])
            sections.append((f"Against {parameter}", figure_div(fig, f"sweep-{number}")))
    columns = summary_columns(frame)
    sections.append((f"All {len(frame)} points", table(columns, frame[columns].itertuples(index=False),
                                                       key_columns=len(grid))))
    return _write(page(title, sections), path)


__all__ = ["DEFAULT_MAX_POINTS", "FIGURE_IDS", "Run", "render", "sweep_report", "write_report", "write_result_report",
           "format_value"]
