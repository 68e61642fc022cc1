"""The headline figures of a run as (section, label, value) rows, for the headline table and
the difference table of several runs. Sections appear only when stats.json has them: per-flow
figures ("flows"), energy ("energy"), data integrity ("data_integrity")."""
from __future__ import annotations

from typing import Any, Iterator

from ..result import flatten
from .runs import Run

Row = tuple[str, str, Any]

_LATENCY_FIELDS = (("mean", "mean"), ("p50", "p50"), ("p90", "p90"), ("p99", "p99"), ("p999", "p99.9"),
                   ("p9999", "p99.99"), ("max", "max"))


def operation_rows(section: str, op: str, figures: dict) -> Iterator[Row]:
    """One host operation type's count, IOPS, bandwidth and latency percentiles."""
    yield section, f"{op} requests", figures.get("count")
    yield section, f"{op} IOPS", figures.get("iops")
    yield section, f"{op} bandwidth (MB/s)", figures.get("bandwidth_mbps")
    latency = figures.get("latency_us", {})
    for key, name in _LATENCY_FIELDS:
        if key in latency:
            yield section, f"{op} latency {name} (us)", latency[key]


def _flows(stats: dict) -> list[tuple[str, dict]]:
    flows = stats.get("flows")
    if isinstance(flows, dict):
        return [(str(name), figures) for name, figures in flows.items() if isinstance(figures, dict)]
    if isinstance(flows, list):
        return [(str(figures.get("name", index)), figures) for index, figures in enumerate(flows)
                if isinstance(figures, dict)]
    return []


def _scalar_rows(section: str, values: Any) -> Iterator[Row]:
    if isinstance(values, dict):
        for key, value in flatten(values).items():
            yield section, key, value


def _device_rows(devices: list) -> Iterator[Row]:
    """An array's members (spares left out): the mean and worst of their WA, GC victims and
    erase counts."""
    def figures(path: tuple[str, ...]) -> list[float]:
        values = []
        for device in devices:  # {"device", "role": "member" | "spare", "ssd": its SSD statistics}
            if not isinstance(device, dict) or device.get("role", "member") != "member":
                continue
            node = device.get("ssd", {})
            for part in path:
                node = node.get(part, {}) if isinstance(node, dict) else {}
            if isinstance(node, (int, float)):
                values.append(float(node))
        return values

    for label, path in (("write amplification", ("write_amplification",)), ("GC victims", ("gc", "victims")),
                        ("erase count max", ("erase_count", "max"))):
        values = figures(path)
        if values:
            yield "members", f"{label}, mean of {len(values)} members", sum(values) / len(values)
            yield "members", f"{label}, worst member", max(values)


def headline_rows(run: Run) -> list[Row]:
    stats = run.stats
    rows: list[Row] = [("run", "simulated time (ms)", stats.get("sim_time_ns", 0) / 1e6)]
    if stats.get("interrupted"):
        rows.append(("run", "interrupted", True))
    side = "array" if run.is_raid else "host"
    for op, figures in run.operations.items():
        rows.extend(operation_rows(side, op, figures))
    if run.is_raid:
        overall = stats["array"].get("all", {})
        rows.extend(("array", f"all latency {key.removesuffix('_us')} (us)", overall[key])
                    for key in ("mean_us", "stddev_us", "max_us") if key in overall)
        raid = stats.get("raid", {})
        rows.extend(("array", key, raid[key]) for key in ("layout", "members") if key in raid)
        rows.append(("array", "GC coordination rounds", raid.get("gc_coordination", {}).get("rounds")))
        rows.extend(_device_rows(stats.get("devices", [])))
    else:
        rows.append(("flash", "write amplification", stats.get("write_amplification")))
        gc = stats.get("gc", {})
        rows.extend(("GC", name, gc[key]) for key, name in (
            ("invocations", "invocations"), ("victims", "victims"), ("pages_moved", "pages moved"),
            ("mean_valid_fraction_of_victims", "mean valid fraction of victims")) if key in gc)
        if "busy_time_ns" in gc:
            rows.append(("GC", "busy time (ms)", gc["busy_time_ns"] / 1e6))
        erase = stats.get("erase_count", {})
        rows.extend(("erase count", key, erase[key]) for key in ("min", "mean", "max", "stddev") if key in erase)
    for name, figures in _flows(stats):
        for op in ("read", "write"):
            if isinstance(figures.get(op), dict) and figures[op].get("count", 0):
                rows.extend(operation_rows(f"flow {name}", op, figures[op]))
    rows.extend(_scalar_rows("energy", stats.get("energy")))
    rows.extend(_scalar_rows("data integrity", stats.get("data_integrity")))
    return [row for row in rows if row[2] is not None]


def difference_rows(runs: list[Run]) -> list[tuple[str, str, list[Any]]]:
    """(section, label, [value of each run]) over the union of the runs' headline rows, in the
    first run's order; None where a run lacks the figure."""
    order: list[tuple[str, str]] = []
    values: dict[tuple[str, str], list[Any]] = {}
    for index, run in enumerate(runs):
        for section, label, value in headline_rows(run):
            key = (section, label)
            if key not in values:
                order.append(key)
                values[key] = [None] * len(runs)
            values[key][index] = value
    return [(section, label, values[(section, label)]) for section, label in order]
