"""Trick resolution: play classes, shape matching, play values and the winner (RULES.md §3, §1.6, §1.7)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from baofen_sim.reference.eight import eight_kind_rank
from baofen_sim.reference.order import FOLLOWED, LED, RUFFED, TRUMP, Order
from baofen_sim.reference.units import Profile, pair_kinds, pair_runs

LEAD, IN_SUIT, RUFF, DISCARD = "lead", "in_suit", "ruff", "discard"


@dataclass(frozen=True)
class TrickPlay:
    """One play of a trick. `was_void`: the player held no card of the lead's suit when he played."""

    seat: int
    cards: tuple[int, ...]
    is_declarer: bool
    was_void: bool = False


@dataclass(frozen=True)
class Lead:
    """What the followers answer: the led cards, their effective suit and profile (§1.9.3)."""

    cards: tuple[int, ...]
    suit: int
    profile: Profile
    eight_rank: int | None = None  # the rank of an eight-of-a-kind lead (§1.8), else None


def shape_values(cards: Sequence[int], profile: Profile, order: Order, is_declarer: bool,
                 manner: str) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """§3.2 `shape` / §3.3: every way to split `cards` into a tractor of exactly ℓi for each lead tractor,
    a pair for each loose lead pair and singles for the rest. Each split is returned as
    (tractor values in lead order, matched pair powers high first, single powers high first)."""
    splits = []
    runs = pair_runs(pair_kinds(cards), order)

    def assign(runs_left: list[list[int]], lengths: tuple[int, ...], values: tuple[int, ...],
               used: tuple[int, ...]) -> None:
        if lengths:
            length = lengths[0]
            for i, run in enumerate(runs_left):
                for start in range(len(run) - length + 1):
                    piece = run[start:start + length]
                    rest = runs_left[:i] + [run[:start], run[start + length:]] + runs_left[i + 1:]
                    value = order.tractor_value(piece[0], is_declarer, manner)
                    assign([r for r in rest if r], lengths[1:], values + (value,), used + tuple(piece))
            return
        loose = sorted((k for r in runs_left for k in r), key=order.power, reverse=True)
        if len(loose) < profile.loose_pairs:
            return
        pairs = loose[:profile.loose_pairs]
        left = Counter(cards)
        left.subtract({k: 2 for k in used + tuple(pairs)})
        singles = sorted((order.power(k) for k, n in left.items() for _ in range(n)), reverse=True)
        splits.append((values, tuple(order.power(k) for k in pairs), tuple(singles)))

    assign(runs, profile.tractors, (), ())
    return splits


def split_value(split, profile: Profile, lexicographic: bool) -> tuple[int, ...]:
    """§3.4 the value of one split: primary unit (the highest unit matched to the lead's longest tractors,
    else to its pairs, else the highest card) or, with `lexicographic`, every unit in turn (A6)."""
    tractor_values, pair_powers, single_powers = split
    if lexicographic:
        matched = sorted(zip(profile.tractors, tractor_values, strict=True), key=lambda lv: (-lv[0], -lv[1]))
        return tuple(v for _, v in matched) + pair_powers + single_powers
    if profile.tractors:
        matched = zip(profile.tractors, tractor_values, strict=True)
        return (max(v for length, v in matched if length == profile.tractors[0]),)
    if profile.loose_pairs:
        return (pair_powers[0],)
    return (single_powers[0],)


def best_shape_value(cards, profile, order, is_declarer, manner, lexicographic) -> tuple[int, ...] | None:
    """The best value over all shape splits, or None when the cards do not have the lead's shape."""
    values = [split_value(s, profile, lexicographic)
              for s in shape_values(cards, profile, order, is_declarer, manner)]
    return max(values) if values else None


def count_rule_value(cards, profile, order, is_declarer) -> tuple[int, ...] | None:
    """§3.2 `count`: T(F) >= k and pairs(F) >= P; value from the play's own longest tractor, else its
    highest pair, else its highest card (§3.4)."""
    runs = pair_runs(pair_kinds(cards), order)
    if sum(len(r) // 2 for r in runs) < len(profile.tractors) or sum(map(len, runs)) < profile.all_pairs:
        return None
    if profile.tractors:
        longest = max(len(r) for r in runs)
        return (max(order.tractor_value(r[0], is_declarer, RUFFED) for r in runs if len(r) == longest),)
    if profile.all_pairs:
        return (max(order.power(r[0]) for r in runs),)
    return (max(order.power(k) for k in cards),)


def classify(lead: Lead, play: TrickPlay, order: Order, rules) -> tuple[str, tuple[int, ...] | None]:
    """§3.1 the class of a follower's play and its value (§3.4); a discard has no value."""
    lexicographic = rules.multi_unit_compare == "lexicographic"
    profile = lead.profile
    if all(order.suit(k) == lead.suit for k in play.cards):
        manner = FOLLOWED
        value = best_shape_value(play.cards, profile, order, play.is_declarer, manner, lexicographic)
        return (IN_SUIT, value) if value is not None else (DISCARD, None)
    if lead.suit == TRUMP or not play.was_void:
        return DISCARD, None
    trumps = [k for k in play.cards if order.suit(k) == TRUMP]
    if len(trumps) < len(play.cards):
        # §3.2, A7: a mixed play can only ruff a pairless lead when the option allows it.
        if profile.all_pairs == 0 and trumps and not rules.ruff_all_trump_required_for_singles:
            return RUFF, (max(order.power(k) for k in trumps),)
        return DISCARD, None
    if rules.ruff_structure_rule == "count" and profile.all_pairs:
        value = count_rule_value(play.cards, profile, order, play.is_declarer)
    else:
        value = best_shape_value(play.cards, profile, order, play.is_declarer, RUFFED, lexicographic)
    return (RUFF, value) if value is not None else (DISCARD, None)


def lead_value(lead: Lead, play: TrickPlay, order: Order, rules) -> tuple[int, ...]:
    lexicographic = rules.multi_unit_compare == "lexicographic"
    return best_shape_value(lead.cards, lead.profile, order, play.is_declarer, LED, lexicographic)


def trick_winner(lead: Lead, plays: Sequence[TrickPlay], order: Order, rules) -> tuple[int, list[str]]:
    """§3.5: the index (into `plays`, the lead first) of the winning play, and each play's class."""
    if lead.eight_rank is not None:
        return eight_kind_winner(plays, rules), [LEAD] + [DISCARD] * (len(plays) - 1)
    best, best_class = 0, LEAD
    best_value = lead_value(lead, plays[0], order, rules)
    classes = [LEAD]
    for i, play in enumerate(plays[1:], start=1):
        play_class, value = classify(lead, play, order, rules)
        classes.append(play_class)
        if play_class == RUFF and best_class in (LEAD, IN_SUIT):
            best, best_class, best_value = i, play_class, value  # 毙牌 beats any non-ruff
        elif play_class != DISCARD and (play_class == RUFF) == (best_class == RUFF) and value > best_value:
            best, best_class, best_value = i, play_class, value  # strictly greater; ties stay (§1.7)
    return best, classes


def eight_kind_winner(plays: Sequence[TrickPlay], rules) -> int:
    """§1.8.4 / §3.6: S000 the leader always wins; S001 the highest eight of a kind played wins."""
    if rules.eight_kind_mode != "s001":
        return 0
    ranked = [(eight_kind_rank(p.cards), i) for i, p in enumerate(plays)]
    return max(r for r in ranked if r[0] is not None)[1]  # ranks differ: no ties
