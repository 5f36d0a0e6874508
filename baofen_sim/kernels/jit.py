"""`njit`: numba.njit for every kernel of the package, compiling one specialisation per argument type.

Numba compiles a jitted callee once per distinct *literal* argument: `f(x, True, 0)` and `f(x, False, 1)`
become two compiled copies of `f`, each linked into its callers. Across the engine that was ~100 extra
compiles (a quarter of the cold compile). These dispatchers type literal arguments as their plain types,
so every kernel is compiled once per signature of ordinary types.

Their on-disk cache (`SharedFunctionCache`) takes `cache.save_lock` for each save, so processes compiling into
one cache directory at once (`baofen_sim.warmup`) never interleave the update of an index."""

from __future__ import annotations

import numba
from numba.core import types
from numba.core.caching import FunctionCache
from numba.core.registry import CPUDispatcher

from baofen_sim.kernels.cache import save_lock


class SharedFunctionCache(FunctionCache):
    """Numba's per-function cache with each save made under the cache directory's save lock."""

    def save_overload(self, sig, data):
        with save_lock(self._cache_path):
            super().save_overload(sig, data)


class PlainArgumentDispatcher(CPUDispatcher):
    """A CPU dispatcher that never specialises on literal argument values."""

    def get_call_template(self, args, kws):
        args = tuple(types.unliteral(a) for a in args)
        kws = {name: types.unliteral(a) for name, a in kws.items()}
        return super().get_call_template(args, kws)


def njit(function=None, **options):
    """numba.njit(**options) with a PlainArgumentDispatcher; use as @njit(cache=True)."""
    def wrap(py_function):
        dispatcher = numba.njit(**options)(py_function)
        if numba.config.DISABLE_JIT:
            return dispatcher
        dispatcher.__class__ = PlainArgumentDispatcher
        if options.get("cache"):
            dispatcher._cache = SharedFunctionCache(py_function)
        return dispatcher
    return wrap if function is None else wrap(function)
