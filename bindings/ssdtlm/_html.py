"""The HTML that Jupyter shows for a Result, a Config, a sweep and RAID statistics
(`_repr_html_`): a title, compact tables of the headline figures (pandas' to_html, values
escaped) and the run's warnings."""
from __future__ import annotations

import html
import json
import numbers
from typing import Any, Iterable, Mapping, Sequence

OPS = ("read", "write", "trim")
_LATENCY_COLUMNS = (("mean", "mean us"), ("p50", "p50 us"), ("p99", "p99 us"), ("p999", "p99.9 us"),
                    ("max", "max us"))


def _number(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return str(value)
    if isinstance(value, numbers.Integral):
        return f"{int(value):,}"
    number = float(value)
    if number.is_integer() and abs(number) < 1e15:
        return f"{int(number):,}"
    if number and abs(number) < 1e-3:
        return f"{number:.3g}"
    return f"{number:,.3f}" if abs(number) < 1e6 else f"{number:,.0f}"


def table(rows: Sequence[Mapping[str, Any]], *, index: bool = False) -> str:
    """An HTML table of rows (dicts with the same keys), numbers formatted for reading."""
    import pandas as pd

    if not rows:
        return ""
    frame = pd.DataFrame([{key: _number(value) for key, value in row.items()} for row in rows])
    return frame.to_html(index=index, border=0, escape=True, classes="ssdtlm")


def operation_rows(section: Mapping[str, Any]) -> list[dict]:
    """One row per operation type that ran ("read", "write", "trim" of stats.json's "host" or a
    RAID array's "array"): requests, IOPS, MB/s and the latency percentiles."""
    rows = []
    for op in OPS:
        figures = section.get(op)
        if not isinstance(figures, Mapping) or not figures.get("count"):
            continue
        latency = figures.get("latency_us", {})
        row = {"op": op, "requests": figures["count"], "IOPS": figures.get("iops", 0.0),
               "MB/s": figures.get("bandwidth_mbps", 0.0)}
        row.update({label: latency[key] for key, label in _LATENCY_COLUMNS if key in latency})
        rows.append(row)
    return rows


def figure_rows(pairs: Iterable[tuple[str, Any]]) -> list[dict]:
    """Rows of a two-column "figure / value" table; pairs whose value is None are left out."""
    return [{"figure": name, "value": value} for name, value in pairs if value is not None]


def optional_sections(stats: Mapping[str, Any], names: Iterable[str]) -> list[tuple[str, Any]]:
    """The scalar figures of the sections a run has only in some modes (data_integrity, power,
    energy, ...), under their dotted names."""
    pairs: list[tuple[str, Any]] = []
    for name in names:
        section = stats.get(name)
        if isinstance(section, Mapping):
            pairs.extend((f"{name}.{key}", value) for key, value in section.items()
                         if not isinstance(value, (Mapping, list)))
    return pairs


def warnings_list(warnings: Iterable[Mapping[str, Any]], prefix: str = "") -> str:
    items = [f"<li><b>{html.escape(str(w.get('kind', 'warning')))}</b>: {html.escape(str(w.get('message', '')))}</li>"
             for w in warnings]
    if not items:
        return ""
    return f"<p>{html.escape(prefix)}warnings:</p><ul class=\"ssdtlm-warnings\">{''.join(items)}</ul>"


def document(title: str, *parts: str, details: tuple[str, str] | None = None) -> str:
    """The whole fragment: a bold title, then the parts (tables, lists), and optionally a
    collapsed <details> block (summary, preformatted text)."""
    body = [f"<div class=\"ssdtlm\"><p><b>{html.escape(title)}</b></p>", *[part for part in parts if part]]
    if details is not None:
        summary, text = details
        body.append(f"<details><summary>{html.escape(summary)}</summary><pre>{html.escape(text)}</pre></details>")
    body.append("</div>")
    return "".join(body)


def paragraph(text: str) -> str:
    return f"<p>{html.escape(text)}</p>"


def pretty_json(value: Any) -> str:
    return json.dumps(value, indent=2, sort_keys=False)
