#!/usr/bin/env python3
"""Fails when a file of models/ or platforms/ includes a header of a layer above its own.

The layers (docs/architecture.md, "Layers") are the CMake libraries of CMakeLists.txt; a call
upward already fails to link, and this check names the include that makes it, as FILE:LINE and
the two layers. Usage: check_layers.py [ROOT] (the checkout by default).
"""
import re
import sys
from pathlib import Path

# Each layer's folder (the longest matching prefix wins) and the layers it may include besides
# itself. rtl sits beside the stack: only platforms reaches it (platforms/rtl_engine_factory.cpp).
LAYER_FOLDERS = {
    "models/kernel": "kernel",
    "models/common": "common",
    "models/nand": "nand",
    "models/controller": "controller",
    "models/ftl": "ftl",
    "models/ftl/functional": "functional",
    "models/host": "host",
    "models/raid": "raid",
    "models/rtl": "rtl",
    "platforms": "platforms",
}
ALLOWED = {
    "kernel": set(),
    "common": {"kernel"},
    "nand": {"kernel", "common"},
    "controller": {"kernel", "common", "nand"},
    "ftl": {"kernel", "common", "nand", "controller"},
    "host": {"kernel", "common", "nand", "controller", "ftl"},
    "raid": {"kernel", "common", "nand", "controller", "ftl"},
    "functional": {"kernel", "common", "nand", "controller", "ftl", "host"},
    "rtl": {"kernel", "common", "nand", "controller", "ftl", "host", "raid"},
    "platforms": {"kernel", "common", "nand", "controller", "ftl", "host", "raid", "functional", "rtl"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s*"((?:models|platforms)/[^"]+)"')
SOURCE_SUFFIXES = {".h", ".hpp", ".cpp", ".cc"}


def layer_of(path: str):
    best = None
    for folder, layer in LAYER_FOLDERS.items():
        if (path == folder or path.startswith(folder + "/")) and (best is None or len(folder) > len(best[0])):
            best = (folder, layer)
    return best[1] if best else None


def violations(root: Path):
    found = []
    for top in ("models", "platforms"):
        for file in sorted((root / top).rglob("*")):
            if file.suffix not in SOURCE_SUFFIXES or not file.is_file():
                continue
            relative = file.relative_to(root).as_posix()
            own = layer_of(relative)
            if own is None:
                continue
            for number, line in enumerate(file.read_text(errors="replace").splitlines(), start=1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                target = layer_of(match.group(1))
                if target is None or target == own or target in ALLOWED[own]:
                    continue
                found.append(f"{relative}:{number}: layer {own} includes {match.group(1)} of layer {target}"
                             f" (allowed: {', '.join(sorted(ALLOWED[own])) or 'none'})")
    return found


def main(argv):
    root = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parents[2]
    found = violations(root)
    for message in found:
        print(message)
    if found:
        print(f"check_layers: {len(found)} include(s) cross a layer upward")
        return 1
    print("check_layers: no include crosses a layer upward")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
