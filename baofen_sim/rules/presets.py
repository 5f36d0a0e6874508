"""The named rule sets of RULES.md §7 (Baofen §7.1–§7.2, 80分 §7.3, 5-player 找朋友 §7.4), and `load_rules` for a
preset name or a TOML file."""

from __future__ import annotations

import difflib
from pathlib import Path

from baofen_sim.rules.games import Game
from baofen_sim.rules.options import (
    AllPassMode,
    EightKindMode,
    FailedThrowPenaltyBasis,
    FailedThrowPenaltyKind,
    FailedThrowPenaltyRecipient,
    JokerTractorMode,
    JokerTractorRuff001,
    SettlementMode,
    TrumpSelection,
)
from baofen_sim.rules.ruleset import RulesError, RuleSet

# §7.1: S000 wherever S000 and S001 differ, S001 only where S000 is silent. These are the RuleSet defaults.
BAOFEN = RuleSet(name="baofen")

# §7.2: S001 throughout; everything else as §7.1.
BAOFEN_001 = RuleSet(
    name="baofen-001",
    joker_tractor_mode=JokerTractorMode.R001,  # §1.6.2
    joker_tractor_ruff_001=JokerTractorRuff001.LARGEST,  # §1.6.2 [A1]
    eight_kind_mode=EightKindMode.S001,  # §1.8.4
    eight_kind_void_must_play_pairs=False,  # §2.7.2
    eight_kind_fill_pairs=False,  # §2.7.2 [A2]
    failed_throw_penalty_kind=FailedThrowPenaltyKind.THROWER_CUMULATIVE_PER_CARD,  # §4.5 "扣3個積分"
    failed_throw_penalty_amount=3,
    failed_throw_penalty_recipient=FailedThrowPenaltyRecipient.NONE,  # §4.5 [A4]
    all_pass_mode=AllPassMode.SHUICAO_POINTS_001,  # §5.7.3
    shuicao_zhujiao_amount=40,
    shuicao_fujiao_amount=20,
    shuicao_split_threshold=400,
    jintaiyang_declarer_score=-500,  # §6.5 [A13]
    settlement_mode=SettlementMode.CUMULATIVE_001,  # §6.7
    direct_deduction_amount=40,  # §5.7.2 [A18] placeholder, used with all_pass_mode = direct_001
)

# §7.3: S003, the 80 column of §9.1, §9.2 and §9.4 (the §9.4 options keep their defaults, which are that column).
TRACTOR_80FEN = RuleSet(
    name="tractor-80fen",
    constant_trump_ranks=(),  # §7.3.9 the level cards are the trumps of every hand; no other rank is
    trump_selection=TrumpSelection.DEAL_DECLARATION,  # §7.3.4
    allow_no_trump=True,  # "亮2個王為打無主"
    joker_tractor_mode=JokerTractorMode.NONE,  # "級牌以上的不算在拖拉機" [A22]
    failed_throw_penalty_kind=FailedThrowPenaltyKind.DEFENDER_POINTS_PER_FAILURE,  # §4.5 "甩牌出錯一次扣10分"
    failed_throw_penalty_amount=10,
    failed_throw_penalty_basis=FailedThrowPenaltyBasis.PER_FAILURE,  # [A4]
    failed_throw_penalty_recipient=FailedThrowPenaltyRecipient.DEFENDERS_TOTAL_SIGNED,  # [A4]
    max_failed_throws_per_player=2,  # §4.6 "每人每盤最多只能甩錯2次" [A4]
    eight_kind_mode=EightKindMode.OFF,  # §1.8: Baofen only
)

# §7.4: S002, the 5p column of §9.1, §9.2 and §9.5 (the §9.5 options keep their defaults, which are that column).
ZHAOPENGYOU_5P = RuleSet(
    name="zhaopengyou-5p",
    num_players=5,  # §7.4.1
    hand_size=20,  # §1.1.4 5 × 20 + 8
    constant_trump_ranks=(7, 2),  # §1.2.1 常主7 and 常主2
    trump_selection=TrumpSelection.DEAL_CALL_7,  # §7.4.4
    joker_tractor_mode=JokerTractorMode.NONE,  # §1.5.2 S002 silent [A33]
    zpy_trump_gap_tractor=True,  # §1.5.2 trump 6688 without the 7s [A33]
    zpy_plain_gap_tractor=True,  # §1.5.2 plain 6688 across the missing 7 [A33]
    allow_throws=False,  # §4.1 S002 never mentions 甩牌 [A34]
    failed_throw_penalty_kind=FailedThrowPenaltyKind.NONE,  # §4.5 S002: no penalty
    failed_throw_penalty_amount=0,
    eight_kind_mode=EightKindMode.OFF,  # §1.8: Baofen only
)

PRESETS: dict[str, RuleSet] = {rules.name: rules for rules in (BAOFEN, BAOFEN_001, TRACTOR_80FEN, ZHAOPENGYOU_5P)}

PRESET_DESCRIPTIONS: dict[str, str] = {
    "baofen": "包分, S000 where the seeds differ (§7.1): joker tractor by role, 水草 in shares, stakes ×3/×1",
    "baofen-001": "包分, S001 throughout (§7.2): joker tractor by manner, 水草 in points, cumulative score",
    "tractor-80fen": "80分, S003 (§7.3): two teams climb levels 2..A, trump shown during the deal, 反底, 抠底",
    "zhaopengyou-5p": "5-player 找朋友, S002 (§7.4): trump called with a 7 during the deal, the other copy of the "
                      "calling card makes its holder the declarer's secret friend, 1 or 2 against the rest, 80 "
                      "points to win",
}


def game_preset(game: Game) -> RuleSet:
    """The first preset of `game`, the one its other presets and custom rules are told apart from."""
    return next(rules for rules in PRESETS.values() if rules.game == game)


def preset(name: str) -> RuleSet:
    """The preset called `name`; unknown → RulesError listing the presets."""
    if name in PRESETS:
        return PRESETS[name]
    close = difflib.get_close_matches(name, PRESETS, n=1)
    hint = f"did you mean {close[0]}? " if close else ""
    raise RulesError(f"unknown preset {name!r}; {hint}presets: {', '.join(PRESETS)}")


def load_rules(spec: str | Path) -> RuleSet:
    """A preset name, or the path of a TOML rules file (anything ending in .toml or naming a file)."""
    from baofen_sim.rules.toml_io import load_toml  # here, because toml_io imports this module

    text = str(spec)
    if text in PRESETS:
        return PRESETS[text]
    path = Path(text)
    if path.suffix == ".toml" or path.exists():
        return load_toml(path)
    try:
        return preset(text)
    except RulesError as error:
        raise RulesError(f"{error}; or give a .toml file") from None
