"""The dealt order (kernels/deal.py; DESIGN.md §8, §4): every seat's cards in the order received for a deal whose
first card goes to seat f, from the seat-stable deal: each seat holds what `rng.deal_hands` gives it whatever f, card
k goes to seat (f + k − 1) mod N, and the reference deal (reference/tractor80/deal.py) agrees on who holds what after
k cards."""

from __future__ import annotations

import numpy as np
import pytest

from baofen_sim.cards import PACK_SIZE
from baofen_sim.games.tractor80.reference.deal import deal_and_declare, held_after, recipient
from baofen_sim.kernels import deal, rng
from baofen_sim.rules.presets import preset

TRACTOR_80FEN = preset("tractor-80fen")

NUM_PLAYERS, HAND_SIZE = 4, 25
DEALT = NUM_PLAYERS * HAND_SIZE
KEYS = [(seed, hand) for seed in (1, 2024) for hand in (0, 1, 977)]


def dealt_order(pack: np.ndarray, first: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    kinds = np.zeros((NUM_PLAYERS, HAND_SIZE), dtype=np.int64)
    steps = np.zeros((NUM_PLAYERS, HAND_SIZE), dtype=np.int64)
    kitty = np.zeros(PACK_SIZE - DEALT, dtype=np.int64)
    deal.dealt_order(pack, NUM_PLAYERS, HAND_SIZE, first, kinds, steps, kitty)
    return kinds, steps, kitty


def kind_boards(kinds) -> tuple[int, int]:
    ge1 = eq2 = 0
    for kind in kinds:
        card = 1 << int(kind)
        eq2 |= ge1 & card
        ge1 |= card
    return ge1, eq2


@pytest.fixture(scope="module", params=KEYS, ids=lambda key: f"seed{key[0]}-hand{key[1]}")
def pack(request) -> np.ndarray:
    cards = np.zeros(PACK_SIZE, dtype=np.int64)
    rng.deal_pack(*request.param, cards)
    return cards


@pytest.mark.parametrize("first", range(NUM_PLAYERS))
def test_each_seat_holds_the_seat_stable_deal_whoever_receives_the_first_card(pack, first):
    ge1 = np.zeros(NUM_PLAYERS, dtype=np.uint64)
    eq2 = np.zeros(NUM_PLAYERS, dtype=np.uint64)
    kitty_ge1, kitty_eq2 = rng.deal_hands(pack, NUM_PLAYERS, HAND_SIZE, ge1, eq2)
    kinds, _, kitty = dealt_order(pack, first)
    for seat in range(NUM_PLAYERS):
        assert kind_boards(kinds[seat]) == (int(ge1[seat]), int(eq2[seat]))
    assert kind_boards(kitty) == (int(kitty_ge1), int(kitty_eq2))
    assert list(kitty) == list(pack[DEALT:])  # in pack order: the order it is turned over (§7.3.5)


@pytest.mark.parametrize("first", range(NUM_PLAYERS))
def test_card_k_goes_to_seat_f_plus_k_minus_1_in_the_order_received(pack, first):
    kinds, steps, _ = dealt_order(pack, first)
    assert sorted(steps.ravel()) == list(range(1, DEALT + 1))  # each step deals one card
    for seat in range(NUM_PLAYERS):
        assert list(steps[seat]) == sorted(steps[seat])  # the order received
        for j, k in enumerate(steps[seat]):
            assert deal.recipient(k, first, NUM_PLAYERS) == seat == (first + k - 1) % NUM_PLAYERS
            assert deal.dealt_card(pack, k, first, NUM_PLAYERS) == kinds[seat, j]
            assert deal.cards_received(k, seat, first, NUM_PLAYERS) == j + 1
            assert deal.cards_received(k - 1, seat, first, NUM_PLAYERS) == j


@pytest.mark.parametrize("first", range(NUM_PLAYERS))
def test_the_reference_deal_of_the_dealt_sequence_gives_the_same_hands_at_every_step(pack, first):
    sequence = [int(deal.dealt_card(pack, k, first, NUM_PLAYERS)) for k in range(1, DEALT + 1)]
    kinds, _, kitty = dealt_order(pack, first)
    hands, left, _, _ = deal_and_declare(sequence + list(pack[DEALT:]), first, NUM_PLAYERS, HAND_SIZE, 0,
                                         TRACTOR_80FEN, lambda *_: None)
    assert hands == [list(kinds[seat]) for seat in range(NUM_PLAYERS)] and left == list(kitty)
    for k in range(DEALT + 1):
        if k:
            assert deal.recipient(k, first, NUM_PLAYERS) == recipient(k, first, NUM_PLAYERS)
        for seat in range(NUM_PLAYERS):
            held = deal.cards_received(k, seat, first, NUM_PLAYERS)
            assert list(kinds[seat, :held]) == held_after(hands[seat], seat, k, first, NUM_PLAYERS)
