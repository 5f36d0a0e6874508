"""The 80分 deal, one card at a time with declarations while it goes on (RULES.md §7.3.3–§7.3.4, DESIGN.md §8).

Card k of the deal (k = 1 .. 100) goes to seat (f + k − 1) mod N, f the seat that receives the first card; every
seat's cards are listed in the order received. A showing made "after k" uses only cards its seat held when k cards
had been dealt.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from baofen_sim.cards import card_name
from baofen_sim.games.tractor80.reference.declaring import Showing, declare_problem, poll_order
from baofen_sim.rules import RuleSet

# (seat, its cards so far in the order received, the showing that sets trump) → the cards it shows, or None
DeclarePolicy = Callable[[int, list[int], Showing | None], Sequence[int] | None]


@dataclass(frozen=True)
class Declaration:
    after: int  # cards dealt when it was shown
    seat: int
    cards: tuple[int, ...]


def recipient(k: int, first: int, num_players: int) -> int:
    """The seat that receives card k (1-based) of the deal."""
    return (first + k - 1) % num_players


def held_after(hand_in_order: Sequence[int], seat: int, k: int, first: int, num_players: int) -> list[int]:
    """The cards `seat` held when k cards had been dealt (its cards in the order received)."""
    received = sum(1 for j in range(1, k + 1) if recipient(j, first, num_players) == seat)
    return list(hand_in_order[:received])


def declaration_problem(current: Showing | None, declaration: Declaration, hands_in_order: Sequence[Sequence[int]],
                        first: int, level: int, rules: RuleSet) -> tuple[Showing | None, str | None]:
    """One showing of a record: the seat must hold the cards at `after` (a 自保 shows one card, the pair then
    needs both), and the showing must be legal against `current` (`declare_problem`)."""
    n = len(hands_in_order)
    held = Counter(held_after(hands_in_order[declaration.seat], declaration.seat, declaration.after, first, n))
    reinforce = current is not None and current.seat == declaration.seat and len(declaration.cards) == 1
    needed = Counter(declaration.cards * 2 if reinforce else declaration.cards)
    if any(held[kind] < count for kind, count in needed.items()):
        shown = " ".join(card_name(k) for k in declaration.cards)
        return None, f"seat {declaration.seat} did not hold {shown} when {declaration.after} cards had been dealt"
    return declare_problem(current, declaration.seat, declaration.cards, level, rules)


def deal_and_declare(pack: Sequence[int], first: int, num_players: int, hand_size: int, level: int,
                     rules: RuleSet, choose: DeclarePolicy) -> tuple[list[list[int]], list[int],
                                                                                 list[Declaration], Showing | None]:
    """The deal of `pack` (dealt cards first, then the kitty) with the simulation's polling (§7.3.4 [DESIGN]):
    after each card, each seat from its recipient on is asked in turn, and the first that shows declares; after the
    last card they are asked once more. Returns the hands (in the order received), the kitty, the declarations and
    the showing that sets trump (None: nobody declared). A policy's illegal showing is a ValueError."""
    dealt = num_players * hand_size
    hands: list[list[int]] = [[] for _ in range(num_players)]
    declarations: list[Declaration] = []
    current: Showing | None = None

    def poll(k: int) -> Showing | None:
        for asked in poll_order(recipient(k, first, num_players), num_players):
            shown = choose(asked, list(hands[asked]), current)
            if not shown:
                continue
            declaration = Declaration(k, asked, tuple(shown))
            setter, problem = declaration_problem(current, declaration, hands, first, level, rules)
            if problem:
                raise ValueError(f"seat {asked} after {k} cards: {problem}")
            declarations.append(declaration)
            return setter
        return current

    for k in range(1, dealt + 1):
        hands[recipient(k, first, num_players)].append(pack[k - 1])
        current = poll(k)
    current = poll(dealt)  # after the last card, once more in the same way
    return hands, list(pack[dealt:]), declarations, current
