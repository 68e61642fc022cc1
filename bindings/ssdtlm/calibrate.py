"""Calibration of a platform against measured fio results of a real drive.

    python -m ssdtlm.calibrate --preset P --measured RESULTS.json [--measured ...]
                               --fit KEY[=LO:HI] [--fit ...] --out DIR [--validate RESULTS.json ...]
    ssdtlm calibrate ...                     (the same, from the ssdtlm command)

Each measured file is fio's JSON output with its embedded job options (fio_measurement.py).
Every file is simulated on the platform as a fio job file (`fio:PATH`, its jobs concurrent as
in the measured run, each job's duration replaced by --ios I/Os and a `size` larger than the
simulated device confined to it, as calibration.json lists), and the named numeric keys
are fitted within their bounds (default x0.25..x4 of the platform's value) to minimise the mean
squared relative error of IOPS and of every completion-latency percentile the measured files
recorded. The search runs in the unit cube of the keys' logarithms: a seeded Latin-hypercube
sample of the bounds (scipy.stats.qmc), then bounded Nelder-Mead (scipy.optimize.minimize)
from its best point; each batch of evaluations runs in parallel through the sweep executor
(all local cores, or a Dask cluster with --scheduler). The same inputs and --seed give the same
fit.

DIR receives fitted-config.json (a platform file: `ssdtlm run --config DIR/fitted-config.json`),
calibration.json (fitted values, bounds, errors, evaluations), jobs.csv / jobs.md (measured
against simulated per job and direction: IOPS, mean, each percentile; "set" is fit or validate),
evaluations.csv (every candidate and its loss), measured-vs-simulated.png and convergence.png.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import pathlib
import sys
import tempfile
from typing import Any, Sequence

from .fio_measurement import Measurement, load_measurements, metrics_by_job

DEFAULT_BOUND_FACTOR = 4.0
NUMERIC_KINDS = ("integer", "number")
# Keys that a per-page-type array replaces when the platform sets it (docs/configuration.md).
REPLACED_BY = {"nand.timing.read_us": "nand.timing.read_us_by_page_type",
               "nand.timing.program_us": "nand.timing.program_us_by_page_type"}


@dataclasses.dataclass
class FitParameter:
    """One fitted key; the optimiser sees its position u in [0, 1] on a log scale of the bounds."""
    key: str
    low: float
    high: float
    initial: float
    integer: bool

    def value(self, position: float) -> float:
        position = min(1.0, max(0.0, float(position)))
        value = self.low * (self.high / self.low) ** position
        return int(round(value)) if self.integer else float(value)

    def position(self, value: float) -> float:
        return math.log(value / self.low) / math.log(self.high / self.low)


def _number(text: str, where: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{where}: expected a number, got {text!r}") from None
    if not math.isfinite(value):
        raise ValueError(f"{where}: expected a finite number, got {text!r}")
    return value


def parse_fit(spec: str, config: Any) -> FitParameter:
    """"KEY" or "KEY=LO:HI" -> FitParameter; ValueError for an unknown or non-numeric key and
    for bounds that are not 0 < LO < HI within the key's range."""
    from .config import parameters

    key, _, bounds = spec.partition("=")
    key = key.strip()
    schema = {entry["key"]: entry for entry in parameters()}
    entry = schema.get(key)
    if entry is None:
        raise ValueError(f"--fit {spec}: {key}: unknown configuration key (see docs/configuration.md)")
    if entry.get("kind") not in NUMERIC_KINDS:
        raise ValueError(f"--fit {spec}: {key}: not a numeric key (it is {entry.get('kind')}); only numbers can be fitted")
    replacement = REPLACED_BY.get(key)
    if replacement and config.get(replacement, None):
        raise ValueError(f"--fit {spec}: {key} has no effect: the platform sets {replacement}, which replaces it")
    current = config.get(key, None)
    if bounds:
        low_text, sep, high_text = bounds.partition(":")
        if not sep:
            raise ValueError(f"--fit {spec}: bounds: expected LO:HI, got {bounds!r}")
        low, high = _number(low_text, f"--fit {spec}: LO"), _number(high_text, f"--fit {spec}: HI")
    else:
        if not isinstance(current, (int, float)) or current <= 0:
            raise ValueError(f"--fit {spec}: {key} is {current!r} in the platform: give bounds as {key}=LO:HI")
        low, high = current / DEFAULT_BOUND_FACTOR, current * DEFAULT_BOUND_FACTOR
    if not 0 < low < high:
        raise ValueError(f"--fit {spec}: bounds: expected 0 < LO < HI, got {low:g}:{high:g}")
    minimum, maximum = entry.get("min"), entry.get("max")
    if (minimum is not None and low < minimum) or (maximum is not None and high > maximum):
        raise ValueError(f"--fit {spec}: bounds {low:g}:{high:g} leave the range of {key} "
                         f"[{minimum:g}, {maximum:g}]")
    integer = entry.get("kind") == "integer"
    if integer and math.ceil(low) > math.floor(high):
        raise ValueError(f"--fit {spec}: bounds {low:g}:{high:g} hold no whole number")
    initial = current if isinstance(current, (int, float)) and low <= current <= high else math.sqrt(low * high)
    return FitParameter(key, float(low), float(high), float(initial), integer)


def parse_set(spec: str) -> tuple[str, Any]:
    key, sep, text = spec.partition("=")
    if not sep or not key:
        raise ValueError(f"--set {spec}: expected KEY=VALUE")
    try:
        return key, json.loads(text)
    except json.JSONDecodeError:
        return key, text


def relative_errors(measured: dict[str, float], simulated: dict[str, float], terms: Sequence[str]) -> list[float]:
    """(simulated - measured) / measured for each term both report (a percentile the simulation
    does not report is left out of the fit and shows as empty in jobs.csv)."""
    return [(simulated[term] - measured[term]) / measured[term] for term in terms
            if measured[term] > 0 and term in simulated]


def simulated_job(by_job: dict[str, dict], measurement: Measurement, name: str) -> dict[str, float]:
    """The simulated figures of the measured job `name`: the simulated job of that name, else,
    when both files hold one job, that job (one job needs no name to match)."""
    if name in by_job:
        return by_job[name]
    if len(by_job) == 1 and len(measurement.jobs) == 1:
        return next(iter(by_job.values()))
    raise ValueError(f"{measurement.path}: job {name}: the simulation reported no job of that name "
                     f"(its jobs: {', '.join(sorted(by_job)) or 'none'})")


def fit_terms(metrics: dict[str, float]) -> list[str]:
    """The fitted figures of one job: IOPS and the recorded percentiles (the mean is reported only)."""
    return [key for key in metrics if key.endswith(".iops") or (".p" in key and key.endswith("_us"))]


def logical_bytes(config: Any) -> int:
    """The capacity the platform's host addresses."""
    from .simulation import Simulation

    with Simulation(config, progress=False) as simulation:
        return int(simulation.volume_bytes)


class Calibration:
    """Simulates measured files on a platform with given fitted values, in parallel batches."""

    def __init__(self, config: Any, fit: list[FitParameter], *, io_budget: int, precondition: str, executor: Any = None,
                 max_workers: int | None = None, progress: bool = False, expected_evaluations: int = 0):
        from tqdm.auto import tqdm

        self.config = config
        self.fit = fit
        self.io_budget = io_budget
        self.precondition = precondition
        self.executor = executor
        self.max_workers = max_workers
        self.history: list[dict] = []  # every evaluated candidate once: values and loss
        self._cache: dict[tuple, dict] = {}
        self._losses: dict[tuple, float] = {}
        self.device_bytes = logical_bytes(config)
        self._jobs_directory = tempfile.TemporaryDirectory(prefix="ssdtlm-calibrate-")
        self._job_files: dict[pathlib.Path, str] = {}
        # one bar over the whole search: its batches are too small for a bar each
        self.bar = tqdm(total=expected_evaluations or None, desc="calibrate", unit="evaluation", disable=not progress)

    def close(self) -> None:
        self.bar.close()
        self._jobs_directory.cleanup()

    def job_file(self, measurement: Measurement) -> str:
        if measurement.path not in self._job_files:
            path = pathlib.Path(self._jobs_directory.name) / f"{len(self._job_files):03d}-{measurement.label}.fio"
            path.write_text(measurement.job_file(self.io_budget, self.device_bytes))
            self._job_files[measurement.path] = str(path)
        return self._job_files[measurement.path]

    def configured(self, values: tuple) -> Any:
        return self.config.copy().update({p.key: v for p, v in zip(self.fit, values)}).check()

    def simulate(self, candidates: list[tuple], measurements: list[Measurement]) -> list[dict]:
        """For each candidate (a tuple of fitted values): {measured file path: {jobname: metrics}}."""
        from .sweep import run_payloads

        missing = [c for c in dict.fromkeys(candidates) if (c, *[m.path for m in measurements]) not in self._cache]
        payloads, owners = [], []
        for values in missing:
            document = self.configured(values).to_dict()
            for measurement in measurements:
                payloads.append({"config": document, "source": f"calibration of {self.config.source}",
                                 "workload": f"fio:{self.job_file(measurement)}", "precondition": self.precondition,
                                 "records": False, "out": None, "fio_json": True,
                                 "label": {"file": measurement.label, **{p.key: v for p, v in zip(self.fit, values)}}})
                owners.append((values, measurement))
        outcomes = run_payloads(payloads, executor=self.executor, max_workers=self.max_workers,
                                progress=False) if payloads else []
        fresh: dict[tuple, dict] = {}
        for (values, measurement), outcome in zip(owners, outcomes):
            fresh.setdefault(values, {})[measurement.path] = metrics_by_job(outcome["fio_json"])
        for values, by_file in fresh.items():
            self._cache[(values, *[m.path for m in measurements])] = by_file
        return [self._cache[(c, *[m.path for m in measurements])] for c in candidates]

    @staticmethod
    def errors(simulated: dict, measurements: list[Measurement]) -> list[float]:
        errors: list[float] = []
        for measurement in measurements:
            by_job = simulated[measurement.path]
            for job in measurement.jobs:
                simulated_metrics = simulated_job(by_job, measurement, job.name)
                errors += relative_errors(job.metrics, simulated_metrics, fit_terms(job.metrics))
        return errors

    def losses(self, positions: Sequence[Any], measurements: list[Measurement]) -> list[float]:
        """The mean squared relative error of each position (unit-cube coordinates); a candidate
        already evaluated is not simulated again, and `history` lists each candidate once."""
        candidates = [tuple(p.value(u) for p, u in zip(self.fit, position)) for position in positions]
        files = tuple(m.path for m in measurements)
        new = [c for c in dict.fromkeys(candidates) if (c, files) not in self._losses]
        for values, simulated in zip(new, self.simulate(new, measurements)):
            errors = self.errors(simulated, measurements)
            loss = sum(e * e for e in errors) / max(1, len(errors))
            self._losses[(values, files)] = loss
            self.history.append({"values": values, "loss": loss})
            self.bar.update(1)
        return [self._losses[(c, files)] for c in candidates]


def optimise(calibration: Calibration, measurements: list[Measurement], *, seed: int, max_evaluations: int) -> tuple:
    """The fitted values: the best candidate of a seeded Latin-hypercube sample refined by bounded
    Nelder-Mead (its initial simplex evaluated as one parallel batch), about max_evaluations
    candidates in all."""
    import numpy as np
    from scipy.optimize import minimize
    from scipy.stats import qmc

    dimensions = len(calibration.fit)
    sample = qmc.LatinHypercube(d=dimensions, seed=seed).random(max(4, 4 * dimensions))
    start = [p.position(p.initial) for p in calibration.fit]
    candidates = [start, *sample.tolist()]
    losses = calibration.losses(candidates, measurements)
    best = np.array(candidates[int(np.argmin(losses))])

    step = 0.05
    simplex = [best.copy()]
    for axis in range(dimensions):
        vertex = best.copy()
        vertex[axis] = vertex[axis] + step if vertex[axis] + step <= 1.0 else vertex[axis] - step
        simplex.append(vertex)
    calibration.losses(simplex, measurements)  # one parallel batch; the optimiser's calls hit the cache
    remaining = max(dimensions + 2, max_evaluations - len(calibration.history))
    minimize(lambda u: calibration.losses([u], measurements)[0], best, method="Nelder-Mead",
             bounds=[(0.0, 1.0)] * dimensions,
             options={"initial_simplex": np.array(simplex), "maxfev": remaining, "xatol": 1e-3, "fatol": 1e-8})
    return min(calibration.history, key=lambda entry: entry["loss"])["values"]


def comparison_rows(simulated: dict, measurements: list[Measurement], subset: str) -> list[dict]:
    """One row per job and direction: measured, simulated and error (%) of every figure."""
    rows = []
    for measurement in measurements:
        for job in measurement.jobs:
            sim = simulated_job(simulated[measurement.path], measurement, job.name)
            for op in ("read", "write", "trim"):
                keys = [k for k in job.metrics if k.startswith(op + ".")]
                if not keys:
                    continue
                row: dict[str, Any] = {"set": subset, "file": measurement.label, "job": job.name, "op": op}
                for key in keys:
                    name = key.split(".", 1)[1]
                    row[f"{name} measured"] = job.metrics[key]
                    row[f"{name} simulated"] = sim.get(key, float("nan"))
                    row[f"{name} error %"] = 100.0 * (sim.get(key, float("nan")) - job.metrics[key]) / job.metrics[key]
                rows.append(row)
    return rows


def mean_abs_error_percent(simulated: dict, measurements: list[Measurement]) -> float:
    errors = Calibration.errors(simulated, measurements)
    return 100.0 * sum(abs(e) for e in errors) / max(1, len(errors))


def _plot_comparison(frame: Any, path: pathlib.Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import NullFormatter

    fig, axes = plt.subplots(1, 2, figsize=(10, 4.5))
    for axis, (title, suffix) in zip(axes, (("IOPS", "iops"), ("latency percentiles and mean (us)", "_us"))):
        for subset, marker in (("fit", "o"), ("validate", "^")):
            part = frame[frame["set"] == subset]
            xs, ys = [], []
            for column in part.columns:
                if column.endswith(" measured") and column[: -len(" measured")].endswith(suffix):
                    name = column[: -len(" measured")]
                    xs += list(part[column])
                    ys += list(part[f"{name} simulated"])
            pairs = [(x, y) for x, y in zip(xs, ys) if x == x and y == y and x > 0 and y > 0]
            if pairs:
                axis.scatter(*zip(*pairs), marker=marker, label=f"{subset} ({len(pairs)})", alpha=0.7)
        limits = [v for line in axis.collections for v in line.get_offsets().flatten()]
        if limits:
            low, high = min(limits) / 1.5, max(limits) * 1.5
            axis.plot([low, high], [low, high], color="grey", linewidth=0.8, label="simulated = measured")
            axis.set_xscale("log")
            axis.set_yscale("log")
            axis.xaxis.set_minor_formatter(NullFormatter())
            axis.yaxis.set_minor_formatter(NullFormatter())
        axis.set_xlabel("measured")
        axis.set_ylabel("simulated")
        axis.set_title(title)
        if axis.get_legend_handles_labels()[0]:
            axis.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def _plot_convergence(history: list[dict], path: pathlib.Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axis = plt.subplots(figsize=(6, 4))
    losses = [entry["loss"] for entry in history]
    best = [min(losses[: i + 1]) for i in range(len(losses))]
    axis.semilogy(range(1, len(losses) + 1), [max(v, 1e-16) for v in losses], ".", alpha=0.5, label="evaluation")
    axis.semilogy(range(1, len(best) + 1), [max(v, 1e-16) for v in best], label="best so far")
    axis.set_xlabel("evaluation")
    axis.set_ylabel("mean squared relative error")
    axis.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def calibrate(config: Any, measured: Sequence, fit: Sequence[str], out: str | os.PathLike[str], *, validate: Sequence = (),
              io_budget: int = 4000,
              precondition: str = "fill", seed: int = 1, max_evaluations: int = 120, executor: Any = None,
              max_workers: int | None = None, progress: bool = False) -> dict:
    """The calibration of the module docstring; returns calibration.json's content."""
    import pandas as pd

    from .config import Config
    from .tables import write_table

    if io_budget < 1:
        raise ValueError(f"--ios: expected a whole number >= 1, got {io_budget}")
    if max_evaluations < 1:
        raise ValueError(f"--max-evals: expected a whole number >= 1, got {max_evaluations}")
    base = Config.coerce(config).set("seed", int(seed)).check()
    parameters = [parse_fit(spec, base) for spec in fit]
    if not parameters:
        raise ValueError("--fit: at least one key to fit")
    if len({p.key for p in parameters}) != len(parameters):
        raise ValueError("--fit: a key is named twice")
    fit_set, held_out = load_measurements(measured), load_measurements(validate)
    if not fit_set:
        raise ValueError("--measured: at least one measured fio JSON file")
    out = pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)

    calibration = Calibration(base, parameters, io_budget=io_budget, precondition=precondition, executor=executor,
                              max_workers=max_workers, progress=progress, expected_evaluations=max_evaluations)
    try:
        initial = tuple(p.value(p.position(p.initial)) for p in parameters)
        values = optimise(calibration, fit_set, seed=seed, max_evaluations=max_evaluations)
        before = calibration.simulate([initial], fit_set)[0]
        fitted = calibration.simulate([values], fit_set)[0]
        validated = calibration.simulate([values], held_out)[0] if held_out else {}
        fitted_config = calibration.configured(values)
        confined = sorted({f"{m.label}: {job}" for m in fit_set + held_out for job in m.confined_sizes(calibration.device_bytes)})
    finally:
        calibration.close()

    name = str(base.get("name", "custom"))
    fitted_config.set("name", f"{name}-calibrated")
    fitted_config.save(out / "fitted-config.json")
    frame = pd.DataFrame(comparison_rows(fitted, fit_set, "fit") + comparison_rows(validated, held_out, "validate"))
    frame.to_csv(out / "jobs.csv", index=False)
    write_table(frame, out / "jobs")
    _plot_comparison(frame, out / "measured-vs-simulated.png")
    _plot_convergence(calibration.history, out / "convergence.png")
    pd.DataFrame([{**{p.key: v for p, v in zip(parameters, entry["values"])}, "loss": entry["loss"]}
                  for entry in calibration.history]).to_csv(out / "evaluations.csv", index_label="evaluation")
    summary = {
        "platform": name,
        "seed": int(seed),
        "io_budget": int(io_budget),
        "precondition": precondition,
        "measured": [str(m.path) for m in fit_set],
        "validate": [str(m.path) for m in held_out],
        "fitted": {p.key: {"value": v, "initial": p.initial, "low": p.low, "high": p.high}
                   for p, v in zip(parameters, values)},
        "error_percent": {"initial": mean_abs_error_percent(before, fit_set),
                          "fit": mean_abs_error_percent(fitted, fit_set),
                          "validate": mean_abs_error_percent(validated, held_out) if held_out else None},
        "evaluations": len(calibration.history),
        "device_bytes": calibration.device_bytes,
        "size_confined_to_device": confined,
        "files": ["fitted-config.json", "calibration.json", "jobs.csv", "jobs.md", "evaluations.csv",
                  "measured-vs-simulated.png", "convergence.png"],
    }
    (out / "calibration.json").write_text(json.dumps(summary, indent=2) + "\n")
    return summary


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="ssdtlm calibrate",
                                     description="Fit platform keys to measured fio JSON results of a real drive.")
    parser.add_argument("--preset", required=True, help="platform: preset name or JSON file")
    parser.add_argument("--measured", action="append", required=True, default=[], help="fio JSON file to fit (repeatable)")
    parser.add_argument("--fit", action="append", required=True, default=[],
                        help="numeric key to fit, KEY or KEY=LO:HI (default bounds x0.25..x4; repeatable)")
    parser.add_argument("--out", required=True, type=pathlib.Path, help="output directory")
    parser.add_argument("--validate", action="append", default=[], help="held-out fio JSON file (repeatable)")
    parser.add_argument("--set", action="append", default=[], help="KEY=VALUE applied to the platform first")
    parser.add_argument("--ios", type=int, default=4000, help="simulated I/Os per job (default 4000)")
    parser.add_argument("--precondition", default="fill", choices=["none", "fill", "steady"],
                        help="preconditioning of every simulated job (default fill: reads find data)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the simulations and of the sample (default 1)")
    parser.add_argument("--max-evals", type=int, default=120, help="most evaluations of the fitted set (default 120)")
    parser.add_argument("--scheduler", help="Dask scheduler address (tcp://HOST:PORT) or 'local'")
    parser.add_argument("--workers", type=int, help="local worker processes (default: all cores)")
    parser.add_argument("--quiet", action="store_true", help="no progress bars and no summary")
    args = parser.parse_args(argv)

    from .sweep import PointFailed, open_executor, report_failure

    try:
        import scipy  # noqa: F401 - the optimiser; checked before any simulation runs
    except ImportError:
        print("ssdtlm calibrate: error: needs scipy (pip install 'ssdtlm[calibrate]')", file=sys.stderr)
        return 2
    try:
        from .config import Config

        config = Config.coerce(args.preset)
        if args.set:
            config.update(dict(parse_set(spec) for spec in args.set))
        with open_executor(args.scheduler, args.workers) as executor:
            summary = calibrate(config, args.measured, args.fit, args.out, validate=args.validate, io_budget=args.ios,
                                precondition=args.precondition, seed=args.seed, max_evaluations=args.max_evals,
                                executor=executor, max_workers=args.workers, progress=not args.quiet)
    except (ValueError, OSError, PointFailed, KeyboardInterrupt) as error:  # MeasurementError is a ValueError
        return report_failure("ssdtlm calibrate", error)
    if not args.quiet:
        errors = summary["error_percent"]
        for key, entry in summary["fitted"].items():
            print(f"{key}: {entry['initial']:g} -> {entry['value']:g} (bounds {entry['low']:g}:{entry['high']:g})")
        held_out = "" if errors["validate"] is None else f", held-out {errors['validate']:.2f} %"
        print(f"mean relative error: {errors['initial']:.2f} % before, {errors['fit']:.2f} % fitted{held_out} "
              f"({summary['evaluations']} evaluations); results in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
