"""`python -m ssdtlm sweep FILE.json ...`: the Python side of the ssdtlm command."""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m ssdtlm sweep FILE.json [--scheduler ADDRESS] [--out DIR] [--workers N]")
        return 0 if argv else 2
    if argv[0] == "sweep":
        from ssdtlm.sweep import main as sweep_main

        return sweep_main(argv[1:])
    print(f"python -m ssdtlm: unknown command {argv[0]!r} (commands: sweep)", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
