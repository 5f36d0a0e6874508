"""The `heuristic` play policy (DESIGN.md §6): sensible human play of the lead and the follow.

It sees what `policies.view.PLAY_VIEW_DTYPE` shows and its own hand, nothing else. Its one derived fact is
the *unseen* cards: the 108 cards minus its hand, the earlier tricks and the current trick (the other hands
and the kitty together). A unit is a *sure winner* when no unseen card set beats it in its suit (§4.2's
test run against the unseen cards, so a throw of sure units cannot fail, whoever holds what). Teams are
Baofen's: the three defenders play together, the declarer alone (§0.5). The policy never draws from its
stream: same view and hand, same play.

Lead (`heuristic_lead`), the first rule that applies:
1. an eight of a kind held (§1.8) is led;
2. the declarer, while unseen trumps remain (`draw_trumps`): the best sure trump lead (a throw of sure
   units if `throw_sure`, else the longest sure unit), else, holding at least a third as many trumps
   as are unseen (DRAW_LENGTH_RATIO), his cheapest trump;
3. anybody: the best sure lead of a plain suit that is not running out (LIKELY_FOLLOW_CARDS unseen cards
   or no unseen trumps): a throw of every sure unit of the suit when there are several and `throw_sure`,
   else the longest sure unit; more cards, then more points, then the suit with most unseen cards;
4. the declarer: a sure trump lead (no trumps left outside his hand);
5. the cheapest single (low, no points, not half of a pair, not a trump: `card_cost`).
In 80分, where the last trick decides 抠底 (§7.3.11, `tb.last_trick_kitty`), the rules choose from the hand less
its guard card (`last_trick`: a sure top trump kept for the last trick by a seat with at most
`declarer_last_trick` / `defender_last_trick` cards left, 3 / 2 by default; 0 = never).

Follow (`heuristic_follow`): first the best play so far of the partial trick (§3.5: `trick.winning_play`,
the kernel that also decides whole tricks). A play is *secure* when no opponent of its player plays after
this seat, or no unseen cards could beat it (and, for a plain-suit play, the suit still has
LIKELY_FOLLOW_CARDS unseen cards, so the opponents are likely to follow, not ruff).
1. FEED: a teammate is winning securely: give the most points (`feed_points` weighs them) at the least
   cost in high cards and trumps;
2. otherwise find the cheapest winning candidate (in suit: the cheapest secure one if any, else the
   cheapest; a ruff: the cheapest, i.e. the lowest sufficient trump) and play it when it is worth it:
   a ruff or over-ruff needs `ruff_min_points` on the table (own cards included); an in-suit win on a
   trump lead, or an insecure one, needs `win_min_points`; a secure plain-suit win is always taken.
   When a teammate is winning insecurely (PROTECT), only a secure in-suit win worth `win_min_points`
   is considered (overtaking to save the points);
   (`win_min_points`, `ruff_min_points` and `throw_sure` are held apart for the declarer and the defenders:
   `declarer_win_min_points`, `defender_win_min_points`, …; their defaults come from `baofen-sim tune-play`,
   results/tune-play/);
3. DUMP: else the cheapest legal play: fewest points (王分 count double), lowest cards, no trumps, pairs
   kept.
In 80分 the rules answer from the hand less the guard card, as the lead does (`last_trick`), when that answer
is legal for the whole hand; else from the whole hand.
Candidates: a single lead is answered card by card (the legal answers are single bits), a pair lead
pair by pair (the winners are held pairs; DUMP and FEED the cheapest fill of `follow.follow_constraints`).
Otherwise `follow.enumerate_follows` lists every legal answer when there are at most FOLLOW_CAPACITY; past that
(e.g. a void player choosing 8 of 20 cards) the candidates are built greedily (the cheapest fill of the
follow constraints for DUMP or FEED, and the cheapest in-suit or all-trump play in the lead's shape that
beats the current winner), each checked with `follow.is_legal_follow`.

Costs (`card_cost`): a card's power (§1.3 numbers), +TRUMP_COST for a trump, ± a weight per card point;
+PAIR_BREAK_COST for playing one card of a held pair. The point weight is +POINT_COST when dumping,
-POINT_COST × feed_points when feeding, -POINT_COST for a secure win (own points are captured or saved)
and +POINT_COST for an insecure one.

Modules, one concern each: `unseen` (what is known about the unseen cards: what they could beat, which
suits may be ruffed, the sure winners), `costs` (card and play costs), `last_trick` (the 80分 guard card),
`leads` (the lead), `candidates` (the candidate follows to leads of several cards) and `follows` (the follow).
"""

from __future__ import annotations

from baofen_sim.policies.heuristic.follows import heuristic_follow
from baofen_sim.policies.heuristic.leads import heuristic_lead

__all__ = ["heuristic_follow", "heuristic_lead"]
