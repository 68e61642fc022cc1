"""Measured fio results of a real drive, as calibration reads them.

A measured file is fio's `--output-format=json` output. fio embeds each job's options in it
("job options", and "global options" at the top level when the job file had a [global]
section), so the file alone says what ran and what the drive did:

    m = load_measurement("randread_qd1.json")
    m.jobs[0].name, m.jobs[0].metrics     # {"read.iops": ..., "read.p50_us": ..., ...}
    m.job_file(io_budget=4000)            # the same jobs as a fio job file for `fio:PATH`
    m.job_file(4000, device_bytes=2**33)  # ... with sizes beyond an 8 GiB device confined to it

Metrics are per direction with I/O (read, write, trim): "OP.iops", "OP.mean_us" (fio's
completion latency clat, the latency fio's percentiles describe) and "OP.pP_us" for every
completion-latency percentile the file recorded (fio's `percentile_list`; "p99.9_us" for 99.9).
The same function reads the simulator's own fio JSON (Result.to_fio_json()), so measured and
simulated figures are the same quantities.
"""
from __future__ import annotations

import dataclasses
import json
import os
import pathlib
from typing import Any, Iterable

OPS = ("read", "write", "trim")

# Options that say where and how the host ran fio, not what the drive was asked to do: they
# have no meaning for a simulated device and are left out of the simulated job file.
HOST_ONLY_OPTIONS = frozenset({
    "name", "filename", "filename_format", "directory", "numa_cpu_nodes", "numa_mem_policy",
    "cpus_allowed", "cpus_allowed_policy", "cpumask", "percentile_list", "clat_percentiles",
    "lat_percentiles", "slat_percentiles", "group_reporting", "thread", "output", "write_lat_log",
    "write_bw_log", "write_iops_log", "log_avg_msec", "per_job_logs", "description",
})
# The measured run's duration: replaced by the simulated I/O budget (number_ios), since
# simulating tens of seconds of a fast drive per evaluation would make a fit take days.
DURATION_OPTIONS = frozenset({"runtime", "time_based", "ramp_time", "number_ios", "io_size", "io_limit"})


class MeasurementError(ValueError):
    """A measured file that is not fio JSON with its job options (the message names the file)."""


def percentile_label(key: str) -> str:
    """fio's percentile key "99.900000" -> "p99.9"."""
    value = float(key)
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return f"p{text}"


def job_metrics(job: dict) -> dict[str, float]:
    """The figures of one entry of fio JSON's "jobs" (see the module docstring)."""
    metrics: dict[str, float] = {}
    for op in OPS:
        side = job.get(op)
        if not isinstance(side, dict) or not side.get("total_ios"):
            continue
        metrics[f"{op}.iops"] = float(side.get("iops", 0.0))
        clat = side.get("clat_ns") or {}
        if clat.get("N"):
            metrics[f"{op}.mean_us"] = float(clat.get("mean", 0.0)) / 1000.0
        for key, value in (clat.get("percentile") or {}).items():
            metrics[f"{op}.{percentile_label(key)}_us"] = float(value) / 1000.0
    return metrics


def aggregate_metrics(entries: list[dict[str, float]], weights: list[float]) -> dict[str, float]:
    """Several fio job entries of one job (numjobs clones reported separately) as one: IOPS add
    up, latencies are averaged weighted by each entry's I/O count."""
    if len(entries) == 1:
        return dict(entries[0])
    total: dict[str, float] = {}
    for key in sorted({k for entry in entries for k in entry}):
        values = [(entry[key], weight) for entry, weight in zip(entries, weights) if key in entry]
        if key.endswith(".iops"):
            total[key] = sum(v for v, _ in values)
        else:
            weight_sum = sum(w for _, w in values) or float(len(values))
            total[key] = sum(v * (w or 1.0) for v, w in values) / weight_sum
    return total


def _ios(job: dict) -> float:
    return float(sum((job.get(op) or {}).get("total_ios", 0) for op in OPS))


def metrics_by_job(document: dict) -> dict[str, dict[str, float]]:
    """jobname -> metrics of a fio JSON document, clones of one jobname aggregated."""
    grouped: dict[str, list[dict]] = {}
    for job in document.get("jobs", []):
        grouped.setdefault(str(job.get("jobname", "")), []).append(job)
    return {name: aggregate_metrics([job_metrics(j) for j in jobs], [_ios(j) for j in jobs])
            for name, jobs in grouped.items()}


@dataclasses.dataclass
class MeasuredJob:
    name: str
    options: dict[str, str]  # the job's own options, as fio wrote them
    metrics: dict[str, float]


@dataclasses.dataclass
class Measurement:
    path: pathlib.Path
    global_options: dict[str, str]
    jobs: list[MeasuredJob]

    @property
    def label(self) -> str:
        return self.path.stem

    def job_file(self, io_budget: int, device_bytes: int | None = None) -> str:
        """The measured jobs as a fio job file: [global] and one section per job, without the
        host-only options, the measured duration replaced by `io_budget` I/Os per job, and a
        `size` larger than `device_bytes` (the simulated device) confined to it."""
        lines = ["; generated by ssdtlm calibrate from " + self.path.name]
        global_lines = _option_lines(self.global_options, device_bytes)
        if global_lines:
            lines += ["[global]", *global_lines]
        for job in self.jobs:
            lines += [f"[{job.name}]", *_option_lines(job.options, device_bytes), f"number_ios={int(io_budget)}"]
        return "\n".join(lines) + "\n"

    def confined_sizes(self, device_bytes: int) -> list[str]:
        """The jobs whose measured `size` is larger than the simulated device."""
        return [job.name for job in self.jobs
                for options in (self.global_options, job.options) if _confined(options.get("size"), device_bytes)]


def _confined(size: str | None, device_bytes: int | None) -> bool:
    from ._units import to_bytes

    if size is None or device_bytes is None:
        return False
    try:
        return to_bytes(size) > device_bytes
    except ValueError:
        return False  # a percentage or a spelling fio's own parser reads: left as it is


def _option_lines(options: dict[str, str], device_bytes: int | None) -> list[str]:
    lines = []
    for key, value in options.items():
        if key in HOST_ONLY_OPTIONS or key in DURATION_OPTIONS:
            continue
        if key == "size" and _confined(value, device_bytes):
            value = str(device_bytes)
        lines.append(key if value is None or value == "" else f"{key}={value}")
    return lines


def _options(value: Any, where: str) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(v, (str, int, float)) or v is None for v in value.values()):
        raise MeasurementError(f"{where}: expected an object of fio options")
    return {str(k): ("" if v is None else str(v)) for k, v in value.items()}


def load_measurement(path: str | os.PathLike[str]) -> Measurement:
    """Reads and checks one measured fio JSON file (MeasurementError names what is wrong)."""
    path = pathlib.Path(path)
    try:
        document = json.loads(path.read_text())
    except FileNotFoundError:
        raise MeasurementError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise MeasurementError(f"{path}: cannot be read: {error}") from None
    except json.JSONDecodeError as error:
        raise MeasurementError(f"{path}: not fio JSON output (line {error.lineno}: {error.msg})") from None
    if not isinstance(document, dict) or not isinstance(document.get("jobs"), list) or not document["jobs"]:
        raise MeasurementError(f"{path}: not fio JSON output (no \"jobs\" list; run fio with --output-format=json)")
    global_options = _options(document.get("global options", {}), f"{path}: global options")
    metrics = metrics_by_job(document)
    jobs: list[MeasuredJob] = []
    seen: set[str] = set()
    for index, job in enumerate(document["jobs"]):
        where = f"{path}: jobs[{index}]"
        if not isinstance(job, dict) or "jobname" not in job:
            raise MeasurementError(f"{where}: not a fio job entry (no \"jobname\")")
        if "job options" not in job:
            raise MeasurementError(f"{where} ({job['jobname']}): no \"job options\" (fio writes them with "
                                   "--output-format=json; the job must be known to simulate it)")
        name = str(job["jobname"])
        if name in seen:
            continue  # a numjobs clone: one section of the job file, its figures aggregated
        seen.add(name)
        if not metrics.get(name):
            raise MeasurementError(f"{where} ({name}): no I/O recorded (total_ios is 0 in read, write and trim)")
        jobs.append(MeasuredJob(name, _options(job["job options"], f"{where}: job options"), metrics[name]))
    return Measurement(path, global_options, jobs)


def load_measurements(paths: Iterable) -> list[Measurement]:
    return [load_measurement(path) for path in paths]
