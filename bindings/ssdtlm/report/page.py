"""The report as one self-contained HTML page: plotly.js inlined once, each figure's data
inlined in its own div (no network access needed to view it), tables as plain HTML."""
from __future__ import annotations

import html
import math
from typing import Any, Iterable

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 1200px; color: #222; padding: 0 1em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.6em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; font-size: 0.9em; margin: 0.5em 0; }
th, td { border: 1px solid #ddd; padding: 2px 8px; text-align: right; }
th { background: #f3f3f3; } td.key, th.key { text-align: left; font-family: monospace; }
tr.changed td { background: #fff3c4; } tr.changed td.key { font-weight: bold; }
.warning { background: #fde8e8; border-left: 4px solid #b00020; padding: 4px 8px; margin: 4px 0; }
.note { color: #666; font-size: 0.9em; }
details summary { cursor: pointer; color: #1f5fa8; }
"""


def escape(value: Any) -> str:
    return html.escape(str(value), quote=True)


def format_value(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return "—" if value is None else str(value).lower()
    if isinstance(value, float):
        if math.isnan(value):
            return "—"
        if value != 0 and (abs(value) >= 1e7 or abs(value) < 1e-3):
            return f"{value:.4g}"
        return f"{value:,.3f}".rstrip("0").rstrip(".") if not value.is_integer() else f"{value:,.0f}"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, (list, dict)):
        import json

        return json.dumps(value)
    return str(value)


def table(header: Iterable[str], rows: Iterable[Iterable[Any]], *, key_columns: int = 1,
          row_classes: Iterable[str] | None = None) -> str:
    """An HTML table; the first key_columns cells of a row are left-aligned labels, the others
    formatted values (format_value). row_classes: a CSS class per row ("" for none)."""
    head = "".join(f'<th class="key">{escape(h)}</th>' if i < key_columns else f"<th>{escape(h)}</th>"
                   for i, h in enumerate(header))
    classes = list(row_classes) if row_classes is not None else None
    body = []
    for number, row in enumerate(rows):
        row_class = f' class="{classes[number]}"' if classes and classes[number] else ""
        cells = "".join(f'<td class="key">{escape(cell)}</td>' if i < key_columns
                        else f"<td>{escape(format_value(cell))}</td>" for i, cell in enumerate(row))
        body.append(f"<tr{row_class}>{cells}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def figure_div(fig: Any, div_id: str) -> str:
    """A figure's div and data (plotly.js itself comes once, in the page's head)."""
    import plotly.io as pio

    return pio.to_html(fig, full_html=False, include_plotlyjs=False, div_id=div_id,
                       config={"displaylogo": False, "responsive": True})


def page(title: str, sections: list[tuple[str, str]]) -> str:
    """The whole document: sections are (heading, HTML body)."""
    from plotly.offline import get_plotlyjs

    from .. import __version__

    body = "".join(f"<h2>{escape(heading)}</h2>\n{content}\n" for heading, content in sections)
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{escape(title)}</title>\n"
            f"<style>{_STYLE}</style>\n<script type=\"text/javascript\">{get_plotlyjs()}</script>\n</head>\n"
            f"<body><h1>{escape(title)}</h1><p class=\"note\">written by ssdtlm {__version__}</p>\n{body}</body></html>\n")
