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
import sys

import numba
from numba.core import types
from numba.core.caching import CompileResultCacheImpl, FunctionCache, UserProvidedCacheLocator
from numba.core.registry import CPUDispatcher

from baofen_sim.kernels import inlining
from baofen_sim.kernels.cache import function_cache_root, save_lock

inlining.install()


class PackageCacheLocator(UserProvidedCacheLocator):
    """Numba's locator for a configured cache directory, with the directory chosen per module; each directory is
    checked for writing once per process, not once per function (a temporary file each: ~0.02 s of the engine's
    import)."""

    _writable: set[str] = set()

    def __init__(self, py_func, py_file):
        super().__init__(py_func, py_file)
        root = function_cache_root(py_func.__module__)
        self._cache_path = os.path.join(root, self.get_suitable_cache_subpath(py_file))

    def ensure_cache_path(self):
        if self._cache_path not in self._writable:
            super().ensure_cache_path()
            self._writable.add(self._cache_path)


class PackageCacheImpl(CompileResultCacheImpl):
    _locator_classes = [PackageCacheLocator, *CompileResultCacheImpl._locator_classes]


class SharedFunctionCache(FunctionCache):
    """Numba's per-function cache in the directory of its module, with each save made under that directory's
    save lock."""

    _impl_class = PackageCacheImpl

    def save_overload(self, sig, data):
        with save_lock(self._cache_path):
            super().save_overload(sig, data)


_BLAS_PROBE_TARGET = "scipy.linalg"  # what numba.np.arraymath imports at import time to see whether BLAS is there


def load_numba_implementations() -> None:
    """Import Numba's implementations (`numba.np.arraymath` and its kin, which Numba imports itself on the first
    compile or cache load) without the BLAS probe `arraymath` makes at import: where SciPy is installed the probe
    imports `scipy.linalg` (0.12 s of every command's start, measured against 0.85 s for `simulate --deals 1`)
    only to choose how `np.convolve` and `np.correlate` sum float arrays, which no kernel here calls (with the
    probe failed they use a plain loop). `np.dot` and `np.linalg` in jitted code are unaffected: they import
    SciPy's BLAS when they are compiled, and `scipy.linalg` imports normally once this returns."""
    if "numba.np.arraymath" in sys.modules or _BLAS_PROBE_TARGET in sys.modules:
        return
    sys.modules[_BLAS_PROBE_TARGET] = None  # an import of it fails at once
    try:
        import numba.np.arraymath  # noqa: F401
    finally:
        del sys.modules[_BLAS_PROBE_TARGET]


class PlainArgumentDispatcher(CPUDispatcher):
    """A CPU dispatcher that never specialises on literal argument values, and whose first compile or cache load
    loads Numba's implementations without their BLAS probe (`load_numba_implementations`)."""

    def compile(self, sig):
        load_numba_implementations()
        return super().compile(sig)

    def get_call_template(self, args, kws):
        args = tuple(types.unliteral(a) for a in args)
        kws = {name: types.unliteral(a) for name, a in kws.items()}
        return super().get_call_template(args, kws)


def njit(function=None, **options):
    """numba.njit(**options) with a PlainArgumentDispatcher; use as @njit(cache=True). The cache is this package's
    (`SharedFunctionCache`), made once: Numba's own, which `cache=True` would make first, is never built."""
    cache = options.pop("cache", False)

    def wrap(py_function):
        dispatcher = numba.njit(**options)(py_function)
        if numba.config.DISABLE_JIT:
            return dispatcher
        dispatcher.__class__ = PlainArgumentDispatcher
        if cache:
            dispatcher._cache = SharedFunctionCache(py_function)
        return dispatcher
    return wrap if function is None else wrap(function)
