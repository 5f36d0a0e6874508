"""80分's preset (RULES.md §7.3): S003, the 80 column of §9.1, §9.2 and §9.4 (the §9.4 options keep their
defaults, which are that column). `rules.presets` turns it into a RuleSet."""

from __future__ import annotations

PRESETS: dict[str, tuple[str, dict[str, object]]] = {
    "tractor-80fen": ("80分, S003 (§7.3): two teams climb levels 2..A, trump shown during the deal, 反底, 抠底", dict(
        constant_trump_ranks=(),  # §7.3.9 the level cards are the trumps of every hand; no other rank is
        trump_selection="deal_declaration",  # §7.3.4
        allow_no_trump=True,  # "亮2個王為打無主"
        joker_tractor_mode="none",  # "級牌以上的不算在拖拉機" [A22]
        failed_throw_penalty_kind="defender_points_per_failure",  # §4.5 "甩牌出錯一次扣10分"
        failed_throw_penalty_amount=10,
        failed_throw_penalty_basis="per_failure",  # [A4]
        failed_throw_penalty_recipient="defenders_total_signed",  # [A4]
        max_failed_throws_per_player=2,  # §4.6 "每人每盤最多只能甩錯2次" [A4]
        eight_kind_mode="off",  # §1.8: Baofen only
    )),
}
