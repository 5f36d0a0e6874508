"""The game of an 80分 preset as a player reads it (RULES.md §7.3): the sections `baofen-sim rules explain PRESET`
prints for it, written from the preset's RuleSet as Baofen's are (game_texts.py), with the same `worded` safety.
"""

from __future__ import annotations

from baofen_sim.cards import RANK_LETTERS
from baofen_sim.games.tractor80.options import (
    FandiEligible,
    FandiFirstChallenge,
    GameEnd,
    KittyMultiplierBasis,
    KittyMultiplierMultiTractor,
    NextDeclarerOnHold,
)
from baofen_sim.rules.ruleset import RuleSet
from baofen_sim.rules.shared_texts import (
    TRICK_WORDED,
    GameText,
    Section,
    following_lines,
    number,
    pack_lines,
    signed,
    throw_lines,
    winning_lines,
)

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
FIRST_FACE = 2  # the face value of RANK_LETTERS[0]
TRACTOR_4433_CARDS = 4  # the seed's example tractor 4433 (§7.3.11)
# The seed's own figures: its words are quoted only where the preset plays them.
SEED_THROW_PENALTY, SEED_THROW_LIMIT, SEED_LEVEL_STEP = 10, 2, 40

# Options the 80分 sections state in fixed words, with the value those words describe.
TRACTOR_80FEN_WORDED: dict[str, object] = {
    **TRICK_WORDED,
    "num_players": 4,
    "constant_trump_ranks": (),
    "trump_selection": "deal_declaration",
    "allow_no_trump": True,
    "joker_tractor_mode": "none",
    "level_gap_tractor": True,
    "failed_throw_penalty_kind": "defender_points_per_failure",
    "failed_throw_penalty_basis": "per_failure",
    "failed_throw_penalty_recipient": "defenders_total_signed",
    "eight_kind_mode": "off",
    "allow_self_overcall": False,
    "declaration_poll_order": "recipient_first",
    "undeclared_trump_rule": "flip_kitty",
    "undeclared_trump_tiebreak": "first_in_kitty_order",
    "fandi_ends_after_no_trump": True,
    "fandi_changes_declarer": False,
}

# The words an 80分 player meets besides Baofen's (RULES.md §7.3).
TRACTOR_80FEN_WORDS: tuple[str, ...] = (
    "- 80分 ('eighty points', also 拖拉机 or 升级): two teams of partners climb levels (级) from 2 to A; the "
    "defenders need 80 card points to take over (§7.3).",
    "- 庄 or 庄家: the declarer of an 80分 hand; 庄家方: his team, he and his partner (对家); 抓分方 ('point "
    "takers'): the other team, the defenders (§7.3.1).",
    "- 级牌: the level cards, the eight cards of the rank being played; 主级牌 / 副级牌: the level card of the "
    "trump suit / of the other suits (§7.3.9).",
    "- 亮主 or 亮牌: showing a level card during the deal to declare trump; 反主: an overcall; 自保: showing the "
    "second copy of one's own single; 无主: no-trump, declared with a pair of jokers (§7.3.4).",
    "- 反底: challenging the kitty after the bury; 上台: the 抓分方 taking over as the 庄家方 (§7.3.8, §7.3.12).",
)


def face_name(face: int) -> str:
    """A level as a player names it: 2 → "2", 10 → "10", 14 → "A"."""
    letter = RANK_LETTERS[face - FIRST_FACE]
    return "10" if letter == "T" else letter


def suit_ladder(rules: RuleSet) -> str:
    """declare_suit_order as "♠ > ♥ > ♣ > ♦"."""
    return " > ".join(SUIT_SYMBOLS[suit] for suit in rules.declare_suit_order)


def deal_and_declaring(rules: RuleSet) -> list[str]:
    singles = (f"A single of a higher suit ({suit_ladder(rules)}) overcalls a single."
               if rules.declare_single_overcalls_single else "A single never overcalls a single, whatever its suit.")
    if rules.allow_self_reinforce:
        own = ("The player whose single sets trump may show its second copy (自保): his declaration becomes a pair "
               "of that suit. Beyond that nobody may overcall his own showing (\"玩家不能反自己的主，只能自保\").")
    else:
        own = "Nobody may overcall or reinforce his own showing."
    return [
        "- 4 players in two teams of partners, sitting opposite: seats 0 and 2 against seats 1 and 3. Dealing "
        "and play go counter-clockwise (逆时针); the player after you is your 下家, the one before you your 上家.",
        *pack_lines(),
        "- The hand is played at the level of the 庄's team (see 庄 and levels): the eight cards of that rank "
        "are the level cards (级牌).",
        f"- Each player receives {rules.hand_size} cards, one at a time, the 庄 first (in a game's first hand, "
        f"seat 0); the last {rules.kitty_size} are the kitty (底牌), face down.",
        "- While the cards arrive, a player holding a level card may show it (亮主): its suit becomes trump "
        "(\"首先亮出的級牌花色為主牌\"). After each card the players are asked in turn, its recipient first and "
        "then counter-clockwise, and once more after the last card; the first who accepts shows.",
        f"- Showings, low to high: one level card < a pair of level cards of one suit ({suit_ladder(rules)} between "
        "pairs) < two 小王 < two 大王. A joker pair is no-trump (无主): only the jokers and the level cards are "
        "trumps (\"亮2個王為打無主\").",
        f"- Another player may overcall (反主) with a stronger showing. {singles} {own}",
        "- If nobody shows, the kitty is turned over in order: the suit of the first level card is trump; "
        "without one, the suit of the highest-ranked card that is not a joker, the first of them in kitty order "
        "(\"翻底，第一張出現的級牌為主，如果沒有級牌，最大的牌為主（大小王除外）\"). There is then no 反底.",
    ]


def zhuang_and_levels(rules: RuleSet) -> list[str]:
    if rules.next_declarer_on_hold == NextDeclarerOnHold.PARTNER:
        held = "his partner (对家) is the next 庄 (\"以后如果莊家方贏，莊的對家做莊，否則莊的下家做莊\")"
    else:
        held = "he is 庄 again"
    return [
        "- The 庄 (庄家, declarer) and his partner are the 庄家方; the two players on his left and right are the "
        "抓分方, the defenders (\"莊家方（莊家和其對面的玩家）和抓分方（莊家的左右方）\").",
        f"- Each team has a level, 2 to A; a game starts with both at {face_name(rules.start_level)}. A hand is "
        "played at the level of the 庄's team, whoever shows trump.",
        "- In a game's first hand the last player to show during the deal becomes 庄 (\"第一局誰最后亮主誰做莊\"); "
        "if nobody showed, a random player.",
        f"- In later hands the 庄 is known before the deal: if the 庄家方 won, {held}; if they lost, the 庄's "
        "下家, so that the other team takes over (上台).",
    ]


def bury_and_fandi(rules: RuleSet) -> list[str]:
    kitty = rules.kitty_size
    lines = [
        f"The 庄 picks up the {kitty} kitty cards ({rules.hand_size + kitty} in his hand), buries any {kitty} of "
        "them face down (扣底) and leads the first trick (\"莊家獲得8張底牌，并獲得第一個出牌的權利\").",
        "",
    ]
    if not rules.fandi_enabled:
        return [*lines, "There is no 反底 (challenging the kitty): the trump of the deal stays."]
    if rules.fandi_first_challenge == FandiFirstChallenge.OUTRANK_DECLARATION:
        beat = (f"It must outrank the showing that sets trump, on the ladder of the deal with the two joker pairs "
                f"equal: any pair beats a single; a pair needs a pair of a higher suit ({suit_ladder(rules)}) or "
                "a joker pair; after a no-trump declaration there is no 反底.")
    else:
        beat = (f"The first 反底 may be any level pair or joker pair, whatever was shown during the deal; each "
                f"later one must outrank the one before: a pair of a higher suit ({suit_ladder(rules)}) or a joker "
                "pair.")
    if rules.fandi_eligible == FandiEligible.NON_ZHUANG:
        who = "Any player but the 庄 may 反底"
    else:
        who = "Anyone but the last to bury may 反底, the 庄 too against a re-burier"
    return [
        *lines,
        "After the bury the others may challenge the kitty (反底), but only if trump was shown during the deal "
        "(\"如果沒有玩家亮主，則沒有反底階段\"):",
        "",
        "- A 反底 shows a pair of level cards of one suit or a pair of jokers (no-trump). Trump changes to it, and the "
        f"challenger takes up the buried cards and buries {kitty} of his own "
        "(\"可以將莊家扣的8張底牌拿起重新扣底\").",
        f"- {beat} After a no-trump 反底 nobody may 反底 again, not even with two 大王 "
        "(\"一對小王反無主后，一對大王就不能再反了\").",
        f"- {who}, except the one whose showing sets trump (\"玩家不能反自己的主\"). They are asked "
        "counter-clockwise from the last burier's 下家, the asking starting again after each 反底, until everyone "
        "who may has declined; so it may happen several times (\"反底可以反多次\").",
        "- The 庄 stays 庄 and leads the first trick. The cards buried last are the kitty that 抠底 counts.",
    ]


def play_at_level(rules: RuleSet) -> list[str]:
    return [
        "The 庄 leads the first trick; whoever wins a trick leads the next. The hand ends when the cards run out.",
        "",
        "- Trumps (主牌): both 大王, both 小王, the eight level cards and every card of the trump suit; with "
        "no-trump only the jokers and the level cards (\"無主就是除了王和級牌是主，其余4門都是副牌\").",
        "- Trump order, high to low: 大王 > 小王 > 主级牌 (the level card of the trump suit) > 副级牌 (the level "
        "cards of the other suits, equal to each other) > trump A > K > … > 3 > 2, the level rank left out "
        "(\"大王 , 小王 , 主級牌, 副級牌,A,K…….3,2\"). With no-trump the eight level cards are equal, just below "
        "the 小王.",
        "- Each other suit (副牌), high to low: A K Q … 3 2, without the level rank.",
        "- All trumps are one suit, whatever is printed on them: at level 7 with ♥ trump, the ♠7 is a trump, not "
        "a spade.",
        "- Between equal cards (two 副级牌, or the two copies of a card) the one played first wins.",
        "",
        "Shapes:",
        "",
        "- A single; a pair (对子): the two copies of one card, two 大王 or two 小王.",
        "- A tractor (拖拉机): two or more pairs of one suit in consecutive ranks, the gap of the level rank "
        "closed: at level 7, 6688 is a tractor (\"級牌空留的位置的前后也可以構成拖拉機\"). The ranks run from 2 to A, "
        "with no wrap-around. Level cards and jokers are on no chain (\"級牌以上的不算在拖拉機\"): 主级牌 with "
        "副级牌 (\"主級牌和副級牌不能構成拖拉機\"), 小王 with 主级牌, and 大王大王小王小王 are pairs, not tractors.",
        "- The leader plays a single, a pair, a tractor or a throw (甩牌, below).",
        "",
        *following_lines("如果首家出牌中包含對，則其它方如果有同花色的對，必須出對"),
        "",
        *winning_lines(),
        "- The 抓分方 count the card points of the tricks they win; the 庄家方 do not count theirs.",
        "",
        "Throws:",
        "",
        *throw_lines("同門花色的大牌可以聯出", "其必須出欲聯出的牌中的最小牌"),
        f"- {_throw_cost(rules)}",
    ]


def _throw_cost(rules: RuleSet) -> str:
    amount, limit = rules.failed_throw_penalty_amount, rules.max_failed_throws_per_player
    cost = (f"Each failed throw costs {amount} points, moved on the 抓分方's total T: taken off it for a failure "
            "of the 抓分方, added to it for one of the 庄家方")
    cost += _seed(amount == SEED_THROW_PENALTY, "甩牌出錯一次扣10分")
    if limit is None:
        return cost + " There is no limit on failed throws."
    return cost + f" After {limit} failures in a hand a player may not throw again that hand" + _seed(
        limit == SEED_THROW_LIMIT, "每人每盤最多只能甩錯2次，達到2次后不能再甩牌了")


def _seed(plays_it: bool, words: str) -> str:
    """The end of a sentence: the seed's words, quoted if the preset plays the figure they give."""
    return f" (\"{words}\")." if plays_it else "."


def kitty_capture(rules: RuleSet) -> list[str]:
    if rules.kitty_multiplier_basis == KittyMultiplierBasis.WINNER_PLAY:
        basis = ("the winning play's own cards, split into singles, pairs and tractors in their effective suit, "
                 "whatever the lead (\"根據最大一方牌情\", \"若牌中含有\")")
    else:
        basis = "the lead's units: the units of the winning play matched to the lead's"
    several = ("the longest counts" if rules.kitty_multiplier_multi_tractor == KittyMultiplierMultiTractor.LONGEST
               else "their cards add up")
    per_card = rules.kitty_multiplier_tractor
    return [
        "When the 抓分方 win the last trick (抠底, 'digging out the kitty'), the card points of the final kitty, "
        "times a multiplier, are added to their total (\"底牌的分牌至少要加倍加到抓分方的得分中\"). The multiplier "
        f"comes from {basis}:",
        "",
        f"- with a tractor: {per_card} × its cards, and nothing else counts (4433 gives "
        f"×{per_card * TRACTOR_4433_CARDS}); with several tractors, {several};",
        f"- else with a pair: ×{rules.kitty_multiplier_pair};",
        f"- else: ×{rules.kitty_multiplier_single}.",
        "",
        "A kitty with no points adds nothing (\"底中沒分數，什么都不加\"). If the 庄家方 win the last trick, the "
        "kitty counts for nobody.",
    ]


def level_table(rules: RuleSet) -> list[str]:
    threshold, step, score = rules.threshold, rules.level_step, rules.score_per_level
    floor = rules.defender_points_floor
    floored = "with no floor" if floor is None else f"never below {floor}"
    lines = [
        "- T = the 抓分方's card points + the 抠底 bonus, with the failed-throw points moved against the side "
        f"that failed; {floored}.",
        f"- The 庄家方 win the hand if T < {threshold}, the 抓分方 from {threshold}. The winners climb:",
        f"  - T = 0: the 庄家方, {_levels(rules.zero_points_levels)};",
    ]
    holds, levels, high = [], 1, threshold  # the 庄家方's rows, from T just below the threshold down
    while high - step > 0:
        holds.append(f"  - {high - step} ≤ T < {high}: the 庄家方, {_levels(levels)};")
        levels, high = levels + 1, high - step
    lines += [f"  - 0 < T < {high}: the 庄家方, {_levels(levels)};", *reversed(holds)]
    for climbed in range(3):
        low = threshold + climbed * step
        taken = "take over (上台)" if climbed == 0 else f"take over and climb {_levels(climbed)}"
        lines.append(f"  - {low} ≤ T < {low + step}: the 抓分方 {taken};")
    lines += [
        f"  - each further {step}: 1 level more" + _seed(step == SEED_LEVEL_STEP, "以后每增加40分，級別上升一級"),
        "- The seed's table is damaged: only the T = 0 row and the 40-point step survive; the other rows are the "
        "standard 80分 table (RULES A20).",
        f"- 积分: each player of the team that climbs gains {score} per level, each opponent loses as much (T = 0: "
        f"{signed(score * rules.zero_points_levels)} and {signed(-score * rules.zero_points_levels)} each); a "
        f"take-over with no level climbed moves none. {number(score)} per level is a conjecture that fits the "
        "seed's two surviving figures (RULES A21).",
    ]
    return lines


def _levels(count: int) -> str:
    return "1 level" if count == 1 else f"{count} levels"


def game_end(rules: RuleSet) -> list[str]:
    if rules.game_end == GameEnd.REACH_A:
        end = ("The first team whose level reaches A wins the game (\"看誰先到A，就贏了\"): a rise past A stops at A, "
               "so no hand is played at level A.")
    else:
        end = ("Level A is played and levels never pass it; the game ends when the 庄家方 win a hand played at A "
               "(\"看誰先到A，就贏了\", read as winning at A).")
    return [
        end,
        "",
        "A game that ends before a simulated table's last hand is followed by a new game: both teams at "
        f"{face_name(rules.start_level)}, and a first hand in which the last to show trump becomes 庄 (a "
        "simulation convention, RULES A27).",
    ]


# (title, RULES.md sections, the section's lines for a RuleSet), in the order of a hand.
TRACTOR_80FEN_SECTIONS: tuple[Section, ...] = (
    ("Deal and declaring", "§1.1, §7.3.3–§7.3.5, A25, A28, A47", deal_and_declaring),
    ("庄 and levels", "§7.3.1, §7.3.2, §7.3.6, A26, A45", zhuang_and_levels),
    ("Bury and 反底", "§7.3.7, §7.3.8, A24", bury_and_fandi),
    ("Play at the level rank", "§1.2–§1.7, §2, §3, §4, §7.3.9, §7.3.10, A22", play_at_level),
    ("抠底", "§7.3.11, A23", kitty_capture),
    ("Level table and 积分", "§7.3.12, A20, A21, A42", level_table),
    ("Game end", "§7.3.2, A27", game_end),
)

TRACTOR_80FEN_TEXT = GameText(TRACTOR_80FEN_SECTIONS, TRACTOR_80FEN_WORDED, TRACTOR_80FEN_WORDS)
