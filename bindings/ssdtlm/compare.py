"""Two runs side by side: the figures of stats.json that differ, with absolute and relative
change, and the configuration keys that differ (effective-config.json).

    frame = ssdtlm.compare("out/base", "out/new")     # one row per metric that differs
    frame.loc["host.write.latency_us.p99", "change_pct"]
    ssdtlm.compare_config("out/base", "out/new")      # one row per configuration key that differs

A run is an output folder (of `ssdtlm run`, `ssdtlm raid`, a simulate(out=...) or a sweep
point), its stats.json file, or a Result. The command line form guards experiments in CI:

    python -m ssdtlm.compare A B [--all] [--fail-above PCT] [--metric KEY[:higher|:lower]]...
    ssdtlm compare A B ...                             (the same, from the ssdtlm command)

exits 1 when a guarded metric of B is worse than A's by more than PCT percent ("worse" knows the
direction: latency, write amplification and GC work up, IOPS and bandwidth down), 2 on bad
input (a path without stats.json, an unknown metric).
"""
from __future__ import annotations

import argparse
import difflib
import json
import math
import pathlib
import re
import sys
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from .result import flatten_with_lists

if TYPE_CHECKING:
    import pandas as pd

# Figures for which more is better, and figures for which less is better; others (counts,
# sizes) have no direction: they are shown, and guarded only with an explicit :higher/:lower.
_HIGHER_IS_BETTER = re.compile(r"iops|bandwidth|_mbps$|ios_per_wall_second")
_LOWER_IS_BETTER = re.compile(
    r"latency|(^|\.)(min|mean|max|stddev|p\d+)_us$|write_amplification|(^|\.)gc(\.|$)|erase_count\.(max|stddev)"
    r"|busy|waited|wait_|_time_ns$|energy|uncorrectable|lost_")

# Guarded by --fail-above when no --metric is given: those measured in the baseline (non-zero).
DEFAULT_GUARD = ("{io}.read.latency_us.mean", "{io}.read.latency_us.p99", "{io}.write.latency_us.mean",
                 "{io}.write.latency_us.p99", "{io}.read.iops", "{io}.write.iops", "write_amplification")

# Groups shown first, in this order; the rest follow in stats.json's order.
_GROUP_ORDER = ("host", "array", "write_amplification", "gc", "flash", "erase_count")


class Run:
    """The statistics and (when present) the effective configuration of one run."""

    def __init__(self, stats: dict, config: dict | None, label: str):
        self.stats, self.config, self.label = stats, config, label

    @property
    def io_section(self) -> str:
        """Where the host-side figures are: "host" for an SSD run, "array" for a RAID run."""
        return "array" if isinstance(self.stats.get("array"), dict) else "host"


def _read_json(path: pathlib.Path, what: str) -> Any:
    try:
        return json.loads(path.read_text())
    except OSError as error:
        raise ValueError(f"{path}: cannot read {what}: {error.strerror}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"{path}: not a JSON {what}: {error}") from None


def load_run(run: Any) -> Run:
    """A Run from an output folder, a stats.json file, a Result or a stats dict."""
    if isinstance(run, Run):
        return run
    if hasattr(run, "stats") and hasattr(run, "config"):  # a Result
        return Run(run.stats, run.config or None, str(getattr(run, "out", None) or "result"))
    if isinstance(run, Mapping):
        return Run(dict(run), None, "stats")
    path = pathlib.Path(run)
    if path.is_dir():
        stats_path = path / "stats.json"
        if not stats_path.is_file():
            raise ValueError(f"{path}: no stats.json (not an ssdtlm output folder)")
    elif path.is_file():
        stats_path = path
    else:
        raise ValueError(f"{path}: no such folder or file")
    stats = _read_json(stats_path, "statistics file")
    if not isinstance(stats, dict) or "sim_time_ns" not in stats:
        raise ValueError(f"{stats_path}: not an ssdtlm stats.json (no sim_time_ns)")
    config_path = stats_path.parent / "effective-config.json"
    config = _read_json(config_path, "configuration") if config_path.is_file() else None
    return Run(stats, config, str(path))


def numeric_leaves(node: Any, prefix: str = "") -> dict[str, float]:
    """Dotted paths of every number in stats.json; lists of objects (RAID devices) by index,
    lists of numbers (per-die utilization, histograms) left out."""
    leaves: dict[str, float] = {}
    items: Iterable[tuple[str, Any]]
    if isinstance(node, dict):
        items = node.items()
    elif isinstance(node, list) and node and all(isinstance(item, dict) for item in node):
        items = ((str(index), item) for index, item in enumerate(node))
    else:
        return leaves
    for key, value in items:
        path = f"{prefix}{key}"
        if isinstance(value, (dict, list)):
            leaves.update(numeric_leaves(value, path + "."))
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            leaves[path] = value
    return leaves


def direction(metric: str) -> str | None:
    """"higher" or "lower" (which way is better), None when the figure has no direction."""
    if _HIGHER_IS_BETTER.search(metric):
        return "higher"
    if _LOWER_IS_BETTER.search(metric):
        return "lower"
    return None


def _relative_pct(a: float, b: float) -> float:
    if a == b:
        return 0.0
    if a == 0:
        return math.copysign(math.inf, b)
    return (b - a) / abs(a) * 100.0


def regression_pct(a: float, b: float, better: str) -> float:
    """How much worse B is than A, in percent of A (negative: B is better)."""
    change = _relative_pct(a, b)
    return change if better == "lower" else -change


def _group_rank(metric: str) -> int:
    top = metric.split(".", 1)[0]
    return _GROUP_ORDER.index(top) if top in _GROUP_ORDER else len(_GROUP_ORDER)


def compare(a: Any, b: Any, *, all: bool = False) -> pd.DataFrame:
    """The metrics of two runs as a DataFrame indexed by metric: a, b, change (b - a),
    change_pct (of a; inf when a is 0), better ("higher"/"lower"/None) and verdict ("better",
    "worse" or ""). Only the metrics that differ, unless all=True; metrics of one run only are
    left out."""
    import pandas as pd

    run_a, run_b = load_run(a), load_run(b)
    leaves_a, leaves_b = numeric_leaves(run_a.stats), numeric_leaves(run_b.stats)
    names = [name for name in leaves_a if name in leaves_b]
    names.sort(key=_group_rank)  # stable: stats.json's order within a group
    rows = []
    for name in names:
        value_a, value_b = leaves_a[name], leaves_b[name]
        if value_a == value_b and not all:
            continue
        better = direction(name)
        verdict = ""
        if better is not None and value_a != value_b:
            verdict = "worse" if regression_pct(value_a, value_b, better) > 0 else "better"
        rows.append({"metric": name, "a": value_a, "b": value_b, "change": value_b - value_a,
                     "change_pct": _relative_pct(value_a, value_b), "better": better, "verdict": verdict})
    columns = ["metric", "a", "b", "change", "change_pct", "better", "verdict"]
    return pd.DataFrame(rows, columns=columns).set_index("metric")


def compare_config(a: Any, b: Any) -> pd.DataFrame:
    """The configuration keys that differ between two runs' effective-config.json, as a
    DataFrame indexed by key with columns a and b (None where a run lacks the key). Raises
    ValueError when a run has no effective configuration."""
    import pandas as pd

    runs = [load_run(a), load_run(b)]
    for run in runs:
        if not run.config:
            raise ValueError(f"{run.label}: no effective-config.json beside its stats.json")
    leaves_a, leaves_b = (flatten_with_lists(run.config or {}) for run in runs)
    keys = list(leaves_a) + [key for key in leaves_b if key not in leaves_a]
    rows = [{"key": key, "a": leaves_a.get(key), "b": leaves_b.get(key)}
            for key in keys if leaves_a.get(key, _ABSENT) != leaves_b.get(key, _ABSENT)]
    # object columns: the values stay as JSON had them (200 is not 200.0, a list stays a list)
    return pd.DataFrame(rows, columns=["key", "a", "b"], dtype=object).set_index("key")


_ABSENT = object()


def parse_guard(spec: str) -> tuple[str, str]:
    """"KEY", "KEY:higher" or "KEY:lower" -> (KEY, direction). Raises ValueError when the
    direction is neither given nor known."""
    key, _, given = spec.partition(":")
    if given and given not in ("higher", "lower"):
        raise ValueError(f"--metric {spec}: expected KEY, KEY:higher or KEY:lower (which way is better)")
    better = given or direction(key)
    if better is None:
        raise ValueError(f"--metric {key}: no known direction (is more better or worse?): "
                         f"write {key}:higher or {key}:lower")
    return key, better


def guarded_metrics(run_a: Run, run_b: Run, specs: Sequence[str]) -> list[tuple[str, str]]:
    """The (metric, direction) pairs --fail-above checks: those named, which must be figures of
    both runs, or by default DEFAULT_GUARD's figures that the baseline measured (non-zero)."""
    leaves_a, leaves_b = numeric_leaves(run_a.stats), numeric_leaves(run_b.stats)
    if not specs:
        names = [name.format(io=run_a.io_section) for name in DEFAULT_GUARD]
        return [(name, better) for name in names
                if leaves_a.get(name) and name in leaves_b and (better := direction(name)) is not None]
    guards = []
    for spec in specs:
        key, better = parse_guard(spec)
        for run, leaves in ((run_a, leaves_a), (run_b, leaves_b)):
            if key not in leaves:
                hint = difflib.get_close_matches(key, list(leaves), n=1)
                raise ValueError(f"--metric {key}: not a figure of {run.label}'s stats.json"
                                 + (f" (did you mean {hint[0]}?)" if hint else ""))
        guards.append((key, better))
    return guards


def _number(value: float) -> str:
    return f"{value:.6g}"


def _percent(value: float) -> str:
    return "from 0" if math.isinf(value) else f"{value:+.2f}%"


def format_metrics(frame: pd.DataFrame) -> str:
    """The comparison as text, one block per section (host.read, gc, flash.programs ...)."""
    width = max([len(name) for name in frame.index] + [6]) + 2
    lines = [f"{'metric':<{width}}{'A':>14}{'B':>14}{'change':>14}{'change %':>11}"]
    group = None
    for name, row in frame.iterrows():
        parts = str(name).split(".")
        this_group = ".".join(parts[:2]) if len(parts) > 2 else parts[0]
        if group is not None and this_group != group:
            lines.append("")
        group = this_group
        lines.append(f"{name:<{width}}{_number(row['a']):>14}{_number(row['b']):>14}"
                     f"{_number(row['change']) if row['change'] <= 0 else '+' + _number(row['change']):>14}"
                     f"{_percent(row['change_pct']) if row['a'] != row['b'] else '':>11}  {row['verdict']}".rstrip())
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="ssdtlm compare",
        description="Print the metrics and configuration keys that differ between two runs (output folders or "
                    "stats.json files); with --fail-above, exit 1 when a metric of B regresses.")
    parser.add_argument("a", help="baseline: an output folder or its stats.json")
    parser.add_argument("b", help="the run compared with it")
    parser.add_argument("--all", action="store_true", help="list every metric, not only those that differ")
    parser.add_argument("--fail-above", type=float, metavar="PCT",
                        help="exit 1 when a guarded metric of B is worse than A's by more than PCT percent")
    parser.add_argument("--metric", action="append", default=[], metavar="KEY[:higher|:lower]",
                        help="a metric --fail-above guards (repeatable); default: read/write mean and p99 latency, "
                             "read/write IOPS and write amplification")
    args = parser.parse_args(argv)
    try:
        if args.fail_above is not None and not (args.fail_above >= 0 and math.isfinite(args.fail_above)):
            raise ValueError(f"--fail-above {args.fail_above}: expected a percentage >= 0")
        run_a, run_b = load_run(args.a), load_run(args.b)
        guards = guarded_metrics(run_a, run_b, args.metric) if args.fail_above is not None else []
        frame = compare(run_a, run_b, all=args.all)
    except ValueError as error:
        print(f"ssdtlm compare: error: {error}", file=sys.stderr)
        return 2
    lines, regressed = report_lines(run_a, run_b, frame, guards, args.fail_above, listed_all=args.all)
    try:
        print("\n".join(lines))
        sys.stdout.flush()
    except OSError as error:  # a result that cannot be written is not a success
        sys.stdout = None  # nothing more to flush at exit
        print(f"ssdtlm compare: error: standard output: cannot write: {error.strerror or error}", file=sys.stderr)
        return 2
    return 1 if regressed else 0


def report_lines(run_a: Run, run_b: Run, frame: pd.DataFrame, guards: Sequence[tuple[str, str]],
                 fail_above: float | None, *, listed_all: bool = False) -> tuple[list[str], bool]:
    """The command's report, and whether a guarded metric regressed by more than fail_above."""
    leaves_a, leaves_b = numeric_leaves(run_a.stats), numeric_leaves(run_b.stats)
    shared = len([name for name in leaves_a if name in leaves_b])
    lines = [f"A: {run_a.label}", f"B: {run_b.label}", ""]
    if frame.empty:
        lines.append(f"metrics: none of {shared} differs")
    else:
        lines += [f"metrics: {len(frame)} of {shared} {'listed' if listed_all else 'differ'}", format_metrics(frame)]
    lines.append("")
    if run_a.config is None or run_b.config is None:
        missing = run_a.label if run_a.config is None else run_b.label
        lines.append(f"configuration: not compared ({missing} has no effective-config.json)")
    else:
        changes = compare_config(run_a, run_b)
        lines.append(f"configuration: {len(changes)} key{' differs' if len(changes) == 1 else 's differ'}")
        lines += [f"  {key}: {json.dumps(row['a'])} -> {json.dumps(row['b'])}" for key, row in changes.iterrows()]
    if fail_above is None:
        return lines, False
    failed = []
    for metric, better in guards:
        worse_pct = regression_pct(leaves_a[metric], leaves_b[metric], better)
        if worse_pct > fail_above:
            failed.append(f"  {metric}: {_number(leaves_a[metric])} -> {_number(leaves_b[metric])} "
                          f"({_percent(worse_pct)} worse; {better} is better)")
    lines += ["", f"guard: {len(guards)} metric{'' if len(guards) == 1 else 's'}, limit {fail_above:g}%: "
              + (f"{len(failed)} regressed" if failed else "none regressed")] + failed
    return lines, bool(failed)


if __name__ == "__main__":
    sys.exit(main())
