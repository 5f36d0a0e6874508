"""What a policy name means, whoever defined it (DESIGN.md §6, §9): a built-in's spec (`registry`) or a plug-in's
(`plugins`), and the `--policy` / `--param` options as a RunSpec takes them (`parse_policy_options`: one policy name
and one {parameter: value} mapping per seat) and as the kernels take them (`policy_arrays`, once, in the
materialize step).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence

import numpy as np

from baofen_sim import policy_set
from baofen_sim.policies.plugins import plugin_fallback, plugin_reads_target, plugin_spec
from baofen_sim.policies.registry import (
    ANY_NUMBER,
    DEFAULT_POLICY,
    POLICIES,
    PolicyError,
    PolicySpec,
    _load_param_file,
    _seat,
    named_param_files,
    param_file_summary,
    param_value,
    policy_names,
)
from baofen_sim.records import MAX_PARAMS


def policy_spec(name: str) -> PolicySpec:
    """The built-in policy called `name`; PolicyError (with a close match) otherwise."""
    text = name.strip()
    if text in POLICIES:
        return POLICIES[text]
    if ":" in text:
        return plugin_spec(text)
    close = difflib.get_close_matches(text, POLICIES, n=1, cutoff=0.5)
    hint = f"did you mean {close[0]}? " if close else ""
    raise PolicyError(f"unknown policy {text!r}; {hint}policies: {', '.join(POLICIES)}")


def play_reads_target(name: str) -> bool:
    """Whether policy `name` plays differently at different targets (`--target each` needs it not to)."""
    if policy_set.is_plugin(name):
        return plugin_reads_target(name)
    return policy_spec(name).reads_target


def policy_fallback(name: str) -> str:
    """The built-in policy that makes the decisions policy `name` leaves out: a plug-in's fallback, else itself."""
    if policy_set.is_plugin(name):
        return plugin_fallback(name)
    return policy_spec(name).name


def policy_chunk_hands(name: str) -> int | None:
    """Hands per part file that policy `name` asks for by default (`PolicySpec.chunk_hands`), or None."""
    return None if policy_set.is_plugin(name) else policy_spec(name).chunk_hands


def policy_id(name: str) -> int:
    return policy_spec(name).id


def default_params(name: str) -> np.ndarray:
    """float64[MAX_PARAMS]: the defaults of policy `name`."""
    return policy_spec(name).defaults()


def _set_param(values: dict[str, float], spec: PolicySpec, seat: int, key: str, value: object, where: str) -> None:
    """values[key] = value, checked against the parameters of `spec` (seat `seat`'s policy)."""
    key = key.strip()
    try:
        index = spec.param_index(key)
    except KeyError:
        close = difflib.get_close_matches(key, [p.name for p in spec.params], n=1, cutoff=0.6)
        hint = f"did you mean {close[0]}? " if close else ""
        known = ", ".join(p.name for p in spec.params) or "none"
        raise PolicyError(f"{where}: unknown parameter {key!r} for policy {spec.name} (seat {seat}); "
                          f"{hint}its parameters: {known}") from None
    values[key] = param_value(spec.params[index], value, seat, spec.name, where)


def parse_policy_options(policy_opts: Sequence[str], param_opts: Sequence[str], num_players: int = 4,
                         default: str = DEFAULT_POLICY) -> tuple[tuple[str, ...], tuple[dict[str, float], ...]]:
    """The `--policy` / `--param` options as a RunSpec takes them: one policy name per seat and one
    {parameter: value} mapping per seat holding every parameter of its policy (defaults filled in).

    Raises PolicyError with one line naming the problem: unknown policy (with a close match), a plug-in,
    a bad seat, a seat given twice, an unknown parameter for that seat's policy, a bad value or file.
    """
    specs = [policy_spec(name) for name in policy_names(policy_opts, num_players, default)]
    names = [spec.name for spec in specs]
    values = [{p.name: p.default for p in spec.params} for spec in specs]
    for opt in param_opts:
        where = f"--param {opt!r}"
        seat_text, key, text = _param_form(opt)
        seats = range(num_players) if seat_text is None else [_seat(seat_text, num_players, where)]
        if key is not None:
            for seat in seats:
                _set_param(values[seat], specs[seat], seat, key, text, where)
            continue
        for file_key, value in _load_param_file(text, where).items():
            for seat in seats:
                _set_param(values[seat], specs[seat], seat, file_key, value, where)
    return tuple(names), tuple(values)


def _param_form(opt: str) -> tuple[str | None, str | None, str]:
    """The parts of a --param text: (SEAT, KEY, VALUE) of SEAT.KEY=VALUE, (SEAT, None, FILE) of SEAT=FILE|NAME,
    (None, KEY, VALUE) of KEY=VALUE and (None, None, FILE) of FILE|NAME (every seat); unchecked."""
    left, sep, right = opt.partition("=")
    if not sep:
        return None, None, opt
    seat_text, dot, key = left.partition(".")
    if not dot and not seat_text.strip().isdigit():
        return None, seat_text.strip(), right.strip()
    return seat_text, key.strip() if dot else None, right.strip()


def keyed_param_options(param_opts: Sequence[str], num_players: int = 4) -> dict[tuple[int, str], str]:
    """(seat, parameter) → the last `--param SEAT.KEY=VALUE` option that sets it (files are not looked into).
    Raises PolicyError for a bad seat."""
    keyed = {}
    for opt in param_opts:
        seat_text, key, _ = _param_form(opt)
        if key is None:
            continue
        seats = range(num_players) if seat_text is None else [_seat(seat_text, num_players, f"--param {opt!r}")]
        for seat in seats:
            keyed[seat, key] = opt
    return keyed


def policy_arrays(names: Sequence[str],
                  seat_params: Sequence[Mapping[str, float]] = ()) -> tuple[np.ndarray, np.ndarray]:
    """The kernel arrays (ids int8[N], params float64[N, MAX_PARAMS]) of one policy name per seat and,
    optionally, one {parameter: value} mapping per seat (e.g. a RunSpec's); unset parameters take their
    defaults. Validated like the options."""
    if len(seat_params) > len(names):
        raise PolicyError(f"parameters for {len(seat_params)} seats, but policies for only {len(names)}")
    specs = [policy_spec(name) for name in names]
    ids = np.array([spec.id for spec in specs], dtype=np.int8)
    params = np.zeros((len(specs), MAX_PARAMS), dtype=np.float64)
    for seat, spec in enumerate(specs):
        values = {p.name: p.default for p in spec.params}
        for key, value in (seat_params[seat] if seat < len(seat_params) else {}).items():
            _set_param(values, spec, seat, key, value, "parameters")
        params[seat, :len(spec.params)] = [values[p.name] for p in spec.params]
    return ids, params


def resolve_policies(policy_opts: Sequence[str], param_opts: Sequence[str],
                     num_players: int = 4) -> tuple[np.ndarray, np.ndarray]:
    """The kernel arrays of the `--policy` / `--param` options (`parse_policy_options`, then
    `policy_arrays`)."""
    return policy_arrays(*parse_policy_options(policy_opts, param_opts, num_players))


def describe_policies() -> str:
    """The `policies` CLI listing: each policy with its id and its parameters, defaults, docs and domains."""
    lines = []
    for spec in POLICIES.values():
        default = ", the default" if spec.name == DEFAULT_POLICY else ""
        lines.append(f"{spec.name} (id {spec.id}{default}): {spec.doc}")
        width = max((len(p.name) for p in spec.params), default=0)
        for p in spec.params:
            allowed = "" if p.domain == ANY_NUMBER else f" (allowed: {p.domain.text()})"
            lines.append(f"    {p.name:<{width}} = {p.default:<6g} {p.doc}{allowed}")
    from baofen_sim.games import GAMES

    for game in GAMES:
        played = "every policy" if game.policies is None else ", ".join(game.policies)
        lines.append(f"{game.title} plays: {played}")
    lines.append("Parameter files shipped (--param NAME for every seat, --param SEAT=NAME for one):")
    for name in named_param_files():
        lines.append(f"    {name}: {param_file_summary(name)}")
    lines.append("Options: --policy NAME | --policy SEAT=NAME; --param SEAT=FILE.toml | --param SEAT.KEY=VALUE | "
                 "--param KEY=VALUE (every seat)")
    lines.append("Plug-ins: --policy SEAT=module:attribute, a PluginPolicy (docs/policies.md)")
    return "\n".join(lines)
