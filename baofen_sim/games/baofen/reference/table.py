"""A Baofen table's ledger across hands: 主叫 rotation, the 水草 pot, settlement (RULES.md §5.7, §5.9, §6.6,
§6.7, A17–A19).

Units.

- The settlement unit is the stake unit 底注 under `settlement_mode` = stakes_000 (§6.6) and the cumulative
  score 积分 under cumulative_001 (§6.7). `HandSettlement.settlement` and `TableLedger.cumulative` are in it.
- The pot is kept in the units of `all_pass_mode`: shares (份) for shuicao_shares_000, points for
  shuicao_points_001. One pot unit is worth `pot_unit_value()` settlement units:
  `shuicao_share_value × base_stake` for shares, 1 for points (A17). direct_001 keeps no pot; its
  `direct_deduction_amount` is in settlement units (A18).

When the pot is split (§5.7.1 (4), §5.7.3). The threshold check runs right after every payment into the
pot, and only then: after the all-pass payments of a hand (the 主叫's and the 副叫's payments count as one;
the pot is not checked between them), and after a losing declarer's payment. If the pot is then
≥ `shuicao_split_threshold`, the whole pot is shared equally by all N players (the declarer included). A
winning declarer's take empties the pot, so no check follows it. After an all-pass hand whose payment did
not reach the threshold, the optional no-bid streak trigger (`shuicao_split_after_nobid_streak`) is
checked. The streak counts consecutive all-pass hands and restarts at every split and at every hand with
a declarer (A17).

Failed-throw penalties of kind thrower_cumulative_per_card (§4.5 S001) are charged here, to the thrower's
account in settlement units, whatever the settlement mode. The S000 kind is already inside the HandScore.

Zero-sum invariant (§6.6): the pot is an account of its own, so for every hand

    sum(settlement) + (pot_after − pot_before) × pot_unit_value() == 0

under stakes_000 (and for every 水草 all-pass hand). It fails only by design: S001's cumulative rule
(declarer +R, each defender −R, A19), direct_001 (the 主叫 −X, every other player +X, §5.7.2) and a
thrower penalty with recipient none (§4.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from baofen_sim.games.baofen.options import AllPassMode, PotAtTableEnd, SettlementMode
from baofen_sim.games.baofen.reference.scoring import BANJI, JINTAIYANG, NORMAL, QUANJI, HandScore
from baofen_sim.rules import FailedThrowPenaltyKind, FailedThrowPenaltyRecipient, RuleSet


@dataclass(frozen=True)
class HandSettlement:
    """What one hand did to the table. Pot amounts are in pot units (module docstring)."""

    settlement: tuple[float, ...]  # per seat: this hand's change in settlement units, pot flows included
    pot_before: float
    pot_after: float
    pot_paid_in: float  # total paid into the pot during the hand
    pot_paid_out: float  # total taken out (a winning declarer's take and/or a split)
    split: bool  # the pot was shared out equally this hand
    next_zhujiao: int
    zhujiao: int  # this hand's 主叫


class _HandFlow:
    """Accumulates one hand's per-seat changes and pot movements."""

    def __init__(self, num_players: int, pot: float):
        self.delta = [0.0] * num_players
        self.pot_before = pot
        self.pot = pot
        self.paid_in = 0.0
        self.paid_out = 0.0
        self.split = False


class TableLedger:
    """State carried by one table from hand to hand (DESIGN §5): 主叫, pot, running totals, no-bid streak.

    `cumulative[i]` is seat i's running total in settlement units: the cumulative score 累積分 under
    cumulative_001, the money won or lost under stakes_000.
    """

    def __init__(self, rules: RuleSet, table: int = 0):
        self.rules = rules
        self.num_players: int = rules.num_players
        self.zhujiao: int = self.first_zhujiao(rules, table)
        self.pot: float = 0.0
        self.cumulative: list[float] = [0.0] * self.num_players
        self.nobid_streak: int = 0
        self.hands_played: int = 0

    @staticmethod
    def first_zhujiao(rules: RuleSet, table: int) -> int:
        """The first 主叫 of simulated table `table`: `first_zhujiao_seat` (§5.2: South, seat 0), rotated by
        the table index with `table_start_rotation` (A48)."""
        if rules.table_start_rotation:
            return (rules.first_zhujiao_seat + table) % rules.num_players
        return rules.first_zhujiao_seat

    def end_table(self) -> tuple[float, tuple[float, ...]]:
        """After the table's last hand (A48): with `pot_at_table_end` = split a non-empty pot is shared
        equally among the players (as at §5.7.1 (4)). Returns (pot units shared, each seat's share in
        settlement units); `unsettled` leaves the pot and shares nothing."""
        if self.rules.pot_at_table_end != PotAtTableEnd.SPLIT or self.pot <= 0:
            return 0.0, (0.0,) * self.num_players
        flow = _HandFlow(self.num_players, self.pot)
        self._split_pot(flow)
        for seat, change in enumerate(flow.delta):
            self.cumulative[seat] += change
        self.pot = flow.pot
        return flow.paid_out, tuple(flow.delta)

    # ----- units -------------------------------------------------------------------------------------

    def pot_unit_value(self) -> float:
        """Settlement units per pot unit (A17): share value × base stake for shares, 1 for points."""
        if self.rules.all_pass_mode == AllPassMode.SHUICAO_SHARES_000:
            return float(self.rules.shuicao_share_value * self.rules.base_stake)
        return 1.0

    def _keeps_pot(self) -> bool:
        return self.rules.all_pass_mode in (AllPassMode.SHUICAO_SHARES_000, AllPassMode.SHUICAO_POINTS_001)

    # ----- pot movements -------------------------------------------------------------------------------

    def _pay_in(self, flow: _HandFlow, seat: int, amount: float) -> None:
        """Seat pays `amount` pot units into the pot."""
        flow.delta[seat] -= amount * self.pot_unit_value()
        flow.pot += amount
        flow.paid_in += amount

    def _take_pot(self, flow: _HandFlow, seat: int) -> None:
        """§5.7.1 (3) / §5.7.3: a winning declarer receives the whole pot."""
        flow.delta[seat] += flow.pot * self.pot_unit_value()
        flow.paid_out += flow.pot
        flow.pot = 0.0

    def _split_pot(self, flow: _HandFlow) -> None:
        """§5.7.1 (4) / §5.7.3: the pot is shared equally by all players."""
        share = flow.pot / self.num_players
        for seat in range(self.num_players):
            flow.delta[seat] += share * self.pot_unit_value()
        flow.paid_out += flow.pot
        flow.pot = 0.0
        flow.split = True
        self.nobid_streak = 0  # A17: the streak restarts at every split

    def _split_if_threshold(self, flow: _HandFlow) -> None:
        # Checked right after every payment into the pot: "达到或超过五十份" / "累積為400分".
        if flow.pot > 0 and flow.pot >= self.rules.shuicao_split_threshold:
            self._split_pot(flow)

    # ----- hands -------------------------------------------------------------------------------------

    def all_pass(self) -> HandSettlement:
        """Settle an all-pass hand (§5.7) and pass the 主叫 to his 下家 (§5.7.4)."""
        rules = self.rules
        flow = _HandFlow(self.num_players, self.pot)
        self.nobid_streak += 1
        if rules.all_pass_mode == AllPassMode.DIRECT_001:
            # §5.7.2, literally (A18, A19): the 主叫 loses X, each other player gains X (not zero-sum).
            amount = float(rules.direct_deduction_amount)
            for seat in range(self.num_players):
                flow.delta[seat] += -amount if seat == self.zhujiao else amount
        else:
            # §5.7.1 (1) / §5.7.3: the 主叫 pays 2 shares (40), each 副叫 1 share (20).
            for seat in range(self.num_players):
                amount = rules.shuicao_zhujiao_amount if seat == self.zhujiao else rules.shuicao_fujiao_amount
                self._pay_in(flow, seat, float(amount))
            self._split_if_threshold(flow)
            streak_limit = rules.shuicao_split_after_nobid_streak
            if not flow.split and streak_limit is not None and self.nobid_streak >= streak_limit:
                self._split_pot(flow)  # A17: the optional "第5局" trigger
        next_zhujiao = (self.zhujiao + 1) % self.num_players  # §5.7.4
        return self._finish(flow, next_zhujiao)

    def declared(self, declarer: int, score: HandScore,
                 failed_throws: Sequence[tuple[int, int]] = ()) -> HandSettlement:
        """Settle a hand with a declarer (§6.6 or §6.7, plus §5.7 pot flows and §4.5 throw penalties).

        `failed_throws` lists `(thrower seat, counted cards)` for every failed throw of the hand, the cards
        counted by `failed_throw_penalty_basis` (see `scoring.counted_throw_cards`). They matter here only for
        `failed_throw_penalty_kind` = thrower_cumulative_per_card; S000 penalties are already in `score`.
        """
        if not 0 <= declarer < self.num_players:
            raise ValueError(f"declarer must be a seat 0..{self.num_players - 1}, got {declarer}")
        flow = _HandFlow(self.num_players, self.pot)
        self.nobid_streak = 0  # A17: the no-bid streak ends with a declared hand
        self._settle_result(flow, declarer, score)
        self._settle_pot(flow, declarer, score.declarer_won)
        self._settle_throw_penalties(flow, declarer, failed_throws)
        # §5.9: a winning declarer stays 主叫; otherwise his 下家 becomes 主叫.
        next_zhujiao = declarer if score.declarer_won else (declarer + 1) % self.num_players
        return self._finish(flow, next_zhujiao)

    def _settle_result(self, flow: _HandFlow, declarer: int, score: HandScore) -> None:
        rules = self.rules
        if rules.settlement_mode == SettlementMode.CUMULATIVE_001:
            # §6.7 / A19: declarer += R, each defender −= R (not zero-sum).
            declarer_change, defender_change = float(score.result), float(-score.result)
        else:
            # §6.6: only the category and the sign count.
            multiplier = self.stake_multiplier(score.category)
            sign = 1.0 if score.declarer_won else -1.0
            unit = float(rules.base_stake) * multiplier
            declarer_change = sign * rules.stake_declarer_factor * unit
            defender_change = -sign * unit
        for seat in range(self.num_players):
            flow.delta[seat] += declarer_change if seat == declarer else defender_change

    def stake_multiplier(self, category: str) -> float:
        """§6.6 / §9.3 `stake_multipliers`: normal 1, 全击 4, 半击 2, 金太阳 4."""
        rules = self.rules
        return float({
            NORMAL: rules.stake_multiplier_normal,
            QUANJI: rules.stake_multiplier_quanji,
            BANJI: rules.stake_multiplier_banji,
            JINTAIYANG: rules.stake_multiplier_jintaiyang,
        }[category])

    def _settle_pot(self, flow: _HandFlow, declarer: int, declarer_won: bool) -> None:
        if not self._keeps_pot() or flow.pot <= 0:
            return  # §5.7.1 (2): only "while the pot is not empty"
        if declarer_won:
            self._take_pot(flow, declarer)  # §5.7.1 (3)
        else:
            # §5.7.1 (2): a losing declarer pays an amount equal to the pot (× loss multiple), which
            # nobody receives; the pot doubles. Then the threshold check.
            self._pay_in(flow, declarer, flow.pot * float(self.rules.shuicao_loss_multiple))
            self._split_if_threshold(flow)

    def _settle_throw_penalties(self, flow: _HandFlow, declarer: int,
                                failed_throws: Sequence[tuple[int, int]]) -> None:
        """§4.5 S001: amount × cards from the thrower's account; recipient none or the opponents, split."""
        rules = self.rules
        if rules.failed_throw_penalty_kind != FailedThrowPenaltyKind.THROWER_CUMULATIVE_PER_CARD:
            return
        for thrower, cards in failed_throws:
            penalty = float(rules.failed_throw_penalty_amount * cards)
            flow.delta[thrower] -= penalty
            if rules.failed_throw_penalty_recipient == FailedThrowPenaltyRecipient.OPPONENTS_SPLIT:
                if thrower == declarer:
                    opponents = [s for s in range(self.num_players) if s != declarer]
                else:
                    opponents = [declarer]
                for seat in opponents:
                    flow.delta[seat] += penalty / len(opponents)

    def _finish(self, flow: _HandFlow, next_zhujiao: int) -> HandSettlement:
        result = HandSettlement(
            settlement=tuple(flow.delta),
            pot_before=flow.pot_before,
            pot_after=flow.pot,
            pot_paid_in=flow.paid_in,
            pot_paid_out=flow.paid_out,
            split=flow.split,
            next_zhujiao=next_zhujiao,
            zhujiao=self.zhujiao,
        )
        for seat, change in enumerate(flow.delta):
            self.cumulative[seat] += change
        self.pot = flow.pot
        self.zhujiao = next_zhujiao
        self.hands_played += 1
        return result
