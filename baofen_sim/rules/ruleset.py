"""`RuleSet`: every house-rule parameter of RULES.md §9.1–§9.5, typed, frozen and validated.

Defaults are the `baofen` preset (the bf column of §9), the 80 column for the §9.4 options that only 80分
reads and the 5p column for the §9.5 options that only the 5-player 找朋友 reads. A "–" cell (parameter unused
by that preset) takes the value of the nearest preset that uses it; the field comment says so. Values are
normalised on construction (a str becomes its enum, a list a tuple, an int a float where the field is a float),
then checked; any bad value raises `RulesError` with one line naming the option and what it allows.

A rule set plays one game (`RuleSet.game`, from `trump_selection`; games.py), which reads the options of some
§9 sections only. The options of the other sections keep their defaults: setting one is refused, naming the
option and the rule set, and `to_dict`, `options()` and the TOML dump leave them out, so a Baofen rule set's
data is what it was before 80分 and 找朋友 existed (run specs hash it).
"""

from __future__ import annotations

import dataclasses
import difflib
import math
import typing
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from baofen_sim.cards import PACK_SIZE, SUIT_LETTERS
from baofen_sim.rules.games import GAME_OF_TRUMP_SELECTION, GAME_PLAYERS, GAME_SECTIONS, GAME_TITLES, Game
from baofen_sim.rules.options import (
    AllPassMode,
    DeclarationPollOrder,
    Direction,
    EightKindMode,
    EightKindPromotionScope,
    FailedThrowForcedPlay,
    FailedThrowPenaltyBasis,
    FailedThrowPenaltyKind,
    FailedThrowPenaltyRecipient,
    FailedThrowUnitPriority,
    FandiEligible,
    FandiFirstChallenge,
    FollowTractorRule,
    GameEnd,
    JokerTractorMode,
    JokerTractorRuff001,
    KittyMultiplierBasis,
    KittyMultiplierMultiTractor,
    KittyPointsOwner,
    MultiUnitCompare,
    NextDeclarerOnHold,
    PotAtTableEnd,
    RuffStructureRule,
    SettlementMode,
    TieRule,
    TrumpSelection,
    UndeclaredTrumpRule,
    UndeclaredTrumpTiebreak,
    WangfenScope,
    ZpyCallPollOrder,
    ZpyConcedeCondition,
    ZpyConcedeOutcome,
    ZpyFirstDealSeat,
    ZpyFlipCall,
    ZpyFlipCard,
    ZpyJokerFlipSuit,
    ZpyKittyRule,
    ZpyOvercallPollOrder,
    ZpyTieAt80,
)

SUPPORTED_PLAYERS = (4, 5)  # §1.1.4: Baofen and 80分 seat 4, the 5-player 找朋友 (§7.4) 5
FACE_RANKS = range(2, 15)  # face values in constant_trump_ranks: 2..10, J=11, Q=12, K=13, A=14
NONE_TEXTS = ("none", "null")  # how "no value" is written for an optional field (TOML has no null)
FACE_A = 14  # the face value of the ace, where a game reaching it ends (§7.3.2)
# The §9 map options, each flattened into one field per key: map name -> (field prefix, keys).
MAP_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "stake_multipliers": ("stake_multiplier_", ("normal", "quanji", "banji", "jintaiyang")),  # §9.3
    "kitty_multiplier": ("kitty_multiplier_", ("single", "pair", "tractor")),  # §9.4
    "zpy_joker_flip_suits": ("zpy_joker_flip_suit_", ("bj", "lj")),  # §9.5
}
NOT_READ = "–"  # diff_rules' value of an option that a rule set's game does not read


class RulesError(ValueError):
    """A rule set that cannot be built: a bad value, an unknown option or preset, an unreadable rules file."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleSet:
    """Every parameter of RULES.md §9.1–§9.5; field names are the §9 names. Frozen and hashable."""

    name: str = "baofen"  # preset name, or "custom" once any option differs from it

    # ---- §9.1 Table layout and card ranking ----
    num_players: int = 4  # §1.1.4 players at the table
    hand_size: int = 25  # §1.1.4 cards dealt to each player
    kitty_size: int = 8  # §1.1.4 底牌; num_players × hand_size + kitty_size = 108
    direction: Direction = Direction.CCW  # §0.4 "逆时针"
    constant_trump_ranks: tuple[int, ...] = (2,)  # §1.2.1 常主 face values (2..14, A = 14)
    trump_selection: TrumpSelection = TrumpSelection.AFTER_KITTY  # §5.6 叫主 after the kitty exchange
    allow_no_trump: bool = False  # §5.6 no 无主 in Baofen
    joker_tractor_mode: JokerTractorMode = JokerTractorMode.R000  # §1.6 [A1] by the holder's role
    joker_tractor_ruff_001: JokerTractorRuff001 = JokerTractorRuff001.LARGEST  # §1.6.2 [A1]; bf "–": bf1
    special_tier_tractors: bool = False  # §1.5.2 no tractor across 主2/副2 tiers
    level_gap_tractor: bool = True  # §1.5.2 S003 "6688"; bf "–": 80分 value (level 2 is at the chain end)
    zpy_trump_lowering: bool = True  # §1.5.2 S002 下放; bf "–": 5p value, read only by the 5-player rules
    zpy_trump_gap_tractor: bool = False  # §1.5.2 [A33]; bf "–": 5p value, read only by the 5-player rules
    zpy_plain_gap_tractor: bool = False  # §1.5.2 [A33]; bf "–": 5p value, read only by the 5-player rules
    tie_rule: TieRule = TieRule.FIRST_PLAYED  # §1.7 "以先出者为大"

    # ---- §9.2 Following, ruffing and throws ----
    follow_tractor_rule: FollowTractorRule = FollowTractorRule.LONGEST_UP_TO_LED  # §2.3.2 [A8]
    ruff_structure_rule: RuffStructureRule = RuffStructureRule.SHAPE  # §3 [A5]
    ruff_all_trump_required_for_singles: bool = True  # §3 [A7] a mixed play is a discard
    multi_unit_compare: MultiUnitCompare = MultiUnitCompare.PRIMARY_UNIT  # §3 [A6]
    allow_throws: bool = True  # §4.1 甩牌
    # §4.4.2 [A3] lead the lowest beaten unit
    failed_throw_forced_play: FailedThrowForcedPlay = FailedThrowForcedPlay.SMALLEST_FAILING_UNIT
    # §4.4.2 [A3] the beaten unit holding the lowest card
    failed_throw_unit_priority: FailedThrowUnitPriority = FailedThrowUnitPriority.LOWEST_CARD
    # §4.5 S000: card points per card
    failed_throw_penalty_kind: FailedThrowPenaltyKind = FailedThrowPenaltyKind.DECLARER_POINTS_PER_CARD
    failed_throw_penalty_amount: int = 5  # §4.5 S000 "每张牌5分"
    # §4.5 [A4] every card of the attempted throw
    failed_throw_penalty_basis: FailedThrowPenaltyBasis = FailedThrowPenaltyBasis.ALL_ATTEMPTED_CARDS
    # §4.5 S000: a declarer failure is subtracted from, a defender failure added to, the declarer's points
    failed_throw_penalty_recipient: FailedThrowPenaltyRecipient = FailedThrowPenaltyRecipient.S000_RULE
    max_failed_throws_per_player: int | None = None  # §4.6 None = no limit (Baofen)
    eight_kind_mode: EightKindMode = EightKindMode.S000  # §1.8.4 [A2] the leader wins
    eight_kind_void_must_play_pairs: bool = True  # §2.7.1 "没有主的必出副牌中的对"
    eight_kind_fill_pairs: bool = True  # §2.7.1 [A2] fill with plain pairs
    eight_kind_lead_only: bool = True  # §1.8.3 [A2]
    eight_kind_promotion_scope: EightKindPromotionScope = EightKindPromotionScope.PLAY_ONLY  # §1.8.3 [A2]

    # ---- §9.3 Baofen auction, all-pass and scoring ----
    first_zhujiao_seat: int = 0  # §5.2 "南" = seat 0
    bid_open_values: tuple[int, ...] = (85, 90, 95)  # §5.4.2 主叫 opening bids
    bid_open_values_after_pass: tuple[int, ...] = (85, 90, 95)  # §5.4.2 [A9] a 副叫 opening
    bid_raise_steps: tuple[int, ...] = (5, 10, 15, 20)  # §5.4.2 raises
    bid_cap_default: int = 150  # §5.4.2 cap with ≤ 4 pairs
    bid_cap_pairs_min: int = 5  # §5.4.2 pairs needed for the higher cap ("超过4对")
    bid_cap_max: int = 250  # §5.4.2 cap with enough pairs
    bid_pairs_include_jokers: bool = True  # §5.4.2 [A10]
    kitty_points_owner: KittyPointsOwner = KittyPointsOwner.NONE  # §6.2 [A15]
    wangfen_scope: WangfenScope = WangfenScope.ALL_50  # §6.3 [A14]
    wangfen_full_bonus: int = 50  # §6.3 王分全抓 +50
    wangfen_zero_penalty: int = 100  # §6.3 倒扣王分, subtracted
    special_scores_fixed: bool = True  # §6.5 [A12] 全击/半击 scores replace S − target
    quanji_score: int = 500  # §6.4 全击
    banji_score: int = 250  # §6.4 半击
    jintaiyang_declarer_score: int = -1500  # §6.5 [A13] 金太阳, S000 ledger
    jintaiyang_defender_score: int = 500  # §6.5 [A13] 金太阳, each defender
    categories_use_card_points_only: bool = True  # §6.4 [A16]
    zero_result_is_win: bool = True  # §6.5 [A11]
    settlement_mode: SettlementMode = SettlementMode.STAKES_000  # §6.6
    base_stake: float = 1.0  # §6.6 底注 b
    stake_declarer_factor: int = 3  # §6.6 declarer wins/loses 3b
    stake_multiplier_normal: int = 1  # §6.6 `stake_multipliers.normal`
    stake_multiplier_quanji: int = 4  # §6.6 `stake_multipliers.quanji` 全击
    stake_multiplier_banji: int = 2  # §6.6 `stake_multipliers.banji` 半击
    stake_multiplier_jintaiyang: int = 4  # §6.6 `stake_multipliers.jintaiyang` 金太阳
    all_pass_mode: AllPassMode = AllPassMode.SHUICAO_SHARES_000  # §5.7.1 捞水草
    shuicao_zhujiao_amount: float = 2.0  # §5.7.1 主叫 pays 2 shares
    shuicao_fujiao_amount: float = 1.0  # §5.7.1 each 副叫 pays 1 share
    shuicao_share_value: float = 1.0  # §5.7.1 [A17] one share in base_stake units
    shuicao_loss_multiple: float = 1.0  # §5.7.1 a losing declarer pays 1 × the pot ("等倍")
    shuicao_split_threshold: float = 50.0  # §5.7.1 split at ≥ 50 shares
    shuicao_split_after_nobid_streak: int | None = None  # §5.7.3 [A17] None = off
    direct_deduction_amount: float = 40.0  # §5.7.2 [A18]; bf "–": bf1 placeholder 40
    table_start_rotation: bool = True  # [A48] table t's first 主叫 is (first_zhujiao_seat + t) mod players
    pot_at_table_end: PotAtTableEnd = PotAtTableEnd.SPLIT  # [A48] a pot left after the last hand is shared

    # ---- §9.4 80分 (S003) only: the defaults are the 80 column ----
    start_level: int = 2  # §7.3.2 [A27] both teams' level at a game's start, a face value (A = 14)
    game_end: GameEnd = GameEnd.REACH_A  # §7.3.2 [A27] "看誰先到A"
    declare_suit_order: tuple[str, ...] = ("S", "H", "C", "D")  # §7.3.4 level pairs, highest first: "黑紅梅方"
    declare_single_overcalls_single: bool = False  # §7.3.4 [A47]
    allow_self_reinforce: bool = True  # §7.3.4 自保
    allow_self_overcall: bool = False  # §7.3.4 "玩家不能反自己的主"
    declaration_poll_order: DeclarationPollOrder = DeclarationPollOrder.RECIPIENT_FIRST  # §7.3.4 [A28]
    undeclared_trump_rule: UndeclaredTrumpRule = UndeclaredTrumpRule.FLIP_KITTY  # §7.3.5 "翻底"
    undeclared_trump_tiebreak: UndeclaredTrumpTiebreak = UndeclaredTrumpTiebreak.FIRST_IN_KITTY_ORDER  # [A25]
    fandi_enabled: bool = True  # §7.3.8 反底
    fandi_first_challenge: FandiFirstChallenge = FandiFirstChallenge.OUTRANK_DECLARATION  # §7.3.8 [A24]
    fandi_eligible: FandiEligible = FandiEligible.NON_ZHUANG  # §7.3.8 [A24] "其他玩家可以反底"
    fandi_ends_after_no_trump: bool = True  # §7.3.8 "一對小王反無主后，一對大王就不能再反了"
    fandi_changes_declarer: bool = False  # §7.3.8 [A24]
    kitty_multiplier_single: int = 2  # §7.3.11 `kitty_multiplier.single` "什么都沒有 則乘的倍數等于 2"
    kitty_multiplier_pair: int = 4  # §7.3.11 `kitty_multiplier.pair`
    kitty_multiplier_tractor: int = 2  # §7.3.11 `kitty_multiplier.tractor`, per card: "2乘len"
    kitty_multiplier_basis: KittyMultiplierBasis = KittyMultiplierBasis.WINNER_PLAY  # §7.3.11 [A23]
    kitty_multiplier_multi_tractor: KittyMultiplierMultiTractor = KittyMultiplierMultiTractor.LONGEST  # [A23]
    threshold: int = 80  # §7.3.12 the 抓分方 take over from T = 80
    level_step: int = 40  # §7.3.12 "每增加40分，級別上升一級"
    zero_points_levels: int = 3  # §7.3.12 T = 0: "莊家方連升三級"
    score_per_level: int = 2  # §7.3.12 [A21] 积分 per level, a conjecture
    next_declarer_on_hold: NextDeclarerOnHold = NextDeclarerOnHold.PARTNER  # §7.3.6 [A26] "莊的對家做莊"
    defender_points_floor: int | None = 0  # §7.3.12 [A42] T floored at 0; None = no floor

    # ---- §9.5 5-player (S002) only: the defaults are the 5p column ----
    zpy_first_deal_seat: ZpyFirstDealSeat = ZpyFirstDealSeat.RANDOM  # §7.4.2 hand 1's first card, S002 1.3
    zpy_flip_card: ZpyFlipCard = ZpyFlipCard.RANDOM_DEALT  # §7.4.3 [A31] the turned-up card
    zpy_joker_flip_suit_bj: ZpyJokerFlipSuit = ZpyJokerFlipSuit.H  # §7.4.5 `zpy_joker_flip_suits.bj` "大王主花色为红桃"
    zpy_joker_flip_suit_lj: ZpyJokerFlipSuit = ZpyJokerFlipSuit.S  # §7.4.5 `zpy_joker_flip_suits.lj` "小王主花色为黑桃"
    zpy_call_poll_order: ZpyCallPollOrder = ZpyCallPollOrder.RECIPIENT_FIRST  # §7.4.4 [A28]
    zpy_flip_call: ZpyFlipCall = ZpyFlipCall.FLIP_OR_TRUMP_7  # §7.4.5 [A50]
    zpy_overcall_max: int = 1  # §7.4.7 [A35] "一旦有一个反主，其他玩家不能再反主"
    # §7.4.7 [A35] from the caller's 下家, the caller last
    zpy_overcall_poll_order: ZpyOvercallPollOrder = ZpyOvercallPollOrder.CALLER_NEXT_FIRST_CALLER_LAST
    zpy_friend_only_without_overcall: bool = True  # §7.4.8 [A32] "如无人反主"
    zpy_friend_points_cleared_on_reveal: bool = True  # §7.4.10 "一旦亮出该分数清零"
    zpy_allow_concede: bool = True  # §7.4.9 认输
    zpy_concede_condition: ZpyConcedeCondition = ZpyConcedeCondition.HELD_BOTH  # §7.4.9 [A32]
    zpy_concede_outcome: ZpyConcedeOutcome = ZpyConcedeOutcome.DECLARER_LOSS  # §7.4.9 [A32]
    zpy_threshold: int = 80  # §7.4.12 "抓分超过80，则抓分方赢"
    zpy_tie_at_80: ZpyTieAt80 = ZpyTieAt80.DEFENDERS_WIN  # §7.4.12 [A29]
    zpy_kitty_rule: ZpyKittyRule = ZpyKittyRule.S003_MULTIPLIERS  # §7.4.11 [A30]

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            object.__setattr__(self, f.name, _coerce(f.name, getattr(self, f.name)))
        _check_ranges(self)
        for name in OPTION_NAMES:
            if name not in self.option_names and getattr(self, name) != FIELD_DEFAULTS[name]:
                raise RulesError(not_read_message(name, self))

    # ---- the game it plays ----

    @property
    def game(self) -> Game:
        """The game these rules play, from `trump_selection` (games.py)."""
        return GAME_OF_TRUMP_SELECTION[self.trump_selection]

    @property
    def option_names(self) -> tuple[str, ...]:
        """The options its game reads (the options of its §9 sections), in field order."""
        return GAME_OPTIONS[self.game]

    # ---- building changed copies ----

    def replace(self, **changes: Any) -> RuleSet:
        """A validated copy with `changes`. The name becomes "custom" if an option changed, unless given.
        Changing an option that the copy's game does not read is refused (even to its default)."""
        for key in changes:
            if key not in FIELD_TYPES:
                raise RulesError(unknown_option_message(key))
        new = dataclasses.replace(self, **changes)
        for key in changes:
            if key != "name" and key not in new.option_names:
                raise RulesError(not_read_message(key, new))
        if "name" not in changes and not same_options(new, self):
            new = dataclasses.replace(new, name="custom")
        return new

    def with_overrides(self, overrides: Iterable[str]) -> RuleSet:
        """Apply `OPTION=VALUE` texts (as given to `--set`), each value parsed by the option's type."""
        changes: dict[str, Any] = {}
        for item in overrides:
            key, sep, text = item.partition("=")
            if not sep:
                raise RulesError(f"--set {item!r}: expected OPTION=VALUE")
            key = option_name(key)
            changes[key] = parse_text(key, text.strip())
        return self.replace(**changes)

    # ---- plain data ----

    def to_dict(self) -> dict[str, Any]:
        """`name` and every option its game reads as plain values (str, bool, int, float, list; None = unset
        optional)."""
        return {"name": self.name} | {name: _plain(getattr(self, name)) for name in self.option_names}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], base: RuleSet | None = None) -> RuleSet:
        """Options from plain values on top of `base` (default: the `baofen` defaults).

        Accepts `name`, any option its game reads, and the map options as tables: `stake_multipliers` with
        keys normal/quanji/banji/jintaiyang, `kitty_multiplier` with keys single/pair/tractor,
        `zpy_joker_flip_suits` with keys bj/lj.
        """
        changes: dict[str, Any] = {}
        for key, value in data.items():
            if key in MAP_OPTIONS:
                changes.update(_flatten_map(key, value))
            elif key in FIELD_TYPES:
                changes[key] = value
            else:
                raise RulesError(unknown_option_message(key))
        return (base or cls()).replace(**changes)

    def options(self) -> dict[str, Any]:
        """Every option its game reads (not the name) with its value."""
        return {name: getattr(self, name) for name in self.option_names}

    def bid_values(self) -> tuple[int, ...]:
        """Every bid an auction can reach (§5.4.2): an opening value plus any raises, up to bid_cap_max;
        ascending."""
        reached = set(self.bid_open_values + self.bid_open_values_after_pass)
        frontier = sorted(reached)
        while frontier:
            bid = frontier.pop()
            for step in self.bid_raise_steps:
                if bid + step <= self.bid_cap_max and bid + step not in reached:
                    reached.add(bid + step)
                    frontier.append(bid + step)
        return tuple(sorted(reached))


# ---- field types, read once from the annotations ----

FIELD_TYPES: dict[str, Any] = typing.get_type_hints(RuleSet)
OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(RuleSet) if f.name != "name")  # all games
FIELD_DEFAULTS: dict[str, Any] = {f.name: f.default for f in dataclasses.fields(RuleSet)}

# Headings for dumps and listings: (title, first option of the group); the title starts with its section.
GROUPS: tuple[tuple[str, str], ...] = (
    ("§9.1 Table layout and card ranking", "num_players"),
    ("§9.2 Following, ruffing and throws", "follow_tractor_rule"),
    ("§9.3 Baofen auction, all-pass and scoring", "first_zhujiao_seat"),
    ("§9.4 80分 (S003) only", "start_level"),
    ("§9.5 5-player (S002) only", "zpy_first_deal_seat"),
)


def _section_options() -> dict[str, tuple[str, ...]]:
    starts = [OPTION_NAMES.index(first) for _, first in GROUPS] + [len(OPTION_NAMES)]
    return {title.split()[0]: OPTION_NAMES[start:end]
            for (title, _), start, end in zip(GROUPS, starts, starts[1:], strict=False)}


SECTIONS: dict[str, tuple[str, ...]] = _section_options()  # "§9.1" -> its options, in field order
SECTION_OF: dict[str, str] = {name: section for section, names in SECTIONS.items() for name in names}
GAME_OPTIONS: dict[Game, tuple[str, ...]] = {
    game: tuple(name for name in OPTION_NAMES if SECTION_OF[name] in sections)
    for game, sections in GAME_SECTIONS.items()
}


def not_read_message(option: str, rules: RuleSet) -> str:
    """One line: `option` belongs to other games than the one `rules` plays."""
    section = SECTION_OF[option]
    owners = " and ".join(GAME_TITLES[game] for game, sections in GAME_SECTIONS.items() if section in sections)
    return (f"{option} is an option of {owners} (RULES {section}); {rules.name} plays {GAME_TITLES[rules.game]} "
            "and does not read it")


def same_options(a: RuleSet, b: RuleSet) -> bool:
    """True if `a` and `b` differ at most in their names."""
    return all(getattr(a, name) == getattr(b, name) for name in OPTION_NAMES)


def option_name(text: str) -> str:
    """The field name for user text (dashes and `stake_multipliers.KEY`, `kitty_multiplier.KEY`,
    `zpy_joker_flip_suits.KEY` accepted);
    unknown → RulesError."""
    key = text.strip().replace("-", "_")
    head, dot, tail = key.partition(".")
    if dot and head in MAP_OPTIONS:
        prefix, keys = MAP_OPTIONS[head]
        if tail not in keys:
            raise RulesError(_not_one_of(head, tail, keys))
        key = prefix + tail
    if key not in FIELD_TYPES:
        raise RulesError(unknown_option_message(key))
    return key


def unknown_option_message(key: str) -> str:
    """One line naming an unknown option and the closest known one."""
    close = difflib.get_close_matches(key, FIELD_TYPES, n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]}?" if close else " (see `baofen-sim rules show baofen` for all options)"
    return f"unknown option {key!r}{hint}"


def allowed_text(name: str) -> str:
    """What option `name` accepts, in words (used in error messages and TOML comments)."""
    kind = FIELD_TYPES[name]
    if _is_enum(kind):
        return "one of " + ", ".join(m.value for m in kind)
    return {
        bool: "true or false",
        int: "an integer",
        float: "a number",
        str: "a name",
        int | None: "an integer or none",
        tuple[int, ...]: "a list of integers",
        tuple[str, ...]: "a list of the suits " + ", ".join(SUIT_LETTERS),
    }[kind]


# ---- normalisation: plain value → field value ----


def _coerce(name: str, value: Any) -> Any:
    """The field value for a plain Python/TOML value, or RulesError naming the option."""
    kind = FIELD_TYPES[name]
    if _is_enum(kind):
        return _coerce_enum(name, kind, value)
    if kind is bool:
        if isinstance(value, bool):
            return value
    elif kind is int:
        if _is_int(value):
            return value
    elif kind is float:
        if (_is_int(value) or isinstance(value, float)) and _is_finite(value):
            return float(value)
    elif kind is str:
        if isinstance(value, str) and value.strip() and value.isprintable():
            return value
    elif kind == int | None:
        if value is None or (isinstance(value, str) and value.lower() in NONE_TEXTS):
            return None
        if _is_int(value):
            return value
    elif kind == tuple[int, ...]:
        if isinstance(value, list | tuple) and all(_is_int(v) for v in value):
            return tuple(value)
    elif kind == tuple[str, ...]:
        if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
            return tuple(v.strip().upper() for v in value)
    raise RulesError(f"{name}: {value!r} is not {allowed_text(name)}")


def _coerce_enum(name: str, kind: type[StrEnum], value: Any) -> StrEnum:
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        for member in kind:  # case-insensitive: "REACH_A", "reach_a" and "reach_A" alike
            if member.value.lower() == value.strip().lower():
                return member
    raise RulesError(_not_one_of(name, value, [m.value for m in kind]))


def parse_text(name: str, text: str) -> Any:
    """Parse command-line text for option `name` by its type (bool true/false; list "85,90,95"; none)."""
    kind = FIELD_TYPES[name]
    lowered = text.lower()
    if kind is bool:
        if lowered in ("true", "false"):
            return lowered == "true"
    elif kind == int | None and lowered in NONE_TEXTS:
        return None
    elif kind in (int, int | None, float, tuple[int, ...]):
        try:
            return _parse_number(kind, text)
        except ValueError:
            pass
    elif kind == tuple[str, ...]:
        return tuple(item.strip(" \"'") for item in text.strip("[]() ").split(",") if item.strip(" \"'"))
    else:
        return text  # enums and names: checked on construction
    raise RulesError(f"{name}: {text!r} is not {allowed_text(name)}")


def _parse_number(kind: Any, text: str) -> int | float | tuple[int, ...]:
    if kind == tuple[int, ...]:
        items = text.strip("[]() ").split(",")
        return tuple(int(item) for item in items if item.strip())
    return float(text) if kind is float else int(text)


def _plain(value: Any) -> Any:
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    return value


def _flatten_map(name: str, table: Any) -> dict[str, Any]:
    """The fields of map option `name` (MAP_OPTIONS) given as a table."""
    prefix, keys = MAP_OPTIONS[name]
    if not isinstance(table, Mapping):
        raise RulesError(f"{name}: {table!r} is not a table with keys {', '.join(keys)}")
    changes = {}
    for key, value in table.items():
        if key not in keys:
            raise RulesError(_not_one_of(name, key, keys))
        changes[prefix + key] = value
    return changes


def _is_enum(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, StrEnum)


def _is_finite(value: int | float) -> bool:
    try:
        return math.isfinite(value)
    except OverflowError:  # an int too large for a float
        return False


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _not_one_of(name: str, value: Any, allowed: Iterable[str]) -> str:
    return f"{name}: {value!r} is not one of {', '.join(allowed)}"


# ---- ranges and cross-checks ----

# Lower bounds of numeric options; a float bound is strict ("> 0"), an int bound inclusive (">= n").
_MINIMUM: dict[str, int | float] = {
    "hand_size": 1,
    "kitty_size": 0,
    "failed_throw_penalty_amount": 0,
    "max_failed_throws_per_player": 1,
    "bid_cap_pairs_min": 0,
    "wangfen_full_bonus": 0,
    "wangfen_zero_penalty": 0,
    "quanji_score": 0,
    "banji_score": 0,
    "base_stake": 0.0,
    "stake_declarer_factor": 0,
    "stake_multiplier_normal": 0,
    "stake_multiplier_quanji": 0,
    "stake_multiplier_banji": 0,
    "stake_multiplier_jintaiyang": 0,
    "shuicao_zhujiao_amount": 0,
    "shuicao_fujiao_amount": 0,
    "shuicao_share_value": 0.0,
    "shuicao_loss_multiple": 0,
    "shuicao_split_threshold": 0.0,
    "shuicao_split_after_nobid_streak": 1,
    "direct_deduction_amount": 0,
    "kitty_multiplier_single": 0,
    "kitty_multiplier_pair": 0,
    "kitty_multiplier_tractor": 0,
    "threshold": 1,
    "level_step": 1,
    "zero_points_levels": 0,
    "score_per_level": 0,
    "defender_points_floor": 0,
    "zpy_overcall_max": 0,
    "zpy_threshold": 1,
}
ZPY_OVERCALL_LIMIT = 3  # §7.4.7 [A35] each overcall names a suit not yet trump: at most the three others


def _check_ranges(rules: RuleSet) -> None:
    """Raise RulesError for the first value out of range or inconsistent with the others."""
    for name, low in _MINIMUM.items():
        value = getattr(rules, name)
        if value is None:
            continue
        if isinstance(low, float) and not value > low:
            raise RulesError(f"{name}: {value!r} is not allowed (must be > {low:g})")
        if value < low:
            raise RulesError(f"{name}: {value!r} is not allowed (must be >= {low})")
    _check_table(rules)
    _check_bids(rules)
    _check_game(rules)


def _check_table(rules: RuleSet) -> None:
    seats = GAME_PLAYERS[rules.game]
    if rules.num_players not in seats:
        allowed = ", ".join(map(str, seats))
        raise RulesError(f"num_players: {rules.num_players} is not supported by {GAME_TITLES[rules.game]} "
                         f"(supported: {allowed})")
    dealt = rules.num_players * rules.hand_size + rules.kitty_size
    if dealt != PACK_SIZE:
        raise RulesError(
            f"hand_size: num_players × hand_size + kitty_size must be {PACK_SIZE}, "
            f"got {rules.num_players} × {rules.hand_size} + {rules.kitty_size} = {dealt}"
        )
    ranks = rules.constant_trump_ranks
    for rank in ranks:
        if rank not in FACE_RANKS:
            raise RulesError(f"constant_trump_ranks: {rank} is not a face value (2..14, J=11 Q=12 K=13 A=14)")
    if len(set(ranks)) != len(ranks):
        raise RulesError(f"constant_trump_ranks: {list(ranks)} lists a rank twice")
    if not 0 <= rules.first_zhujiao_seat < rules.num_players:
        raise RulesError(
            f"first_zhujiao_seat: {rules.first_zhujiao_seat} is not a seat (0..{rules.num_players - 1})"
        )


def _check_bids(rules: RuleSet) -> None:
    for name in ("bid_open_values", "bid_open_values_after_pass", "bid_raise_steps"):
        values = getattr(rules, name)
        if not values or any(v <= 0 or v % 5 for v in values) or list(values) != sorted(set(values)):
            raise RulesError(f"{name}: {list(values)} must be positive multiples of 5, ascending, not empty")
    for name in ("bid_cap_default", "bid_cap_max"):
        if getattr(rules, name) % 5:
            raise RulesError(f"{name}: {getattr(rules, name)} is not a multiple of 5")
    highest_open = max(rules.bid_open_values + rules.bid_open_values_after_pass)
    if highest_open > rules.bid_cap_default:
        raise RulesError(f"bid_cap_default: {rules.bid_cap_default} is below the opening bid {highest_open}")
    if rules.bid_cap_max < rules.bid_cap_default:
        raise RulesError(f"bid_cap_max: {rules.bid_cap_max} is below bid_cap_default {rules.bid_cap_default}")


def _check_game(rules: RuleSet) -> None:
    if sorted(rules.declare_suit_order) != sorted(SUIT_LETTERS):
        raise RulesError(f"declare_suit_order: {list(rules.declare_suit_order)} must list each suit "
                         f"{', '.join(SUIT_LETTERS)} once, highest first")
    last = FACE_A if rules.game_end == GameEnd.WIN_HAND_AT_A else FACE_A - 1
    if not FACE_RANKS.start <= rules.start_level <= last:
        why = "" if last == FACE_A else " with game_end = reach_A, where reaching A ends the game"
        raise RulesError(f"start_level: {rules.start_level} is not allowed{why} (a face value "
                         f"{FACE_RANKS.start}..{last}; J=11 Q=12 K=13 A=14)")
    if rules.zpy_overcall_max > ZPY_OVERCALL_LIMIT:
        raise RulesError(f"zpy_overcall_max: {rules.zpy_overcall_max} is not allowed (0..{ZPY_OVERCALL_LIMIT}: "
                         "each overcall names a suit not yet trump this hand)")


def diff_rules(a: RuleSet, b: RuleSet) -> list[tuple[str, Any, Any]]:
    """The options (not the name) that either game reads whose values differ: (option, value in a, value in b),
    in field order; NOT_READ stands for the value of an option that one of the two games does not read."""
    read_a, read_b = set(a.option_names), set(b.option_names)
    pairs = ((name, getattr(a, name) if name in read_a else NOT_READ, getattr(b, name) if name in read_b
              else NOT_READ) for name in OPTION_NAMES if name in read_a | read_b)
    return [(name, value_a, value_b) for name, value_a, value_b in pairs if value_a != value_b]

