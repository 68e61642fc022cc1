"""ssdtlm: a SystemC/TLM-2.0 model of NAND-flash SSDs, scripted from Python.

    import ssdtlm
    cfg = ssdtlm.Config.preset("slc-2011").set("ftl.gc.policy", "greedy")
    result = ssdtlm.simulate(cfg, workload="random-write:qd=8,count=20000,size=4KiB", precondition="fill")
    result.stats["write_amplification"], result.timeline, result.plot_timeline()

    sim = ssdtlm.Simulation(cfg); sim.add_workload(...); sim.at("5ms", callback); sim.run()
    frame = ssdtlm.sweep(cfg, grid={"ftl.spare_factor": [0.1, 0.2]}, workload=...)
    ssdtlm.wa(blocks=4096, spare_factor=0.1, policy="greedy")
    raid = ssdtlm.RaidSimulation("raid-5-mlc", workload=...); raid.at("2ms", lambda s: s.fail_drive(1)); raid.run()

See docs/python.md.
"""
import warnings as _warnings

# `python -m ssdtlm.sweep` / `ssdtlm.compare` run a module the package has already imported (for sweep(), compare()).
_warnings.filterwarnings("ignore", message=r"'ssdtlm\.(sweep|compare)' found in sys\.modules", category=RuntimeWarning)

from ._core import SimulationError  # noqa: E402
from .compare import compare, compare_config  # noqa: E402
from .config import Config, describe, parameters, preset_directory, presets  # noqa: E402
from .extending import load_plugin, register_gc_policy  # noqa: E402
from .functional import wa  # noqa: E402
from .raid import RaidSimulation, load_raid_config, simulate_raid  # noqa: E402
from .result import Result  # noqa: E402
from .simulation import (LIVE_PARAMETERS, Command, Simulation, Workload, normalize_workload, register_live_parameter,  # noqa: E402
                         simulate, workload_compact)
from .sweep import PointFailed, expand_grid, sweep  # noqa: E402

__version__ = "0.1.0"
__all__ = [
    "Command", "Config", "LIVE_PARAMETERS", "PointFailed", "RaidSimulation", "Result", "Simulation", "SimulationError", "Workload",
    "compare", "compare_config", "describe", "expand_grid", "normalize_workload", "parameters", "preset_directory", "presets",
    "load_plugin", "load_raid_config", "register_gc_policy", "register_live_parameter", "simulate", "simulate_raid",
    "sweep", "wa", "workload_compact",
]
