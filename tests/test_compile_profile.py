"""scripts/compile_profile.py: nested compile events become inclusive and exclusive times per function."""

from __future__ import annotations

from types import SimpleNamespace

from scripts.compile_profile import _held, _spans


def _event(function, is_start):
    return SimpleNamespace(is_start=is_start, data={"dispatcher": SimpleNamespace(py_func=function)})


def outer():
    pass


def inner():
    pass


def test_a_callee_compiled_inside_its_caller_counts_once_in_each():
    buffer = [(0.0, _event(outer, True)), (1.0, _event(inner, True)), (3.0, _event(inner, False)),
              (3.5, _event(inner, True)), (4.0, _event(inner, False)), (6.0, _event(outer, False))]
    spans = _spans(buffer)
    name = f"{__name__}."
    assert spans == [(name + "inner", 2.0, 2.0), (name + "inner", 0.5, 0.5), (name + "outer", 6.0, 3.5)]


def test_llvm_lock_time_counts_the_outermost_spans():
    lock = SimpleNamespace(is_start=True), SimpleNamespace(is_start=False)
    buffer = [(0.0, lock[0]), (1.0, lock[0]), (2.0, lock[1]), (3.0, lock[1]), (5.0, lock[0]), (5.5, lock[1])]
    assert _held(buffer) == 3.5
