"""The game of a 5-player 找朋友 preset as a player reads it (RULES.md §7.4): the sections `baofen-sim rules explain
PRESET` prints for it, written from the preset's RuleSet as Baofen's and 80分's are, with the same `worded` safety.
"""

from __future__ import annotations

from baofen_sim.games.zhaopengyou.options import ZpyConcedeCondition, ZpyFlipCall, ZpyFlipCard, ZpyKittyRule, ZpyTieAt80
from baofen_sim.rules.ruleset import RuleSet
from baofen_sim.rules.shared_texts import TRICK_WORDED, GameText, Section, following_lines, pack_lines, winning_lines

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
SEED_THRESHOLD = 80  # S002 "抓分超过80"

# Options the 找朋友 sections state in fixed words, with the value those words describe.
ZHAOPENGYOU_5P_WORDED: dict[str, object] = {
    **TRICK_WORDED,
    "num_players": 5,
    "constant_trump_ranks": (7, 2),
    "trump_selection": "deal_call_7",
    "allow_no_trump": False,
    "joker_tractor_mode": "none",
    "zpy_trump_lowering": True,
    "zpy_trump_gap_tractor": True,
    "zpy_plain_gap_tractor": True,
    "allow_throws": False,
    "eight_kind_mode": "off",
    "zpy_first_deal_seat": "random",
    "zpy_call_poll_order": "recipient_first",
    "zpy_overcall_poll_order": "caller_next_first_caller_last",
    "zpy_friend_only_without_overcall": True,
    "zpy_friend_points_cleared_on_reveal": True,
    "zpy_concede_outcome": "declarer_loss",
}

# The words a 找朋友 player meets besides Baofen's and 80分's (RULES.md §7.4).
ZHAOPENGYOU_5P_WORDS: tuple[str, ...] = (
    "- 找朋友 ('find a friend'): the 5-player game; the declarer's partner is secret until he plays the friend "
    "card (§7.4).",
    "- 叫主: calling trump by showing a 7 during the deal; 翻牌: the dealt card turned face up; 反主: an overcall "
    "with a pair of 7s; 认输: conceding before the first lead (§7.4.4–§7.4.9).",
    "- 朋友 or 帮工: the friend, the holder of the other copy of the calling card (§7.4.8).",
    "- 常主7 / 常主2: the 7s and the 2s, trumps whatever the trump suit; 主7 / 副7: the 7 of the trump suit / of "
    "the other suits; 下放: the trump 7 and 2 lowered to their face ranks in tractors (§1.2.1, §1.5.2).",
)


def _suit(letter: str) -> str:
    return SUIT_SYMBOLS[str(letter)]


def deal_and_calling(rules: RuleSet) -> list[str]:
    flip = {ZpyFlipCard.RANDOM_DEALT: "a random one of the dealt cards", ZpyFlipCard.FIRST_DEALT: "the first card "
            "dealt", ZpyFlipCard.LAST_DEALT: "the last card dealt"}[rules.zpy_flip_card]
    call = {
        ZpyFlipCall.FLIP_OR_TRUMP_7: "with the turned-up card itself, or with a 7 of the trump suit if he holds one",
        ZpyFlipCall.ANY_7: "with the turned-up card itself, or with any 7 he holds (trump is then that 7's suit)",
        ZpyFlipCall.FLIP_ONLY: "with the turned-up card itself",
    }[rules.zpy_flip_call]
    return [
        "- 5 players, each on his own until the friend is known (see Friend). Dealing and play go counter-clockwise "
        "(逆时针); the player after you is your 下家, the one before you your 上家.",
        *pack_lines(),
        f"- Each player receives {rules.hand_size} cards, one at a time (\"发牌过程为单张增加\"); the last "
        f"{rules.kitty_size} are the kitty (底牌), face down. The first card of a table's first hand goes to a random "
        "player; later, to the last declarer if his side won, else to his 下家 "
        "(\"之后每局上把庄家赢则先给庄家发牌，如果失败则庄家的下一家先发牌\").",
        f"- One dealt card, {flip}, is turned face up (翻牌) for everyone to see; whoever receives it is the flip "
        "holder.",
        "- While the cards arrive, a player holding a 7 may call trump (叫主) by showing one 7: its suit becomes "
        "trump and he is the declarer (庄家). The first call wins and nobody may call after it "
        "(\"先叫的人优先获得权利，一旦有人叫主，其他人不能再叫主\"). After each card the players are asked in turn, "
        "its recipient first, and once more after the last card.",
        "- If nobody calls, the flip holder must call and is the declarer (\"摸到此张牌的玩家必须叫主\"). Trump is "
        f"the turned-up card's suit; a 大王 makes it {_suit(rules.zpy_joker_flip_suit_bj)} and a 小王 "
        f"{_suit(rules.zpy_joker_flip_suit_lj)} (\"大王主花色为红桃，小王主花色为黑桃\"). He calls {call}.",
    ]


def bury_overcall_concede(rules: RuleSet) -> list[str]:
    kitty = rules.kitty_size
    limit = rules.zpy_overcall_max
    if limit == 0:
        overcall = ["- There are no overcalls (反主)."]
    else:
        more = ("Only one overcall is allowed (\"一旦有一个反主，其他玩家不能再反主\")." if limit == 1 else
                f"Up to {limit} overcalls are allowed, each with a pair of 7s of a suit not yet trump in this hand.")
        overcall = [
            "- Then any player, the caller too (\"玩家【包括庄家】可用对7反主\"), may overcall (反主) with a pair of "
            "7s of one suit, as long as the trump was set by one card (a call with one 7 or the flip holder's call). "
            f"Trump becomes that suit, the overcaller becomes declarer, takes up the buried cards and buries {kitty} "
            f"of his own. {more} The players are asked counter-clockwise from the caller's 下家, the caller last.",
        ]
    lines = [
        f"- The caller picks up the {kitty} kitty cards ({rules.hand_size + kitty} in his hand) and buries any "
        f"{kitty} of them face down.",
        *overcall,
    ]
    if not rules.zpy_allow_concede:
        return [*lines, "- The declarer may not concede: every hand is played out."]
    when = {
        ZpyConcedeCondition.HELD_BOTH: "both trump 7s were his, among his dealt cards and the kitty (a buried one "
                                       "still counts)",
        ZpyConcedeCondition.HELD_BOTH_IN_DEAL: "both trump 7s were among the cards dealt to him",
        ZpyConcedeCondition.HOLDS_BOTH_AFTER_BURY: "he holds both trump 7s after the bury",
    }[rules.zpy_concede_condition]
    return [
        *lines,
        f"- A declarer who called with one 7, when {when}, has no friend; if nobody overcalled he may concede "
        "(认输) before the first lead (\"如果扣底后无人反主，在出前钱庄家可选择是否认输\", 出前钱 being a slip for "
        "出牌前). The hand is then a loss of his side and nothing more is scored. An overcaller may never concede.",
    ]


def friend(rules: RuleSet) -> list[str]:
    return [
        "- The friend card is the other copy of the calling card: the other trump 7 after a call with a 7, the "
        "other copy of the turned-up card after a call with it (\"有另一张相同花色翻牌的玩家与庄家为朋友\").",
        "- Its holder is the declarer's friend, but nobody knows who he is until he plays that card "
        "(\"打出这个同样花色的7后则与叫主玩家为一伙\"). The other three are the defenders (抓分方).",
        "- There is no friend, and the declarer plays 1 against 4, when the friend card is in his own hand or in "
        "the kitty after the bury, or when someone overcalled (\"如无人反主\").",
    ]


def play(rules: RuleSet) -> list[str]:
    return [
        "The declarer leads the first trick (\"首轮叫主或者反主的庄家先出\"); whoever wins a trick leads the next. "
        f"The hand ends when the cards run out, after {rules.hand_size} tricks.",
        "",
        "- Trumps (主牌): both 大王, both 小王, the eight 7s, the eight 2s and every card of the trump suit, 42 "
        "cards (\"主牌由大王和小王、常主7、常主2、主花色牌构成\").",
        "- Trump order, high to low: 大王 > 小王 > 主7 (the trump-suit 7) > 副7 (the other 7s, equal to each other) "
        "> 主2 > the other 2s (equal) > trump A > K > Q > J > 10 > 9 > 8 > 6 > 5 > 4 > 3 "
        "(\"大王 > 小王 > 主7>副7>主2> 其它花色2 > 主花色牌> 副牌\").",
        "- Each other suit (副牌), high to low: A K Q J 10 9 8 6 5 4 3, without the 7 and the 2 "
        "(\"【需要去掉7和2】\").",
        "- All trumps are one suit, whatever is printed on them: with ♣ trump, the ♥7 is a trump, not a heart.",
        "- Between equal cards (two 副7, two 副2, or the two copies of a card) the one played first wins.",
        "",
        "Shapes:",
        "",
        "- A single; a pair (对子): the two copies of one card, two 大王 or two 小王. Two 副7 of different suits are "
        "not a pair.",
        "- A tractor (拖拉机): two or more pairs of one suit in consecutive ranks, no wrap-around. In the trump suit "
        "the 主7 and 主2 are lowered (下放) to their face ranks: ♣ trump, ♣667788 and ♣2233 are tractors "
        "(\"主牌中主7和主2可以下放和主牌中的数字临近牌成为拖拉机\"), and ♣6688 without the 7s is one too. A trump "
        "tractor is worth its top face rank: ♣991010 beats ♣7788 (\"2、7下放之后的大小只看点数\"), and ♣6688 ties "
        "♣7788.",
        "- In the other suits 6688 is a tractor across the missing 7 (as 80分 at level 7); the 副7 and 副2 and the "
        "jokers are on no chain: with ♣ trump, ♥7788 is not a tractor but ♥991010 is "
        "(\"红桃的7788就不能构成拖拉机，但是991010可以\").",
        "- The leader plays a single, a pair or a tractor of one suit; there are no throws (甩牌).",
        "",
        *following_lines("例如对红桃3，就要用红桃的对来压，没有红桃的对可用两张红桃垫牌"),
        "",
        *winning_lines(),
    ]


def points_and_result(rules: RuleSet) -> list[str]:
    threshold = rules.zpy_threshold
    kitty = {
        ZpyKittyRule.S003_MULTIPLIERS: "times 80分's multiplier (2 × the cards of a tractor in the winning play, "
                                       "else 4 with a pair, else 2)",
        ZpyKittyRule.FLAT_DOUBLE: "doubled",
        ZpyKittyRule.NONE: None,
    }[rules.zpy_kitty_rule]
    tie = "the defenders win" if rules.zpy_tie_at_80 == ZpyTieAt80.DEFENDERS_WIN else "the declarer's side wins"
    seed = " (\"抓分方所有玩家累计抓分超过80，则抓分方赢；低于80分则庄家赢\")" if threshold == SEED_THRESHOLD else ""
    lines = [
        "- The card points of a trick won by a defender count for the defenders; those of a trick won by the "
        "declarer count for nobody (\"如果是庄家，则不用加分，如果是闲家，分数直接加给闲家\").",
        "- The friend's tricks count for the defenders until he plays the friend card; then the points he won so "
        "far are taken off, and his tricks from that one on count for nobody "
        "(\"在没有出主7之前，分数都会加给该玩家，一旦亮出该分数清零\").",
    ]
    if kitty is None:
        lines.append("- The kitty counts for nobody.")
    else:
        lines.append(f"- When a defender wins the last trick, the card points of the final kitty, {kitty}, are "
                     "added to the defenders' total; otherwise the kitty counts for nobody.")
    return [
        *lines,
        f"- The defenders win with more than {threshold} points and the declarer's side with fewer{seed}; at "
        f"exactly {threshold}, {tie}.",
        "- The seed gives no levels and no stakes: a hand reports the defenders' total, who won, the friend, a "
        "concession and who receives the next first card.",
    ]


# (title, RULES.md sections, the section's lines for a RuleSet), in the order of a hand.
ZHAOPENGYOU_5P_SECTIONS: tuple[Section, ...] = (
    ("Deal and calling", "§1.1, §7.4.1–§7.4.5, A28, A31, A50", deal_and_calling),
    ("Bury, overcall and concession", "§7.4.6, §7.4.7, §7.4.9, A32, A35, A53", bury_overcall_concede),
    ("Friend", "§7.4.8, A32, A44", friend),
    ("Play", "§1.2–§1.7, §2, §3, §7.4.13, A33, A34, A51", play),
    ("Points and result", "§7.4.10–§7.4.12, A29, A30, A36, A52", points_and_result),
)

ZHAOPENGYOU_5P_TEXT = GameText(ZHAOPENGYOU_5P_SECTIONS, ZHAOPENGYOU_5P_WORDED, ZHAOPENGYOU_5P_WORDS)
