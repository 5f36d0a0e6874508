"""Bit helpers, tables and the counter-based RNG: compiled results equal pure Python (NUMBA_DISABLE_JIT=1),
the trump layouts keep their invariants, and deals are deterministic permutations of the pack."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter

import numpy as np
import pytest

from baofen_sim.cards import NUM_KINDS, full_pack, kind_of, parse_cards
from baofen_sim.codes import NO_BIT, TRUMP
from baofen_sim.dev.kernel_calls import deal
from baofen_sim.kernels import bits, rng, units
from baofen_sim.kernels.hands import card_points
from baofen_sim.rules import preset
from baofen_sim.tables import bits_to_kinds, kinds_to_bits, materialize
from tests.kernel_helpers import compiled, tables

pytestmark = pytest.mark.usefixtures("compiled")
__all__ = ["compiled"]

_WORDS = [0, 1, 2, 3, 0x8000000000000000, 0xFFFFFFFFFFFFFFFF, 0x0123456789ABCDEF, 0xF0F0] + [
    random.Random(7).getrandbits(64) for _ in range(40)]

# Computes the same numbers compiled (in this process) and in pure Python (in a child process).
_PROBE = """
import json
import numpy as np
from baofen_sim.kernels import bits, rng
from baofen_sim.dev.kernel_calls import deal, winner
from tests.kernel_helpers import tables

words = json.loads(WORDS)
u = [np.uint64(w) for w in words]
out = {
    "popcount": [int(bits.popcount(w)) for w in u],
    "trailing_zeros": [int(bits.trailing_zeros(w)) for w in u],
    "highest_index": [int(bits.highest_index(w)) for w in u],
    "lowest_bit": [int(bits.lowest_bit(w)) for w in u],
    "nth_set_bit": [int(bits.nth_set_bit(w, 3)) for w in u],
    "select_bit": [int(bits.select_bit(w, n)) for w in u for n in (0, 5, 63)],
    "deposit": [int(bits.deposit(np.uint64(0b1011), w)) for w in u],
    "next_combination": [int(bits.next_combination(np.uint64(w & 0xFFFFFF))) for w in words if w & 0xFFFFFF],
    "stream_key": [int(rng.stream_key(5, h, 16)) for h in range(5)],
    "bounded": [int(rng.bounded(np.uint64(w), 108)[1]) for w in u],
    "deal": deal(2024, 17),
    "winner_c60": winner(tables(multi_unit_compare="lexicographic"),
                         ["DA DA D9 D9", "S2 S2 H3 H3", "C2 C2 HA HA", "C3 C4 C5 C6"]),
}
print(json.dumps(out))
"""


def _probe(env_extra: dict[str, str] | None = None) -> dict:
    code = _PROBE.replace("WORDS", repr(json.dumps(_WORDS)))
    if env_extra is None:  # compiled, in this process
        scope: dict = {}
        exec(compile(code.replace("print(json.dumps(out))", ""), "<probe>", "exec"), scope)
        return json.loads(json.dumps(scope["out"]))
    env = dict(os.environ, **env_extra)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=root,
                            check=True)
    return json.loads(result.stdout)


def test_bit_helpers_and_rng_equal_pure_python():
    assert _probe() == _probe({"NUMBA_DISABLE_JIT": "1"})


@pytest.mark.parametrize("word", _WORDS)
def test_bit_helpers_match_python_ints(word):
    w = np.uint64(word)
    assert bits.popcount(w) == bin(word).count("1")
    assert bits.trailing_zeros(w) == ((word & -word).bit_length() - 1 if word else 64)
    assert bits.highest_index(w) == word.bit_length() - 1
    assert bits.lowest_bit(w) == (word & -word)
    assert bits.popcount_swar(w) == bits.popcount(w)
    assert bits.trailing_zeros_swar(w) == bits.trailing_zeros(w)
    assert bits.highest_index_swar(w) == bits.highest_index(w)


def test_next_combination_walks_all_subsets_of_a_size():
    seen, x = [], np.uint64(0b111)
    while x < 1 << 6:
        seen.append(int(x))
        x = bits.next_combination(x)
    assert len(seen) == 20 and all(bin(s).count("1") == 3 for s in seen) and seen == sorted(seen)


# ---- tables ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("trump", range(4))
def test_layout_is_a_bijection_with_contiguous_suits_in_power_order(trump):
    tb = materialize(preset("baofen"), trump)
    to_kind, to_bit, powers = tb.bit_to_kind, tb.kind_to_bit, tb.bit_power
    kinds = [int(k) for k in to_kind if k != NO_BIT]
    assert sorted(kinds) == list(range(NUM_KINDS))
    assert all(to_kind[to_bit[k]] == k for k in range(NUM_KINDS))
    assert all(units.kind_bit(tb, k) == to_bit[k] for k in range(NUM_KINDS))
    for suit in range(5):
        mask = int(tb.suit_mask[suit])
        if mask == 0:  # the printed trump suit is empty: its cards live in TRUMP
            assert suit == trump
            continue
        low = (mask & -mask).bit_length() - 1
        assert mask >> low == (1 << bin(mask).count("1")) - 1  # contiguous
        in_suit = [b for b in range(64) if mask >> b & 1]
        assert [powers[b] for b in in_suit] == sorted(powers[b] for b in in_suit)
        for b in in_suit:
            assert units.suit_of_bit(tb, b) == suit and units.power(tb, b) == powers[b]
            higher = sum(1 << c for c in in_suit if powers[c] > powers[b])
            assert units.beat_mask(tb, b) == higher
    assert bin(int(tb.suit_mask[TRUMP])).count("1") == 18  # 12 + 3 副2 + 主2 + LJ + BJ
    trump_powers = sorted(int(powers[b]) for b in range(64) if int(tb.suit_mask[TRUMP]) >> b & 1)
    assert trump_powers == list(range(1, 14)) + [13, 13, 14, 15, 16]  # §1.3.1 suggested numbers


def test_links_are_the_baofen_chains():
    tb = tables()
    to_kind = tb.bit_to_kind
    linked = {(int(to_kind[b]), int(to_kind[b + 1])) for b in range(63) if int(tb.link_mask) >> b & 1}
    spade_chain = {(kind_of(0, r), kind_of(0, r + 1)) for r in range(1, 12)}
    assert spade_chain <= linked
    assert (parse_cards("LJ")[0], parse_cards("BJ")[0]) in linked
    assert len(linked) == 4 * 11 + 1  # four suit chains 3..A and the joker chain; no 2 is linked


def test_wangfen_points_and_ties():
    tb = tables(trump="H")
    assert sorted(bits_to_kinds(tb, tb.wangfen_mask, 0)) == sorted(parse_cards("H5 H10 HK"))
    assert card_points(tb, tb.all_mask, tb.all_mask) == 200
    side_twos = kinds_to_bits(tb, parse_cards("S2 C2 D2"))[0]
    powers = tb.bit_power
    assert len({int(powers[b]) for b in range(64) if side_twos >> b & 1}) == 1  # the 副2 tie


def test_kinds_to_bits_round_trip_and_third_copy():
    tb = tables()
    hand = sorted(parse_cards("SA SA SK BJ BJ LJ S2 H2 H2"))
    assert bits_to_kinds(tb, *kinds_to_bits(tb, hand)) == hand
    with pytest.raises(ValueError):
        kinds_to_bits(tb, parse_cards("SA SA SA"))


# ---- RNG and deal ----------------------------------------------------------------------------------------


def test_same_keys_same_deal_and_a_deal_is_a_permutation():
    hands, kitty = deal(42, 7)
    assert (hands, kitty) == deal(42, 7)
    assert [len(h) for h in hands] == [25, 25, 25, 25] and len(kitty) == 8
    assert Counter(k for h in hands + [kitty] for k in h) == Counter(full_pack())
    assert deal(42, 8) != (hands, kitty) and deal(43, 7) != (hands, kitty)


def test_deal_does_not_depend_on_call_order():
    forward = [deal(9, h) for h in range(6)]
    backward = [deal(9, h) for h in reversed(range(6))][::-1]
    assert forward == backward


def test_deal_is_by_absolute_seat():
    """Card i of the shuffled pack goes to seat i mod 4 (DESIGN §4 seat-stable deals), the last 8 to the kitty."""
    pack = np.zeros(108, dtype=np.int64)
    rng.deal_pack(5, 0, pack)
    hands, kitty = deal(5, 0)
    assert hands[1] == sorted(int(k) for k in pack[1:100:4]) and kitty == sorted(int(k) for k in pack[100:])


def test_bounded_is_uniform_enough():
    state = np.uint64(rng.stream_key(1, 0, rng.STREAM_DEAL))
    counts = np.zeros(7, dtype=np.int64)
    for _ in range(7000):  # a uint64 state comes back as a Python int: keep it a np.uint64
        state, r = rng.bounded(state, 7)
        state = np.uint64(state)
        counts[r] += 1
    assert counts.min() > 850 and counts.max() < 1150


def test_shuffle_positions_are_uniform_enough():
    hits = Counter()
    pack = np.zeros(108, dtype=np.int64)
    for hand in range(2000):
        rng.deal_pack(3, hand, pack)
        hits[int(pack[0])] += 1
    assert len(hits) == NUM_KINDS and max(hits.values()) < 2000 * 2 / 54 * 1.6
