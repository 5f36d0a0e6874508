"""Regenerate the bundled example game records in examples/ (deterministic: fixed seeds).

    python scripts/make_examples.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from baofen_sim.cards import RANK_5, card_name
from baofen_sim.games.baofen.record import record_to_json
from baofen_sim.games.baofen.reference.game import BaofenHand
from baofen_sim.games.baofen.reference.random_play import play_random_hand
from baofen_sim.games.tractor80.record import hand_record
from baofen_sim.games.tractor80.reference import random_play as tractor80_random_play
from baofen_sim.games.zhaopengyou.record import hand_record as zhaopengyou_record
from baofen_sim.games.zhaopengyou.reference import random_play as zhaopengyou_random_play
from baofen_sim.reference.random_play import random_deal
from baofen_sim.reference.trick import RUFF
from baofen_sim.reference.units import decompose
from baofen_sim.rules import preset

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SEARCH_SEEDS = 5000


def play(rules, seed: int) -> tuple[BaofenHand, list]:
    rng = random.Random(seed)
    hands, kitty = random_deal(rng, rules)
    state = BaofenHand(rules, hands, kitty, 0)
    return state, play_random_hand(state, rng)


def to_record(state: BaofenHand, actions: list, rules_name: str) -> dict:
    bids = actions[:len(state.auction.history)]
    if state.declarer is None:
        return record_to_json(rules_name, {}, state.zhujiao, state.dealt, state.kitty, bids, None, None, [])
    bury, trump, *plays = actions[len(bids):]
    return record_to_json(rules_name, {}, state.zhujiao, state.dealt, state.kitty, bids, bury, trump, plays)


def is_showcase(state: BaofenHand) -> bool:
    """A hand with a successful throw, a failed throw and a ruff."""
    valid_throw = any(len(decompose(t["plays"][0][1], state.order)) > 1 for t in state.tricks)
    failed_throw = any(e["event"] == "throw_failed" for e in state.events)
    ruff = any(RUFF in t["classes"] for t in state.tricks)
    return valid_throw and failed_throw and ruff


def illegal_follow(record: dict) -> dict:
    """Cut `record` at the first follow whose player could have followed suit, and discard instead."""
    from baofen_sim.io.records import parse_record
    parsed = parse_record(record)
    state = BaofenHand(parsed.rules, parsed.hands, parsed.kitty, parsed.zhujiao)
    for bid in parsed.bids:
        state.apply(bid)
    state.apply(parsed.bury)
    state.apply(parsed.trump)
    for i, cards in enumerate(parsed.plays):
        if state.current and len(state.lead.cards) == 1:
            hand = state.hands[state.to_act]
            off = [k for k in hand if state.order.suit(k) != state.lead.suit]
            if off and len(off) < len(hand):
                bad = dict(record, plays=record["plays"][:i] + [[card_name(off[0])]])
                return bad
        state.apply(cards)
    raise RuntimeError("no follow to spoil")


def throw_98844() -> dict:
    """RULES.md C24 as a position: 98844 fails against a held QQ and forces 44 (§4.4.2, lowest_card)."""
    hands = ["S9 S8 S8 S4 S4", "S3 S6 C7 C8 C9", "D3 D4 D5 D6 D7", "SQ SQ D8 D9 DT"]
    plays = ["S9 S8 S8 S4 S4", "S3 S6", "D3 D4", "SQ SQ"]
    return {"rules": "baofen", "options": {"failed_throw_unit_priority": "lowest_card"}, "trump": "H",
            "declarer": 0, "leader": 0, "hands": [h.split() for h in hands], "plays": [p.split() for p in plays]}


def tractor80_hand() -> dict:
    """A first 80分 hand at level 5: a declaration, a 反底 to no-trump and a failed throw (reference random play)."""
    hand = tractor80_random_play.play_random_hand(random.Random(12), (RANK_5, RANK_5), None, True)
    return hand_record(hand)


def tractor80_position() -> dict:
    """RULES.md C48 as an 80分 position: the 庄 throws SA SK, seat 1 ruffs with H9 H9 and wins the last trick:
    the kitty's 25 points × 4."""
    hands = [["SA", "SK"], ["H9", "H9"], ["S3", "S4"], ["S6", "S7"]]
    return {"rules": "tractor-80fen", "trump": "H", "declarer": 0, "leader": 0, "levels": ["2", "2"],
            "hands": hands, "plays": hands, "buried": "S5 HK HK C3 C4 D3 D4 D6".split()}


def zhaopengyou_hand() -> dict:
    """A 5-player 找朋友 hand called with a 7 during the deal, whose friend reveals himself (reference random play)."""
    for seed in range(SEARCH_SEEDS):
        hand = zhaopengyou_random_play.play_random_hand(random.Random(seed))
        if not hand.call.forced and hand.friend is not None:
            return zhaopengyou_record(hand)
    raise RuntimeError("no 找朋友 hand with a friend")


def zhaopengyou_position() -> dict:
    """RULES.md C53 as a 找朋友 position: seat 3 holds the other C7, wins 15 points, then ruffs with the C7; his 15
    are cleared and his last trick adds nothing."""
    hands = ["H3 S3 D3", "H4 SA DK", "H6 S10 D4", "HK S4 C7", "H5 S5 D6"]
    plays = "H3 H4 H6 HK H5 S4 S5 S3 SA S10 DK D4 C7 D6 D3".split()
    return {"rules": "zhaopengyou-5p", "trump": "C", "declarer": 0, "leader": 0, "friend_card": "C7",
            "hands": [h.split() for h in hands], "plays": [[card] for card in plays],
            "buried": "H8 H9 HJ HQ SJ SQ DJ DQ".split()}


def main() -> None:
    rules = preset("baofen")
    EXAMPLES.mkdir(exist_ok=True)
    found: dict[str, dict] = {}
    for seed in range(SEARCH_SEEDS):
        state, actions = play(rules, seed)
        if state.declarer is None:
            found.setdefault("all_pass", to_record(state, actions, "baofen"))
        elif "full_hand" not in found and is_showcase(state):
            found["full_hand"] = to_record(state, actions, "baofen")
        if len(found) == 2:
            break
    found["illegal_follow"] = illegal_follow(found["full_hand"])
    found["throw_98844"] = throw_98844()
    found["tractor80_hand"] = tractor80_hand()
    found["tractor80_position"] = tractor80_position()
    found["zhaopengyou_hand"] = zhaopengyou_hand()
    found["zhaopengyou_position"] = zhaopengyou_position()
    for name, record in found.items():
        (EXAMPLES / f"{name}.json").write_text(json.dumps(record, ensure_ascii=False) + "\n")
        print(f"wrote examples/{name}.json")


if __name__ == "__main__":
    main()
