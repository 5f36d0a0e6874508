"""The bit layout of the 5-player 找朋友 (tables.py; RULES.md §1.3.3, §1.5.2 "5-player", §1.5.3, §1.9.1) and the
trick kernels on it, with Baofen's and 80分's tables unchanged field by field.

Cases C4 and C5 (§10.1, §10.2) run on five seats, the trump chain's gap under both values of
`zpy_trump_gap_tractor` and the plain 6-8 link under both values of `zpy_plain_gap_tractor`."""

from __future__ import annotations

import hashlib

import pytest

from baofen_sim.cards import CLUBS, NUM_KINDS, RANK_2, RANK_7, SUIT_LETTERS, kind_of, parse_cards
from baofen_sim.codes import NO_TRUMP, RUFF, TRUMP
from baofen_sim.dev import kernel_calls as K
from baofen_sim.kernels import leads
from baofen_sim.rules.presets import preset
from baofen_sim.tables import _FIELDS, FACE_OFFSET, NUM_BITS, materialize
from tests.kernel_helpers import compiled

ZHAOPENGYOU_5P = preset("zhaopengyou-5p")
TRACTOR_80FEN = preset("tractor-80fen")
BAOFEN_001 = preset("baofen-001")
BAOFEN = preset("baofen")

pytestmark = pytest.mark.usefixtures("compiled")
__all__ = ["compiled"]

NEW_FIELDS = ("chain_value", "lowered_mask", "gap_test", "gap_want", "gap_below")  # added with the 5-player layout

# sha256 (first 16 hex digits) of each field over the tables of `_unchanged_configs`, recorded on main at 553ce18
# before the 5-player layout (python -m tests.test_tables_zpy prints them).
BEFORE_5P = {
    "kind_to_bit": "e59b46870a7579b0",
    "bit_to_kind": "d58d1ab1c220a46c",
    "bit_suit": "9c339e33aeca2187",
    "bit_power": "a79cd1a7ed39a990",
    "beat_mask": "ab1d5ee751b9442b",
    "suit_mask": "c35868b4b2d48d15",
    "eight_mask": "39360302f800b839",
    "all_mask": "248813c31ae81486",
    "chain_mask": "e35ae8489b3a9a60",
    "link_mask": "14076ddc10e7e330",
    "tie_mask": "d4da16d25f7c7a50",
    "joker_mask": "8dce1120ce8cb3e8",
    "wangfen_mask": "4268cdf0b542ca11",
    "five_mask": "e0dfc929dbb06340",
    "ten_mask": "1b418f8c69991c63",
    "joker_top": "ac44ffa8cf2d43bc",
    "trump": "5733f2277550f6e3",
    "num_players": "1bf655c3ba6b4acd",
    "joker_mode": "227176800b423543",
    "joker_ruff_001": "62ec1707572ac507",
    "ruff_rule": "62ec1707572ac507",
    "follow_rule": "62ec1707572ac507",
    "compare_rule": "62ec1707572ac507",
    "eight_mode": "600e5da82ee7894a",
    "eight_void_must_play_pairs": "44c878acd7a4a328",
    "eight_fill_pairs": "44c878acd7a4a328",
    "failed_priority": "62ec1707572ac507",
    "allow_throws": "43b5bd1229c42646",
    "ruff_all_trump_for_singles": "43b5bd1229c42646",
    "last_trick_kitty": "d0dea2fb6443151a",
}


def _unchanged_configs():
    """Every Baofen table (both presets, each trump) and every 80分 table (each level, each trump and no-trump)."""
    for rules in (BAOFEN, BAOFEN_001):
        for trump in range(4):
            yield materialize(rules, trump)
    for level in range(13):
        rules = TRACTOR_80FEN.replace(constant_trump_ranks=(level + FACE_OFFSET,))
        for trump in (0, 1, 2, 3, NO_TRUMP):
            yield materialize(rules, trump)


def field_digests() -> dict[str, str]:
    digests = {name: hashlib.sha256() for name, *_ in _FIELDS}
    for tb in _unchanged_configs():
        for name in digests:
            digests[name].update(getattr(tb, name).tobytes())
    return {name: digest.hexdigest()[:16] for name, digest in digests.items()}


def test_baofen_and_80fen_tables_are_unchanged_field_by_field():
    digests = field_digests()
    assert {name: digests[name] for name in BEFORE_5P} == BEFORE_5P
    assert set(digests) - set(BEFORE_5P) == set(NEW_FIELDS)


def test_baofen_and_80fen_tables_rise_with_power_and_value_tractors_by_power():
    for tb in _unchanged_configs():
        assert (tb.chain_value == tb.bit_power).all()
        assert tb.lowered_mask == tb.gap_test == tb.gap_want == tb.gap_below == 0


# ---- the 5-player layout ---------------------------------------------------------------------------------


def zpy_tables(trump: int = CLUBS, **overrides):
    return materialize(ZHAOPENGYOU_5P.replace(**overrides) if overrides else ZHAOPENGYOU_5P, trump)


def power_of(tb, card: str) -> int:
    return int(tb.bit_power[tb.kind_to_bit[parse_cards(card)[0]]])


@pytest.mark.parametrize("trump", range(4))
def test_the_5p_power_order_is_s002s(trump):
    """§1.3.3: BJ > LJ > t7 > the other 7s (equal) > t2 > the other 2s (equal) > tA > … > t3 without 7 and 2;
    plain suits A … 3 without 7 and 2. 54 positions, each kind once."""
    tb = zpy_tables(trump)
    t = SUIT_LETTERS[trump]
    others = [s for s in SUIT_LETTERS if s != t]
    ranks = "AKQJT98654 3".replace(" ", "")
    tiers = [["BJ"], ["LJ"], [t + "7"], [s + "7" for s in others], [t + "2"], [s + "2" for s in others]]
    tiers += [[t + r] for r in ranks]
    powers = [{power_of(tb, card) for card in tier} for tier in tiers]
    assert all(len(p) == 1 for p in powers)
    assert [p.pop() for p in powers] == sorted((power_of(tb, tier[0]) for tier in tiers), reverse=True)
    assert len({power_of(tb, tier[0]) for tier in tiers}) == len(tiers)
    for suit in others:
        plain = [power_of(tb, suit + r) for r in ranks]
        assert plain == sorted(plain, reverse=True) and len(set(plain)) == len(plain)
        assert {tb.bit_suit[tb.kind_to_bit[parse_cards(suit + r)[0]]] for r in ranks} == {SUIT_LETTERS.index(suit)}
    trumps = {int(tb.bit_to_kind[b]) for b in range(NUM_BITS) if tb.bit_suit[b] == TRUMP}
    assert len(trumps) == (4 + 8 + 8 + 22) // 2  # §1.2.1, each kind twice
    assert sorted(int(b) for b in tb.kind_to_bit) == list(range(NUM_KINDS))
    for b in range(NUM_KINDS):  # beat_mask: the same suit's strictly higher cards
        higher = {c for c in range(NUM_KINDS) if tb.bit_suit[c] == tb.bit_suit[b] and tb.bit_power[c] > tb.bit_power[b]}
        assert {c for c in range(NUM_BITS) if int(tb.beat_mask[b]) >> c & 1} == higher


def test_the_lowered_t7_and_t2_sit_on_the_trump_chain_by_face():
    tb = zpy_tables()
    chain = [int(tb.kind_to_bit[kind_of(CLUBS, rank)]) for rank in range(13)]
    assert chain == list(range(chain[0], chain[0] + 13))  # C2 C3 … C6 C7 C8 … CA, adjacent and linked
    assert all(int(tb.link_mask) >> b & 1 for b in chain[:-1])
    assert [int(tb.chain_value[b]) for b in chain] == list(range(1, 14))
    lowered = {int(tb.kind_to_bit[kind_of(CLUBS, r)]) for r in (RANK_2, RANK_7)}
    assert {b for b in range(NUM_BITS) if int(tb.lowered_mask) >> b & 1} == lowered


@pytest.mark.parametrize(("text", "expected"), [
    ("H7 H7 H8 H8", ((), 2, 0)),  # H7 is a trump 副7, H8 plain
    ("H9 H9 HT HT", ((2,), 0, 0)),  # "991010可以"
    ("C6 C6 C7 C7 C8 C8", ((3,), 0, 0)),  # "667788"
    ("C2 C2 C3 C3", ((2,), 0, 0)),  # "2233"
    ("C7 C7 H7 H7", ((), 2, 0)),  # no tractor between the special tiers (A33)
    ("C7 C7 CA CA", ((), 2, 0)),
    ("C7 C7 C8 C8", ((2,), 0, 0)),
    ("C6 C6 C7 C7", ((2,), 0, 0)),
    ("C2 C2 C3 C3 C7 C7 C8 C8", ((2, 2), 0, 0)),
    ("C6 C6 C7 C8 C8", ((2,), 0, 1)),  # a single t7 does not fill the place: 6688 across the gap, and the 7
    ("C5 C5 C6 C6 C8 C8 C9 C9", ((4,), 0, 0)),
    ("S7 S7 S8 S8", ((), 2, 0)),  # trump ♣: S7 is a 副7
])
def test_c4_tractors_on_the_5p_chains(text, expected):
    assert K.lead_profile(zpy_tables(), text) == expected


@pytest.mark.parametrize(("trump_gap", "plain_gap"), [(True, True), (False, False), (True, False), (False, True)])
def test_c4_6688_with_and_without_the_gap_options(trump_gap, plain_gap):
    tb = zpy_tables(zpy_trump_gap_tractor=trump_gap, zpy_plain_gap_tractor=plain_gap)
    gap = ((2,), 0, 0), ((), 2, 0)
    assert K.lead_profile(tb, "C6 C6 C8 C8") == gap[not trump_gap]
    assert K.lead_profile(tb, "H6 H6 H8 H8") == gap[not plain_gap]
    assert K.lead_profile(tb, "C6 C6 C7 C7 C8 C8") == ((3,), 0, 0)  # the t7 pair links them either way
    assert K.lead_profile(tb, "C5 C5 C6 C6 C8 C8 C9 C9") == (((4,), 0, 0) if trump_gap else ((2, 2), 0, 0))


def test_without_lowering_t7_and_t2_keep_to_their_tiers():
    """zpy_trump_lowering = false: t7 and t2 are on no chain; the trump 6 and 8 still link by the gap option."""
    tb = zpy_tables(zpy_trump_lowering=False)
    assert tb.lowered_mask == tb.gap_below == 0
    assert K.lead_profile(tb, "C6 C6 C7 C7 C8 C8") == ((2,), 1, 0)
    assert K.lead_profile(tb, "C2 C2 C3 C3") == ((), 2, 0)
    assert K.winner(tb, ["C9 C9 CT CT", "C6 C6 C8 C8", "CA CA CK CK", "S3 S3 S4 S4", "D3 D3 D4 D4"]) == 2


FILLER = ["S3 S4 S5 S6", "H3 H4 H5 H6", "D3 D4 D5 D6"]  # three void followers' discards


def test_c4_tractor_values_are_face_places():
    """"991010>7788、2233"; t6t6t8t8 (gap) ties t7t7t8t8, so the first played wins (§1.7); as pairs t7 beats tA."""
    tb = zpy_tables()
    assert K.winner(tb, ["C7 C7 C8 C8", "C9 C9 CT CT", *FILLER]) == 1
    assert K.winner(tb, ["C2 C2 C3 C3", "C4 C4 C5 C5", *FILLER]) == 1
    assert K.winner(tb, ["C9 C9 CT CT", "C7 C7 C8 C8", *FILLER]) == 0
    seven, six = K.winning_play(tb, ["C7 C7 C8 C8"])[2], K.winning_play(tb, ["C6 C6 C8 C8"])[2]
    assert seven == six == K.winning_play(tb, ["C6 C6 C7 C7"])[2] + 1
    assert K.winner(tb, ["C7 C7 C8 C8", "C6 C6 C8 C8", *FILLER]) == 0
    assert K.winner(tb, ["C6 C6 C8 C8", "C7 C7 C8 C8", *FILLER]) == 0
    assert K.winner(tb, ["CA CA", "C7 C7", "S3 S3", "H3 H3", "D3 D3"]) == 1
    assert K.winner(tb, ["C7 C7", "CA CA", "C2 C2", "H7 H7", "D3 D3"]) == 0
    assert K.winner(tb, ["C2 C2", "H2 H2", "CA CA", "S7 S7", "D3 D3"]) == 3


def test_a_ruff_with_a_lowered_tractor_is_valued_by_face():
    tb = zpy_tables()
    plays = ["S9 S9 S8 S8", "C7 C7 C8 C8", "C9 C9 CT CT", "H3 H4 H5 H6", "D3 D4 D5 D6"]
    assert K.classes(tb, plays)[1:3] == [RUFF, RUFF]
    assert K.winner(tb, plays) == 2


@pytest.mark.parametrize(("plays", "expected"), [
    (["H7", "S7", "C2", "CA", "D3"], 0),  # C5: 副7s tie, the first played wins; t2 is below them
    (["S5", "C3", "C2", "H2", "D3"], 2),  # ruffs: t2 > 副2
    (["S5", "C3", "H2", "CA", "D3"], 2),  # 副2 > tA
    (["C3", "C7", "BJ", "S7", "D3"], 2),
    (["C8", "C6", "C7", "S7", "H7"], 2),  # t7 > 副7
])
def test_c5_singles_on_five_seats(plays, expected):
    assert K.winner(zpy_tables(), plays) == expected


def test_follow_tractors_first_uses_the_lowered_cards_and_the_gap():
    tb = zpy_tables()
    hand = "C6 C6 C7 C7 C8 C8 CA CK"
    assert K.legal_follow(tb, "C3 C3 C4 C4", hand, "C7 C7 C8 C8")
    assert not K.legal_follow(tb, "C3 C3 C4 C4", hand, "C7 C7 CA CK")
    gap_hand = "C6 C6 C8 C8 C7 CA CK"
    assert K.legal_follow(tb, "C3 C3 C4 C4", gap_hand, "C6 C6 C8 C8")
    assert not K.legal_follow(tb, "C3 C3 C4 C4", gap_hand, "C6 C6 C7 CA")
    run_hand = "C6 C6 C8 C8 C9 C9 C7 CA"
    assert K.legal_follow(tb, "C3 C3 C4 C4", run_hand, "C6 C6 C8 C8")
    no_gap = zpy_tables(zpy_trump_gap_tractor=False)
    assert not K.legal_follow(no_gap, "C3 C3 C4 C4", run_hand, "C6 C6 C8 C8")  # two pairs; C8 C8 C9 C9 is the tractor
    assert K.legal_follow(no_gap, "C3 C3 C4 C4", run_hand, "C8 C8 C9 C9")


def test_lead_choices_cut_sub_runs_across_the_gap():
    tb = zpy_tables()
    tractors = [kinds for kind, kinds in K.lead_choices(tb, "C5 C5 C6 C6 C8 C8 C9 C9 C7") if len(kinds) > 2]
    expected = ["C5 C5 C6 C6", "C5 C5 C6 C6 C8 C8", "C5 C5 C6 C6 C8 C8 C9 C9", "C6 C6 C8 C8",
                "C6 C6 C8 C8 C9 C9", "C8 C8 C9 C9"]
    assert sorted(tractors) == sorted(sorted(parse_cards(t)) for t in expected)


def test_lead_sampling_draws_the_listed_leads_across_the_gap():
    """leads.count_leads / sample_lead (the random policy's lead) agree with enumerate_leads on the chain view."""
    tb = zpy_tables()
    hand = "C5 C5 C6 C6 C8 C8 C9 C9 C7 C2 C2 C3 C3 H6 H6 H8 H8"
    listed = {tuple(kinds) for _, kinds in K.lead_choices(tb, hand)}
    ge1, eq2 = K.bits_of(tb, hand)
    assert int(leads.count_leads(tb, ge1, eq2, True)) == len(listed)
    drawn, state = set(), 1
    for _ in range(2000):
        state, _, kinds = K.random_lead(tb, hand, state)
        drawn.add(tuple(kinds))
    assert drawn == listed


def test_a_throw_is_checked_by_power_and_forces_its_lowest_card():
    """§4.2 with throws on: a single t2 is beaten only by a 副7, t7, LJ or BJ; the lowest card of t7 t7 t8 t8 is
    the t8, below a tA (§4.4.2 lowest_card)."""
    tb = zpy_tables(allow_throws=True)
    assert K.throw_verdict(tb, "C2 C7 C7", ["CA CA", "H2", "S2 S2", "C3"]) == (True, [])
    assert K.throw_verdict(tb, "C2 C7 C7", ["CA CA", "H7", "S2 S2", "C3"]) == (False, parse_cards("C2"))
    throw = "C7 C7 C8 C8 C3"
    assert K.throw_verdict(tb, throw, ["C9 C9 CT CT", "C4", "S2", "D3"]) == (False, sorted(parse_cards("C3")))
    both = ["C9 C9 CT CT", "H2", "S5", "D3"]  # beat the tractor (by face, T > 8) and the CA (副2 > tA)
    assert K.throw_verdict(tb, "C7 C7 C8 C8 CA", both) == (False, sorted(parse_cards("C7 C7 C8 C8")))
    plain = ["C9 C9 CT CT", "S5", "H5", "D3"]
    assert K.throw_verdict(tb, "C6 C6 C8 C8 C2", plain) == (False, sorted(parse_cards("C6 C6 C8 C8")))
    assert K.throw_verdict(tb, "C6 C6 C8 C8 C2", ["C9 CT CT", "S5", "H7", "D3"]) == (False, parse_cards("C2"))


if __name__ == "__main__":
    for name, digest in field_digests().items():
        print(f'    "{name}": "{digest}",')
