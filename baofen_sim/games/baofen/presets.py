"""Baofen's presets (RULES.md §7.1, §7.2), as the options each sets: the rule sets `baofen` and `baofen-001`.
`rules.presets` turns them into RuleSets; the first is the game's default."""

from __future__ import annotations

from baofen_sim.games.baofen.options import AllPassMode, SettlementMode

PRESETS: dict[str, tuple[str, dict[str, object]]] = {
    # §7.1: S000 wherever S000 and S001 differ, S001 only where S000 is silent. These are the RuleSet defaults.
    "baofen": ("包分, S000 where the seeds differ (§7.1): joker tractor by role, 水草 in shares, stakes ×3/×1", {}),
    # §7.2: S001 throughout; everything else as §7.1.
    "baofen-001": ("包分, S001 throughout (§7.2): joker tractor by manner, 水草 in points, cumulative score", dict(
        joker_tractor_mode="r001",  # §1.6.2
        joker_tractor_ruff_001="largest",  # §1.6.2 [A1]
        eight_kind_mode="s001",  # §1.8.4
        eight_kind_void_must_play_pairs=False,  # §2.7.2
        eight_kind_fill_pairs=False,  # §2.7.2 [A2]
        failed_throw_penalty_kind="thrower_cumulative_per_card",  # §4.5 "扣3個積分"
        failed_throw_penalty_amount=3,
        failed_throw_penalty_recipient="none",  # §4.5 [A4]
        all_pass_mode=AllPassMode.SHUICAO_POINTS_001,  # §5.7.3
        shuicao_zhujiao_amount=40,
        shuicao_fujiao_amount=20,
        shuicao_split_threshold=400,
        jintaiyang_declarer_score=-500,  # §6.5 [A13]
        settlement_mode=SettlementMode.CUMULATIVE_001,  # §6.7
        direct_deduction_amount=40,  # §5.7.2 [A18] placeholder, used with all_pass_mode = direct_001
    )),
}
