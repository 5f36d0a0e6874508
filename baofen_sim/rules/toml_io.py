"""Rule sets as TOML files: read with tomllib, written by hand (no extra dependency); and `load_rules`, the rule
set of a preset name or a TOML file.

A file may start with `preset = "NAME"` and then set any options its game reads; unset options keep the preset's
values (or the default preset's without a preset line). Map options may also be given as a table
(`[stake_multipliers]`, `[kitty_multiplier]`). An optional option is unset with the string "none" (TOML has no
null). `dump_toml` writes every option of the rule set's game, so `load_toml` of its output gives back the same
RuleSet, name included; each option's line ends in a comment saying what it is (rules/option_texts.py).
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from baofen_sim.rules.option_texts import every_option_text
from baofen_sim.rules.presets import PRESETS, preset
from baofen_sim.rules.ruleset import DEFAULT_NAME, GROUPS, RulesError, RuleSet, allowed_text, same_options

HEADER = "# baofen-sim rule set: RULES.md §9 (load with --rules FILE.toml)"


def load_toml(path: str | Path) -> RuleSet:
    """The RuleSet in the TOML file at `path`. Bad syntax or values → RulesError naming the file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise RulesError(f"{path}: not UTF-8 text ({error.reason} at byte {error.start})") from None
    return loads_toml(text, source=str(path))


def loads_toml(text: str, source: str = "<string>") -> RuleSet:
    """The RuleSet in TOML `text`; `source` names it in error messages."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesError(f"{source}: bad TOML: {error}") from None
    try:
        return rules_from_data(data)
    except RulesError as error:
        raise RulesError(f"{source}: {error}") from None


def rules_from_data(data: dict[str, Any]) -> RuleSet:
    """Options from parsed TOML (or JSON) data with an optional `preset` key naming the base."""
    data = dict(data)
    base_name = data.pop("preset", DEFAULT_NAME)
    if not isinstance(base_name, str):
        raise RulesError(f"preset: {base_name!r} is not one of {', '.join(PRESETS)}")
    return RuleSet.from_dict(data, base=preset(base_name))


def dump_toml(rules: RuleSet) -> str:
    """Every option of `rules`' game as TOML text, grouped by §9 subsection, each with a comment (choices,
    meaning)."""
    lines = [HEADER]
    if rules.name in PRESETS and same_options(rules, PRESETS[rules.name]):
        lines.append(f"preset = {toml_value(rules.name)}")
    else:
        lines.append(f"name = {toml_value(rules.name)}")
    headings = {first: title for title, first in GROUPS}
    for name in rules.option_names:
        if name in headings:
            lines += ["", f"# {headings[name]}"]
        lines.append(_option_line(name, getattr(rules, name)))
    return "\n".join(lines) + "\n"


def _option_line(name: str, value: Any) -> str:
    """`name = value  # [allowed values; ]what it is; RULES §…`: one comment line per option."""
    text = every_option_text()[name]
    comment = f"{text.summary}; RULES {text.rules}"
    allowed = allowed_text(name)
    if (allowed.startswith("one of") and "," in allowed) or value is None:
        comment = f"{allowed}; {comment}"
    return f"{name} = {toml_value(value)}  # {comment}"


def toml_value(value: Any) -> str:
    """TOML text for a field value: enums and names as strings, None as "none", tuples as arrays."""
    if value is None:
        return '"none"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(str(value), ensure_ascii=False)  # a JSON string is a valid TOML basic string


def load_rules(spec: str | Path) -> RuleSet:
    """A preset name, or the path of a TOML rules file (anything ending in .toml or naming a file)."""
    text = str(spec)
    if text in PRESETS:
        return PRESETS[text]
    path = Path(text)
    if path.suffix == ".toml" or path.exists():
        return load_toml(path)
    try:
        return preset(text)
    except RulesError as error:
        raise RulesError(f"{error}; or give a .toml file") from None
