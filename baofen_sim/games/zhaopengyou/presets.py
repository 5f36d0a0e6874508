"""The 5-player 找朋友's preset (RULES.md §7.4): S002, the 5p column of §9.1, §9.2 and §9.5 (the §9.5 options keep
their defaults, which are that column). `rules.presets` turns it into a RuleSet."""

from __future__ import annotations

PRESETS: dict[str, tuple[str, dict[str, object]]] = {
    "zhaopengyou-5p": ("5-player 找朋友, S002 (§7.4): trump called with a 7 during the deal, the other copy of the "
                       "calling card makes its holder the declarer's secret friend, 1 or 2 against the rest, 80 "
                       "points to win", dict(
        num_players=5,  # §7.4.1
        hand_size=20,  # §1.1.4 5 × 20 + 8
        constant_trump_ranks=(7, 2),  # §1.2.1 常主7 and 常主2
        trump_selection="deal_call_7",  # §7.4.4
        joker_tractor_mode="none",  # §1.5.2 S002 silent [A33]
        zpy_trump_gap_tractor=True,  # §1.5.2 trump 6688 without the 7s [A33]
        zpy_plain_gap_tractor=True,  # §1.5.2 plain 6688 across the missing 7 [A33]
        allow_throws=False,  # §4.1 S002 never mentions 甩牌 [A34]
        failed_throw_penalty_kind="none",  # §4.5 S002: no penalty
        failed_throw_penalty_amount=0,
        eight_kind_mode="off",  # §1.8: Baofen only
    )),
}
