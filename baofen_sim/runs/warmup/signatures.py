"""Numba argument types as text, for the shipped compile plan (`plan.json`): each type has a readable name, and
a composite one a description under that name in the plan's type table.

    int64, uint64, bool, float64, none          scalars: their Numba names
    voidptr                                     a C pointer (the sampler's play called by address)
    PLAY_STATE_DTYPE                            a record: the name of its dtype in the package
                                                {"record": "baofen_sim.records:PLAY_STATE_DTYPE"}
    Lead                                        a named tuple: its class name
                                                {"namedtuple": "baofen_sim.kernels.units:Lead", "items": [...]}
    array(float64, 1d, C)                       {"array": "float64", "ndim": 1, "layout": "C"}
    nestedarray(int64, (54,))                   a record's array field: {"nestedarray": "int64", "shape": [54]}
    dtype(PLAY_STATE_DTYPE)                     a dtype passed as a value: {"dtype": "PLAY_STATE_DTYPE"}
    UniTuple(int64, 2), Tuple(int64, bool)      {"unituple": "int64", "count": 2}, {"tuple": ["int64", "bool"]}

A record is named by its dtype rather than described field by field, so the plan stays valid when a record
gains a field.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import numba
import numpy as np
from numba.core import types

TypeTable = dict[str, dict[str, Any]]  # name → description of each composite type
RECORD_MODULES = ("baofen_sim.records", "baofen_sim.tables")  # where the kernels' dtypes are defined


class SignatureError(ValueError):
    """A type the plan cannot name, or a name it cannot read back."""


def _dtype_name(record: types.Record) -> str:
    """`module:NAME` of a module-level dtype of the package whose Numba record type is `record`."""
    found = []
    for module_name, module in sorted(sys.modules.items()):
        if not module_name.startswith("baofen_sim") or module is None:
            continue
        for name, value in vars(module).items():
            if isinstance(value, np.dtype) and value.names and numba.from_dtype(value) == record:
                found.append((RECORD_MODULES.index(module_name) if module_name in RECORD_MODULES
                              else len(RECORD_MODULES), module_name, name))
    if not found:
        raise SignatureError(f"no dtype of the package has the record type {record}")
    _, module_name, name = min(found)
    return f"{module_name}:{name}"


def _class_path(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def type_name(numba_type: types.Type, table: TypeTable) -> str:
    """The name of `numba_type`; a composite type's description goes into `table` under it."""
    if isinstance(numba_type, (types.Integer, types.Float, types.Boolean, types.NoneType)):
        return str(numba_type)
    if numba_type == types.voidptr:
        return "voidptr"
    if isinstance(numba_type, types.Record):
        path = _dtype_name(numba_type)
        return _entry(table, path.partition(":")[2], {"record": path}, numba_type)
    if isinstance(numba_type, (types.NamedTuple, types.NamedUniTuple)):
        items = [type_name(item, table) for item in numba_type.types]
        cls = numba_type.instance_class
        return _entry(table, cls.__name__, {"namedtuple": _class_path(cls), "items": items}, numba_type)
    if isinstance(numba_type, types.NestedArray):
        item = type_name(numba_type.dtype, table)
        return _entry(table, f"nestedarray({item}, {numba_type.shape})",
                      {"nestedarray": item, "shape": list(numba_type.shape)}, numba_type)
    if isinstance(numba_type, types.Array):
        item = type_name(numba_type.dtype, table)
        description: dict[str, Any] = {"array": item, "ndim": numba_type.ndim, "layout": numba_type.layout}
        flags = ""
        if not numba_type.mutable:
            description["readonly"], flags = True, flags + ", readonly"
        if not numba_type.aligned:
            description["unaligned"], flags = True, flags + ", unaligned"
        return _entry(table, f"array({item}, {numba_type.ndim}d, {numba_type.layout}{flags})", description,
                      numba_type)
    if isinstance(numba_type, types.DType):
        item = type_name(numba_type.dtype, table)
        return _entry(table, f"dtype({item})", {"dtype": item}, numba_type)
    if isinstance(numba_type, types.UniTuple):
        item = type_name(numba_type.dtype, table)
        return _entry(table, f"UniTuple({item}, {numba_type.count})", {"unituple": item, "count": numba_type.count},
                      numba_type)
    if isinstance(numba_type, types.Tuple):
        items = [type_name(item, table) for item in numba_type.types]
        return _entry(table, f"Tuple({', '.join(items)})", {"tuple": items}, numba_type)
    raise SignatureError(f"the compile plan cannot name the type {numba_type} ({type(numba_type).__name__})")


def _entry(table: TypeTable, name: str, description: dict[str, Any], numba_type: types.Type) -> str:
    if table.get(name, description) != description:
        raise SignatureError(f"two types would share the name {name!r} in the compile plan ({numba_type})")
    table[name] = description
    return name


def imported(path: str) -> Any:
    """The object that `module:qualified.name` names (importing the module)."""
    module_name, _, attribute = path.partition(":")
    value: Any = importlib.import_module(module_name)
    for part in attribute.split("."):
        value = getattr(value, part)
    return value


def numba_type(name: str, table: TypeTable) -> types.Type:
    """The Numba type that `type_name` named `name` (with `table`, the plan's type table)."""
    if name not in table:
        scalar = types.boolean if name == "bool" else getattr(types, name, None)
        if not isinstance(scalar, types.Type):
            raise SignatureError(f"unknown type name {name!r} in the compile plan")
        return scalar
    entry = table[name]
    if "record" in entry:
        return numba.from_dtype(imported(entry["record"]))
    if "namedtuple" in entry:
        return types.BaseTuple.from_types([numba_type(item, table) for item in entry["items"]],
                                          imported(entry["namedtuple"]))
    if "nestedarray" in entry:
        return types.NestedArray(numba_type(entry["nestedarray"], table), tuple(entry["shape"]))
    if "array" in entry:
        return types.Array(numba_type(entry["array"], table), entry["ndim"], entry["layout"],
                           readonly=entry.get("readonly", False), aligned=not entry.get("unaligned", False))
    if "dtype" in entry:
        return types.DType(numba_type(entry["dtype"], table))
    if "unituple" in entry:
        return types.UniTuple(numba_type(entry["unituple"], table), entry["count"])
    if "tuple" in entry:
        return types.BaseTuple.from_types([numba_type(item, table) for item in entry["tuple"]])
    raise SignatureError(f"unreadable type {name!r} in the compile plan: {entry}")
