"""`baofen-sim rules explain`: the rules in plain words, every preset's game and then every option.

The text is Markdown: a title, the Chinese words a player meets, each preset's game in the sections of its
game (each game's `GameText`), then each option (`option_texts.every_option_text`) with what its values mean, its
default in each preset, the RULES.md sections to check it against and the seed rule it comes from.
docs/rules.md is the whole text (`REGENERATE`); the plain-text form drops the Markdown marks.
"""

from __future__ import annotations

import difflib
import unicodedata

from baofen_sim.games import GAMES, by_id, game_of
from baofen_sim.rules.option_texts import SEEDS, every_option_text
from baofen_sim.rules.presets import DEFAULT_PRESET, PRESET_DESCRIPTIONS, PRESETS, game_preset
from baofen_sim.rules.ruleset import (
    GAME_OPTIONS,
    GROUPS,
    OPTION_NAMES,
    SECTION_OF,
    RulesError,
    allowed_text,
    diff_rules,
    option_name,
)
from baofen_sim.rules.support import supported_values
from baofen_sim.rules.toml_io import toml_value

DOC_PATH = "docs/rules.md"
REGENERATE = f"baofen-sim rules explain --markdown > {DOC_PATH}"


def explain(name: str | None = None, markdown: bool = False) -> str:
    """The whole rules text, or the part for one preset or option `name`; Markdown or plain text.

    An unknown name raises RulesError naming the nearest preset or option.
    """
    text = explain_markdown(name)
    return text if markdown else plain_text(text)


def explain_markdown(name: str | None = None) -> str:
    """The rules text in Markdown (see `explain`)."""
    if name is None:
        lines = _introduction()
        for preset_name in PRESETS:
            lines += ["", *preset_lines(preset_name)]
        lines += ["", *_options_lines()]
    elif name in PRESETS:
        lines = [*preset_lines(name), "", "The seeds cited, the Chinese rule texts behind RULES.md:", "",
                 *_seed_lines()]
    else:
        lines = option_lines(_option_of(name))
    return "\n".join(lines) + "\n"


def _option_of(text: str) -> str:
    try:
        return option_name(text)
    except RulesError:
        nearest = difflib.get_close_matches(text, [*PRESETS, *OPTION_NAMES], n=1, cutoff=0.0)
        raise RulesError(f"no preset or option {text!r}; the nearest is {nearest[0]} (`baofen-sim rules list` "
                         f"and `baofen-sim rules show {DEFAULT_PRESET}` name them all)") from None


def _introduction() -> list[str]:
    return [
        "# 包分 (Baofen), 80分 and 5-player 找朋友 rules, as baofen-sim plays them",
        "",
        "Generated from the code (baofen_sim/rules/explain.py); do not edit docs/rules.md by hand, regenerate "
        f"it with `{REGENERATE}`.",
        "",
        "Each preset's rules below are the whole game as a player reads it; then every house-rule option, "
        f"which a rules file (`baofen-sim rules show {DEFAULT_PRESET} > my.toml`) or `--set OPTION=VALUE` changes. The "
        "citations are for checking: \"RULES §5.4\" is a section of the project's rules specification, RULES.md, "
        "and S000 to S003 are the Chinese rule texts (seeds) it was written from:",
        "",
        *_seed_lines(),
        "",
        "## Words",
        "",
        *(word for game in GAMES for word in game.hook("text").words),
    ]


def _seed_lines() -> list[str]:
    return [f"- {short}: {file}, {what}" for short, (file, what) in SEEDS.items()]


def preset_lines(name: str) -> list[str]:
    """Markdown lines of preset `name`'s game, one subsection per section of its game's text."""
    rules = PRESETS[name]
    text = game_of(rules).hook("text")
    unworded = text.unworded_options(rules)
    if unworded:
        raise RulesError(f"the rules text of preset {name} does not describe {', '.join(unworded)}")
    lines = [f"## Preset `{name}`", "", PRESET_DESCRIPTIONS[name] + "."]
    first = game_preset(rules.game)
    if name != first.name:
        changed = ", ".join(f"`{option}`" for option, _, _ in diff_rules(first, rules))
        lines += ["", f"It differs from `{first.name}` in {changed}."]
    for title, sections, section in text.sections:
        lines += ["", f"### {title} (RULES {sections})", "", *section(rules)]
    return lines


def option_lines(name: str) -> list[str]:
    """Markdown lines explaining option `name`."""
    text = every_option_text()[name]
    lines = [f"#### `{name}`", "", f"{_capitalised(text.summary)}. RULES {text.rules}.", "", text.meaning, ""]
    if text.values:
        lines.append("- Values:")
        lines += [f"  - `{value}`: {meaning}" for value, meaning in text.values.items()]
    else:
        lines.append(f"- Values: {allowed_text(name)}.")
    readers = [game for game in GAME_OPTIONS if name in GAME_OPTIONS[game]]
    if len(readers) < len(GAME_OPTIONS):
        only = " and ".join(by_id(game).title for game in readers)
        lines.append(f"- Only {only} reads it (RULES {SECTION_OF[name]}): setting it in another game's rules is "
                     "refused.")
    defaults = {preset_name: _shown(getattr(rules, name)) for preset_name, rules in PRESETS.items()
                if rules.game in readers}
    every = "every preset" if len(defaults) == len(PRESETS) else "every preset that reads it"
    if len(set(defaults.values())) == 1:
        lines.append(f"- Default in {every}: `{next(iter(defaults.values()))}`.")
    else:
        lines.append("- Default: " + ", ".join(f"`{p}` `{v}`" for p, v in defaults.items()) + ".")
    lines += _support_lines(name, readers)
    if text.seeds:
        lines += [f"- Seed {short} ({SEEDS[short][0]}): “{words}”" for short, words in text.seeds]
    else:
        lines.append("- Seed: none; the seeds are silent, and RULES.md chose this rule.")
    return lines


def _support_lines(name: str, readers: list) -> list[str]:
    """What this version plays of option `name`, per game that reads it."""
    lines = []
    if name == "trump_selection":  # the option that chooses the game
        fast = ", ".join(f"`{game.trump_selection}` ({game.title})" for game in GAMES)
        lines.append(f"- simulate and sweep play only {fast} for now; the other values are refused there before "
                     "any hand is played.")
    for game in readers:
        if name in supported_values(game):
            played = ", ".join(f"`{_shown(value)}`" for value in supported_values(game)[name])
            lines.append(f"- In {by_id(game).title} this version plays only {played}; other values are refused "
                         "before any hand is played.")
    return lines


def _options_lines() -> list[str]:
    headings = {first: title for title, first in GROUPS}
    lines = ["## Options", "", "Every option, in the order `baofen-sim rules show` writes them."]
    for name in OPTION_NAMES:
        if name in headings:
            lines += ["", f"### {headings[name]}"]
        lines += ["", *option_lines(name)]
    return lines


def _shown(value: object) -> str:
    """A value as a rules file writes it, without the quotes of a string."""
    return toml_value(value).strip('"')


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


# ---- Markdown → plain text ----

_UNDERLINES = {1: "=", 2: "=", 3: "-"}  # deeper headings: "~"


def plain_text(markdown: str) -> str:
    """`markdown` for a terminal: headings underlined, no backticks."""
    lines = []
    for line in markdown.replace("`", "").splitlines():
        level = len(line) - len(line.lstrip("#"))
        if level and line[level:level + 1] == " ":
            title = line[level + 1:]
            lines += [title, _UNDERLINES.get(level, "~") * _width(title)]
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


def _width(text: str) -> int:
    """Terminal columns of `text`: wide characters (中文) take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)

