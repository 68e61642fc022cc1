"""Progress bars of Simulation.run() through tqdm.auto (a widget in notebooks, a text bar on a
terminal): one for the preconditioning, one for the timed run, each with percent done and the
time left, shown only once a phase has taken two wall seconds."""
from __future__ import annotations

import os
import sys
from typing import Any

_DELAY_SECONDS = 2.0


def wanted(progress: bool | None) -> bool:
    """progress=None: on when stderr is a terminal or the code runs in a notebook (Jupyter
    kernel); SSDTLM_PROGRESS=1 / 0 in the environment forces it either way."""
    if progress is not None:
        return bool(progress)
    forced = os.environ.get("SSDTLM_PROGRESS")
    if forced:
        return forced != "0"
    if "ipykernel" in sys.modules:
        return True
    return hasattr(sys.stderr, "isatty") and sys.stderr.isatty()


def workload_fraction(statuses: list[dict], now_ns: float) -> float | None:
    """The share of the workloads done: per workload, submitted requests of its count or
    simulated time of its duration (whichever is further), averaged; None when a workload has
    neither (a trace)."""
    fractions = []
    for status in statuses:
        spec = status["spec"]
        count, duration_ns = spec.get("request_count", 0), spec.get("duration_us", 0) * 1e3
        # count and time count from the end of a warm-up (ramp=): the workload is that much longer.
        if count:
            count += spec.get("ramp_requests", 0)
        if duration_ns:
            duration_ns += spec.get("ramp_us", 0) * 1e3
        if status["done"]:
            fractions.append(1.0)
        elif count or duration_ns:
            by_count = status["submitted"] / count if count else 0.0
            by_time = (now_ns - status["start_ns"]) / duration_ns if duration_ns else 0.0
            fractions.append(min(1.0, max(by_count, by_time, 0.0)))
        else:
            return None
    return sum(fractions) / len(fractions) if fractions else None


class PhaseBars:
    """The bars of one Simulation; every method is a no-op when progress is off."""

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self._bar: Any = None
        self._phase: str | None = None

    def _open(self, phase: str, total: int | None) -> Any:
        if self._phase == phase:
            return self._bar
        self.close()
        from tqdm.auto import tqdm

        self._phase = phase
        self._bar = tqdm(total=total, desc=phase, unit="%" if total == 100 else "it", delay=_DELAY_SECONDS,
                         leave=False, dynamic_ncols=True,
                         bar_format="{desc}: {percentage:3.0f}%|{bar}| [{elapsed}<{remaining}]" if total else None)
        return self._bar

    def precondition(self, pages_written: int, pages_expected: int) -> None:
        if not self.enabled:
            return
        self._advance_to(self._open("precondition", 100),
                         min(99.9, 100.0 * pages_written / pages_expected) if pages_expected else 0.0)

    def run(self, fraction: float | None, requests: int) -> None:
        if not self.enabled:
            return
        bar = self._open("run", 100 if fraction is not None else None)
        self._advance_to(bar, 100.0 * fraction if fraction is not None else requests)

    @staticmethod
    def _advance_to(bar: Any, position: float) -> None:
        # update(), not an assignment to n: update() honours the bar's delay and refresh rate.
        if position > bar.n:
            bar.update(position - bar.n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
        self._bar = None
        self._phase = None
