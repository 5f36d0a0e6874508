"""One compile process of the parallel warm-up (`python -m baofen_sim.runs.warmup.worker`), talking JSON lines:

    stdin  {"policies": [...], "cache_dir": DIR, "types": {...}}    stdout  {"ready": true} or {"error": TEXT}
    stdin  {"function": "module:name", "args": [type names]}         stdout  {"function": ..., "seconds": s,
                                                                              "error": null or TEXT}

It selects the policy set, checks that its Numba cache is the directory of the process that started it, and
compiles each function asked for into that cache (`dispatcher.compile`: callees already there are loaded, not
compiled). It ends at the end of its input and ignores Ctrl-C (the starting process stops it).
"""

from __future__ import annotations

import json
import signal
import sys
import time
from typing import Any, TextIO


def _reply(channel: TextIO, message: dict[str, Any]) -> None:
    channel.write(json.dumps(message) + "\n")
    channel.flush()


def _error_text(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0] if lines else ''}"


def main() -> int:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    channel, sys.stdout = sys.stdout, sys.stderr  # only replies go to the channel
    setup = json.loads(sys.stdin.readline() or "{}")
    try:
        from baofen_sim.policies import select_policies

        select_policies(setup["policies"])
        import baofen_sim.policies.dispatch  # noqa: F401  (the set's dispatchers; importing kernels configures the cache)
        from baofen_sim.kernels import cache
        from baofen_sim.runs.warmup.signatures import imported, numba_type

        if str(cache.configure()) != setup["cache_dir"]:
            raise RuntimeError(f"its Numba cache is {cache.configure()}, not {setup['cache_dir']}")
    except Exception as error:
        _reply(channel, {"error": _error_text(error)})
        return 1
    _reply(channel, {"ready": True})
    for line in sys.stdin:
        request = json.loads(line)
        started, error = time.perf_counter(), None
        try:
            dispatcher = imported(request["function"])
            dispatcher.compile(tuple(numba_type(name, setup["types"]) for name in request["args"]))
        except Exception as failure:  # a stale plan entry: the top kernel's process compiles it instead
            error = _error_text(failure)
        _reply(channel, {"function": request["function"], "seconds": time.perf_counter() - started,
                         "error": error})
    return 0


if __name__ == "__main__":
    sys.exit(main())
