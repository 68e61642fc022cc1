"""One sweep point in its own process: `python -m ssdtlm._point REQUEST.json RESULT.json`.
REQUEST holds config, source, workload, precondition, records, out, fio_json; RESULT receives
{"stats": ..., "wall_seconds": ...}, with "fio_json": Result.to_fio_json() when asked. Errors go
to stderr with a non-zero exit: 2 and the message alone for bad input (ValueError, a result that
cannot be written), a traceback otherwise."""
from __future__ import annotations

import json
import pathlib
import sys


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m ssdtlm._point REQUEST.json RESULT.json", file=sys.stderr)
        return 2
    request = json.loads(pathlib.Path(argv[0]).read_text())
    from ssdtlm.config import Config
    from ssdtlm.simulation import simulate

    try:
        config = Config(request["config"], source=request.get("source", "config"))
        result = simulate(config, request["workload"], precondition=request.get("precondition", "none"),
                          out=request.get("out"), records=request.get("records") or None,
                          force=True,  # the point's folder belongs to the sweep: a rerun replaces it
                          fio=bool(request.get("fio_json")))
    except (ValueError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    answer = {"stats": result.stats, "wall_seconds": result.wall_seconds}
    if request.get("fio_json"):
        answer["fio_json"] = result.to_fio_json()
    pathlib.Path(argv[1]).write_text(json.dumps(answer))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
