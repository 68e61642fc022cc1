"""The scenario contract, shared by every script in scenarios/.

    python scenarios/NAME.py [--quick] [--out DIR]

writes into DIR (default: out/scenarios/NAME under the repository root):

    results.json   {"scenario": NAME, "quick": bool, "status": "ok" | "failed",
                    "wall_seconds": float, "results": {headline figures: keys documented at
                    the top of the script}, "checks": [{"name", "passed", "detail"}],
                    "files": [every file written]}
    TABLE.csv + TABLE.md   each table, as CSV and as a Markdown table
    FIGURE.png             each plot

and exits 0 when it ran and every check passed, 1 otherwise (an exception still writes
results.json with status "failed" and the error). --quick finishes in under two minutes on
two cores (pytest runs every scenario that way); without it the script runs the experiment at
the size the paper's figures need.

A script is:

    '''What it reproduces. results.json keys: ...'''
    from _common import run_scenario

    def main(s):                              # s: Scenario
        cfg = s.device("slc-2011")            # tiny with --quick
        r = ssdtlm.simulate(cfg, ...)
        s.results["read_p99_us"] = r["host.read.latency_us.p99"]
        s.table("latency", rows)
        s.figure("latency-cdf", r.plot_latency_cdf())
        s.check("reads cost at least tR", r["host.read.latency_us.min"] >= 25)

    if __name__ == "__main__":
        raise SystemExit(run_scenario(main, __doc__))
"""
from __future__ import annotations

import argparse
import inspect
import json
import math
import os
import pathlib
import sys
import time
import traceback
from typing import Any, Callable, Iterable

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Geometry overrides that make a preset small enough for --quick runs and tests: 2 channels x
# 1 chip x 1 die x 2 planes x 64 blocks (a few tens of MiB), everything else as in the preset.
TINY_DEVICE = {
    "controller.channels": 2,
    "controller.chips_per_channel": 1,
    "nand.dies_per_chip": 1,
    "nand.planes_per_die": 2,
    "nand.blocks_per_plane": 64,
}


def ssdtlm_binary() -> pathlib.Path:
    """The `ssdtlm` command for scenarios that run it: --ssdtlm PATH (run_scenario puts it into
    $SSDTLM_BINARY), $SSDTLM_BINARY (set by `make test` and the CMake test environment), else
    build/ssdtlm."""
    return pathlib.Path(os.environ.get("SSDTLM_BINARY") or ROOT / "build" / "ssdtlm")


def require_ssdtlm_binary() -> pathlib.Path:
    """ssdtlm_binary(), or a FileNotFoundError that says how to provide one."""
    binary = ssdtlm_binary()
    if not binary.is_file():
        raise FileNotFoundError(f"no ssdtlm binary at {binary}: build it (make build), or pass "
                                "--ssdtlm PATH or set SSDTLM_BINARY")
    return binary


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if hasattr(value, "item") and getattr(value, "ndim", 1) == 0:
        value = value.item()  # numpy scalar
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, pathlib.PurePath):
        return str(value)
    return value


class Scenario:
    """What a scenario's main() gets: options, the output directory and the report builders."""

    def __init__(self, name: str, out: pathlib.Path, quick: bool,
                 args: argparse.Namespace | None = None):
        self.name = name
        self.out = out
        self.quick = quick
        self.args = args if args is not None else argparse.Namespace()  # script-specific options
        self.results: dict[str, Any] = {}
        self.checks: list[dict] = []
        self.files: list[str] = []
        self.out.mkdir(parents=True, exist_ok=True)

    def pick(self, quick, full):
        """`quick` under --quick, else `full`."""
        return quick if self.quick else full

    def device(self, preset: str, overrides: dict | None = None):
        """A preset as an ssdtlm.Config; under --quick shrunk to TINY_DEVICE first."""
        import ssdtlm

        cfg = ssdtlm.Config.preset(preset)
        if self.quick:
            cfg.update(TINY_DEVICE)
        if overrides:
            cfg.update(overrides)
        return cfg

    def path(self, filename: str) -> pathlib.Path:
        """A file in the output directory, listed in results.json."""
        if filename not in self.files:
            self.files.append(filename)
        return self.out / filename

    def table(self, name: str, rows, *, digits: int = 3, columns: Iterable[str] | None = None):
        """Writes NAME.csv and NAME.md from a DataFrame or a list of dicts; returns the DataFrame."""
        from ssdtlm.tables import to_markdown

        import pandas as pd

        frame = rows if isinstance(rows, pd.DataFrame) else pd.DataFrame(list(rows))
        if columns is not None:
            frame = frame[list(columns)]
        frame.to_csv(self.path(f"{name}.csv"), index=False)
        self.path(f"{name}.md").write_text(to_markdown(frame, digits=digits))
        return frame

    def figure(self, name: str, fig, *, dpi: int = 120) -> pathlib.Path:
        """Saves a matplotlib Figure as NAME.png."""
        path = self.path(f"{name}.png")
        fig.savefig(path, dpi=dpi)
        return path

    def check(self, name: str, passed: bool, detail: str = "") -> bool:
        """Records an expectation; a failed one makes the scenario exit 1."""
        self.checks.append({"name": name, "passed": bool(passed), "detail": detail})
        print(f"  [{'ok' if passed else 'FAILED'}] {name}{': ' + detail if detail else ''}")
        return bool(passed)

    def log(self, message: str) -> None:
        print(f"[{self.name}] {message}", flush=True)


def run_scenario(main: Callable[[Scenario], Any], description: str | None = None,
                 argv: list[str] | None = None, top_level_keys: tuple[str, ...] = (),
                 add_arguments: Callable[[argparse.ArgumentParser], Any] | None = None) -> int:
    """Parses --quick/--out/--ssdtlm (and what `add_arguments` adds to the parser; the values
    are in scenario.args), runs main(scenario), writes results.json; returns the exit status.
    `top_level_keys`: results an issue names as top-level keys of results.json; when main
    produced all of them they are also written there, ahead of the contract's keys."""
    script = pathlib.Path(inspect.getsourcefile(main) or sys.argv[0]).resolve()
    name = script.stem
    parser = argparse.ArgumentParser(prog=f"scenarios/{script.name}", description=description,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small, fast version (under two minutes)")
    parser.add_argument("--out", type=pathlib.Path, default=ROOT / "out" / "scenarios" / name,
                        help="output directory (default: out/scenarios/%(prog)s)")
    parser.add_argument("--ssdtlm", type=pathlib.Path,
                        help="the ssdtlm command for scenarios that run it (default: $SSDTLM_BINARY, "
                             "else build/ssdtlm)")
    if add_arguments is not None:
        add_arguments(parser)
    args = parser.parse_args(argv)
    if args.ssdtlm is not None:
        os.environ["SSDTLM_BINARY"] = str(args.ssdtlm.resolve())

    scenario = Scenario(name, args.out, args.quick, args)
    started = time.perf_counter()
    error = None
    try:
        main(scenario)
    except Exception as exc:  # noqa: BLE001 - reported in results.json and the exit status
        traceback.print_exc()
        error = f"{type(exc).__name__}: {exc}"
    failed = error is not None or not all(check["passed"] for check in scenario.checks)
    report = {
        "scenario": name,
        "quick": args.quick,
        "status": "failed" if failed else "ok",
        "wall_seconds": round(time.perf_counter() - started, 3),
        "results": scenario.results,
        "checks": scenario.checks,
        "files": scenario.files,
    }
    if error is not None:
        report["error"] = error
    if top_level_keys and all(key in scenario.results for key in top_level_keys):
        report = {**{key: scenario.results[key] for key in top_level_keys}, **report}
    (scenario.out / "results.json").write_text(json.dumps(_jsonable(report), indent=2) + "\n")
    print(f"[{name}] {report['status']} in {report['wall_seconds']:.1f} s; results in {scenario.out}")
    return 1 if failed else 0
