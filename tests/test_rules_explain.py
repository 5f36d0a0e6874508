"""`baofen-sim rules explain` and docs/rules.md: the rules in plain words, from the code (issue 20, point 5)."""

from __future__ import annotations

import dataclasses
import re
from enum import StrEnum
from pathlib import Path

import pytest

from baofen_sim.cli.options import resolve_rules
from baofen_sim.games import game_of
from baofen_sim.rules import PRESETS, RuleSet, loads_toml, preset
from baofen_sim.rules.explain import DOC_PATH, REGENERATE, explain
from baofen_sim.rules.option_texts import SEEDS, every_option_text
from baofen_sim.rules.ruleset import FIELD_TYPES
from tests.test_cli_rules import assert_one_line_error, run

ROOT = Path(__file__).resolve().parent.parent
# The parts of a game a player reads, in the order of a hand (issue 20; 80分: issue 22).
GAME_SECTIONS = {
    "baofen": ("Deal", "Auction", "All-pass", "Bury", "Trump", "Play", "Throws", "Scoring", "Settlement"),
    "tractor_80fen": ("Deal and declaring", "庄 and levels", "Bury and 反底", "Play at the level rank", "抠底",
                         "Level table and 积分", "Game end"),
    "zhaopengyou_5p": ("Deal and calling", "Bury, overcall and concession", "Friend", "Play", "Points and result"),
}
OPTIONS = [f.name for f in dataclasses.fields(RuleSet) if f.name != "name"]  # every option of the code


def value_texts(option: str) -> set[str]:
    """The values of an enum or true/false option, which its explanation must each explain."""
    kind = FIELD_TYPES[option]
    if kind is bool:
        return {"true", "false"}
    if isinstance(kind, type) and issubclass(kind, StrEnum):
        return {member.value for member in kind}
    return set()


# ---- docs/rules.md ----


def test_docs_rules_md_is_the_generated_text():
    committed = (ROOT / DOC_PATH).read_text(encoding="utf-8")
    assert committed == explain(markdown=True), f"docs/rules.md is out of date: run `{REGENERATE}`"
    assert REGENERATE in committed.split("\n## ", 1)[0]  # the header says how to regenerate it


# ---- every option explained ----


def test_every_option_of_the_code_has_an_explanation():
    assert sorted(every_option_text()) == sorted(OPTIONS)


@pytest.mark.parametrize("option", OPTIONS)
def test_the_explanation_covers_every_value_and_cites_its_sources(option):
    text = every_option_text()[option]
    assert text.summary and "\n" not in text.summary and text.meaning
    assert re.fullmatch(r"(§\d[\d.]*|A\d+|C\d+(–C\d+)?)(, (§\d[\d.]*(–§\d[\d.]*)?|A\d+|C\d+(–C\d+)?))*", text.rules)
    assert set(text.values) == value_texts(option)
    assert all(short in SEEDS and words for short, words in text.seeds)
    shown = explain(option)
    for value in text.values:
        assert f"  - {value}: " in shown
    assert f"RULES {text.rules}." in shown
    for short, _ in text.seeds:
        assert SEEDS[short][0] in shown  # the seed cited by its file name


def test_an_option_explains_its_default_in_each_preset():
    assert ("- Default: baofen r000, baofen-001 r001, tractor-80fen none, zhaopengyou-5p none."
            in explain("joker_tractor_mode"))
    assert "- Default: baofen true, baofen-001 true, tractor-80fen true, zhaopengyou-5p false." in explain(
        "allow_throws")
    assert "- Default in every preset: ccw." in explain("direction")
    assert "- Default in every preset that reads it: 5." in explain("bid_cap_pairs_min")
    assert ("- simulate and sweep play only after_kitty (Baofen), deal_declaration (80分), "
            "deal_call_7 (5-player 找朋友) for now;"
            in explain("trump_selection"))


# ---- each preset's game ----


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_preset_explain_names_its_sections_in_the_order_of_a_hand(name):
    text = explain(name, markdown=True)
    headings = re.findall(r"^### (.+?) \(RULES §", text, flags=re.MULTILINE)
    assert headings == list(GAME_SECTIONS[preset(name).game])
    assert text.startswith(f"## Preset `{name}`")


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_fixed_words_of_the_game_describe_every_preset(name):
    assert game_of(preset(name)).hook("text").unworded_options(preset(name)) == []


def test_a_value_the_fixed_words_do_not_describe_is_named():
    changed = preset("baofen").replace(ruff_structure_rule="count", allow_throws=False)
    text = game_of(changed).hook("text")
    assert text.unworded_options(changed) == ["ruff_structure_rule=count", "allow_throws=False"]


def test_the_game_text_takes_its_numbers_from_the_preset():
    baofen, baofen_001 = explain("baofen"), explain("baofen-001")
    assert "fewer than 5 pairs may not bid above 150; with 5 pairs or more he may bid up to 250" in baofen
    assert "the 主叫 may open with 85, 90 or 95" in baofen
    assert "The 主叫 pays 2 shares (份) into the pot and each 副叫 1: 5 shares a hand." in baofen
    assert "5 card points for each card of the attempted throw (9 88 44 costs 25)" in baofen
    assert "- 全击: declarer +12b, each defender −4b" in baofen
    assert "a loss, result −1500" in baofen
    assert "The 主叫 pays 40 points into the pot and each other player 20: 100 points a hand." in baofen_001
    assert "When the pot reaches 400 points or more" in baofen_001
    assert "3 积分 (cumulative-score points) for each card of the attempted throw (9 88 44 costs 15)" in baofen_001
    assert "a loss, result −500." in baofen_001
    assert "must play it (\"有8張必出8張\")" in baofen_001 and "有8張必出8張" not in baofen


# ---- the command ----


def test_rules_explain_prints_every_preset_then_every_option():
    result = run("rules", "explain")
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert text == explain()
    assert "`" not in text and not re.search(r"^#", text, flags=re.MULTILINE)  # plain text, not Markdown
    positions = [text.index(f"Preset {name}\n") for name in PRESETS] + [text.index("\nOptions\n")]
    assert positions == sorted(positions)
    for option in OPTIONS:
        assert f"\n{option}\n" in text


def test_rules_explain_option_prints_that_option_only():
    result = run("rules", "explain", "bid-cap-pairs-min")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("bid_cap_pairs_min\n")
    assert "RULES §5.4.2" in result.stdout and "000_842f2417af5cabab.txt" in result.stdout
    assert "Preset" not in result.stdout and "bid_cap_max\n" not in result.stdout


def test_rules_explain_preset_markdown_prints_that_preset_only():
    result = run("rules", "explain", "baofen-001", "--markdown")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("## Preset `baofen-001`")
    assert "## Preset `baofen`\n" not in result.stdout and "## Options" not in result.stdout


@pytest.mark.parametrize(("name", "nearest"), [("bid_cap_pair_min", "bid_cap_pairs_min"),
                                               ("baofen001", "baofen-001"), ("wangfen", "wangfen_scope")])
def test_a_misspelt_name_is_one_line_naming_the_nearest(name, nearest):
    assert_one_line_error(run("rules", "explain", name), f"no preset or option {name!r}; the nearest is {nearest} ")


# ---- rules show: a comment per option, still a rules file ----


def test_rules_show_comments_every_option_with_what_it_is():
    lines = run("rules", "show", "baofen").stdout.splitlines()
    options = [line for line in lines if re.match(r"^[a-z_0-9]+ = ", line) and not line.startswith("preset")]
    assert [line.split(" = ")[0] for line in options] == list(preset("baofen").option_names)
    for line in options:
        option = line.split(" = ")[0]
        text = every_option_text()[option]
        assert line.endswith(f"  # {text.summary}; RULES {text.rules}") or (
            f"; {text.summary}; RULES {text.rules}" in line)
    assert ("bid_cap_pairs_min = 5  # pairs a player needs for the higher bid cap, bid_cap_max; "
            "RULES §5.4.2, A10, C36") in lines


def test_a_commented_rules_show_is_still_a_rules_file(tmp_path):
    shown = run("rules", "show", "baofen-001", "--set", "bid_cap_pairs_min=6")
    path = tmp_path / "f.toml"
    path.write_text(shown.stdout, encoding="utf-8")
    expected = preset("baofen-001").replace(bid_cap_pairs_min=6)
    assert loads_toml(shown.stdout) == expected
    assert resolve_rules(str(path)) == expected  # what --rules f.toml gives every command
    again = run("rules", "show", str(path))
    assert again.exit_code == 0 and again.stdout == shown.stdout
