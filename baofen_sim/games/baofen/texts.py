"""Baofen as a player reads it: the sections `baofen-sim rules explain PRESET` prints for a Baofen preset.

Each section is written from the preset's RuleSet, so every number in it is the number the engines play
(targets, caps, penalties, 水草 amounts, stakes). Where an option decides the wording, the section picks
the paragraph for the preset's value; the options it states in fixed words are its game's `worded`, and
`unworded_options` names a preset value those words do not describe, so a new preset cannot be
explained wrongly (tests/test_rules_explain.py).
"""

from __future__ import annotations

from baofen_sim.cards import TOTAL_POINTS
from baofen_sim.games.baofen.options import AllPassMode, PotAtTableEnd, SettlementMode
from baofen_sim.rules.options import (
    EightKindMode,
    FailedThrowPenaltyKind,
    FailedThrowPenaltyRecipient,
    JokerTractorMode,
    JokerTractorRuff001,
)
from baofen_sim.rules.ruleset import RuleSet
from baofen_sim.rules.shared_texts import (
    TRICK_WORDED,
    GameText,
    Section,
    choices,
    following_lines,
    number,
    pack_lines,
    signed,
    throw_lines,
    winning_lines,
)

WANGFEN_POINTS = 50  # the trump suit's 5 5 10 10 K K (§1.1.3)
EXAMPLE_THROW_CARDS = 5  # the throw 9 88 44 of the Throws section (§4.4.2, C24)

# Options the Baofen sections state in fixed words, with the value those words describe.
BAOFEN_WORDED: dict[str, object] = {
    **TRICK_WORDED,
    "constant_trump_ranks": (2,),
    "trump_selection": "after_kitty",
    "allow_no_trump": False,
    "failed_throw_penalty_basis": "all_attempted_cards",
    "max_failed_throws_per_player": None,
    "eight_kind_lead_only": True,
    "eight_kind_promotion_scope": "play_only",
    "kitty_points_owner": "none",
    "wangfen_scope": "all_50",
    "special_scores_fixed": True,
    "categories_use_card_points_only": True,
    "zero_result_is_win": True,
}


# The Chinese words a player meets, with their meaning (RULES.md §0.5 and the sections named).
BAOFEN_WORDS: tuple[str, ...] = (
    "- 包分 (Baofen, 'contracting for points'): one declarer bids a target of card points and plays alone "
    "against the other three; always at level 2, with no levels to climb (\"永远打2没有升级\").",
    "- 主叫: the first bidder, who also receives the first card; 副叫: the other three (§5.2).",
    "- 庄家: the declarer, who won the auction; 闲家: the defenders, playing together against him.",
    "- 目标分: the target, the declarer's winning bid. 叫分: bidding.",
    "- 底牌: the kitty, the cards left after the deal. 扣牌 or 扣底: burying, putting 8 cards back face down.",
    "- 主牌: trumps. 叫主: naming the trump suit. 副牌: the plain (non-trump) suits. 常主: the permanent trumps, "
    "jokers and 2s. 主2: the 2 of the trump suit; 副2: the 2s of the other suits (§1.2).",
    "- 大王 / 小王: the big (BJ) and small (LJ) jokers. 大小王连对: the joker tractor BJ BJ LJ LJ (§1.6).",
    "- 分牌: point cards, the 5s, 10s and Ks. 王分: the point cards of the trump suit; 副分: the other point "
    "cards (§1.1.3). 王分全抓: taking every 王分; 倒扣王分: taking none, which costs points (§6.3).",
    "- 对子: a pair. 拖拉机 or 连对: a tractor, pairs in consecutive ranks (§1.4, §1.5).",
    "- 甩牌: a throw, several top units of one suit led at once; 甩错牌: a failed throw (§4).",
    "- 毙: a ruff, trumping a suit you are void in; 盖毙: an over-ruff; 垫牌: a discard; 吊主: a trump lead "
    "(§3). 逃分: points escaping the declarer in a trick the defenders win.",
    "- 全击 ('full strike'), 半击 ('half strike'), 金太阳 ('golden sun'): the special hands, every point "
    "taken with none or some buried, and no point at all (§6.4).",
    "- 水草 ('water weed'): stakes held back in a pot after a hand nobody bid; 捞水草: that pot game; 份: a "
    "share of it (§5.7).",
    "- 底注: the base stake. 积分, 累積分: the cumulative score of S001's settlement (§6.6, §6.7).",
    "- 抠底: kitty capture, where the side winning the last trick scores the kitty (80分, §7.3.11); Baofen "
    "has none.",
    "- 下家 / 上家: the player after you / before you in playing order (§0.4).",
)


def deal(rules: RuleSet) -> list[str]:
    first = rules.first_zhujiao_seat
    south = " (South, 南)" if first == 0 else ""
    n = rules.num_players
    if rules.table_start_rotation:
        seat = f"(t + {first}) mod {n}" if first else f"t mod {n}"
        tables = (f"table t (counting from 0) starts with seat {seat} as 主叫, so that every seat starts as often "
                  "(a simulation convention, RULES A48)")
    else:
        tables = f"every table starts with seat {first} as 主叫 (a simulation convention, RULES A48)"
    return [
        f"- {n} players, one declarer (庄家) against {n - 1} defenders (闲家) who play together. Dealing, "
        "bidding and play go counter-clockwise (逆时针); the player after you is your 下家, the one before you "
        "your 上家.",
        *pack_lines(),
        "- In every hand one player is the 主叫 (first bidder): he receives the first card and bids first. The "
        f"other {n - 1} are 副叫. In the first hand the 主叫 is seat {first}{south}.",
        f"- Each player receives {rules.hand_size} cards, one at a time from the 主叫; the last {rules.kitty_size} "
        "are the kitty (底牌), face down. Nobody names a trump during the deal.",
        "- The next hand's 主叫: the declarer again if he won (his result is 0 or more), his 下家 if he lost; "
        "after a hand nobody bid, the old 主叫's 下家.",
        "- The simulator plays tables of several hands in a row, the 主叫 and the 水草 pot carrying over; "
        f"{tables}.",
    ]


def auction(rules: RuleSet) -> list[str]:
    jokers = ", or two 大王 or two 小王" if rules.bid_pairs_include_jokers else " (joker pairs do not count)"
    return [
        "- Bidding goes counter-clockwise from the 主叫. On his turn a player bids a target (目标分: the card "
        "points he promises to take as declarer) or passes. A pass is final: he is skipped for the rest of the "
        "auction (\"放弃叫分的玩家不能够再叫分\").",
        f"- The first bid: the 主叫 may open with {choices(rules.bid_open_values)}. If he passes, the first 副叫 "
        f"to bid opens with {choices(rules.bid_open_values_after_pass)}.",
        f"- Every later bid raises the highest bid by exactly {choices(rules.bid_raise_steps)}.",
        f"- Cap: a player whose {rules.hand_size} dealt cards hold fewer than {rules.bid_cap_pairs_min} pairs "
        f"may not bid above {rules.bid_cap_default}; with {rules.bid_cap_pairs_min} pairs or more he may bid up "
        f"to {rules.bid_cap_max}. A pair is two identical cards: the same suit and rank{jokers}. Trump is not "
        "chosen yet, so 2s of different suits are not a pair. A player with no legal bid must pass.",
        "- When everyone but the highest bidder has passed, he is the declarer and his bid is his target. "
        "Bids are public.",
        "- If all four pass, nobody plays the hand (see All-pass).",
    ]


def _pot_rules(rules: RuleSet, unit: str) -> list[str]:
    if rules.shuicao_loss_multiple == 1:
        loss = "as much again as the whole pot, so the pot doubles"
    else:
        loss = f"{number(rules.shuicao_loss_multiple)} times the pot"
    lines = [
        f"- While the pot holds anything, a declarer who loses pays into it, on top of his normal loss, {loss}; "
        "nobody receives that payment.",
        "- A declarer who wins takes the whole pot on top of his normal win.",
        f"- When the pot reaches {number(rules.shuicao_split_threshold)} {unit} or more, it is shared equally by "
        "the four players.",
    ]
    streak = rules.shuicao_split_after_nobid_streak
    if streak is not None:
        lines.append(f"- It is also shared after {streak} hands in a row that nobody bid.")
    return lines


def all_pass(rules: RuleSet) -> list[str]:
    mode = rules.all_pass_mode
    zhujiao, fujiao = number(rules.shuicao_zhujiao_amount), number(rules.shuicao_fujiao_amount)
    per_hand = number(rules.shuicao_zhujiao_amount + (rules.num_players - 1) * rules.shuicao_fujiao_amount)
    head = ["If all four pass (无人叫分), the hand is not played, and the next 主叫 is the old 主叫's 下家."]
    if mode == AllPassMode.SHUICAO_SHARES_000:
        lines = head + [
            "",
            "捞水草 ('fishing for water weed'; 水草 are stakes held back in a pot):",
            "",
            f"- The 主叫 pays {zhujiao} shares (份) into the pot and each 副叫 {fujiao}: {per_hand} shares a hand.",
            *_pot_rules(rules, "shares"),
            f"- A share is worth {number(rules.shuicao_share_value)} 底注 (base stake); the seed gives no value.",
        ]
    elif mode == AllPassMode.SHUICAO_POINTS_001:
        lines = head + [
            "",
            "水草 (stakes held back in a pot), counted in points of the cumulative score (积分):",
            "",
            f"- The 主叫 pays {zhujiao} points into the pot and each other player {fujiao}: {per_hand} points a "
            "hand.",
            *_pot_rules(rules, "points"),
        ]
        if rules.shuicao_split_after_nobid_streak is None:
            lines.append("- The seed also shares the pot at the 5th hand in a row that nobody bids; four such hands "
                         "already reach the split, so this preset leaves that rule out (RULES A17).")
    else:
        lines = head + ["", f"The 主叫 loses {number(rules.direct_deduction_amount)} and each other player gains "
                        "as much (直接扣分法)."]
    if mode != AllPassMode.DIRECT_001:
        after = ("is shared equally by the four" if rules.pot_at_table_end == PotAtTableEnd.SPLIT
                 else "stays unpaid and is reported")
        lines.append(f"- A pot left after a simulated table's last hand {after} (a simulation convention, RULES "
                     "A48).")
    return lines


def bury(rules: RuleSet) -> list[str]:
    return [
        f"The declarer picks up the {rules.kitty_size} kitty cards ({rules.hand_size + rules.kitty_size} in his "
        f"hand) and buries any {rules.kitty_size} of them face down (扣牌, 扣底). Only he sees them. The points "
        "he buries count for nobody (there is no 抠底, 80分's kitty capture): a buried point card is lost to "
        "him.",
    ]


def trump(rules: RuleSet) -> list[str]:
    return [
        "After burying, the declarer names the trump suit (叫主): ♠ spades (黑桃), ♥ hearts (红桃), ♣ clubs "
        "(草花) or ♦ diamonds (方片). There is no no-trump.",
        "",
        "- Trumps (主牌), 36 cards: both 大王, both 小王, all eight 2s (常主, 'permanent trumps') and every card "
        "of the trump suit.",
        "- Trump order, high to low: 大王 > 小王 > 主2 (the 2 of the trump suit) > 副2 (the 2s of the other "
        "three suits, equal to each other) > trump A > K > Q > J > 10 > 9 > 8 > 7 > 6 > 5 > 4 > 3.",
        "- Each other suit (副牌), high to low: A K Q J 10 9 8 7 6 5 4 3; the 2 has left every suit.",
        "- All trumps are one suit, whatever is printed on them: with ♥ trump, the ♠2 is a trump, not a spade.",
        "- Between equal cards (two 副2, or the two copies of a card) the one played first wins "
        "(\"同等大小的牌以先出者为大\").",
    ]


def _joker_tractor(rules: RuleSet) -> str:
    if rules.joker_tractor_mode == JokerTractorMode.R000:
        power = ("depends on who plays it (\"大小王连对在庄家为最大连对。在闲家为最小连对\"): from the declarer, in "
                 "any way, it is the highest tractor of two pairs; from a defender it is the lowest trump tractor, "
                 "which can still ruff a plain-suit tractor but loses to any other trump tractor")
    else:
        ruff = "highest" if rules.joker_tractor_ruff_001 == JokerTractorRuff001.LARGEST else "lowest"
        power = ("depends on how it is played (\"如果是你自己出的，那就算最大的拖拉機\"): led by its holder, alone or "
                 "in a throw, it is the highest tractor of two pairs; played to follow another player's "
                 f"trump-tractor lead it is the lowest; used to ruff a plain-suit tractor it is the {ruff}")
    return (f"- 大小王连对, both 大王 and both 小王, is a tractor whose power {power}. Jokers played as singles "
            "or pairs keep their top power (\"单出还是最大\").")


def _eight_of_a_kind(rules: RuleSet) -> list[str]:
    lines = [
        "- Eight of a kind (八张一样的牌): a player who holds all eight cards of one rank other than 2 (a pair "
        "in each suit, such as ♠4♠4 ♥4♥4 ♣4♣4 ♦4♦4) may lead all eight together. They count as trumps for "
        "that play only, and it is a trump lead (吊主). It is never checked or penalised as a throw.",
    ]
    if rules.eight_kind_mode == EightKindMode.S001:
        lines.append("- A follower who holds an eight of a kind himself must play it (\"有8張必出8張\"); the "
                     "highest rank wins the trick (A high, 3 low).")
    others = "Every other follower" if rules.eight_kind_mode == EightKindMode.S001 else "Each follower"
    lines.append(f"- {others} plays 8 trumps if he has them: first the pairs of trump tractors (up to "
                 "4), then trump pairs, then single trumps. With fewer trumps he plays all of them and then "
                 + ("as many plain pairs as he can, then singles." if rules.eight_kind_fill_pairs
                    else "any other cards."))
    if rules.eight_kind_void_must_play_pairs:
        lines.append("- A follower with no trumps plays as many plain pairs as he has, up to 4, then singles "
                     "(\"没有主的必出副牌中的对\").")
    if rules.eight_kind_mode == EightKindMode.S000:
        lines.append("- The eight-card lead wins the trick (\"比较大小时最大\").")
    return lines


def play(rules: RuleSet) -> list[str]:
    return [
        "The declarer leads the first trick; whoever wins a trick leads the next. The hand ends when the cards "
        "run out.",
        "",
        "Shapes:",
        "",
        "- A single (单张); a pair (对子): two identical cards, two 大王, two 小王 or the two copies of a suit "
        "card. 大王 + 小王 is not a pair, nor are two 副2 of different suits.",
        "- A tractor (拖拉机, 连对): two or more pairs of one suit in consecutive ranks, such as KKQQ, 10 10 9 9 "
        "or 554433. The ranks run from 3 to A in every suit, trumps included, with no wrap-around (AA33 is not "
        "a tractor). The 2s are on no chain: 3322 and 主2主2 副2副2 are not tractors. The one joker tractor is "
        "大王大王小王小王 (below).",
        "- The leader plays a single, a pair, a tractor, a throw (甩牌, see Throws) or an eight of a kind.",
        "",
        *following_lines("首家出对牌时，其余家有对牌必须出对牌（包括连对中的对牌）"),
        "",
        *winning_lines(),
        "- The declarer scores the point cards of every trick he wins. The points of a trick a defender wins "
        "are lost to him (逃分); the defenders keep no score of their own.",
        "",
        "Special plays:",
        "",
        _joker_tractor(rules),
        *_eight_of_a_kind(rules),
    ]


def throws(rules: RuleSet) -> list[str]:
    amount = rules.failed_throw_penalty_amount
    if rules.failed_throw_penalty_kind == FailedThrowPenaltyKind.DECLARER_POINTS_PER_CARD:
        penalty = (f"{amount} card points for each card of the attempted throw (9 88 44 costs "
                   f"{EXAMPLE_THROW_CARDS * amount}): a declarer's failure is taken off his points, a defender's "
                   "failure is added to the declarer's points (\"如果庄家甩错牌，扣除所得的分数，"
                   "如果闲家甩错牌，将扣除的分数加在庄家分数上\")")
    else:
        receiver = ("the thrower's opponents share them"
                    if rules.failed_throw_penalty_recipient == FailedThrowPenaltyRecipient.OPPONENTS_SPLIT
                    else "nobody receives them")
        penalty = (f"{amount} 积分 (cumulative-score points) for each card of the attempted throw (9 88 44 costs "
                   f"{EXAMPLE_THROW_CARDS * amount}), taken from the thrower's cumulative score; {receiver}")
    return [
        *throw_lines("同门花色的最大牌可以联出", "必须出欲联出的牌中的最小牌"),
        f"- Penalty: {penalty}.",
        "- There is no limit on failed throws. An eight of a kind is never a throw.",
    ]


def scoring(rules: RuleSet) -> list[str]:
    bonus, penalty = rules.wangfen_full_bonus, rules.wangfen_zero_penalty
    throw_points = (" ± the failed-throw points"
                    if rules.failed_throw_penalty_kind == FailedThrowPenaltyKind.DECLARER_POINTS_PER_CARD else "")
    if rules.settlement_mode == SettlementMode.STAKES_000:
        defenders = rules.jintaiyang_defender_score
        golden = (f"result {signed(rules.jintaiyang_declarer_score)} (S000: the declarer "
                  f"{signed(rules.jintaiyang_declarer_score)}, each other player {signed(defenders)}), a score "
                  "kept for information; the payoff is the stake table below")
    else:
        golden = f"result {signed(rules.jintaiyang_declarer_score)}"
    example_win = 135 + bonus - 120
    return [
        f"- C = the card points in the tricks the declarer won, 0 to {TOTAL_POINTS}. The kitty counts for "
        "nobody.",
        f"- 王分 are the point cards of the trump suit, its two 5s, two 10s and two Ks: {WANGFEN_POINTS} points "
        f"(the others are 副分). If the declarer took all six, he gains {bonus} (王分全抓); if he took none, he "
        f"loses {penalty} (倒扣王分). Buried 王分 count against him: one in the kitty makes 全抓 impossible, and "
        f"taking none costs {penalty} even if all six were buried.",
        f"- Score S = C + the 王分 bonus or penalty{throw_points}; result R = S − target. He wins if R is 0 or "
        f"more. Example: target 120, C 135 with every 王分: S = {135 + bonus}, R = {signed(example_win)}, a win.",
        "- Special hands, judged on C alone; their results replace S − target:",
        f"  - 全击 ('full strike'): he took every point card, all {TOTAL_POINTS}, and buried none: result "
        f"{rules.quanji_score}, a win.",
        f"  - 半击 ('half strike'): he took every point card that was played but buried some: result "
        f"{rules.banji_score}, a win whatever the target.",
        f"  - 金太阳 ('golden sun'): he took no point at all: a loss, {golden}.",
    ]


def settlement(rules: RuleSet) -> list[str]:
    if rules.settlement_mode == SettlementMode.CUMULATIVE_001:
        return [
            "Each player keeps a cumulative score (累積分, 积分). After a hand with a declarer the declarer gains "
            "R and each defender loses R (\"莊家累積分=前局累積分+本局得分，閑家累積分=前局累積分-本局得分\"). This is "
            "not zero-sum: the defenders together lose 3R. The 水草 payments and the failed-throw penalties come "
            "on top.",
            "",
            f"- Examples: R = +65 → declarer +65, each defender −65; 全击 → {signed(rules.quanji_score)} / "
            f"{signed(-rules.quanji_score)} each; 金太阳 → {signed(rules.jintaiyang_declarer_score)} / "
            f"{signed(-rules.jintaiyang_declarer_score)} each.",
        ]
    b, factor = number(rules.base_stake), rules.stake_declarer_factor
    rows = (("normal win", rules.stake_multiplier_normal, 1), ("normal loss", rules.stake_multiplier_normal, -1),
            ("全击", rules.stake_multiplier_quanji, 1), ("半击", rules.stake_multiplier_banji, 1),
            ("金太阳", rules.stake_multiplier_jintaiyang, -1))
    lines = [
        f"The payoff is in stakes: b = 底注, the base stake ({b} here). Only the kind of hand and whether the "
        "declarer won count, not the size of R (结算):",
        "",
    ]
    for outcome, multiplier, sign in rows:
        lines.append(f"- {outcome}: declarer {signed(sign * factor * multiplier)}b, each defender "
                     f"{signed(-sign * multiplier)}b")
    lines += ["", "The 水草 payments come on top (see All-pass). With the pot counted as an account of its own, "
              "the four players' gains and losses add up to zero."]
    return lines


# (title, RULES.md sections, the section's lines for a RuleSet), in the order of a hand.
BAOFEN_SECTIONS: tuple[Section, ...] = (
    ("Deal", "§1.1, §5.1–§5.3, §5.7.4, §5.9, A48", deal),
    ("Auction", "§5.4, A9, A10", auction),
    ("All-pass", "§5.7, A17, A18", all_pass),
    ("Bury", "§5.5, §6.2", bury),
    ("Trump", "§1.2, §1.3.1, §1.7, §5.6", trump),
    ("Play", "§1.4–§1.6, §1.8, §2, §3, §5.8", play),
    ("Throws", "§4", throws),
    ("Scoring", "§6.1–§6.5, A11–A16", scoring),
    ("Settlement", "§6.6, §6.7, A19", settlement),
)

BAOFEN_TEXT = GameText(BAOFEN_SECTIONS, BAOFEN_WORDED, BAOFEN_WORDS)
