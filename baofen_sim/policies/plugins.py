"""Plug-in policies (DESIGN.md §6, §9; docs/policies.md): a user's own compiled decision functions.

A plug-in is a `PluginPolicy` object in an importable module, named `module:attribute` in `--policy`
(`--policy 2=my_policies:CAUTIOUS`). It supplies compiled (`numba.njit`) functions for any of the decisions
of any game (`GAME_DECISIONS`: Baofen's bid, bury and trump, 80分's showing, 反底 and bury, 找朋友's call, forced
call, overcall, concession and bury, the shared lead and follow), with the signatures of `SIGNATURES`; every decision
it leaves out is taken by its `fallback` built-in policy, so a plug-in of one game's decisions plays the other games
as its fallback does. Its parameter row holds the fallback's parameters first, then its own (`params`), so
`--param SEAT.KEY=VALUE` reaches both; `PluginPolicy.slot(name)` is the index of one of its own.

Loading checks what can be checked before the engine compiles: the module imports, the attribute is a
`PluginPolicy`, each function is compiled and takes the documented arguments, and each one of the run's game
compiles and runs on a small sample position (`check_compiles`). Every problem is one `PolicyError` line naming the
function.
"""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass
from typing import Any

import numpy as np

from baofen_sim import policy_set
from baofen_sim.cards import NUM_KINDS
from baofen_sim.codes import AUCTION_STATE_SIZE, NO_SEAT
from baofen_sim.policies.registry import POLICIES, ParamSpec, PolicyError, PolicySpec
from baofen_sim.records import MAX_KITTY, MAX_PARAMS
from baofen_sim.rules.games import Game

DECISIONS = ("bid", "bury", "trump", "lead", "follow", "showing", "fandi", "bury80", "call7", "forced_call",
             "overcall", "concede", "bury_zpy")
GAME_DECISIONS = {Game.BAOFEN: ("bid", "bury", "trump", "lead", "follow"),
                  Game.TRACTOR_80FEN: ("showing", "fandi", "bury80", "lead", "follow"),
                  Game.ZHAOPENGYOU_5P: ("call7", "forced_call", "overcall", "concede", "bury_zpy", "lead", "follow")}
FIRST_PLUGIN_ID = len(policy_set.BUILTIN_POLICIES)  # plug-ins take ids from here, in the set's order

# The arguments of each decision function, and what it returns (DESIGN.md §6; docs/policies.md).
SIGNATURES = {
    "bid": ("params", "hand_counts", "legal", "n_legal", "auction_state", "rng_state"),  # -> (bid, rng_state)
    "bury": ("params", "hand_counts", "rng_state", "out"),  # fills out with the buried kinds -> rng_state
    "trump": ("params", "hand_counts", "rng_state"),  # -> (suit 0..3, rng_state)
    "lead": ("params", "tb", "view", "hand_ge1", "hand_eq2", "rng_state"),  # -> (rng_state, ge1, eq2)
    "follow": ("params", "tb", "lead", "view", "hand_ge1", "hand_eq2", "rng_state"),  # -> (rng_state, ge1, eq2)
    # 80分 (policies.tractor80.dispatch): a showing during the deal, a 反底, the bury -> (tier, suit, rng_state)
    "showing": ("params", "counts", "received", "level", "cur_seat", "cur_tier", "cur_suit", "seat", "n_options",
                "tiers", "suits", "rng_state"),
    "fandi": ("params", "counts", "level", "set_seat", "set_tier", "set_suit", "seat", "n_options", "tiers", "suits",
              "rng_state"),
    "bury80": ("params", "counts", "level", "trump", "rng_state", "out"),  # fills out with the buried kinds -> rng
    # 找朋友 (policies.zhaopengyou.dispatch): a call with a 7 during the deal, the flip holder's forced call, an
    # overcall with a pair of 7s -> (card, rng_state); the concession -> (concede, rng_state); the bury -> rng_state
    "call7": ("params", "counts", "received", "n_options", "options", "rng_state"),
    "forced_call": ("params", "counts", "n_options", "options", "option_trumps", "rng_state"),
    "overcall": ("params", "counts", "n_options", "options", "rng_state"),
    "concede": ("params", "counts", "trump", "rng_state"),
    "bury_zpy": ("params", "counts", "trump", "rng_state", "out"),  # fills out with the buried kinds -> rng_state
}
RESULT_SIZES = {"bid": 2, "bury": 1, "trump": 2, "lead": 3, "follow": 3, "showing": 3, "fandi": 3, "bury80": 1,
                "call7": 2, "forced_call": 2, "overcall": 2, "concede": 2, "bury_zpy": 1}


@dataclass(frozen=True)
class PluginPolicy:
    """A plug-in policy: compiled functions for some decisions, a built-in fallback for the rest, and its
    own parameters as (name, default, description)."""

    fallback: str = "heuristic"
    bid: Any = None
    bury: Any = None
    trump: Any = None
    lead: Any = None
    follow: Any = None
    showing: Any = None  # 80分 only
    fandi: Any = None  # 80分 only
    bury80: Any = None  # 80分 only
    call7: Any = None  # 找朋友 only
    forced_call: Any = None  # 找朋友 only
    overcall: Any = None  # 找朋友 only
    concede: Any = None  # 找朋友 only
    bury_zpy: Any = None  # 找朋友 only
    params: tuple[tuple[str, float, str], ...] = ()
    doc: str = ""
    reads_target: bool = True  # its lead or follow function reads view.target (`--target each` is refused)

    def slot(self, name: str) -> int:
        """The index in the parameter row of one of this policy's own parameters."""
        own = [p[0] for p in self.params]
        return len(POLICIES[self.fallback].params) + own.index(name)

    def functions(self) -> dict[str, Any]:
        """The decisions it supplies: {decision: compiled function}."""
        return {d: getattr(self, d) for d in DECISIONS if getattr(self, d) is not None}


@dataclass(frozen=True)
class LoadedPlugin:
    name: str  # module:attribute
    policy: PluginPolicy
    spec: PolicySpec


_loaded: dict[str, LoadedPlugin] = {}


def _import(name: str) -> PluginPolicy:
    module_name, _, attribute = name.partition(":")
    module_name, attribute = module_name.strip(), attribute.strip()
    if not module_name or not attribute:
        raise PolicyError(f"plug-in {name!r}: expected module:attribute")
    policy_set.find_plugins_from_here()
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        raise PolicyError(f"plug-in {name!r}: no module named {error.name!r} (searched the current directory "
                          "and the Python path)") from None
    except Exception as error:  # the user's module failed while importing
        raise PolicyError(f"plug-in {name!r}: importing {module_name} failed: "
                          f"{type(error).__name__}: {error}") from None
    policy = getattr(module, attribute, None)
    if policy is None:
        raise PolicyError(f"plug-in {name!r}: module {module_name} has no attribute {attribute!r}")
    if not isinstance(policy, PluginPolicy):
        raise PolicyError(f"plug-in {name!r}: {attribute} (of type {type(policy).__name__}) is not a "
                          "baofen_sim.policies.plugins.PluginPolicy")
    return policy


def _check_functions(name: str, policy: PluginPolicy) -> None:
    from numba.core.registry import CPUDispatcher

    if policy.fallback not in POLICIES:
        raise PolicyError(f"plug-in {name!r}: fallback {policy.fallback!r} is not one of {', '.join(POLICIES)}")
    for decision, function in policy.functions().items():
        label = f"plug-in {name!r}: {decision} function {getattr(function, '__name__', function)!r}"
        if not isinstance(function, CPUDispatcher):
            raise PolicyError(f"{label} is not compiled: decorate it with @numba.njit(cache=True)")
        wanted = SIGNATURES[decision]
        arguments = tuple(inspect.signature(function.py_func).parameters)
        if len(arguments) != len(wanted):
            raise PolicyError(f"{label} takes ({', '.join(arguments)}); {_a(decision)} {decision} function takes "
                              f"({', '.join(wanted)})")


def _a(decision: str) -> str:
    return "an" if decision[0] in "aeiou" else "a"


def _spec(name: str, policy: PluginPolicy, policy_id: int) -> PolicySpec:
    fallback = POLICIES[policy.fallback]
    own = tuple(ParamSpec(p_name, float(default), doc) for p_name, default, doc in policy.params)
    known = {p.name for p in fallback.params}
    for p in own:
        if p.name in known:
            raise PolicyError(f"plug-in {name!r}: parameter {p.name!r} is also a parameter of {fallback.name}")
    if len(fallback.params) + len(own) > MAX_PARAMS:
        raise PolicyError(f"plug-in {name!r}: {len(fallback.params)} + {len(own)} parameters exceed "
                          f"the {MAX_PARAMS} of a parameter row")
    supplied = ", ".join(policy.functions()) or "no decision"
    doc = policy.doc or f"plug-in: {supplied}; the rest from {fallback.name}"
    return PolicySpec(name=name, id=policy_id, doc=doc, params=fallback.params + own)


def load_plugin(name: str) -> LoadedPlugin:
    """Import and check the plug-in `name` (module:attribute) of this process's policy set; loaded once.
    Its id follows the set's order (`policies.dispatch.policy_ids`)."""
    name = name.strip()
    if name not in _loaded:
        chosen = policy_set.selected()
        if name not in chosen:
            raise PolicyError(f"plug-in {name!r} is not in this process's policy set ({', '.join(chosen)}): "
                              "call baofen_sim.policy_set.select with the run's policies first")
        plugins = [n for n in chosen if policy_set.is_plugin(n)]
        policy = _import(name)
        _check_functions(name, policy)
        _loaded[name] = LoadedPlugin(name, policy, _spec(name, policy, FIRST_PLUGIN_ID + plugins.index(name)))
    return _loaded[name]


def plugin_fallback(name: str) -> str:
    """The built-in policy that takes the decisions the plug-in leaves out."""
    return _import(name.strip()).fallback


def plugin_reads_target(name: str) -> bool:
    """Whether the plug-in's play depends on the target (its own lead or follow function reads it)."""
    policy = _import(name.strip())
    return policy.reads_target and (policy.lead is not None or policy.follow is not None)


def plugin_spec(name: str) -> PolicySpec:
    """The PolicySpec (id, parameters) of a plug-in of this process's policy set."""
    return load_plugin(name).spec


def check_compiles(plugin: LoadedPlugin, game: Game | None = None) -> None:
    """Compile and run each function of `plugin` for the decisions of `game` (None: of every game) on a small
    sample position with the engine's argument types; a PolicyError naming the function if it does not compile,
    raises or returns the wrong shape."""
    wanted = DECISIONS if game is None else GAME_DECISIONS[game]
    functions = {d: f for d, f in plugin.policy.functions().items() if d in wanted}
    samples: dict[str, tuple] = {}
    for make, decisions in ((_sample_arguments, GAME_DECISIONS[Game.BAOFEN]), (_sample_arguments80, SAMPLED_80FEN),
                            (_sample_arguments_zpy, SAMPLED_ZPY)):
        if functions.keys() & set(decisions):
            samples.update(make())
    for decision, function in functions.items():
        label = f"plug-in {plugin.name!r}: {decision} function {function.__name__!r}"
        try:
            result = function(*samples[decision])
        except Exception as error:
            first = str(error).strip().splitlines()[0] if str(error).strip() else ""
            raise PolicyError(f"{label} fails on a sample position: {type(error).__name__}: {first}") from None
        size = len(result) if isinstance(result, tuple) else 1
        if size != RESULT_SIZES[decision]:
            raise PolicyError(f"{label} returns {size} value(s); {_a(decision)} {decision} function returns "
                              f"{RESULT_SIZES[decision]}")


def _sample_arguments() -> dict[str, tuple]:
    """One sample call per decision: seat 0 of a fixed deal, trump ♠, a single lead."""
    from baofen_sim.kernels.units import analyze_lead
    from baofen_sim.records import PLAY_VIEW_DTYPE
    from baofen_sim.rules import preset
    from baofen_sim.tables import kinds_to_bits, materialize

    rules = preset("baofen")
    tb = materialize(rules, 0)
    kinds = list(range(0, 50, 2))  # 25 distinct cards
    counts = np.zeros(NUM_KINDS, dtype=np.int8)
    counts[kinds] = 1
    ge1, eq2 = (np.uint64(x) for x in kinds_to_bits(tb, kinds))
    lead_ge1, lead_eq2 = (np.uint64(x) for x in kinds_to_bits(tb, [kinds[0]]))
    view = np.zeros(1, dtype=PLAY_VIEW_DTYPE)[0]
    params = np.zeros(MAX_PARAMS, dtype=np.float64)
    rng = np.uint64(1)
    legal = np.array(rules.bid_open_values, dtype=np.int64)
    return {
        "bid": (params, counts, legal, len(legal), np.zeros(AUCTION_STATE_SIZE, dtype=np.int64), rng),
        "bury": (params, counts, rng, np.zeros(rules.kitty_size, dtype=np.int64)),
        "trump": (params, counts, rng),
        "lead": (params, tb, view, ge1, eq2, rng),
        "follow": (params, tb, analyze_lead(tb, lead_ge1, lead_eq2), view, ge1, eq2, rng),
    }


def _sample_arguments80() -> dict[str, tuple]:
    """One sample call per 80分 decision (the lead and follow are Baofen's), at level 2: seat 1 holds eight cards,
    a pair of 2♠ among them, and may show a single or the pair, or challenge a single with the pair; the 庄 (seat 0)
    buries 8 of his 33 cards, kitty included."""
    from baofen_sim.games.tractor80.engine.declaring import MAX_SHOWINGS, TIER_NONE, TIER_PAIR, TIER_SINGLE

    counts = np.zeros(NUM_KINDS, dtype=np.int8)
    counts[[0, 14, 20, 27, 33, 40, 46]] = 1
    counts[0] = 2  # 2♠ 2♠
    tiers, suits = np.zeros(MAX_SHOWINGS, dtype=np.int64), np.zeros(MAX_SHOWINGS, dtype=np.int64)
    tiers[:2] = TIER_SINGLE, TIER_PAIR
    hand = np.zeros(NUM_KINDS, dtype=np.int8)
    hand[1:34] = 1
    params = np.zeros(MAX_PARAMS, dtype=np.float64)
    rng, level = np.uint64(1), 0
    return {
        "showing": (params, counts, 8, level, NO_SEAT, TIER_NONE, 0, 1, 2, tiers, suits, rng),
        "fandi": (params, counts, level, 0, TIER_SINGLE, 0, 1, 1, tiers[1:], suits[1:], rng),
        "bury80": (params, hand, level, 0, rng, np.zeros(MAX_KITTY, dtype=np.int64)[:8]),
    }


SAMPLED_80FEN = ("showing", "fandi", "bury80")
SAMPLED_ZPY = ("call7", "forced_call", "overcall", "concede", "bury_zpy")


def _sample_arguments_zpy() -> dict[str, tuple]:
    """One sample call per 找朋友 decision (the lead and follow are Baofen's): a seat of 20 cards with a pair of 7♥
    and a 7♠ may call with either 7 after 12 cards, make the forced call with either (naming ♠ or ♥, as under
    any_7), overcall with its pair of 7♥, concede under ♠, and bury 8 of its 28 cards (trump ♠)."""
    from baofen_sim.cards import RANK_7, kind_of

    seven_s, seven_h = kind_of(0, RANK_7), kind_of(1, RANK_7)
    counts = np.zeros(NUM_KINDS, dtype=np.int8)
    counts[[2, 9, 16, 22, 28, 30, 35, 41, 44, 47, 50, 52, 53, 12, 25, 38, 40]] = 1
    counts[seven_s], counts[seven_h] = 1, 2
    options, option_trumps = np.zeros(NUM_KINDS, dtype=np.int64), np.zeros(NUM_KINDS, dtype=np.int64)
    options[:2] = seven_s, seven_h
    option_trumps[:2] = 0, 1
    hand = counts.copy()
    hand[[0, 1, 3, 4, 13, 14, 26, 27]] = 1  # the kitty taken up: 28 cards
    params = np.zeros(MAX_PARAMS, dtype=np.float64)
    rng, trump = np.uint64(1), 0
    return {
        "call7": (params, counts, 12, 2, options, rng),
        "forced_call": (params, counts, 2, options, option_trumps, rng),
        "overcall": (params, counts, 1, options[1:], rng),
        "concede": (params, counts, trump, rng),
        "bury_zpy": (params, hand, trump, rng, np.zeros(MAX_KITTY, dtype=np.int64)[:8]),
    }
