"""`njit`: numba.njit for every kernel of the package, compiling one specialisation per argument type.

Numba compiles a jitted callee once per distinct *literal* argument: `f(x, True, 0)` and `f(x, False, 1)`
become two compiled copies of `f`, each linked into its callers. Across the engine that was ~100 extra
compiles (a quarter of the cold compile). These dispatchers type literal arguments as their plain types,
so every kernel is compiled once per signature of ordinary types.

Their on-disk cache (`SharedFunctionCache`) lives where `cache.function_cache_root` says (the policy set's
directory, or the one every set shares) and takes `cache.save_lock` for each save, so processes compiling into
one cache directory at once (`baofen_sim.runs.warmup`, two runs of different sets) never interleave the update of an
index."""

from __future__ import annotations

import os

import numba
from numba.core import types
from numba.core.caching import CompileResultCacheImpl, FunctionCache, UserProvidedCacheLocator
from numba.core.registry import CPUDispatcher

from baofen_sim.kernels import inlining
from baofen_sim.kernels.cache import function_cache_root, save_lock

inlining.install()


class PackageCacheLocator(UserProvidedCacheLocator):
    """Numba's locator for a configured cache directory, with the directory chosen per module."""

    def __init__(self, py_func, py_file):
        super().__init__(py_func, py_file)
        root = function_cache_root(py_func.__module__)
        self._cache_path = os.path.join(root, self.get_suitable_cache_subpath(py_file))


class PackageCacheImpl(CompileResultCacheImpl):
    _locator_classes = [PackageCacheLocator, *CompileResultCacheImpl._locator_classes]


class SharedFunctionCache(FunctionCache):
    """Numba's per-function cache in the directory of its module, with each save made under that directory's
    save lock."""

    _impl_class = PackageCacheImpl

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
