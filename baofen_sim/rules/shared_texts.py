"""What the game texts of `rules explain` share: how a game's text is made up (`GameText`), number formats, and the
words for the parts of play that belong to no game (the pack, following, winning a trick, throws; RULES §1–§4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from baofen_sim.cards import PACK_SIZE, TOTAL_POINTS
from baofen_sim.rules.ruleset import RuleSet

Section = tuple[str, str, Callable[[RuleSet], list[str]]]  # (title, RULES.md sections, its lines for a RuleSet)

# Options the shared words below (and both games' trick rules) state in fixed words, with the value they describe.
TRICK_WORDED: dict[str, object] = {
    "direction": "ccw",
    "special_tier_tractors": False,
    "tie_rule": "first_played",
    "follow_tractor_rule": "longest_up_to_led",
    "ruff_structure_rule": "shape",
    "ruff_all_trump_required_for_singles": True,
    "multi_unit_compare": "primary_unit",
    "allow_throws": True,
    "failed_throw_forced_play": "smallest_failing_unit",
    "failed_throw_unit_priority": "lowest_card",
}


@dataclass(frozen=True, slots=True)
class GameText:
    """How `rules explain` tells one game: its sections in the order of a hand, the options its sections state in
    fixed words (option -> the value those words describe), and the Chinese words a player meets."""

    sections: tuple[Section, ...]
    worded: dict[str, object]
    words: tuple[str, ...]

    def unworded_options(self, rules: RuleSet) -> list[str]:
        """`option=value` for each option whose value the fixed words do not describe."""
        return [f"{name}={getattr(rules, name)}" for name, value in self.worded.items()
                if getattr(rules, name) != value]


def number(value: float) -> str:
    """A value as a player writes it: 2.0 → "2", 0.5 → "0.5"."""
    return str(int(value)) if float(value).is_integer() else str(value)


def signed(value: int) -> str:
    """A signed whole number with a true minus sign: 3 → "+3", −12 → "−12"."""
    return f"{value:+d}".replace("-", "−")


def choices(values: Sequence[float]) -> str:
    """(85, 90, 95) → "85, 90 or 95"."""
    texts = [number(v) for v in values]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " or " + texts[-1]


def pack_lines() -> list[str]:
    """§1.1: the pack and its point cards."""
    return [
        f"- The pack: two 52-card decks and four jokers, {PACK_SIZE} cards: 2 大王 (big jokers, BJ) and 2 小王 "
        "(small jokers, LJ). Every card exists twice.",
        f"- Point cards (分牌): each 5 is worth 5, each 10 and each K 10; {TOTAL_POINTS} points in the pack.",
    ]


def following_lines(pairs_quote: str) -> list[str]:
    """§2: what a follower must play; `pairs_quote` is the seed's rule on following pairs."""
    return [
        "Following: everyone plays as many cards as were led.",
        "",
        "- If you hold at least as many cards of the led suit as were led, you play only that suit; otherwise "
        "you play all of them and any other cards.",
        "- When you hold more cards of the suit than were led, you must also follow the shape: against a "
        "tractor, a tractor if you have one (the longest you can, up to the led length), then pairs; against "
        f"pairs, pairs if you have them, a pair taken from a tractor included (\"{pairs_quote}\").",
        "- With no card of the led suit you may play anything: a discard (垫牌) or trumps to ruff (毙). Ruffing "
        "is never compulsory.",
    ]


def winning_lines() -> list[str]:
    """§3: which play wins a trick."""
    return [
        "Who wins the trick:",
        "",
        "- A discard never wins. A ruff must be all trumps and, against pairs or tractors, have the lead's shape "
        "(a tractor of the same length for each led tractor, a pair for each led pair), or it is only a "
        "discard. A ruff beats every play in the led suit; of several ruffs (盖毙, over-ruffing) the highest "
        "wins. A trump lead (吊主) can only be beaten by higher trumps of its shape.",
        "- Plays are compared by their highest unit of the lead's shape: the longest tractor if the lead has "
        "one, else the highest pair, else the highest card. Equal plays: the first played wins.",
    ]


def throw_lines(stands_quote: str, forced_quote: str) -> list[str]:
    """§4: when a throw stands and what a failed one forces; the quotes are the seed's words for both."""
    return [
        "A throw (甩牌) is a lead of several units of one suit at once, singles, pairs and tractors: A A K, "
        "A K K, A QQJJ, A 776655 or 9 88 44 of one suit, say. Trumps may be thrown too.",
        "",
        "- It stands only if no other single player holds, in that suit, a higher card than one of its singles, "
        "a higher pair than one of its pairs, or a higher tractor of the same length than one of its tractors "
        f"(\"{stands_quote}\"). Equal cards do not beat it; the kitty and the cards already played do not "
        "count.",
        "- A throw that stands wins the trick unless it is ruffed. Followers follow its shape as for any lead.",
        "- A failed throw (甩错牌) is shown to everyone and taken back. The thrower must lead instead the beaten "
        f"unit holding the throw's lowest card (\"{forced_quote}\"). With 9 88 44: if another player "
        "holds the J, he must lead the 9; if one holds QQ or 55, he must lead the 44.",
    ]
