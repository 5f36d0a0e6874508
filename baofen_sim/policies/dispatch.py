"""The five decision dispatchers of this process's policy set (`baofen_sim.policy_set`), which the engine
calls with each seat's policy id (DESIGN.md §6, §11):

    bid_decision(policy_id, params, hand_counts, legal, n_legal, auction_state, rng_state) -> (bid, rng)
    bury_decision(policy_id, params, hand_counts, rng_state, out) -> rng
    trump_decision(policy_id, params, hand_counts, rng_state) -> (suit, rng)
    lead_decision(policy_id, params, tb, hr, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state)
        -> (rng, ge1, eq2)
    follow_decision(policy_id, params, tb, hr, lead, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state)
        -> (rng, ge1, eq2)

(`hr` the hand rules and `known_*` the cards the seat alone knows, the declarer's bury: the sampler scores
its playouts with them, as the game of `hr` scores them, `policies.sampler.entry`; the other policies, plug-ins
included, take the documented arguments.)

(80分's showing, 反底 and bury are generated the same way from their own table, `games.tractor80.policies.dispatch`.)

They are generated as Python source with one branch per policy of the set (a plug-in's missing decisions
go to its fallback), written beside the set's Numba cache and imported from there, so Numba caches them
like any module-level `@njit` function and the engine compiles only the policies of the set. The first
policy of the set is the fall-through branch; the built-ins keep their ids (random 0, heuristic 1, sampler 2)
and plug-ins take ids from 3 (`plugins.FIRST_PLUGIN_ID`) in the set's order.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from baofen_sim import policy_set
from baofen_sim.kernels import cache
from baofen_sim.policies.plugins import load_plugin
from baofen_sim.policies.selection import policy_spec

# (function signature, {built-in policy: body}) of each dispatcher; a plug-in's body is PLUGIN_BODIES.
DISPATCHERS = {
    "bid": ("bid_decision(policy_id, params, hand_counts, legal, n_legal, auction_state, rng_state)", {
        "random": "return random_bid(params, legal, n_legal, rng_state)",
        "heuristic": "return heuristic_bid(params, hand_counts, legal, n_legal, auction_state), rng_state",
    }),
    "bury": ("bury_decision(policy_id, params, hand_counts, rng_state, out)", {
        "random": "return random_bury(hand_counts, rng_state, out)",
        "heuristic": "heuristic_bury(params, hand_counts, out)\n        return rng_state",
    }),
    "trump": ("trump_decision(policy_id, params, hand_counts, rng_state)", {
        "random": "return random_trump(rng_state)",
        "heuristic": "return best_trump_suit(hand_counts), rng_state",
    }),
    "lead": ("lead_decision(policy_id, params, tb, hr, view, hand_ge1, hand_eq2, known_ge1, known_eq2, rng_state)", {
        "random": "return random_lead(tb, view, hand_ge1, hand_eq2, rng_state)",
        "heuristic": "rng_state, ge1, eq2 = heuristic_lead(params, tb, view, hand_ge1, hand_eq2, rng_state)\n"
                     "        return np.uint64(rng_state), np.uint64(ge1), np.uint64(eq2)",
        "sampler": "rng_state, ge1, eq2 = sampler_lead(params, tb, hr, view, hand_ge1, hand_eq2, known_ge1, "
                   "known_eq2, rng_state)\n        return np.uint64(rng_state), np.uint64(ge1), np.uint64(eq2)",
    }),
    "follow": ("follow_decision(policy_id, params, tb, hr, lead, view, hand_ge1, hand_eq2, known_ge1, known_eq2, "
               "rng_state)", {
        "random": "return random_follow(tb, lead, hand_ge1, hand_eq2, rng_state)",
        "heuristic": "rng_state, ge1, eq2 = heuristic_follow(params, tb, lead, view, hand_ge1, hand_eq2, "
                     "rng_state)\n        return np.uint64(rng_state), np.uint64(ge1), np.uint64(eq2)",
        "sampler": "rng_state, ge1, eq2 = sampler_follow(params, tb, hr, lead, view, hand_ge1, hand_eq2, "
                   "known_ge1, known_eq2, rng_state)\n"
                   "        return np.uint64(rng_state), np.uint64(ge1), np.uint64(eq2)",
    }),
}
PLUGIN_BODIES = {
    "bid": "bid, rng_state = {f}(params, hand_counts, legal, n_legal, auction_state, rng_state)\n"
           "        return np.int64(bid), np.uint64(rng_state)",
    "bury": "return np.uint64({f}(params, hand_counts, rng_state, out))",
    "trump": "suit, rng_state = {f}(params, hand_counts, rng_state)\n"
             "        return np.int64(suit), np.uint64(rng_state)",
    "lead": "rng_state, ge1, eq2 = {f}(params, tb, view, hand_ge1, hand_eq2, rng_state)\n"
            "        return np.uint64(rng_state), np.uint64(ge1), np.uint64(eq2)",
    "follow": "rng_state, ge1, eq2 = {f}(params, tb, lead, view, hand_ge1, hand_eq2, rng_state)\n"
              "        return np.uint64(rng_state), np.uint64(ge1), np.uint64(eq2)",
}
BUILTIN_IMPORTS = {
    "random": ("from baofen_sim.policies.bidding import random_bid",
               "from baofen_sim.policies.bury import random_bury",
               "from baofen_sim.policies.trump_choice import random_trump",
               "from baofen_sim.policies.play import random_follow, random_lead"),
    "heuristic": ("from baofen_sim.policies.bidding import heuristic_bid",
                  "from baofen_sim.policies.bury import heuristic_bury",
                  "from baofen_sim.policies.features import best_trump_suit",
                  "from baofen_sim.policies.heuristic import heuristic_follow, heuristic_lead"),
    "sampler": ("from baofen_sim.policies.bidding import heuristic_bid",
                "from baofen_sim.policies.bury import heuristic_bury",
                "from baofen_sim.policies.features import best_trump_suit",
                "from baofen_sim.policies.sampler import sampler_follow, sampler_lead"),
}


@dataclass(frozen=True)
class DispatchTable:
    """The dispatchers of one game's decisions, from which `dispatch_source` writes a module: Baofen's five here
    (`BAOFEN_DISPATCH`), 80分's own three in `games.tractor80.policies.dispatch`. A decision's name is the
    `PluginPolicy` field that supplies it."""

    generator: str  # the module that generates it (named in the generated module's docstring)
    prefix: str  # file and module name of the generated module, before its source hash
    decorator: str  # each dispatcher's decorator
    dispatchers: dict[str, tuple[str, dict[str, str]]]  # decision: (signature, {built-in policy: body})
    plugin_bodies: dict[str, str]  # decision: a plug-in's body ({f}: its function)
    imports: dict[str, tuple[str, ...]]  # built-in policy: what its bodies import (default: its decides_as one's)
    # built-in policy: the one whose body it takes for a decision it has none of its own for (the sampler decides
    # all but its play as the heuristic)
    decides_as: dict[str, str] = field(default_factory=lambda: {"sampler": "heuristic"})

    def body(self, decision: str, policy: str) -> str:
        bodies = self.dispatchers[decision][1]
        return bodies[policy] if policy in bodies else bodies[self.decides_as[policy]]

    def imports_of(self, policy: str) -> tuple[str, ...]:
        return self.imports[policy] if policy in self.imports else self.imports[self.decides_as[policy]]


BAOFEN_DISPATCH = DispatchTable("baofen_sim.policies.dispatch", "baofen_dispatch", '@njit(cache=True, inline="always")',
                                DISPATCHERS, PLUGIN_BODIES, BUILTIN_IMPORTS)


def policy_ids(names: tuple[str, ...]) -> dict[str, int]:
    """The id of each policy of a set (`selection.policy_spec`: the built-ins' own, plug-ins in the set's order)."""
    return {name: policy_spec(name).id for name in names}


def dispatch_source(names: tuple[str, ...], table: DispatchTable = BAOFEN_DISPATCH) -> str:
    """The Python source of the dispatch module of the policy set `names` for the decisions of `table`."""
    ids = policy_ids(names)
    imports = {"import numpy as np", "from baofen_sim.kernels.jit import njit"}
    plugin_lines = []
    bodies: dict[str, dict[int, str]] = {decision: {} for decision in table.dispatchers}
    for name in names:
        fallback = name
        supplied: dict = {}
        if policy_set.is_plugin(name):
            plugin = load_plugin(name)
            module, _, attribute = name.partition(":")
            alias = f"_plugin_{ids[name]}"
            plugin_lines.append(f"from {module.strip()} import {attribute.strip()} as {alias}")
            supplied = {d: f for d, f in plugin.policy.functions().items() if d in table.dispatchers}
            fallback = plugin.policy.fallback
            for decision in supplied:
                plugin_lines.append(f"{alias}_{decision} = {alias}.{decision}")
        imports.update(table.imports_of(fallback) if len(supplied) < len(table.dispatchers) else ())
        for decision in table.dispatchers:
            if decision in supplied:
                bodies[decision][ids[name]] = table.plugin_bodies[decision].format(
                    f=f"_plugin_{ids[name]}_{decision}")
            else:
                bodies[decision][ids[name]] = table.body(decision, fallback)
    lines = [f'"""Generated by {table.generator} for the policies: {", ".join(names)}."""', ""]
    lines += sorted(imports) + plugin_lines
    first = ids[names[0]]
    for decision, (signature, _) in table.dispatchers.items():
        lines += ["", "", table.decorator, f"def {signature}:"]
        for policy_id, body in bodies[decision].items():
            if policy_id != first:
                lines += [f"    if policy_id == {policy_id}:", f"        {body}"]
        lines.append("    " + bodies[decision][first].replace("\n        ", "\n    "))
    return "\n".join(lines) + "\n"


def load_dispatch(names: tuple[str, ...], table: DispatchTable = BAOFEN_DISPATCH) -> ModuleType:
    """The generated dispatch module of the policy set `names` for `table`, written beside the set's Numba cache
    (once) and imported from there."""
    source = dispatch_source(names, table)
    key = hashlib.sha256(source.encode()).hexdigest()[:12]
    folder = cache.configure() or Path(tempfile.gettempdir()) / "baofen-sim" / "dispatch"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{table.prefix}_{key}.py"
    if not path.exists() or path.read_text() != source:  # rewriting it would make Numba recompile it
        temp = path.with_suffix(f".{os.getpid()}.tmp")  # processes of a parallel warm-up may write it at once
        temp.write_text(source)
        temp.replace(path)
    name = f"{table.prefix}_{key}"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


POLICY_SET = policy_set.selected()
_module = load_dispatch(POLICY_SET)
bid_decision = _module.bid_decision
bury_decision = _module.bury_decision
trump_decision = _module.trump_decision
lead_decision = _module.lead_decision
follow_decision = _module.follow_decision
