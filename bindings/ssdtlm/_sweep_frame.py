"""The DataFrame ssdtlm.sweep() returns: a plain pandas DataFrame in every respect (one row
per point) except its notebook view, which shows the grid's keys and the headline figures
(sweep.summary_columns) instead of the first and last of its hundred-odd columns, then the
points that failed and the warnings of the points' runs. Its own module, so that importing
ssdtlm does not import pandas."""
from __future__ import annotations

import pandas as pd


class SweepFrame(pd.DataFrame):
    """frame.attrs: "grid" (the swept keys), "warnings" ([{"point", "kind", "message"}])."""

    @property
    def _constructor(self) -> type[SweepFrame]:
        return SweepFrame

    def _repr_html_(self) -> str:
        from . import _html
        from .sweep import summary_columns

        columns = summary_columns(self)
        if not columns:
            return self.to_html(max_rows=pd.get_option("display.max_rows"), max_cols=pd.get_option("display.max_columns"))
        hidden = len(self.columns) - len(columns)
        headline = self[columns].to_html(border=0, classes="ssdtlm", float_format=lambda v: f"{v:,.3f}",
                                         max_rows=pd.get_option("display.max_rows"))
        errors = self["error"].notna().sum() if "error" in self else 0
        note = f"{len(self)} points" + (f", {errors} failed" if errors else "")
        if hidden:
            note += f"; {hidden} more columns in the DataFrame (frame.columns)"
        point_warnings = [{"kind": f"point {w['point']}: {w['kind']}", "message": w["message"]}
                          for w in self.attrs.get("warnings", [])]
        return _html.document("ssdtlm.sweep", headline, _html.paragraph(note), _html.warnings_list(point_warnings))
