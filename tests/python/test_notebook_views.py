"""What Jupyter shows for a Result, a Config, a sweep and RAID statistics (`_repr_html_`): the
HTML is parsed back and the headline figures must be the run's own, the warnings listed and
every value escaped."""
from html.parser import HTMLParser

import pandas as pd
import pytest

import ssdtlm
from ssdtlm.raid import RaidStats
from ssdtlm.sweep import summary_columns

# GC refills to 3 free blocks of 64 (not the preset's 4): more than half of the spare holds
# data, so the runs have no spare_mostly_reserved warning to give.
TINY = {"controller.channels": 2, "controller.chips_per_channel": 1, "nand.planes_per_die": 2,
        "nand.blocks_per_plane": 64, "ftl.gc.free_block_low_watermark": 0.03, "ftl.gc.free_block_high_watermark": 0.04}


class Fragment(HTMLParser):
    """The tables (lists of rows of cell texts), the paragraphs, the list items, the bold texts
    and the <pre> text of an HTML fragment; fails on a tag closed out of order."""

    def __init__(self, text: str):
        super().__init__()
        self.tables, self.paragraphs, self.items, self.bold, self.pre = [], [], [], [], ""
        self._open, self._cell = [], None
        self.feed(text)
        self.close()
        assert not self._open, f"unclosed tags {self._open}"

    def handle_starttag(self, tag, attrs):
        self._open.append(tag)
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th", "li", "p") or (tag == "b" and "li" not in self._open):
            self._cell = ""

    def handle_endtag(self, tag):
        assert self._open and self._open[-1] == tag, f"</{tag}> closes {self._open[-1:]}"
        self._open.pop()
        if tag in ("td", "th"):
            self.tables[-1][-1].append(self._cell)
        elif tag == "li":
            self.items.append(self._cell)
        elif tag == "p":
            self.paragraphs.append(self._cell)
        elif tag == "b" and "li" not in self._open:
            self.bold.append(self._cell)

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data
        if "pre" in self._open:
            self.pre += data

    def rows(self, table: int) -> dict:
        """A table keyed by its first column: {first cell: {header: cell}}."""
        header, *body = self.tables[table]
        return {row[0]: dict(zip(header, row)) for row in body}


def test_result_view_holds_the_runs_headline_figures_and_warnings():
    cfg = ssdtlm.Config.preset("slc-2011").update(TINY)
    result = ssdtlm.simulate(cfg, "mixed:qd=4,count=400,read=0.5,size=4KiB")
    view = Fragment(result._repr_html_())
    assert view.bold[0] == "ssdtlm.Result: slc-2011"
    ops = view.rows(0)
    assert set(ops) == {"read", "write"}  # no trims ran: no trim row
    for op in ("read", "write"):
        figures = result.stats["host"][op]
        assert ops[op]["requests"] == str(figures["count"])
        assert ops[op]["IOPS"] == f"{figures['iops']:,.3f}"
        assert ops[op]["p99 us"] == f"{figures['latency_us']['p99']:,.3f}"
        assert ops[op]["p99.9 us"] == f"{figures['latency_us']['p999']:,.3f}"
    figures = view.rows(1)
    assert figures["simulated ms"]["value"] == f"{result.sim_time_ns / 1e6:,.3f}"
    assert figures["GC victims"]["value"] == str(result.stats["gc"]["victims"])
    # reads of a drive never written: the run's own warning, word for word
    assert [w["kind"] for w in result.warnings] == ["unmapped_reads"]
    assert view.items == [f"unmapped_reads: {result.warnings[0]['message']}"]


def test_result_view_shows_optional_sections_and_escapes_text():
    stats = {"sim_time_ns": 2_000_000, "write_amplification": 1.25, "interrupted": True,
             "host": {"write": {"count": 3, "iops": 1500.0, "bandwidth_mbps": 6.0,
                                "latency_us": {"mean": 200.0, "p50": 199.5, "p99": 210.0, "p999": 210.0, "max": 210.0}},
                      "read": {"count": 0}},
             "gc": {"victims": 7, "pages_moved": 12}, "erase_count": {"min": 1, "max": 4},
             "data_integrity": {"checked_pages": 40, "mismatches": 0},
             "warnings": [{"kind": "odd<kind>", "message": "a <script>alert(1)</script> & more"}]}
    text = ssdtlm.Result(stats, {"name": "x<y"})._repr_html_()
    assert "<script>" not in text
    view = Fragment(text)
    assert view.bold[0] == "ssdtlm.Result: x<y (interrupted: figures of the run up to the stop)"
    assert list(view.rows(0)) == ["write"]
    figures = view.rows(1)
    assert figures["write amplification"]["value"] == "1.250"
    assert figures["erase count min / max"]["value"] == "1 / 4"
    assert figures["data_integrity.checked_pages"]["value"] == "40"
    assert figures["data_integrity.mismatches"]["value"] == "0"
    assert view.items == ["odd<kind>: a <script>alert(1)</script> & more"]


def test_config_view_holds_headline_keys_units_capacity_and_the_whole_document():
    cfg = ssdtlm.Config.preset("slc-2011").update(TINY).set(
        "workload", ssdtlm.normalize_workload("random-read:qd=2,count=10,size=4KiB"))
    view = Fragment(cfg._repr_html_())
    assert view.bold[0] == "ssdtlm.Config 'slc-2011' from slc-2011"
    rows = view.rows(0)
    assert rows["controller.channels"] == {"key": "controller.channels", "value": "2", "unit": "channels"}
    assert rows["nand.timing.read_us"]["value"] == f"{cfg.get('nand.timing.read_us'):g}"
    assert rows["nand.timing.read_us"]["unit"] == "us"
    assert rows["ftl.gc.policy"]["value"] == cfg.get("ftl.gc.policy")
    assert rows["workload"]["value"] == ssdtlm.workload_compact(cfg.get("workload"))
    raw_bytes = (2 * 1 * cfg.get("nand.dies_per_chip") * 2 * 64 * cfg.get("nand.pages_per_block")
                 * cfg.get("nand.page_size_bytes"))
    assert rows["raw capacity"]["value"] == f"{raw_bytes / 2**30:.2f}"
    assert view.pre.strip() == cfg.to_json()


def test_config_membership_of_a_missing_key_is_false():
    cfg = ssdtlm.Config.preset("slc-2011")
    assert "ftl.gc.policy" in cfg
    assert "workload" not in cfg and "no.such.key" not in cfg


@pytest.fixture(scope="module")
def small_sweep():
    cfg = ssdtlm.Config.preset("slc-2011").update(TINY)
    return ssdtlm.sweep(cfg, {"ftl.gc.policy": ["greedy", "fifo"]}, workload="mixed:qd=4,count=300,read=0.5,size=4KiB",
                        max_workers=2, progress=False)


def test_sweep_view_shows_grid_and_headline_columns_and_the_points_warnings(small_sweep):
    frame = small_sweep
    assert isinstance(frame, pd.DataFrame)
    view = Fragment(frame._repr_html_())
    header, *body = view.tables[0]
    columns = summary_columns(frame)
    assert header == ["", *columns]  # the index, the grid key, then the headline figures only
    assert columns[0] == "ftl.gc.policy" and "host.read.latency_us.p99" in columns
    assert [row[1] for row in body] == ["greedy", "fifo"]
    assert body[1][columns.index("host.write.iops") + 1] == f"{frame['host.write.iops'][1]:,.3f}"
    hidden = len(frame.columns) - len(columns)
    assert hidden > 50 and f"2 points; {hidden} more columns in the DataFrame (frame.columns)" in view.paragraphs
    # each point read unwritten pages: one warning per point, naming it
    assert [item.split(":")[0] for item in view.items] == ["point 0", "point 1"]
    # derived frames stay DataFrames with the same view
    assert isinstance(frame[frame["ftl.gc.policy"] == "fifo"], type(frame))


def test_raid_statistics_are_a_dict_shown_with_the_arrays_figures():
    stats = ssdtlm.simulate_raid("raid-5-mlc", "mixed:qd=4,count=200,read=0.5,size=16KiB", progress=False)
    assert isinstance(stats, RaidStats) and isinstance(stats, dict)
    view = Fragment(stats._repr_html_())
    assert view.bold[0] == "ssdtlm RAID statistics"
    ops = view.rows(0)
    assert ops["read"]["requests"] == str(stats["array"]["read"]["count"])
    assert ops["write"]["p99 us"] == f"{stats['array']['write']['latency_us']['p99']:,.3f}"
    figures = view.rows(1)
    assert figures["layout"]["value"] == stats["raid"]["layout"]
    assert figures["members"]["value"] == str(stats["raid"]["members"])
    assert len(view.items) == len(stats["warnings"])


class RecordingBar:
    """Stands in for tqdm.auto.tqdm (a widget in a notebook): records the bars opened."""
    opened: list = []

    def __init__(self, total=None, desc=None, **_options):
        self.n, self.total, self.desc = 0, total, desc
        RecordingBar.opened.append(self)

    def update(self, step=1):
        self.n += step

    def close(self):
        pass


def test_in_a_notebook_progress_is_on_and_drawn_by_tqdm_auto(monkeypatch):
    import sys
    import types

    import tqdm.auto

    monkeypatch.setitem(sys.modules, "ipykernel", types.ModuleType("ipykernel"))  # as inside a Jupyter kernel
    monkeypatch.delenv("SSDTLM_PROGRESS", raising=False)
    monkeypatch.setattr(tqdm.auto, "tqdm", RecordingBar)
    monkeypatch.setattr(RecordingBar, "opened", [])
    cfg = ssdtlm.Config.preset("slc-2011").update(TINY)
    ssdtlm.simulate(cfg, "random-read:qd=1,count=2000,size=4KiB", precondition="fill")  # progress=None
    assert [bar.desc for bar in RecordingBar.opened] == ["precondition", "run"]
    assert RecordingBar.opened[-1].n > 0  # the run advanced its bar (percent of the requests)
    ssdtlm.sweep(cfg, {"ftl.gc.policy": ["greedy", "fifo"]}, workload="random-read:qd=1,count=100,size=4KiB",
                 max_workers=1)
    assert RecordingBar.opened[-1].desc == "sweep" and RecordingBar.opened[-1].n == 2
