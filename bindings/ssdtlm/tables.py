"""Tables for reports: CSV and Markdown from a pandas DataFrame or a list of dicts (no
dependency beyond pandas)."""
from __future__ import annotations

import math
import numbers
import pathlib
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Union

if TYPE_CHECKING:
    import pandas as pd

# A table: a DataFrame, or rows as dicts of column -> value.
TableLike = Union["pd.DataFrame", Iterable[Mapping[str, Any]]]


def _frame(table: TableLike) -> pd.DataFrame:
    import pandas as pd

    return table if isinstance(table, pd.DataFrame) else pd.DataFrame(list(table))


def _cell(value: Any, digits: int) -> str:
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


def to_markdown(table: TableLike, *, digits: int = 3, columns: Iterable[str] | None = None) -> str:
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


def write_table(table: TableLike, path_stem: str | pathlib.Path, *, digits: int = 3,
                columns: Iterable[str] | None = None) -> tuple[pathlib.Path, pathlib.Path]:
    """Writes PATH_STEM.csv and PATH_STEM.md; returns both paths."""
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
