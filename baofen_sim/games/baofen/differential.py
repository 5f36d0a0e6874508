"""Baofen's differential runs (DESIGN.md §10): the trick kernels on random Baofen hands and concentrated positions
(`run_hands`, `run_positions`, over the shared `dev.differential` harness); and the long runs
(`dev.differential_runs`), every simulated hand's game record (`replay`) re-judged by the reference engine, every
trick's winner and points, C, W, Pen, K, S, R, the category, the settlement and the pot after it compared with the
engine's row; the table state is the reference's own, a
`TableLedger` chained across each table's hands, whose next 主叫 must be the engine's.
"""

from __future__ import annotations

import random
from typing import Any

from baofen_sim.cards import BIG_JOKER, LITTLE_JOKER, NUM_RANKS, NUM_SUITS, RANK_2, kind_of, rank_of
from baofen_sim.dev.differential import TableCache, Tally, compare_play, fill_hands
from baofen_sim.dev.differential_runs import MAX_REPORTED, Differential, HandTally
from baofen_sim.games.baofen.reference.game import PLAY, BaofenHand
from baofen_sim.games.baofen.reference.random_play import random_action
from baofen_sim.reference.eight import EIGHT
from baofen_sim.reference.random_play import random_deal

DECLARED_FIELDS = ("target", "declarer_points", "wangfen_points", "penalty_points", "result", "declarer_won")


# ---- the trick kernels on Baofen positions and hands (dev.differential) ----


def run_hands(rules, seed: int, count: int, cache: TableCache | None = None) -> Tally:
    """Play `count` random hands with the reference engine, comparing the kernels at every turn."""
    cache = cache or TableCache()
    rng = random.Random(seed)
    tally = Tally()
    while tally.hands < count:
        hands, kitty = random_deal(rng, rules)
        state = BaofenHand(rules, hands, kitty, rng.randrange(rules.num_players))
        while not state.is_done and state.phase != PLAY:
            state.apply(random_action(state, rng))
        if not state.is_done:
            compare_play(state, cache.get(rules, state.trump), rng, tally)
        tally.hands += state.declarer is not None
    return tally


def concentrated_position(rules, rng: random.Random) -> BaofenHand:
    """A mid-hand position dense in what random deals rarely give: jokers, 2s, pairs and tractors in two
    suits, and (sometimes) one or two eights of a kind (§1.8)."""
    trump = rng.randrange(NUM_SUITS)
    plain = rng.choice([s for s in range(NUM_SUITS) if s != trump])
    size = rng.randint(4, 12)
    low_trump, low_plain = rng.randint(1, 8), rng.randint(1, 8)
    pool = [LITTLE_JOKER, BIG_JOKER] * 2 + [kind_of(s, RANK_2) for s in range(NUM_SUITS)] * 2
    pool += [kind_of(trump, r) for r in range(low_trump, low_trump + 5)] * 2
    pool += [kind_of(plain, r) for r in range(low_plain, low_plain + 5)] * 2
    hands: list[list[int]] = [[] for _ in range(rules.num_players)]
    if size >= 4 and rng.random() < 0.3:  # the joker tractor in one hand (§1.6)
        hands[rng.randrange(rules.num_players)] = [LITTLE_JOKER, LITTLE_JOKER, BIG_JOKER, BIG_JOKER]
        pool = [k for k in pool if k < LITTLE_JOKER]
    if size >= EIGHT and rng.random() < 0.5:
        for seat in rng.sample(range(rules.num_players), rng.randint(1, 2)):
            taken = {rank_of(k) for k in pool} | {rank_of(k) for h in hands for k in h}
            rank = rng.choice([r for r in range(1, NUM_RANKS) if r not in taken])
            hands[seat] += [kind_of(s, rank) for s in range(NUM_SUITS)] * 2
            pool = [k for k in pool if rank_of(k) != rank]
    fill_hands(hands, pool, max(size, *map(len, hands)), rng)
    declarer = rng.randrange(rules.num_players)
    return BaofenHand.from_position(rules, hands, trump, declarer, leader=rng.randrange(rules.num_players))


def run_positions(rules, seed: int, count: int, cache: TableCache | None = None) -> Tally:
    """Play `count` concentrated positions to their end, comparing the kernels at every turn."""
    cache = cache or TableCache()
    rng = random.Random(seed)
    tally = Tally()
    for _ in range(count):
        state = concentrated_position(rules, rng)
        compare_play(state, cache.get(rules, state.trump), rng, tally)
        tally.hands += 1
    return tally


# ---- the long differential runs (dev.differential_runs): the engine's hands re-judged ----


def _differences(replayed, report, next_zhujiao: int | None, table_end: bool) -> list[str]:
    """What the engine's hand and the reference's verdict on its record disagree on; at a table's end,
    after the reference's own table-end settlement (A48)."""
    from baofen_sim.codes import NO_SEAT

    row, events = replayed.row, report.events
    if not report.legal:
        return [f"illegal step {events[-1]}"]
    out = []
    tricks = [(e["winner"], e["points"]) for e in events if e["event"] == "trick"]
    mine = [(t["winner"], t["points"]) for t in replayed.tricks]
    if tricks != mine:
        first = next((i for i, (a, b) in enumerate(zip(tricks, mine, strict=False)) if a != b), min(len(tricks),
                                                                                                   len(mine)))
        out.append(f"tricks differ from trick {first}: reference {tricks[first:first + 3]}, "
                   f"engine {mine[first:first + 3]}")
    failed = sorted({e["trick"] for e in events if e["event"] == "throw_failed"})
    if failed != [t["trick"] for t in replayed.tricks if t["throw_failed"]]:
        out.append(f"failed throws in tricks {failed} (reference) differ from the engine's")
    if sum(e["event"] == "throw_failed" for e in events) != row["failed_throws"]:
        out.append(f"failed throws: engine {row['failed_throws']}")
    results = [e for e in events if e["event"] == "result"]
    if len(results) != 1:
        return out + ["the reference reached no result"]
    result = results[0]
    want = {"declarer": row["declarer"], "category": _category(row["category"]),
            "settlement": [row[f"settle_{s}"] for s in range(len(result["settlement"]))],
            "pot_after": row["pot_after"]}
    if row["declarer"] != NO_SEAT:
        want.update({name: row[name] for name in DECLARED_FIELDS})
        score = report.hand.score
        if (score.score, score.kitty_points) != (row["score"], row["kitty_points"]):
            out.append(f"S, K: reference {(score.score, score.kitty_points)}, engine "
                       f"{(row['score'], row['kitty_points'])}")
    got = {name: result[name] for name in want}
    want["table_end_split"], got["table_end_split"] = row["table_end_split"], 0.0
    if table_end:
        split, shares = report.hand.ledger.end_table()
        got.update(table_end_split=split, pot_after=report.hand.ledger.pot,
                   settlement=[a + b for a, b in zip(got["settlement"], shares, strict=True)])
    if got != want:
        out.append(f"result: reference {got}, engine {want}")
    if next_zhujiao is not None and report.hand.ledger.zhujiao != next_zhujiao:
        out.append(f"next 主叫: reference {report.hand.ledger.zhujiao}, engine {next_zhujiao}")
    return out


def _category(code: int) -> str:
    from baofen_sim.codes import CATEGORY_LABELS

    return CATEGORY_LABELS[code]


def compare_tables(spec, first_table: int, n_tables: int) -> HandTally:
    """Simulate tables first_table .. + n_tables − 1 of `spec` with the engine and judge every hand's record
    with the reference engine, the table state chained through the reference's own TableLedger."""
    from baofen_sim.games.baofen.reference.table import TableLedger
    from baofen_sim.games.baofen.replay import replayed_hands
    from baofen_sim.io.record_fields import RecordError
    from baofen_sim.io.records import parse_record
    from baofen_sim.reference.judge import judge

    tally = HandTally()
    hands = replayed_hands(spec, first_table, n_tables)
    pot, cumulative = 0.0, [0.0] * spec.num_players
    for i, replayed in enumerate(hands):
        row = replayed.row
        if row["hand_in_table"] == 0:
            pot, cumulative = 0.0, [0.0] * spec.num_players
        record: dict[str, Any] = dict(replayed.record)
        record.pop("table", None)
        if row["hand_in_table"] > 0:
            record["table"] = {"pot": pot, "cumulative": cumulative}
        following = hands[i + 1] if i + 1 < len(hands) and hands[i + 1].row["table"] == row["table"] else None
        table_end = row["hand_in_table"] == spec.hands_in(row["table"], 1) - 1
        first_zhujiao = TableLedger.first_zhujiao(spec.rules, row["table"])
        problems_before = []
        if row["hand_in_table"] == 0 and row["zhujiao"] != first_zhujiao:
            problems_before.append(f"first 主叫 of table {row['table']}: engine {row['zhujiao']}, reference "
                                   f"{first_zhujiao}")
        try:
            report = judge(parse_record(record))
        except RecordError as error:
            report, problems = None, [f"record rejected: {error}"]
        else:
            problems = _differences(replayed, report, following.row["zhujiao"] if following else None, table_end)
        problems = problems_before + problems
        if report is not None and report.legal:
            pot, cumulative = report.hand.ledger.pot, list(report.hand.ledger.cumulative)
        if following and not problems and (following.pot_before, following.cumulative_before) != (pot, cumulative):
            problems.append(f"table state after the hand: reference pot {pot}, cumulative {cumulative}; engine "
                            f"{following.pot_before}, {following.cumulative_before}")
        if report is None or not report.legal:  # go on from the engine's table state
            pot, cumulative = (following.pot_before, following.cumulative_before) if following else (pot, cumulative)
        tally.hands += 1
        tally.declared += row["declarer"] >= 0
        tally.tricks += len(replayed.tricks)
        tally.failed_throws += row["failed_throws"]
        if problems and len(tally.disagreements) < MAX_REPORTED:
            tally.disagreements.append(f"hand {replayed.hand}: " + "; ".join(problems))
    return tally


DIFFERENTIAL = Differential(compare_tables, run_positions)
