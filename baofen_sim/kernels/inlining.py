"""Numba's `inline="always"` without its two defensive copies of the inlined function's IR (DESIGN.md §11).

To inline a call, Numba's `InlineWorker.inline_function` builds the callee's IR afresh and hands it to
`inline_ir`, which deep-copies it block by block twice: once to work on, once to return unchanged. Each
block's copy also copies the function's whole variable scope, so the cost grows with blocks × variables, and
it is paid again at every level of a nest of inlined functions. The sampler's search (an `inline="always"`
tree below `policies.sampler.sampler_play`) spent about 70% of its compile there (numba issue #8989 and
numba-cuda #688 describe the same). The IR built for the call belongs to that call alone and the second copy
is discarded by the only caller (`InlineInlinables`), so `inline_fresh_function` lets `inline_ir` take the
fresh IR as it is; the inlined result is the same IR, so the compiled code is the same.

`install()` (called by `kernels.jit` on import) puts it in place once. Only `inline_function` changes:
`inline_ir` called directly (the typed inlining of overloads, whose IR is cached) still copies. Written against
numba 0.68's `inline_closurecall` (tests/test_kernels_inlining.py checks it is in place and inlines correctly).
"""

from __future__ import annotations

import copy
from types import SimpleNamespace

from numba.core import inline_closurecall
from numba.core.inline_closurecall import InlineWorker

_NO_COPY = SimpleNamespace(deepcopy=lambda value: value)  # stands in for `copy` in inline_closurecall


def inline_fresh_function(self, caller_ir, block, i, function, arg_typs=None):
    """InlineWorker.inline_function, handing inline_ir the callee IR it builds here without copying it."""
    callee_ir = self.run_untyped_passes(function)
    copy_module, inline_closurecall.copy = inline_closurecall.copy, _NO_COPY
    try:
        return self.inline_ir(caller_ir, block, i, callee_ir, function.__code__.co_freevars, arg_typs=arg_typs)
    finally:
        inline_closurecall.copy = copy_module


def install() -> None:
    """Make Numba's InlineWorker inline functions without copying their fresh IR (idempotent). A Numba whose
    inliner is built otherwise (no module-level `copy`, no `run_untyped_passes`) keeps its own: slower, not wrong."""
    if inline_closurecall.copy is copy and hasattr(InlineWorker, "run_untyped_passes"):
        InlineWorker.inline_function = inline_fresh_function
