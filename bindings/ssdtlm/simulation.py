"""Timed simulations from Python.

`simulate()` is `ssdtlm run` as a function. `Simulation` is the scripting form: workloads that
start and stop at given simulated times, Python callbacks at simulated times, live statistics
and parameters changed during the run:

    sim = ssdtlm.Simulation(cfg, precondition="steady")
    sim.add_workload("random-write:qd=8,duration=20ms", start=0)
    sim.add_workload("random-read:qd=1,duration=10ms", start="5ms")
    sim.at("10ms", lambda s: s.set("ftl.gc.free_block_low_watermark", 0.1))
    sim.every("1ms", lambda s: print(s.now_us, s.stats()["gc"]["victims"]))
    sim.run()                 # until every workload has drained
    result = sim.result()

With ftl.mode = mjolnir (docs/mjolnir.md) the multi-reference store's commands can be issued at
the current simulated time, between run calls or from `at` callbacks:

    sim.at("2ms", lambda s: s.snapshot(slot=1))          # the whole volume into snapshot slot 1
    copy = sim.range_copy(0, "64KiB", "1MiB")            # NVMe Simple Copy: 1 MiB.. references 0..
    sim.run_for("1ms"); copy.status, copy.latency_ns     # "ok", completion time - issue time

Each Simulation has its own SystemC kernel context: simulations in one process, one after
another (or interleaved), never share kernel state, and identical inputs give identical
results. Callbacks run between kernel steps (sc_start up to the callback's time, then
sc_pause), never inside the kernel; an exception in one stops the simulation and propagates
with its Python traceback.
"""
from __future__ import annotations

import heapq
import itertools
import json
import os
import pathlib
import tempfile
import time as _time
from typing import Any, Callable, Mapping

from . import _core, _progress
from ._units import format_ps, to_bytes, to_ns, to_ps
from .config import Config, to_json_text
from .result import Result

SimulationError = _core.SimulationError
_FIRST_SLICE_PS = 1_000_000_000  # 1 ms of simulated time
_SLICE_WALL_SECONDS = 0.2


def normalize_workload(spec) -> dict:
    """A workload as the JSON section (defaults filled in) from the compact form
    ("random-read:qd=1,count=2000,size=4KiB") or a dict (the configuration's "workload" section)."""
    if isinstance(spec, str):
        return json.loads(_core.parse_workload(spec, "workload"))
    if isinstance(spec, Mapping):
        return json.loads(_core.normalize_workload(to_json_text(dict(spec)), "workload"))
    raise TypeError(f"workload: expected a compact spec string or a dict, got {type(spec).__name__}")


def workload_compact(spec) -> str:
    """The compact form of a workload (for tables and labels)."""
    return _core.workload_compact(to_json_text(normalize_workload(spec)))


# ---- parameters that may change while a simulation runs ---------------------------------
# key -> function(simulation, value). Later features (snapshot, drive failure, ...) register
# theirs here with register_live_parameter().
LIVE_PARAMETERS: dict[str, Callable[["Simulation", Any], None]] = {}


def register_live_parameter(key: str):
    def decorate(function):
        LIVE_PARAMETERS[key] = function
        return function
    return decorate


def _check_fraction(key, value):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{key}: expected a number, got {value!r}")
    return float(value)


@register_live_parameter("ftl.gc.free_block_low_watermark")
def _set_low_watermark(sim: "Simulation", value):
    value = _check_fraction("ftl.gc.free_block_low_watermark", value)
    sim._session.set_gc_watermarks(value, sim._live["ftl.gc.free_block_high_watermark"])
    sim._live["ftl.gc.free_block_low_watermark"] = value


@register_live_parameter("ftl.gc.free_block_high_watermark")
def _set_high_watermark(sim: "Simulation", value):
    value = _check_fraction("ftl.gc.free_block_high_watermark", value)
    sim._session.set_gc_watermarks(sim._live["ftl.gc.free_block_low_watermark"], value)
    sim._live["ftl.gc.free_block_high_watermark"] = value


@register_live_parameter("ftl.gc.foreground")
def _set_foreground(sim: "Simulation", value):
    if not isinstance(value, bool):
        raise ValueError(f"ftl.gc.foreground: expected true or false, got {value!r}")
    sim._session.set_foreground_gc(value)
    sim._live["ftl.gc.foreground"] = value


class Workload:
    """Handle of a workload added to a Simulation: its spec and live progress."""

    def __init__(self, simulation: "Simulation", index: int):
        self._simulation = simulation
        self.index = index

    def status(self) -> dict:
        return self._simulation.workloads()[self.index]

    @property
    def done(self) -> bool:
        return self.status()["done"]

    @property
    def submitted(self) -> int:
        return self.status()["submitted"]

    def __repr__(self) -> str:
        status = self.status()
        return f"<ssdtlm.Workload {self.index} {status['compact']!r} submitted={status['submitted']} done={status['done']}>"


class Command:
    """Handle of a range command issued with Simulation.range_copy, range_move, range_delete or
    snapshot. Its state is read from the simulation: `status` is "pending" until the command's
    completion has reached the host, then "ok" (or "error"); `issued_ns`, `completed_ns` (None
    while pending) and `latency_ns` are simulated times. The command is also counted in
    stats.json (host.range-copy, ...) and, with per-request records, is the line of requests.csv
    whose id is `id`. After Simulation.result() the handle keeps its last state."""

    def __init__(self, simulation: "Simulation", handle: int):
        self._simulation = simulation
        self.id = handle
        self._final: dict | None = None

    def state(self) -> dict:
        """op, offset_bytes, size_bytes, destination_bytes, issued_ps, completed_ps, status."""
        if self._final is not None:
            return dict(self._final)
        return json.loads(self._simulation._session.command_status(self.id))

    @property
    def op(self) -> str:
        return self.state()["op"]

    @property
    def status(self) -> str:
        return self.state()["status"]

    @property
    def done(self) -> bool:
        return self.status != "pending"

    @property
    def issued_ns(self) -> float:
        return self.state()["issued_ps"] / 1e3

    @property
    def completed_ns(self) -> float | None:
        completed = self.state()["completed_ps"]
        return None if completed is None else completed / 1e3

    @property
    def latency_ns(self) -> float | None:
        state = self.state()
        return None if state["completed_ps"] is None else (state["completed_ps"] - state["issued_ps"]) / 1e3

    def __repr__(self) -> str:
        state = self.state()
        return (f"<ssdtlm.Command {self.id} {state['op']} [{state['offset_bytes']}, +{state['size_bytes']}) "
                f"-> {state['destination_bytes']} {state['status']}>")


class Simulation:
    """One timed simulation of one SSD, scripted step by step (see the module docstring)."""

    def __init__(self, config, *, precondition: str | None = None, out=None, records: bool | None = None,
                 seed: int | None = None, set: Mapping[str, Any] | None = None, progress: bool | None = None,
                 force: bool = False, fio: bool = False):
        cfg = Config.coerce(config)
        changes = dict(set or {})
        if seed is not None:
            changes["seed"] = seed
        if records is not None:
            changes["stats.per_request_records"] = bool(records)
        if changes:
            cfg.update(changes)
        self.config = cfg
        # None: the configuration's "precondition" key (effective-config.json records it), else none
        self.precondition = _core.check_precondition(precondition or cfg.get("precondition", "none"))
        self._session = _core.Session(to_json_text(cfg.to_dict()), cfg.source)
        self._session.set_precondition(self.precondition)
        # fio's statistics need every request's timings (32 bytes each): kept only when asked for.
        self._fio = bool(fio)
        if self._fio:
            self._session.keep_request_timings()
        self.out = pathlib.Path(out) if out is not None else None
        self._tmp = None
        if self.out is not None:
            # New or empty, as `ssdtlm run --out`: the files of two runs never mix.
            _core.claim_output_directory(str(self.out), force)
        # Streamed as sampled, as `ssdtlm run` does: memory stays flat however long the run.
        self._timeline_csv = self._output_dir() / "timeline.csv"
        self._session.stream_timeline_to(str(self._timeline_csv))
        # The monitor also lets Ctrl-C (KeyboardInterrupt) stop the preconditioning promptly.
        self._bars = _progress.PhaseBars(_progress.wanted(progress))
        self._session.set_precondition_monitor(self._bars.precondition)
        self.interrupted = False  # a KeyboardInterrupt stopped run(): result() says so
        self._requests_csv = None
        if cfg.get("stats.per_request_records"):
            self._requests_csv = self._output_dir() / "requests.csv"
            self._session.open_request_records(str(self._requests_csv))
        self._vcd = None
        if cfg.get("stats.vcd"):
            self._vcd = self._output_dir() / cfg.get("stats.vcd")
            self._session.open_vcd(str(self._vcd))
        self._live = {key: cfg.get(key) for key in
                      ("ftl.gc.free_block_low_watermark", "ftl.gc.free_block_high_watermark", "ftl.gc.foreground")}
        self._callbacks: list = []  # heap of (time_ps, sequence, callback)
        self._sequence = itertools.count()
        self._workload_specs: list[dict] = []
        self._changes: list[dict] = []
        self._commands: list[Command] = []
        self._wall_seconds = 0.0
        self._stopped_by: BaseException | None = None
        self._result: Result | None = None

    # ---- setup
    def add_workload(self, spec, *, start=0, stop=None, seed: int | None = None) -> Workload:
        """Adds a workload (compact spec or dict) issuing from `start` until it ends by itself
        or `stop` (absolute simulated times: ns, or strings such as "5ms"). Its generator is
        seeded with `seed`, by default the configuration's seed plus the workload's index."""
        self._check_open()
        if self._session.started:
            raise RuntimeError("workloads must be added before the simulation starts running")
        section = normalize_workload(spec)
        index = len(self._workload_specs)
        start_ns = to_ns(start, "start")
        stop_ns = 0 if stop is None else to_ns(stop, "stop")
        seed = self._session.seed + index if seed is None else int(seed)
        self._session.add_workload(to_json_text(section), start_ns, stop_ns, seed)
        self._workload_specs.append({"workload": section, "start_ns": start_ns, "stop_ns": stop_ns, "seed": seed})
        return Workload(self, index)

    def at(self, time, callback: Callable[["Simulation"], Any]) -> None:
        """Calls callback(sim) when simulated time reaches `time` (absolute; before the
        kernel's events of that instant). A callback may schedule further callbacks."""
        self._schedule(to_ps(time, "at"), callback)

    def _schedule(self, when: int, callback) -> None:
        self._check_open()
        if when < self._session.now_ps:
            raise ValueError(f"at: {format_ps(when)} is in the past (now {format_ps(self._session.now_ps)})")
        if not callable(callback):
            raise TypeError("at: callback must be callable")
        heapq.heappush(self._callbacks, (when, next(self._sequence), callback))

    def every(self, interval, callback: Callable[["Simulation"], Any], *, start=None, stop=None) -> None:
        """Calls callback(sim) every `interval` from `start` (default: now + interval) up to
        `stop` (inclusive; default: for as long as the simulation runs). Returning False from
        the callback ends the series."""
        step = to_ps(interval, "interval")
        if step <= 0:
            raise ValueError("interval: must be positive")
        first = self._session.now_ps + step if start is None else to_ps(start, "start")
        last = None if stop is None else to_ps(stop, "stop")

        def tick(sim, when=first):
            if callback(sim) is False:
                return
            following = when + step
            if last is None or following <= last:
                sim._schedule(following, lambda s: tick(s, following))

        if last is None or first <= last:
            self._schedule(first, tick)

    # ---- multi-reference store commands (ftl.mode = mjolnir)
    @property
    def volume_bytes(self) -> int:
        """The logical capacity the workloads address (ftl.mode = mjolnir: one volume; the
        namespace holds ftl.mjolnir.snapshot_slots more volume-sized slots after it)."""
        return self._session.logical_bytes

    def range_copy(self, offset, length, destination) -> Command:
        """NVMe Simple Copy, issued now: [destination, +length) then references what
        [offset, +length) references (no data moves; holes stay holes). Offsets and length in
        bytes (or sizes such as "64KiB"), whole pages, inside the namespace."""
        return self._issue("range-copy", offset, length, destination)

    def range_move(self, offset, length, destination) -> Command:
        """Range move, issued now: a range copy, then [offset, +length) is unmapped."""
        return self._issue("range-move", offset, length, destination)

    def range_delete(self, offset, length) -> Command:
        """Range delete, issued now: [offset, +length) is unmapped."""
        return self._issue("range-delete", offset, length, 0)

    def snapshot(self, offset=0, length=None, destination=None, *, slot: int | None = None) -> Command:
        """Snapshot, issued now: a range copy of the volume's [offset, +length) (default: the
        whole volume) into snapshot slot `slot` (the same range shifted by slot x volume_bytes;
        slot 1 unless a `destination` offset is given instead). Reads of the slot return the
        data as of this instant while the origin is overwritten."""
        self._check_open()
        offset_bytes = to_bytes(offset, "offset")
        length_bytes = self.volume_bytes - offset_bytes if length is None else to_bytes(length, "length")
        if destination is not None and slot is not None:
            raise ValueError("snapshot: give a destination or a slot, not both")
        if destination is None:
            slot = 1 if slot is None else slot
            if isinstance(slot, bool) or not isinstance(slot, int) or slot < 1:
                raise ValueError(f"slot: expected a snapshot slot >= 1 (ftl.mjolnir.snapshot_slots), got {slot!r}")
            destination = offset_bytes + slot * self.volume_bytes
        return self._issue("snapshot", offset_bytes, length_bytes, destination)

    def page_contents(self, offset, length) -> list:
        """ftl.mode = mjolnir: what a host read of each page of [offset, +length) returns now,
        as the content tag data mode checks every flash read against (each host page write
        gets a fresh tag); None for a page no mapping references."""
        self._check_open()
        page = self._session.page_size_bytes
        offset_bytes, length_bytes = to_bytes(offset, "offset"), to_bytes(length, "length")
        for name, value in (("offset", offset_bytes), ("length", length_bytes)):
            if value % page:
                raise ValueError(f"{name}: {value} is not a whole number of {page} B pages")
        return self._session.page_contents(offset_bytes // page, length_bytes // page)

    def commands(self) -> list[Command]:
        """The range commands issued so far, in issue order."""
        return list(self._commands)

    def _issue(self, op: str, offset, length, destination) -> Command:
        self._check_runnable()
        handle = self._session.issue_command(op, to_bytes(offset, "offset"), to_bytes(length, "length"),
                                             to_bytes(destination, "destination"))
        command = Command(self, handle)
        self._commands.append(command)
        return command

    # ---- running
    def run_until(self, time) -> "Simulation":
        """Advances simulated time to `time` (absolute), calling due callbacks on the way;
        workloads that drain earlier leave the device idle until then."""
        target = to_ps(time, "until")
        self._advance(target, stop_when_done=False)
        return self

    def run_for(self, duration) -> "Simulation":
        return self.run_until((self._session.now_ps + to_ps(duration, "duration")) / 1000)

    def run(self) -> "Simulation":
        """Runs until every workload has drained and every command issued has completed
        (callbacks due before that are called)."""
        self._check_open()
        if not self._workload_specs and not self._commands:
            raise ValueError("no workload: add one with add_workload() (or issue a command) before run()")
        self._advance(None, stop_when_done=True)
        return self

    def _advance(self, target: int | None, stop_when_done: bool) -> None:
        try:
            self._advance_steps(target, stop_when_done)
        except KeyboardInterrupt:
            # Between kernel slices the simulation is consistent: result() reports the run so far
            # (stats.json's "interrupted": true). Interrupted preconditioning leaves none (_kernel).
            if self._stopped_by is None:
                self.interrupted = True
            raise
        finally:
            self._bars.close()

    def _advance_steps(self, target: int | None, stop_when_done: bool) -> None:
        session = self._session
        while True:
            self._check_runnable()
            if stop_when_done and session.started and session.done:
                return
            if self._callbacks and (target is None or self._callbacks[0][0] <= target):
                when = self._callbacks[0][0]
                if when > session.now_ps:
                    done = self._kernel(session.run_until, when, stop_when_done)
                    if stop_when_done and done and session.now_ps < when:
                        return  # the workloads drained before the callback's time
                self._fire_due()
                continue
            if target is None:
                self._run_to_completion()
            else:
                self._kernel(session.run_until, target, stop_when_done)
            return

    def _run_to_completion(self) -> None:
        # In slices of simulated time sized to a fraction of a wall second, so that Ctrl-C (a
        # KeyboardInterrupt between slices) works; slicing does not change the results.
        session = self._session
        step = _FIRST_SLICE_PS
        while not session.done:
            began = _time.perf_counter()
            if self._kernel(session.run_until, session.now_ps + step, True):
                return
            if self._bars.enabled:
                statuses = self.workloads()
                self._bars.run(_progress.workload_fraction(statuses, session.now_ps / 1e3),
                               sum(status["submitted"] for status in statuses))
            if not session.pending_activity:
                error = SimulationError("the simulation ran out of events before the workloads drained "
                                        "(deadlock in the model?)")
                self._stopped_by = error
                raise error
            elapsed = _time.perf_counter() - began
            if elapsed < _SLICE_WALL_SECONDS / 4:
                step *= 4
            elif elapsed > _SLICE_WALL_SECONDS * 2:
                step = max(step // 2, 1_000)

    def _kernel(self, function, *args):
        started = _time.perf_counter()
        try:
            return function(*args)
        except BaseException as error:
            # Ctrl-C once the timed run has started leaves a consistent simulation (_advance).
            if not (isinstance(error, KeyboardInterrupt) and self._session.started):
                self._stopped_by = error
            raise
        finally:
            self._wall_seconds += _time.perf_counter() - started

    def _fire_due(self) -> None:
        now = self._session.now_ps
        while self._callbacks and self._callbacks[0][0] <= now:
            when, _sequence, callback = heapq.heappop(self._callbacks)
            try:
                callback(self)
            except BaseException as error:
                self._stopped_by = error
                self._callbacks.clear()
                if hasattr(error, "add_note"):
                    error.add_note(f"(raised by a ssdtlm.Simulation callback at {format_ps(when)} of simulated time; "
                                   "the simulation is stopped)")
                raise

    # ---- live view
    @property
    def now_ps(self) -> int:
        return self._session.now_ps

    @property
    def now_ns(self) -> float:
        return self._session.now_ps / 1e3

    @property
    def now_us(self) -> float:
        return self._session.now_ps / 1e6

    @property
    def done(self) -> bool:
        """True once every workload has drained and every command issued has completed."""
        return self._session.started and self._session.done

    def stats(self) -> dict:
        """Statistics so far (the stats.json content at the current simulated time)."""
        self._check_open()
        return json.loads(self._session.statistics())

    def power_loss(self) -> dict:
        """Cuts the power now (needs power.enabled; usable inside an `at` callback) and returns
        the recovery report (stats.json's "recovery": time_us, oob_reads, lost_pages, ...).
        The simulation goes on as if the power had stayed: each call is an independent cut."""
        self._check_open()
        return json.loads(self._session.power_loss())

    def timeline(self):
        """The timeline rows recorded so far, as a DataFrame."""
        import pandas as pd

        self._check_open()
        # A view written beside the stream: the rows so far, an open idle stretch included
        # without closing it (looking does not change the rows).
        with tempfile.TemporaryDirectory(prefix="ssdtlm-timeline-") as directory:
            view = os.path.join(directory, "timeline.csv")
            self._session.write_timeline_csv(view)
            return pd.read_csv(view)

    def workloads(self) -> list[dict]:
        """Per workload: spec, compact form, start/stop, seed, submitted, outstanding, done."""
        self._check_open()
        return json.loads(self._session.workload_status())

    def get(self, key: str):
        """Current value of a configuration key (live parameters reflect changes)."""
        return self._live[key] if key in self._live else self.config.get(key)

    def set(self, key: str, value) -> None:
        """Changes a parameter during the run (see LIVE_PARAMETERS for the keys that may change)."""
        self._check_open()
        if key not in LIVE_PARAMETERS:
            raise ValueError(f"{key}: cannot change during a run (live parameters: {', '.join(sorted(LIVE_PARAMETERS))})")
        LIVE_PARAMETERS[key](self, value)
        self._changes.append({"time_ns": self._session.now_ps / 1e3, "key": key, "value": value})

    # ---- finishing
    def result(self) -> Result:
        """Ends the simulation at the current time and returns its Result (writes the output
        directory when `out` was given). The Simulation is closed afterwards."""
        if self._result is not None:
            return self._result
        self._check_runnable()
        session = self._session
        directory = self._output_dir()
        session.stop_timeline()
        if self.interrupted:
            session.mark_interrupted()
        stats_text = session.statistics(2)
        stats = json.loads(stats_text)
        session.write_timeline_csv(str(self._timeline_csv))
        if self._vcd is not None:
            session.close_vcd()
        effective = self.config.to_dict()
        if len(self._workload_specs) == 1:
            effective["workload"] = self._workload_specs[0]["workload"]
        effective["precondition"] = self.precondition
        completed = stats["host"]["requests"]
        wall = {"wall_seconds": self._wall_seconds,
                "precondition_wall_seconds": session.precondition_wall_seconds,
                "host_ios_per_wall_second": completed / self._wall_seconds if self._wall_seconds > 0 else 0.0}
        scenario = None
        for command in self._commands:  # their last state, once the session is closed
            command._final = command.state()
        plain = (len(self._workload_specs) == 1 and self._workload_specs[0]["start_ns"] == 0
                 and self._workload_specs[0]["stop_ns"] == 0 and not self._changes and not self._commands)
        if not plain:
            scenario = {"workloads": self._workload_specs, "parameter_changes": self._changes}
            if self._commands:
                scenario["commands"] = [command.state() for command in self._commands]
        if self._requests_csv is not None:
            session.check_request_records_written()  # ValueError naming the file on a full disk
        from . import __version__  # the package is fully imported by now

        fio_text = session.fio_json(__version__) if self._fio else None
        if self.out is not None:
            (directory / "stats.json").write_text(stats_text + "\n")
            if fio_text is not None:
                (directory / "fio.json").write_text(fio_text + "\n")
            (directory / "effective-config.json").write_text(_core.dump_json(to_json_text(effective), 2) + "\n")
            (directory / "wall.json").write_text(_core.dump_json(to_json_text(wall), 2) + "\n")
            if scenario is not None:
                (directory / "scenario.json").write_text(json.dumps(scenario, indent=2) + "\n")
        self.close()  # flushes requests.csv
        self._result = Result(stats, effective, timeline_csv=self._timeline_csv,
                              requests_csv=self._requests_csv, wall=wall, workloads=self._workload_specs,
                              changes=self._changes, out=self.out, keepalive=self._tmp,
                              fio=json.loads(fio_text) if fio_text is not None else None)
        return self._result

    def close(self) -> None:
        """Releases the platform and its kernel context (idempotent)."""
        if not self._session.closed:
            self._session.close()

    def __enter__(self) -> "Simulation":
        return self

    def __exit__(self, *_exc) -> None:
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass

    # ---- internals
    def _output_dir(self) -> pathlib.Path:
        if self.out is not None:
            return self.out
        if self._tmp is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="ssdtlm-")
        return pathlib.Path(self._tmp.name)

    def _check_open(self) -> None:
        if self._session.closed:
            raise RuntimeError("this simulation is finished (closed); use its Result or start a new Simulation")

    def _check_runnable(self) -> None:
        self._check_open()
        if self._stopped_by is not None:
            raise RuntimeError(f"this simulation was stopped by an earlier error ({type(self._stopped_by).__name__}: "
                               f"{self._stopped_by}); start a new Simulation") from self._stopped_by

    def __repr__(self) -> str:
        state = "closed" if self._session.closed else f"at {format_ps(self._session.now_ps)}"
        return f"<ssdtlm.Simulation {self.config.get('name')!r} {state}, {len(self._workload_specs)} workload(s)>"


def simulate(config, workload=None, *, precondition: str | None = None, out=None, records: bool | None = None,
             seed: int | None = None, set: Mapping[str, Any] | None = None, progress: bool | None = None,
             force: bool = False, fio: bool = False) -> Result:
    """One timed run, as `ssdtlm run`: the configuration (Config, dict, preset name or file),
    a workload (compact spec or dict; default: the configuration's "workload" section),
    preconditioning ("none", "fill", "steady"; default: the configuration's
    "precondition" key, else none). With `out`, writes the same files as
    `ssdtlm run --out` (stats.json byte for byte); like `--out`, a directory that already holds
    files is refused unless `force`, which first removes the files a run writes. `progress`: bars
    for the preconditioning and the run (tqdm.auto); None shows them on a terminal or in a
    notebook. Ctrl-C
    (KeyboardInterrupt) during the timed run first writes the run so far to `out`, with
    stats.json's "interrupted": true, then propagates. `fio`: also measure fio's statistics
    (Result.to_fio_json(), fio.json in `out`; docs/fio.md), which keeps every request's timings
    in memory."""
    cfg = Config.coerce(config)
    if workload is None:
        workload = cfg.get("workload", None)
        if workload is None:
            raise ValueError("workload: none given and the configuration has no \"workload\" section")
    with Simulation(cfg, precondition=precondition, out=out, records=records, seed=seed, set=set,
                    progress=progress, force=force, fio=fio) as sim:
        sim.add_workload(workload)
        try:
            sim.run()
        except KeyboardInterrupt:
            if out is not None and sim.interrupted:
                sim.result()
            raise
        return sim.result()
