"""The auction phase (RULES.md §5.4): each seat's bid policy asked in turn over the `kernels.auction` state
machine, from the 主叫 until the auction is over.

Where a seat's cap (§5.4.2) removes some of the bids the step offers, its policy is also asked, on a copy of
its stream, what it would bid with them all: a bid above the cap means the cap held it back (the hand's
`cap_limited`). The copy is dropped, so the question changes nothing in the auction or later draws."""

from __future__ import annotations

from baofen_sim.codes import AU_TO_ACT, PASS
from baofen_sim.kernels.auction import apply_bid, auction_over, auction_start, offered_bids, seat_cap, within_cap
from baofen_sim.kernels.jit import njit
from baofen_sim.policies.dispatch import bid_decision


@njit(cache=True, inline="always")
def play_auction(hr, zhujiao, hands, caps, policy_ids, params, rng_states, state, out_seats, out_bids, legal,
                 out_cheapest):
    """Run a whole auction with each seat's policy; returns (the number of steps, whether some seat's policy
    would have bid above its cap).

    hands int8[N, 54] dealt hands; caps int64[N] (`kernels.auction.bid_cap`); policy_ids int8[N];
    params float64[N, MAX_PARAMS]; rng_states uint64[N] (each seat's policy stream, advanced in place);
    state int64[AUCTION_STATE_SIZE] (left at the end of the auction: declarer and target from it);
    out_seats / out_bids int64[hr.max_auction_steps]: who acted and what (PASS = 0), in table order;
    out_cheapest int64[hr.max_auction_steps]: the cheapest bid open to him (0: none, he had to pass);
    legal int64[hr.max_bid_choices]: scratch for the legal bids of each step (the engine passes a field of
    its scratch record: an array of its own would cost an allocation and atomic reference counts).
    """
    auction_start(hr, zhujiao, state)
    steps = 0
    limited = False
    while not auction_over(state):
        seat = state[AU_TO_ACT]
        cap = seat_cap(hr, caps, seat)
        n_offered = offered_bids(hr, state, legal)
        n_legal = within_cap(legal, n_offered, cap)
        if n_legal < n_offered and not limited:
            wish, _ = bid_decision(policy_ids[seat], params[seat], hands[seat], legal, n_offered, state,
                                   rng_states[seat])
            limited = wish != PASS and wish > cap
        bid, rng_states[seat] = bid_decision(policy_ids[seat], params[seat], hands[seat], legal, n_legal, state,
                                             rng_states[seat])
        out_seats[steps] = seat
        out_bids[steps] = bid
        out_cheapest[steps] = legal[0] if n_legal > 0 else 0
        apply_bid(hr, state, bid)
        steps += 1
    return steps, limited
