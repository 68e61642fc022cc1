"""What a report shows of one run: its statistics, effective configuration, timeline and
per-request records, taken from an output folder (`ssdtlm run`, `ssdtlm raid`, simulate(out=))
or from a Result in memory, and the configuration keys that differ from the preset it names."""
from __future__ import annotations

import dataclasses
import os
import json
import pathlib
from typing import Any

from ..result import Result, flatten_with_lists


@dataclasses.dataclass
class Run:
    label: str
    stats: dict
    config: dict
    timeline: Any = None  # pandas DataFrame of timeline.csv, or None
    requests: Any = None  # pandas DataFrame of requests.csv, or None

    @property
    def is_raid(self) -> bool:
        return "array" in self.stats

    @property
    def operations(self) -> dict:
        """{op: figures} of the host side: stats.host for an SSD, stats.array for an array."""
        section = self.stats.get("array" if self.is_raid else "host", {})
        return {op: section[op] for op in ("read", "write", "trim")
                if isinstance(section.get(op), dict) and section[op].get("count", 0)}

    @classmethod
    def from_result(cls, result: Result, label: str) -> "Run":
        try:
            timeline = result.timeline
        except ValueError:  # a RAID run or a run without timeline.csv
            timeline = None
        return cls(label=label, stats=result.stats, config=result.config, timeline=timeline,
                   requests=_request_latencies(result))

    @classmethod
    def load(cls, directory: str | os.PathLike[str], label: str | None = None) -> "Run":
        directory = pathlib.Path(directory)
        if not directory.is_dir():
            raise ValueError(f"{directory}: no such directory")
        try:
            result = Result.load(directory)
        except json.JSONDecodeError as error:
            raise ValueError(f"{directory}: unreadable JSON ({error})") from None
        return cls.from_result(result, label or directory.resolve().name)


def _request_latencies(result: Result) -> Any:
    """requests.csv's op and latency_ns columns (all the report needs: a long run's records are
    millions of rows), or None without records."""
    path = getattr(result, "_requests_csv", None)
    if path is None or not pathlib.Path(path).is_file():
        return result.requests
    import pandas as pd

    try:
        return pd.read_csv(path, usecols=["op", "latency_ns"], dtype={"op": "category"})
    except ValueError as error:  # columns missing: not a requests.csv of this version
        raise ValueError(f"{path}: {error}") from None


# The platform at a glance, at the top of the configuration section (a RAID document has them
# under "ssd.").
SUMMARY_KEYS = ("nand.cell_type", "controller.channels", "controller.chips_per_channel", "nand.dies_per_chip",
                "nand.planes_per_die", "nand.blocks_per_plane", "nand.pages_per_block", "nand.page_size_bytes",
                "ftl.spare_factor", "ftl.gc.policy", "controller.scheduling_policy", "host.queue_depth")
RAID_SUMMARY_KEYS = ("raid.level", "raid.members", "raid.stripe_unit_bytes", "raid.gc_coordination")


def summary_items(config: dict) -> list[tuple[str, Any]]:
    """(key, value) of the SUMMARY_KEYS the configuration has, then its seed."""
    flat = flatten_with_lists(config)
    keys = [key for key in RAID_SUMMARY_KEYS if key in flat] + \
        [f"ssd.{key}" if "raid" in config else key for key in SUMMARY_KEYS]
    return [(key, flat[key]) for key in keys + ["seed"] if key in flat]


def unique_labels(directories: list[pathlib.Path]) -> list[str]:
    """The folders' names, or their paths where two names are the same."""
    names = [d.resolve().name for d in directories]
    return [name if names.count(name) == 1 else str(d) for name, d in zip(names, directories)]


def preset_document(config: dict) -> tuple[dict | None, str]:
    """The effective document of the preset the configuration names ("name"), with every
    default filled in as in effective-config.json, and a note when there is none to compare to."""
    name = config.get("name")
    if not isinstance(name, str) or not name:
        return None, "the configuration names no preset"
    try:
        if "raid" in config:
            from ..raid import load_raid_config

            return load_raid_config(name), f"preset {name}"
        from ..config import Config

        return Config.preset(name).to_dict(), f"preset {name}"
    except ValueError:
        return None, f"no preset named {name!r}: nothing to compare to"


def config_differences(config: dict, preset: dict | None) -> dict[str, tuple[Any, Any]]:
    """{dotted key: (preset value, run value)} for every leaf that differs (lists compared whole;
    a key missing on one side shows as None there). A workload the preset does not have is the
    run's, not a change of the platform: left out (the report shows it as one line)."""
    if preset is None:
        return {}
    ours, theirs = flatten_with_lists(config), flatten_with_lists(preset)
    if "workload" not in preset:
        ours = {key: value for key, value in ours.items() if not key.startswith("workload.")}
    return {key: (theirs.get(key), ours.get(key)) for key in sorted(set(ours) | set(theirs))
            if ours.get(key) != theirs.get(key)}


def workload_text(config: dict) -> str | None:
    """The run's workload in its compact form (random-write:qd=8,...), or None."""
    workload = config.get("workload")
    if not isinstance(workload, dict):
        return None
    try:
        from ..simulation import workload_compact

        return workload_compact(workload)
    except (ValueError, TypeError):
        return None


__all__ = ["Run", "config_differences", "summary_items", "workload_text", "flatten_with_lists", "preset_document", "unique_labels"]
