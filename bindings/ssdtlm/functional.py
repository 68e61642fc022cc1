"""The untimed functional engine (`ssdtlm wa`): FtlCore and its policies with no timing, for
write-amplification studies at tens of millions of page writes per second.

    ssdtlm.wa(pages_per_block=64, blocks=50000, spare_factor=0.1, policy="greedy",
              workload="uniform", host_writes=10, warmup=5, seed=1)["write_amplification"]

Keyword arguments mirror the command's flags (--pages-per-block -> pages_per_block, --param
KEY=VALUE -> params={KEY: VALUE}, --config FILE -> config=Config/dict/preset/path: the
platform's geometry instead of one plane of `blocks` blocks). Returns the JSON the command
prints with --json, as a dict.
"""
from __future__ import annotations

import json
from typing import Any, Mapping

from . import _core
from .config import Config, ConfigLike, to_json_text


def wa(*, pages_per_block: int | None = None, blocks: int | None = None, spare_factor: float | None = None,
       policy: str | None = None, params: Mapping[str, Any] | None = None, frontier: str | None = None,
       workload: str | None = None, host_writes: float | None = None, warmup: float | None = None,
       seed: int | None = None, config: ConfigLike | None = None, gc_low_watermark_blocks: int | None = None,
       gc_high_watermark_blocks: int | None = None, gc_victims_per_cycle: int | None = None) -> dict:
    """Write amplification of one configuration through the functional engine (see module doc)."""
    options: dict[str, Any] = {}
    for key, value in (("pages_per_block", pages_per_block), ("blocks", blocks), ("spare_factor", spare_factor),
                       ("policy", policy), ("frontier", frontier), ("workload", workload),
                       ("host_writes", host_writes), ("warmup", warmup), ("seed", seed),
                       ("gc_low_watermark_blocks", gc_low_watermark_blocks),
                       ("gc_high_watermark_blocks", gc_high_watermark_blocks),
                       ("gc_victims_per_cycle", gc_victims_per_cycle)):
        if value is not None:
            options[key] = value
    if params:
        options["params"] = {str(k): v if isinstance(v, str) else json.dumps(v) for k, v in params.items()}
    if config is not None:
        options["config"] = Config.coerce(config).to_dict()
    return json.loads(_core.run_wa(to_json_text(options)))
