"""Parts added from outside the model (docs/extending.md): GC victim policies from a plugin or
written in Python, picked by name like the built-in ones (Config's ftl.gc.policy, wa(policy=...)).

    def fewest_valid(candidates):
        return min(candidates, key=lambda c: c["valid_pages"])["block"]

    ssdtlm.register_gc_policy("my-greedy", fewest_valid)
    ssdtlm.wa(pages_per_block=64, blocks=512, spare_factor=0.2, policy="my-greedy")
"""
from __future__ import annotations

import os
from typing import Any, Callable, Dict, Optional, Sequence

from . import _core

Candidate = Dict[str, int]
GcPolicyFunction = Callable[[Sequence[Candidate]], Optional[int]]


def register_gc_policy(name: str, fn: GcPolicyFunction) -> None:
    """Registers `fn` as the victim policy `name` for the rest of the process.

    fn(candidates) returns the block id to collect, or None for nothing now. `candidates` are the
    sealed blocks of one plane as dicts: block, valid_pages, erase_count, data_stamp (host-write
    clock of the block's youngest data) and age (the clock now minus data_stamp). The first is
    the block greedy would collect; the rest follow by block id. fn runs with the GIL held, once
    per victim: a slow path. An exception fn raises stops the run with a ValueError (functional
    engine) or SimulationError (timed simulation) naming the policy. ValueError if `name` is
    taken (a built-in or registered policy).
    """
    if not callable(fn):
        raise TypeError(f"register_gc_policy: fn must be callable, got {type(fn).__name__}")
    _core.register_gc_policy(name, fn)


def load_plugin(path: str | os.PathLike[Any]) -> None:
    """Loads a plugin shared library (as `ssdtlm --plugin PATH.so` does): the victim policies it
    registers become available by name. ValueError naming the path if it does not load."""
    _core.load_plugin(os.fspath(path))
