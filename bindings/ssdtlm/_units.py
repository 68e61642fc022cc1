"""Simulated times as the Python API takes them: a number is nanoseconds, a string carries its
unit ("250us", "1.5 ms", "2s", "800ns", "10ps"). Internally everything is integer picoseconds,
the kernel's resolution."""
from __future__ import annotations

import numbers
import re
from typing import Union

# A simulated time: a number of nanoseconds, or a string with its unit ("1.5ms").
TimeLike = Union[int, float, str]
# A byte count: an integer, or a string with a binary unit ("64KiB").
SizeLike = Union[int, str]

_UNIT_PS = {"ps": 1, "ns": 1_000, "us": 1_000_000, "µs": 1_000_000, "ms": 1_000_000_000, "s": 1_000_000_000_000}
_TIME = re.compile(r"^\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(ps|ns|us|µs|ms|s)?\s*$")


def to_ps(value: TimeLike, what: str = "time") -> int:
    """Converts a time (number of ns, or a string with a unit) to integer picoseconds."""
    if isinstance(value, bool):
        raise TypeError(f"{what}: expected a time (ns as a number, or a string such as '1.5ms'), got {value!r}")
    if isinstance(value, numbers.Real):
        ps = float(value) * 1_000
    elif isinstance(value, str):
        match = _TIME.match(value)
        if not match:
            raise ValueError(f"{what}: expected a time such as '250us', '1.5ms' or a number of ns, got {value!r}")
        ps = float(match.group(1)) * _UNIT_PS[match.group(2) or "ns"]
    else:
        raise TypeError(f"{what}: expected a time (ns as a number, or a string such as '1.5ms'), got {value!r}")
    if ps < 0:
        raise ValueError(f"{what}: must not be negative, got {value!r}")
    return int(round(ps))


def to_ns(value: TimeLike, what: str = "time") -> int:
    """Whole nanoseconds (workload start and stop times)."""
    return int(round(to_ps(value, what) / 1_000))


def format_ps(ps: int) -> str:
    for unit, scale in (("s", 10**12), ("ms", 10**9), ("us", 10**6), ("ns", 10**3)):
        if ps >= scale:
            return f"{ps / scale:g} {unit}"
    return f"{ps} ps"


_BYTE_UNITS = {"": 1, "b": 1, "k": 1 << 10, "kb": 1 << 10, "kib": 1 << 10, "m": 1 << 20, "mb": 1 << 20, "mib": 1 << 20,
               "g": 1 << 30, "gb": 1 << 30, "gib": 1 << 30, "t": 1 << 40, "tb": 1 << 40, "tib": 1 << 40}
_BYTES = re.compile(r"^\s*([0-9]+)\s*([A-Za-z]*)\s*$")


def to_bytes(value: SizeLike, what: str = "size") -> int:
    """A byte count: an integer, or a string with a binary unit as in workload specs ("64KiB",
    "1MiB", "4k")."""
    if isinstance(value, bool):
        raise TypeError(f"{what}: expected a number of bytes or a size such as '64KiB', got {value!r}")
    if isinstance(value, numbers.Integral):
        number = int(value)
    elif isinstance(value, str):
        match = _BYTES.match(value)
        unit = match.group(2).lower() if match else None
        if not match or unit not in _BYTE_UNITS:
            raise ValueError(f"{what}: expected a number of bytes or a size such as '64KiB', got {value!r}")
        number = int(match.group(1)) * _BYTE_UNITS[unit]
    else:
        raise TypeError(f"{what}: expected a number of bytes or a size such as '64KiB', got {value!r}")
    if number < 0:
        raise ValueError(f"{what}: must not be negative, got {value!r}")
    return number
