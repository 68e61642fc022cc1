"""Platform configuration: the same JSON document as `ssdtlm run --config`, validated by the
same schema (the C++ ParameterSchema), held as a dict with every default filled in.

    cfg = ssdtlm.Config.preset("slc-2011")
    cfg.set("ftl.gc.policy", "d-choices").set("ftl.gc.params", {"d": 10})
    cfg.get("ftl.spare_factor")            # 0.15
    cfg.to_dict()                          # the effective configuration

A bad key or value raises ValueError naming the key path.
"""
from __future__ import annotations

import copy
import json
import os
import pathlib
import re
from typing import Any, Iterable, Mapping, Union

from . import _core

_MISSING = object()
# What functions that take a configuration accept: a Config, a platform document, a preset name
# or a platform JSON file (Config.coerce).
ConfigLike = Union["Config", Mapping[str, Any], str, "os.PathLike[str]"]
# What the notebook view of a Config shows first (the whole document is folded below it).
CONFIG_HEADLINE_KEYS = (
    "nand.cell_type", "controller.channels", "controller.chips_per_channel", "nand.dies_per_chip",
    "nand.planes_per_die", "nand.blocks_per_plane", "nand.pages_per_block", "nand.page_size_bytes",
    "nand.timing.read_us", "nand.timing.program_us", "nand.timing.erase_us", "channel.transfer_rate_mts",
    "ftl.mode", "ftl.spare_factor", "ftl.gc.policy", "ftl.gc.free_block_low_watermark",
    "ftl.gc.free_block_high_watermark", "host.queue_depth", "seed", "precondition")
_GEOMETRY_KEYS = ("controller.channels", "controller.chips_per_channel", "nand.dies_per_chip", "nand.planes_per_die",
                  "nand.blocks_per_plane", "nand.pages_per_block", "nand.page_size_bytes")
_PACKAGE_PRESETS = pathlib.Path(__file__).absolute().parent / "presets"


def _json_default(value: Any) -> Any:
    # numpy scalars and arrays (sweep grids are often np.linspace)
    if hasattr(value, "item") and callable(value.item) and getattr(value, "ndim", 0) == 0:
        return value.item()
    if hasattr(value, "tolist"):
        return value.tolist()
    if isinstance(value, (pathlib.PurePath,)):
        return str(value)
    raise TypeError(f"not JSON serialisable: {value!r}")


def to_json_text(value: Any) -> str:
    try:
        return json.dumps(value, default=_json_default)
    except RecursionError:  # the C++ side would refuse it anyway (64 levels at most)
        raise ValueError("document nested too deeply (a configuration has at most 64 levels)") from None


def read_json_file(path: str | os.PathLike[str]) -> Any:
    """A JSON file read as the ssdtlm command reads configuration files: size and nesting limits,
    duplicate keys rejected, errors naming the file (and line:column). Raises ValueError."""
    return json.loads(_core.read_json_file(str(path)))


def _is_preset_name(name: str) -> bool:
    # A bare name only, as the ssdtlm command looks presets up: never a way out of the folder.
    return bool(re.fullmatch(r"[A-Za-z0-9_-][A-Za-z0-9._-]*", name))


def preset_directory() -> pathlib.Path:
    """Where preset JSON files are read from: the copy installed with the package, else the
    source tree's platforms/presets."""
    if os.environ.get("SSDTLM_PRESET_DIR"):
        return pathlib.Path(os.environ["SSDTLM_PRESET_DIR"])
    if _PACKAGE_PRESETS.is_dir():
        return _PACKAGE_PRESETS
    return pathlib.Path(_core.preset_directory())


def presets() -> list[str]:
    """Names of the preset platforms (platforms/presets/*.json)."""
    return sorted(p.stem for p in preset_directory().glob("*.json"))


def parameters() -> list[dict]:
    """Every configuration key: key, kind, default, unit, description, min, max, choices."""
    return json.loads(_core.parameters())


def _split(key: str) -> list[str]:
    if not isinstance(key, str) or not key or any(not part for part in key.split(".")):
        raise ValueError(f"{key!r}: expected a dotted key path such as 'ftl.gc.policy'")
    return key.split(".")


class Config:
    """A validated platform document (defaults filled in). Mutating methods return self."""

    def __init__(self, document: Mapping | None = None, *, source: str = "config"):
        self.source = source
        self._doc = self._validated(dict(document or {}), source)

    # ---- construction
    @classmethod
    def preset(cls, name: str) -> "Config":
        """A preset platform: slc-2011, mlc-mqsim, tlc-modern (see ssdtlm.presets())."""
        path = preset_directory() / f"{name}.json"
        if not _is_preset_name(name) or not path.is_file():
            raise ValueError(f"preset {name!r}: no such preset (presets: {', '.join(presets())})")
        return cls._from_native(str(path), source=name)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> "Config":
        """A platform JSON file (a document such as the presets, or an effective-config.json)."""
        path = pathlib.Path(path)
        if not path.is_file():
            raise ValueError(f"{path}: no such file")
        return cls._from_native(str(path), source=str(path))

    @classmethod
    def from_dict(cls, document: Mapping, *, source: str = "config") -> "Config":
        return cls(document, source=source)

    @classmethod
    def coerce(cls, config: ConfigLike) -> "Config":
        """A Config from a Config (copied), a dict, a preset name or a JSON file path."""
        if isinstance(config, Config):
            return config.copy()
        if isinstance(config, Mapping):
            return cls(config)
        if isinstance(config, (str, os.PathLike)):
            text = str(config)
            if pathlib.Path(text).is_file():
                return cls.load(text)
            return cls.preset(text)
        raise TypeError(f"expected a Config, a dict, a preset name or a file path, got {type(config).__name__}")

    @classmethod
    def _from_native(cls, path: str, source: str) -> "Config":
        self = cls.__new__(cls)
        self.source = source
        self._doc = json.loads(_core.load_document(path, []))
        return self

    @staticmethod
    def _validated(document: dict, source: str) -> dict:
        return json.loads(_core.validate_document(to_json_text(document), source))

    # ---- access
    def get(self, key: str, default: Any = _MISSING) -> Any:
        node = self._doc
        for part in _split(key):
            if not isinstance(node, dict) or part not in node:
                if default is _MISSING:
                    raise KeyError(key)
                return default
            node = node[part]
        return copy.deepcopy(node)

    def __getitem__(self, key: str) -> Any:
        return self.get(key)

    def __contains__(self, key: str) -> bool:
        absent = object()  # not _MISSING: get() takes that for "no default given" and raises
        return isinstance(key, str) and self.get(key, absent) is not absent

    def set(self, key: str, value: Any) -> "Config":
        """Sets one key (dotted path) and validates; ValueError names the key on bad input."""
        return self.update({key: value})

    def update(self, values: Mapping[str, Any] | Iterable[tuple[str, Any]] = ()) -> "Config":
        """Sets several keys at once (validated together, so dependent keys can change in one step)."""
        items = list(values.items() if isinstance(values, Mapping) else values)
        document = copy.deepcopy(self._doc)
        for key, value in items:
            parts = _split(key)
            node = document
            for part in parts[:-1]:
                if not isinstance(node.get(part), dict):
                    node[part] = {}
                node = node[part]
            node[parts[-1]] = value
        keys = ", ".join(k for k, _v in items)
        self._doc = self._validated(document, f"{self.source} with set({keys})" if items else self.source)
        return self

    def check(self) -> "Config":
        """Cross-key rules (geometry, watermarks vs spare factor, ...): ValueError naming the key."""
        _core.check_document(to_json_text(self._doc), self.source)
        return self

    def to_dict(self) -> dict:
        """The effective configuration (a deep copy)."""
        return copy.deepcopy(self._doc)

    def to_json(self, indent: int = 2) -> str:
        """The document formatted exactly as the ssdtlm command writes JSON."""
        return _core.dump_json(to_json_text(self._doc), indent)

    def save(self, path: str | os.PathLike[str]) -> pathlib.Path:
        path = pathlib.Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.to_json() + "\n")
        return path

    def copy(self) -> "Config":
        other = Config.__new__(Config)
        other.source = self.source
        other._doc = copy.deepcopy(self._doc)
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Config) and self._doc == other._doc

    def _repr_html_(self) -> str:
        """Jupyter's view: the headline keys with their units, the raw capacity, and the whole
        document folded away below."""
        from . import _html

        units = {entry["key"]: entry.get("unit") or "" for entry in parameters()}
        rows = []
        absent = object()
        for key in CONFIG_HEADLINE_KEYS:
            value = self.get(key, absent)
            if value is not absent:
                rows.append({"key": key, "value": value if isinstance(value, (int, float, str)) else json.dumps(value),
                             "unit": units.get(key, "")})
        if "workload" in self:
            from .simulation import workload_compact

            rows.append({"key": "workload", "value": workload_compact(self.get("workload")), "unit": ""})
        geometry = [self.get(key, None) for key in _GEOMETRY_KEYS]
        if all(isinstance(value, int) for value in geometry):
            capacity = 1
            for value in geometry:
                capacity *= value
            rows.append({"key": "raw capacity", "value": f"{capacity / 2**30:.2f}", "unit": "GiB"})
        return _html.document(f"ssdtlm.Config {self._doc.get('name', 'custom')!r} from {self.source}",
                              _html.table(rows), details=("effective configuration (JSON)", self.to_json()))

    def __repr__(self) -> str:
        name = self._doc.get("name", "custom")
        return f"<ssdtlm.Config {name!r} from {self.source}>"


def describe(key: str) -> dict:
    """The schema entry of one key (unit, default, range, description)."""
    for entry in parameters():
        if entry["key"] == key:
            return entry
    raise ValueError(f"{key}: unknown configuration key")
