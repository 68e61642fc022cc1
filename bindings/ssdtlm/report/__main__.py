"""`python -m ssdtlm.report OUT_DIR [OUT_DIR ...] -o report.html` (what `ssdtlm report` runs)."""
from __future__ import annotations

import argparse
import sys
from typing import Sequence

from . import DEFAULT_MAX_POINTS, write_report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="ssdtlm report",
        description="Write one self-contained HTML report of ssdtlm output folders (several: overlaid, with a difference table).")
    parser.add_argument("folders", nargs="+", help="output folders of ssdtlm run / ssdtlm raid / simulate(out=)")
    parser.add_argument("-o", "--output", required=True, help="the HTML file to write")
    parser.add_argument("--title", help="the report's title (default: the folders' names)")
    parser.add_argument("--max-points", type=int, default=DEFAULT_MAX_POINTS,
                        help=f"most points per curve; longer timelines are resampled (default {DEFAULT_MAX_POINTS})")
    parser.add_argument("--quiet", action="store_true", help="do not print the report's path")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # argparse's usage errors are bad input: exit 2, as every ssdtlm command
        return int(exit_.code or 0)
    if args.max_points < 2:
        print(f"ssdtlm report: error: --max-points: expected at least 2, got {args.max_points}", file=sys.stderr)
        return 2
    try:
        path = write_report(args.folders, args.output, title=args.title, max_points=args.max_points)
    except (ValueError, OSError) as error:
        print(f"ssdtlm report: error: {error}", file=sys.stderr)
        return 2
    if not args.quiet:
        print(f"report written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
