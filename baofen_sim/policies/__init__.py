"""Policies (DESIGN.md §6): bid, bury and trump-choice decisions, and the registry of names and parameters.

`registry` is plain Python (names, ids, parameters, the --policy/--param options). The decision kernels
live in `features`, `bidding`, `bury` and `trump_choice` (Numba, dispatched by policy id).
"""

from baofen_sim.policies.registry import (
    DEFAULT_POLICY,
    POLICIES,
    PolicyError,
    default_params,
    describe_policies,
    parse_policy_options,
    policy_arrays,
    policy_id,
    policy_name,
    resolve_policies,
)
from baofen_sim.records import MAX_PARAMS

__all__ = [
    "DEFAULT_POLICY",
    "MAX_PARAMS",
    "POLICIES",
    "PolicyError",
    "default_params",
    "describe_policies",
    "policy_arrays",
    "policy_id",
    "policy_name",
    "resolve_policies",
    "parse_policy_options",
]
