"""Plug-in policies (DESIGN.md §6, §9; docs/policies.md): a user's own compiled decision functions.

A plug-in is a `PluginPolicy` object in an importable module, named `module:attribute` in `--policy`
(`--policy 2=my_policies:CAUTIOUS`). It supplies compiled (`numba.njit`) functions for any of the decisions
of any game (`every_decision`: each game's own, which its `Game.decisions` declares with their arguments, and the
shared lead and follow, `TRICK_DECISIONS`); every decision
it leaves out is taken by its `fallback` built-in policy, so a plug-in of one game's decisions plays the other games
as its fallback does. Its parameter row holds the fallback's parameters first, then its own (`params`), so
`--param SEAT.KEY=VALUE` reaches both; `PluginPolicy.slot(name)` is the index of one of its own.

Loading checks what can be checked before the engine compiles: the module imports, the attribute is a
`PluginPolicy`, each function is compiled and takes the documented arguments, and each one of the run's game
compiles and runs on a small sample position (`check_compiles`). Every problem is one `PolicyError` line naming the
function.
"""

from __future__ import annotations

import functools
import importlib
import inspect
from dataclasses import dataclass
from typing import Any

import numpy as np

from baofen_sim import policy_set
from baofen_sim.policies.registry import POLICIES, ParamSpec, PolicyError, PolicySpec
from baofen_sim.records import MAX_PARAMS

FIRST_PLUGIN_ID = len(policy_set.BUILTIN_POLICIES)  # plug-ins take ids from here, in the set's order
# The decisions of the trick play every game shares (DESIGN.md §6; docs/policies.md): name -> (arguments, results).
TRICK_DECISIONS: dict[str, tuple[tuple[str, ...], int]] = {
    "lead": (("params", "tb", "view", "hand_ge1", "hand_eq2", "rng_state"), 3),  # -> (rng_state, ge1, eq2)
    "follow": (("params", "tb", "lead", "view", "hand_ge1", "hand_eq2", "rng_state"), 3),  # -> (rng_state, ge1, eq2)
}


@functools.cache
def every_decision() -> dict[str, tuple[tuple[str, ...], int]]:
    """Every decision a plug-in may supply: each game's own (`Game.decisions`) and the shared lead and follow,
    as name -> (its arguments, the values it returns)."""
    from baofen_sim.games import GAMES

    decisions = {d.name: (d.arguments, d.results) for game in GAMES for d in game.decisions}
    return decisions | TRICK_DECISIONS


def game_decisions(game: str | None) -> tuple[str, ...]:
    """The decisions of game `game` (an id; None: of every game)."""
    from baofen_sim.games import by_id

    if game is None:
        return tuple(every_decision())
    return (*(d.name for d in by_id(game).decisions), *TRICK_DECISIONS)


class PluginPolicy:
    """A plug-in policy: compiled functions for some decisions (keywords named after them: `bid=`, `lead=`,
    `showing=`, ... as `every_decision()` lists them), a built-in fallback for the rest, and its own parameters as
    (name, default, description). An unknown decision keyword is a TypeError, as for any function."""

    __slots__ = ("fallback", "params", "doc", "reads_target", "_functions")

    def __init__(self, fallback: str = "heuristic", params: tuple[tuple[str, float, str], ...] = (), doc: str = "",
                 reads_target: bool = True, **functions: Any) -> None:
        for name in functions:
            if name not in every_decision():
                raise TypeError(f"PluginPolicy() got an unexpected keyword argument {name!r}")
        object.__setattr__(self, "fallback", fallback)
        object.__setattr__(self, "params", tuple(params))
        object.__setattr__(self, "doc", doc)
        object.__setattr__(self, "reads_target", reads_target)  # its lead or follow reads view.target
        object.__setattr__(self, "_functions", {d: functions[d] for d in every_decision()
                                                if functions.get(d) is not None})

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a PluginPolicy cannot be changed")

    def __getattr__(self, name: str) -> Any:
        if name in every_decision():
            return self._functions.get(name)
        raise AttributeError(f"PluginPolicy has no attribute {name!r}")

    def __repr__(self) -> str:
        return f"PluginPolicy(fallback={self.fallback!r}, decisions={list(self._functions)})"

    def slot(self, name: str) -> int:
        """The index in the parameter row of one of this policy's own parameters."""
        own = [p[0] for p in self.params]
        return len(POLICIES[self.fallback].params) + own.index(name)

    def functions(self) -> dict[str, Any]:
        """The decisions it supplies: {decision: compiled function}."""
        return dict(self._functions)


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
        wanted = every_decision()[decision][0]
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


def check_compiles(plugin: LoadedPlugin, game: str | None = None) -> None:
    """Compile and run each function of `plugin` for the decisions of game `game` (an id; None: of every game) on a
    small sample position with the engine's argument types; a PolicyError naming the function if it does not
    compile, raises or returns the wrong shape."""
    from baofen_sim.games import GAMES

    wanted = game_decisions(game)
    functions = {d: f for d, f in plugin.policy.functions().items() if d in wanted}
    samples: dict[str, tuple] = {}
    if functions.keys() & set(TRICK_DECISIONS):
        samples.update(trick_sample_arguments())
    for other in GAMES:
        if functions.keys() & {d.name for d in other.decisions}:
            samples.update(other.hook("plugin_samples")())
    for decision, function in functions.items():
        label = f"plug-in {plugin.name!r}: {decision} function {function.__name__!r}"
        try:
            result = function(*samples[decision])
        except Exception as error:
            first = str(error).strip().splitlines()[0] if str(error).strip() else ""
            raise PolicyError(f"{label} fails on a sample position: {type(error).__name__}: {first}") from None
        size = len(result) if isinstance(result, tuple) else 1
        wanted_size = every_decision()[decision][1]
        if size != wanted_size:
            raise PolicyError(f"{label} returns {size} value(s); {_a(decision)} {decision} function returns "
                              f"{wanted_size}")


def trick_sample_arguments() -> dict[str, tuple]:
    """One sample call of the lead and the follow: seat 0 of a fixed deal of the default rules, trump ♠, a single
    lead."""
    from baofen_sim.kernels.units import analyze_lead
    from baofen_sim.records import PLAY_VIEW_DTYPE
    from baofen_sim.rules import DEFAULT_PRESET, preset
    from baofen_sim.tables import kinds_to_bits, materialize

    tb = materialize(preset(DEFAULT_PRESET), 0)
    kinds = list(range(0, 50, 2))  # 25 distinct cards
    ge1, eq2 = (np.uint64(x) for x in kinds_to_bits(tb, kinds))
    lead_ge1, lead_eq2 = (np.uint64(x) for x in kinds_to_bits(tb, [kinds[0]]))
    view = np.zeros(1, dtype=PLAY_VIEW_DTYPE)[0]
    params = np.zeros(MAX_PARAMS, dtype=np.float64)
    rng = np.uint64(1)
    return {"lead": (params, tb, view, ge1, eq2, rng),
            "follow": (params, tb, analyze_lead(tb, lead_ge1, lead_eq2), view, ge1, eq2, rng)}
