"""Policies (DESIGN.md §6): bid, bury, trump-choice and play decisions, their registry, plug-ins.

`registry` is plain Python (names, ids, parameters, the --policy/--param options); `plugins` loads a user's
policies (`module:attribute`). The decision kernels live in `features`, `bidding`, `bury`, `trump_choice`,
`play` and the `heuristic` package (Numba); `dispatch` generates the dispatchers of this process's policy set
(`baofen_sim.policy_set`) that the engine calls with each seat's policy id.
"""

from baofen_sim.policies.registry import DEFAULT_POLICY, POLICIES, PolicyError, policy_name, policy_names
from baofen_sim.policies.selection import (
    default_params,
    describe_policies,
    parse_policy_options,
    policy_arrays,
    policy_id,
    policy_spec,
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
    "policy_names",
    "select_policies",
    "resolve_policies",
    "parse_policy_options",
]


def select_policies(names, game=None) -> tuple[str, ...]:
    """Choose this process's policy set from a run's policy names (`baofen_sim.policy_set.select`) before
    the engine is imported, then import and check every plug-in of it (`plugins.check_compiles`: the decisions of
    the game with id `game`; None: of every game)."""
    from baofen_sim import policy_set
    from baofen_sim.policies.plugins import check_compiles, load_plugin

    names = list(names)
    for name in names:
        if not policy_set.is_plugin(name):
            policy_spec(name)  # an unknown built-in: PolicyError with the close match
    chosen = policy_set.select(names)
    for name in chosen:
        if policy_set.is_plugin(name):
            check_compiles(load_plugin(name), game)
    return chosen
