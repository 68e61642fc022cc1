"""RAID arrays of SSDs from Python: a RaidController over N member SSDs (docs/raid.md).

    import ssdtlm
    sim = ssdtlm.RaidSimulation("raid-5-mlc", workload="mixed:read=0.5,count=4000,size=16KiB",
                                settings={"raid.gc_coordination": "reactive"})
    sim.at("2ms", lambda s: s.fail_drive(1))     # member slot 1 fails at 2 ms of simulated time
    sim.run()
    sim.stats["raid"]["failures"], sim.stats["array"]["all"]["mean_us"]

    stats = ssdtlm.simulate_raid("raid-harmonia", "mixed:read=0.2,time=0.5s,size=512KiB",
                                 settings={"raid.members": 4}, precondition="steady")

`config` is a RAID preset name, a RAID platform file or a RAID document (dict); `settings`
are dotted keys as `ssdtlm raid --set` takes them (raid.KEY, and ssd.KEY for every member).
"""
from __future__ import annotations

import heapq
import itertools
import json
from collections.abc import Mapping
from typing import Any, Callable, Union

from . import _core, _progress
from ._units import TimeLike, format_ps, to_ps
from .config import to_json_text
from .simulation import WorkloadSpec, normalize_workload

# A RAID platform: a RAID preset name, a RAID platform file or a RAID document.
RaidConfigLike = Union[str, Mapping[str, Any]]


def load_raid_config(config: RaidConfigLike, settings: Mapping[str, Any] | None = None) -> dict:
    """The effective RAID document (defaults filled in, the member SSD resolved) of a preset
    name, file path or dict, with `settings` applied. Bad keys raise ValueError naming them."""
    overrides = [f"{key}={value if isinstance(value, str) else json.dumps(value)}"
                 for key, value in (settings or {}).items()]
    if isinstance(config, str):
        return json.loads(_core.load_raid_document(config, overrides))
    if isinstance(config, Mapping):
        return json.loads(_core.complete_raid_document(to_json_text(dict(config)), overrides, "config"))
    raise TypeError(f"config: expected a RAID preset name, a file path or a dict, got {type(config).__name__}")


class RaidStats(dict):
    """stats.json of `ssdtlm raid` as a dict, shown in Jupyter as a table of the array's
    figures, the RAID layout, failures and rebuild, and the warnings."""

    def _repr_html_(self) -> str:
        from . import _html

        raid = self.get("raid", {})
        rebuild = raid.get("rebuild", {})
        figures = [("simulated ms", self.get("sim_time_ns", 0) / 1e6), ("layout", raid.get("layout")),
                   ("members", raid.get("members")), ("spares", raid.get("spares")),
                   ("failed members", len(raid.get("failures", [])) or None),
                   ("rebuild stripes", rebuild.get("stripes_rebuilt") or None),
                   ("rebuild completed us", rebuild.get("completed_us")),
                   ("lost data operations", raid.get("lost_data_operations") or None),
                   ("GC coordination", raid.get("gc_coordination", {}).get("policy"))]
        figures += _html.optional_sections(self, ("data_integrity", "energy"))
        title = "ssdtlm RAID statistics" + (" (interrupted)" if self.get("interrupted") else "")
        return _html.document(title, _html.table(_html.operation_rows(self.get("array", {}))),
                              _html.table(_html.figure_rows(figures)), _html.warnings_list(self.get("warnings", [])))


class RaidSimulation:
    """One timed simulation of a RAID platform in its own SystemC kernel context."""

    def __init__(self, config: RaidConfigLike, workload: WorkloadSpec | None = None, *,
                 settings: Mapping[str, Any] | None = None,
                 precondition: str | None = None, progress: bool | None = None):
        document = load_raid_config(config, settings)
        if workload is None:
            if "workload" not in document:
                raise ValueError("workload: give one, or a \"workload\" section in the configuration")
            workload = document["workload"]
        section = normalize_workload(workload)
        document["workload"] = section
        self._session = _core.RaidSession(json.dumps(document), "config")
        # None: the document's "precondition" key (effective-config.json records it), else none
        self._session.set_precondition(precondition or document.get("precondition", "none"))
        self._session.set_workload(json.dumps(section))
        # progress: bars for the members' preconditioning and the timed run (tqdm.auto), as
        # Simulation's; None shows them on a terminal or in a notebook.
        self._bars = _progress.PhaseBars(_progress.wanted(progress))
        if self._bars.enabled:
            count = section.get("request_count", 0)
            self._session.set_progress(
                self._bars.precondition,
                lambda completed: self._bars.run(min(1.0, completed / count) if count else None, completed))
        self._callbacks: list = []
        self._sequence = itertools.count()

    # ---- scripting at simulated times
    def at(self, time: TimeLike, callback: Callable[["RaidSimulation"], Any]) -> None:
        """Calls callback(sim) when simulated time reaches `time` (absolute)."""
        when = to_ps(time, "at")
        if when < self._session.now_ps:
            raise ValueError(f"at: {format_ps(when)} is in the past (now {format_ps(self._session.now_ps)})")
        if not callable(callback):
            raise TypeError("at: callback must be callable")
        heapq.heappush(self._callbacks, (when, next(self._sequence), callback))

    def fail_drive(self, index: int) -> None:
        """Member slot `index` fails now: its reads are rebuilt from parity or mirrors, and a
        configured spare (raid.spares) is rebuilt onto. Raises ValueError for a bad slot."""
        if isinstance(index, bool) or not isinstance(index, int) or index < 0:
            raise ValueError(f"fail_drive: expected a member slot 0..{self.members - 1}, got {index!r}")
        self._session.fail_drive(index)

    # ---- running
    def run_until(self, time: TimeLike) -> "RaidSimulation":
        """Advances to `time` (absolute), calling due callbacks; stops early when the run ends."""
        self._advance(to_ps(time, "until"))
        return self

    def run(self) -> "RaidSimulation":
        """Runs to the end: the workload drained and the members idle."""
        self._advance(None)
        return self

    def _advance(self, target: int | None) -> None:
        try:
            self._advance_steps(target)
        finally:
            self._bars.close()

    def _advance_steps(self, target: int | None) -> None:
        session = self._session
        while not session.finished:
            if self._callbacks and (target is None or self._callbacks[0][0] <= target):
                when = self._callbacks[0][0]
                if session.run_until(when):
                    break
                while self._callbacks and self._callbacks[0][0] <= session.now_ps:
                    _when, _sequence, callback = heapq.heappop(self._callbacks)
                    callback(self)
                continue
            if target is None:
                session.run_to_completion()
            else:
                session.run_until(target)
            break

    # ---- live view and results
    @property
    def now_ps(self) -> int:
        return self._session.now_ps

    @property
    def members(self) -> int:
        return self._session.members

    @property
    def finished(self) -> bool:
        return self._session.finished

    @property
    def status(self) -> dict:
        """Simulated time, requests completed, failed devices, rebuild progress."""
        return json.loads(self._session.status())

    @property
    def stats(self) -> RaidStats:
        """stats.json of `ssdtlm raid` at the current simulated time."""
        return RaidStats(json.loads(self._session.statistics()))

    @property
    def effective_config(self) -> dict:
        return json.loads(self._session.effective_config())

    def close(self) -> None:
        self._session.close()

    def __enter__(self) -> "RaidSimulation":
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def simulate_raid(config: RaidConfigLike, workload: WorkloadSpec | None = None, *,
                  settings: Mapping[str, Any] | None = None, precondition: str | None = None,
                  fail_drive: tuple[int, TimeLike] | None = None, progress: bool | None = None) -> RaidStats:
    """Runs a RAID simulation to the end and returns its statistics (the stats.json dict).
    `fail_drive=(slot, time)` fails a member at a simulated time."""
    with RaidSimulation(config, workload, settings=settings, precondition=precondition, progress=progress) as sim:
        if fail_drive is not None:
            slot, when = fail_drive
            sim.at(when, lambda s: s.fail_drive(slot))
        sim.run()
        return sim.stats
