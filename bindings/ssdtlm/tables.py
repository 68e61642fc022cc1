"""Tables for reports: CSV and Markdown from a pandas DataFrame or a list of dicts (no
dependency beyond pandas)."""
from __future__ import annotations

import math
import numbers
from typing import Iterable


def _frame(table):
    import pandas as pd

    return table if isinstance(table, pd.DataFrame) else pd.DataFrame(list(table))


def _cell(value, digits: int) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        value = float(value)
        if math.isnan(value):
            return ""
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        if abs(value) >= 1e7 or abs(value) < 10 ** -digits:
            return f"{value:.{digits + 1}g}"
        return f"{value:.{digits}f}"
    return str(value).replace("|", "\\|").replace("\n", " ")


def to_markdown(table, *, digits: int = 3, columns: Iterable[str] | None = None) -> str:
    """A GitHub-flavoured Markdown table; numbers rounded to `digits` decimals."""
    frame = _frame(table)
    if columns is not None:
        frame = frame[list(columns)]
    header = [str(c) for c in frame.columns]
    numeric = [frame[c].dtype.kind in "iuf" for c in frame.columns]
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join("---:" if n else "---" for n in numeric) + "|"]
    for row in frame.itertuples(index=False):
        lines.append("| " + " | ".join(_cell(v, digits) for v in row) + " |")
    return "\n".join(lines) + "\n"


def write_table(table, path_stem, *, digits: int = 3, columns: Iterable[str] | None = None):
    """Writes PATH_STEM.csv and PATH_STEM.md; returns both paths."""
    import pathlib

    frame = _frame(table)
    if columns is not None:
        frame = frame[list(columns)]
    stem = pathlib.Path(path_stem)
    stem.parent.mkdir(parents=True, exist_ok=True)
    csv_path = stem.with_suffix(".csv")
    md_path = stem.with_suffix(".md")
    frame.to_csv(csv_path, index=False)
    md_path.write_text(to_markdown(frame, digits=digits))
    return csv_path, md_path
