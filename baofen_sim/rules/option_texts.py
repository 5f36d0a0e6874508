"""What every house-rule option means, in plain words: the data `baofen-sim rules explain` prints.

One `OptionText` per RuleSet option (tests/test_rules_explain.py fails for an option without one): a
one-line summary (also the comment `rules show` writes after the option), what it does, what each value
means (enum and true/false options), the RULES.md sections to check it against, and the seed rule it
comes from, quoted in the Chinese original and cited by the seed's short name and file name. No seed quote means the
seeds are silent and the value is a design choice of RULES.md (its [DESIGN] tag).
"""

from __future__ import annotations

from dataclasses import dataclass, field

# The seed documents by their short names (RULES.md §0.1): short name → (file name, what it is).
S000, S001, S002, S003 = "S000", "S001", "S002", "S003"
SEEDS: dict[str, tuple[str, str]] = {
    S000: ("000_842f2417af5cabab.txt", "包分, online-lobby rules in simplified Chinese"),
    S001: ("001_cf462414cd91b797.txt", "包分, an encyclopedia text in traditional Chinese"),
    S002: ("002_e6376643a5eaba19.txt", "5-player 找朋友 (find a friend)"),
    S003: ("003_8f4dd93d81e9ab25.txt", "4-player 80分 / 拖拉机"),
}


@dataclass(frozen=True, slots=True)
class OptionText:
    """How `rules explain` describes one option."""

    summary: str  # one line, no RULES citation (`rules` gives it)
    meaning: str  # what the option does, for a player; may name other options in backticks
    rules: str  # RULES.md sections and ambiguities: "§5.4.2, A10"
    seeds: tuple[tuple[str, str], ...] = ()  # (seed short name, the rule in its words); () = design choice
    values: dict[str, str] = field(default_factory=dict)  # value text → its meaning (enums, true/false)


def yes_no(true: str, false: str) -> dict[str, str]:
    """The `values` of a true/false option."""
    return {"true": true, "false": false}


_STAKE_SEED = "庄家得分为正，则庄家得分 = 底注 × 3；闲家扣分 = 底注 × 1"
_CAP_SEED = "手上对牌没有超过4对的玩家不得叫分超过150分。如果玩家手上对牌超过4对，最高也只能叫到250分"
_SHUICAO_SEED_000 = "无人叫分的情况下，主叫扣两份水草，三家副叫各扣一份水草"
_SHUICAO_SEED_001 = "如果都不要坐莊，主叫暫扣40分，其他三家暫扣20分，合計100分"
_NOT_BAOFEN = "Baofen never reads it (its only constant trump rank is 2), so it changes nothing here."
_KITTY_TABLE = "In a TOML file it may also be written `{}` in a `[kitty_multiplier]` table."
_LEVEL_TABLE_SEED = "如果得分T=0，那么莊家方連升三級"

OPTION_TEXTS: dict[str, OptionText] = {
    # ---- §9.1 Table layout and card ranking ----
    "num_players": OptionText(
        "players at the table",
        "How many players sit at the table. Baofen is one declarer (庄家) against three defenders (闲家).",
        "§1.1.4, §5.1",
        ((S000, "一家坐庄，三家为闲家"),),
    ),
    "hand_size": OptionText(
        "cards dealt to each player",
        "Cards dealt to each player. Players × `hand_size` + `kitty_size` must be the 108 cards of the pack.",
        "§1.1.4, §5.3",
        ((S000, "每个玩家发得25张牌，另留8张底牌"),),
    ),
    "kitty_size": OptionText(
        "cards left face down as the kitty (底牌)",
        "Cards left face down after the deal: the kitty (底牌), which the declarer picks up and replaces by "
        "as many cards of his own.",
        "§1.1.4, §5.3, §5.5",
        ((S000, "每个玩家发得25张牌，另留8张底牌"),),
    ),
    "direction": OptionText(
        "direction of dealing, bidding and play",
        "The order in which cards are dealt, bids are made and cards are played. Seats are numbered in that "
        "order: the player after you is your 下家 (next player), the one before you your 上家.",
        "§0.4",
        ((S000, "从主叫开始按逆时针顺序发牌"),),
        {"ccw": "counter-clockwise (逆时针)"},
    ),
    "constant_trump_ranks": OptionText(
        "ranks that are trumps whatever the trump suit (常主)",
        "The ranks whose cards are trumps in every hand (常主, 'permanent trumps'), as face values: 2..10, "
        "J = 11, Q = 12, K = 13, A = 14. In Baofen these are the eight 2s: the 2 of the trump suit is the "
        "主2, the 2s of the other three suits are 副2, equal to each other and just below the 主2. 80分 lists "
        "none: there the level cards (级牌) of the rank being played are the trumps of every hand.",
        "§1.2.1, §1.3.1",
        ((S000, "大王、小王、2为常主（主牌花色的2为主2，其余三种花色2为副2）"),),
    ),
    "trump_selection": OptionText(
        "when and how the trump suit is chosen",
        "When the trump suit is fixed and by whom. It also decides the game the rules play, and so the "
        "options they read: Baofen (after_kitty) the §9.1 to §9.3 options, 80分 (deal_declaration) those of "
        "§9.1, §9.2 and §9.4, 5-player 找朋友 (deal_call_7) those of §9.1, §9.2 and §9.5.",
        "§5.6, §7.3.4, §7.4.4",
        ((S000, "扣牌完毕后，庄家将选择黑桃、红桃、草花和方片的其中一种花色作为主花色"),),
        {
            "after_kitty": "the declarer names the trump suit after burying (叫主, Baofen)",
            "deal_declaration": "shown with level cards during the deal (80分, RULES §7.3.4)",
            "deal_call_7": "called with a 7 during the deal (5-player 找朋友, RULES §7.4.4)",
        },
    ),
    "allow_no_trump": OptionText(
        "whether a hand can be played with no trump suit (无主)",
        "Whether a hand may be played with no trump suit, only jokers and constant trumps (无主). In Baofen "
        "the declarer always names one of the four suits.",
        "§5.6, §1.3.2",
        ((S000, "庄家将选择黑桃、红桃、草花和方片的其中一种花色作为主花色"),),
        yes_no("a no-trump hand is possible (80分's joker-pair declaration)",
               "there is always a trump suit"),
    ),
    "joker_tractor_mode": OptionText(
        "power of BJ BJ LJ LJ (大小王连对) as a tractor",
        "Both big jokers (大王, BJ) and both small jokers (小王, LJ) together are the one joker tractor, "
        "大小王连对. Played as singles or pairs the jokers always keep their top power (\"单出还是最大\"); "
        "this option sets what the four are worth as a tractor of two pairs.",
        "§1.6, A1, A22",
        ((S000, "大小王连对在庄家为最大连对。在闲家为最小连对，单出还是最大。"),
         (S001, "如果你手上有大小王拖拉機，你沒出，被別人拖拉機吊出來，那就算最小的拖拉機。"
                "如果是你自己出的，那就算最大的拖拉機。")),
        {
            "r000": "by the holder's role (S000): played by the declarer, in any way, it is the highest "
                    "tractor of two pairs; played by a defender it is the lowest trump tractor (it can still "
                    "ruff a plain-suit tractor, but any other trump tractor beats it)",
            "r001": "by how it is played (S001): led by its holder, alone or in a throw, it is the highest; "
                    "played to follow another player's trump-tractor lead it is the lowest; used to ruff, "
                    "see `joker_tractor_ruff_001`",
            "top": "always the highest trump tractor of two pairs",
            "none": "not a tractor: two joker pairs (80分's reading, RULES A22)",
        },
    ),
    "joker_tractor_ruff_001": OptionText(
        "under r001, the joker tractor's power when it ruffs",
        "Read only with `joker_tractor_mode` = r001. S001 says what the joker tractor is worth when its holder "
        "leads it and when it is drawn out by another player's tractor, not when it ruffs a plain-suit "
        "tractor lead.",
        "§1.6.2, A1, C31",
        ((S001, "如果是你自己出的，那就算最大的拖拉機"),),
        {"largest": "the highest: ruffing is the player's own choice (\"你自己出的\")",
         "smallest": "the lowest: it answers someone else's tractor"},
    ),
    "special_tier_tractors": OptionText(
        "whether pairs of neighbouring trump tiers (小王, 主2, 副2, trump A) form tractors",
        "Whether pairs that are next to each other in power but not in rank form tractors: a 小王 pair with "
        "a 主2 pair, a 主2 pair with a 副2 pair, a 副2 pair with a trump-ace pair. The seeds list exactly "
        "these as non-tractors: the 2s are on no tractor chain.",
        "§1.5.2, C2",
        ((S000, "以下各例均不是连对：554,544,5533,一对主2带一对副2,一对副2带一对主牌A,一对小王带一对主2"),),
        yes_no("they are tractors (no seed reads it so)", "they are two separate pairs"),
    ),
    "level_gap_tractor": OptionText(
        "80分: pairs on either side of the level rank form a tractor",
        "In 80分 the rank being played (the level) leaves every suit, and the pairs on either side of the gap "
        "are neighbours: at level 7, 6688 is a tractor. Baofen always plays at level 2, which sits below the "
        "3 at the end of the chain, so there is no gap and this option changes nothing here.",
        "§1.5.2, C3",
        ((S003, "級牌空留的位置的前后也可以構成拖拉機，比如打的級別是7，那么6688也是拖拉機"),),
        yes_no("the gap is closed", "the gap breaks the chain"),
    ),
    "zpy_trump_lowering": OptionText(
        "5-player: the trump 7 and 2 may join trump-suit tractors at their face ranks (下放)",
        "In 5-player 找朋友, where the 7s and the 2s are both constant trumps, the 7 and the 2 of the trump "
        "suit may be lowered to their face ranks to form tractors such as 667788 or 2233. " + _NOT_BAOFEN,
        "§1.5.2",
        ((S002, "主牌中主7和主2可以下放和主牌中的数字临近牌成为拖拉机，如主牌的667788、2233"),),
        yes_no("they may be lowered", "they are on no chain"),
    ),
    "zpy_trump_gap_tractor": OptionText(
        "5-player: trump-suit pairs either side of the 7 form a tractor without the 7s",
        "In 5-player 找朋友: whether trump-suit 6 6 8 8 is a tractor (value 8) when the trump 7s are not "
        "in it. " + _NOT_BAOFEN,
        "§1.5.2, A33",
        ((S002, "主牌中主7和主2可以下放"),),
        yes_no("it is a tractor", "it is two pairs"),
    ),
    "zpy_plain_gap_tractor": OptionText(
        "5-player: plain-suit pairs either side of the 7 (6688) form a tractor",
        "In 5-player 找朋友 the 7s are trumps, so they leave the plain suits: whether plain 6 6 8 8 is a "
        "tractor across the gap. " + _NOT_BAOFEN,
        "§1.5.2, A33",
        ((S002, "级牌不能与相同花色的副牌构成拖拉机"),
         (S003, "比如打的級別是7，那么6688也是拖拉機")),
        yes_no("it is a tractor", "it is two pairs"),
    ),
    "tie_rule": OptionText(
        "who wins between plays of equal power",
        "Two plays of equal power tie, for example two 副2 (the 2s of two non-trump suits) or the two copies "
        "of one card.",
        "§1.7",
        ((S000, "出牌时同等大小的牌以先出者为大"),),
        {"first_played": "the one played first in the trick wins"},
    ),
    # ---- §9.2 Following, ruffing and throws ----
    "follow_tractor_rule": OptionText(
        "which tractor a follower must play against a tractor lead",
        "When a tractor (拖拉机) is led and you hold more cards of the led suit than were led, you must play "
        "a tractor of that suit if you have one, and then pairs; a longer tractor may be cut to fit.",
        "§2.3.2, A8, C15, C18",
        ((S000, "首家出拖拉机时，其余家有拖拉机必须出拖拉机，若无拖拉机，则必须出对牌，无对牌时才能出其它牌"),),
        {"longest_up_to_led": "the longest tractors you can, up to the led length: against a 3-pair tractor "
                              "a 2-pair tractor is still compulsory",
         "same_length_only": "only a tractor of exactly the led length is compulsory; otherwise only pairs "
                             "must be played"},
    ),
    "ruff_structure_rule": OptionText(
        "what a ruff must contain when the lead has pairs or tractors",
        "A player with no card of the led plain suit may ruff (毙) with trumps. When the lead contains pairs "
        "or tractors, the trumps must have the lead's structure, or the play counts as a discard (垫牌), "
        "which never wins.",
        "§3.2, A5, C58",
        ((S000, "其拖拉机的数目不得少于首家出的牌中的拖拉机的数目，对牌的数目也不得少于首家出的牌中的对牌的数目，"
                "否则被视为垫牌"),
         (S003, "必須也要出相應數量的拖拉機和對")),
        {"shape": "the trumps split one to one into the lead's units: a tractor of the same length for each "
                  "led tractor, a pair for each led pair, any trumps for its singles",
         "count": "the literal wording: at least as many tractors and as many pairs (pairs inside tractors "
                  "counted) as the lead; a 2-pair tractor plus a pair then ruffs a 3-pair tractor"},
    ),
    "ruff_all_trump_required_for_singles": OptionText(
        "whether a ruff of a lead of several singles must be all trumps",
        "Against a lead with pairs or tractors a ruff must be all trumps (the seeds say so). For a lead of "
        "several singles (a throw of singles) the seeds only say that the ruff counts by its highest card.",
        "§3.2, A7",
        ((S000, "若首家出牌中没有拖拉机或对牌，毙牌的大小以毙牌中最大牌为准"),),
        yes_no("every card must be a trump; a play mixing trumps and plain cards is a discard",
               "a play with at least one trump ruffs, valued by its highest trump"),
    ),
    "multi_unit_compare": OptionText(
        "how two plays against a lead of several units compare",
        "When the lead has several units (a throw), two competing plays, two ruffs for example, are "
        "compared as this option says; a tie stays with the earlier play. Example, ♥ trump: against the "
        "lead ♦A♦A ♦9♦9, the ruffs ♠2♠2 ♥3♥3 and then ♣2♣2 ♥A♥A tie under primary_unit (two equal 副2 "
        "pairs), so the first wins; under lexicographic the second wins on its ♥A pair.",
        "§3.4, A6, C60",
        ((S000, "毙牌的大小以毙牌中的拖拉机和对牌大小为准"),),
        {"primary_unit": "by one unit: the highest matched to the lead's longest tractor, else the highest "
                         "pair, else the highest card",
         "lexicographic": "the longest tractors first, then the next tractors, then pairs, then singles, "
                          "each from the highest"},
    ),
    "allow_throws": OptionText(
        "whether throws (甩牌) are allowed",
        "A throw is a lead of several top units of one suit at once, for example A A K; it fails if another "
        "player can beat one of its units (see the Throws rules).",
        "§4.1",
        ((S000, "首家出牌时，同门花色的最大牌可以联出，称作“甩牌”"),),
        yes_no("a leader may throw", "every lead is one single, pair or tractor (or an eight of a kind)"),
    ),
    "failed_throw_forced_play": OptionText(
        "what a player whose throw failed must lead instead",
        "A throw fails (甩错牌) when another single player holds, in that suit, a higher card than one of its "
        "singles, a higher pair than one of its pairs or a higher tractor of the same length than one of its "
        "tractors. The cards are shown to everyone and go back to the thrower's hand.",
        "§4.4.2, A3",
        ((S001, "則其必須出欲聯出的牌中的最小牌"),
         (S000, "若并非都是大牌时，称“甩错牌”，则必须重出牌")),
        {"smallest_failing_unit": "he must lead one unit of the throw that was beaten, chosen by "
                                  "`failed_throw_unit_priority`",
         "free_relead": "he leads again, anything but another throw"},
    ),
    "failed_throw_unit_priority": OptionText(
        "which beaten unit a failed throw forces",
        "Which of the beaten units the thrower must lead. Example 9 88 44 of one suit: a J elsewhere beats "
        "only the 9 and forces the 9; a QQ elsewhere beats the 9 and both pairs.",
        "§4.4.2, A3, C24",
        ((S003, "首家試圖聯出98844時，若其余某家有此花色的J，則首家必須出9，若其余某家有此花色的QQ或55，"
                "則首家必須出44"),),
        {"lowest_card": "the beaten unit holding the throw's lowest card (the seeds' \"最小牌\"; QQ forces 44); "
                        "at equal lowest cards the one with fewer cards, then the first suit in ♠ ♥ ♣ ♦",
         "fewest_cards_first": "singles first, then pairs, then shorter tractors, each lowest first (QQ "
                               "forces 9)",
         "most_cards_first": "the longest tractors first, then pairs, then singles, each lowest first (QQ "
                             "forces 44)"},
    ),
    "failed_throw_penalty_kind": OptionText(
        "how a failed throw is penalised",
        "The penalty for a failed throw (甩错牌), of `failed_throw_penalty_amount` for each card (or failure) "
        "that `failed_throw_penalty_basis` counts.",
        "§4.5, A4",
        ((S000, "按照牌数*扣除基本分算罚分，如果庄家甩错牌，扣除所得的分数，如果闲家甩错牌，将扣除的分数加在庄家"
                "分数上。（目前设定为每张牌5分）"),
         (S001, "出牌方還需根據甩錯牌的張數乘以甩錯一張牌所扣分數，甩錯一張牌扣3個積分")),
        {"declarer_points_per_card": "S000: card points; a declarer's failure is taken off his points, a "
                                     "defender's failure is added to the declarer's points",
         "thrower_cumulative_per_card": "S001: 积分 (cumulative-score points) taken from the thrower's "
                                        "account; who receives them: `failed_throw_penalty_recipient`",
         "defender_points_per_failure": "S003 (80分): points per failure moved on the defenders' total; "
                                        "Baofen keeps no defenders' total, so there it costs nothing",
         "none": "no penalty"},
    ),
    "failed_throw_penalty_amount": OptionText(
        "size of the failed-throw penalty per counted card or failure",
        "The penalty per card (or per failure) in the unit of `failed_throw_penalty_kind`: card points, or "
        "积分. The seeds give 5 card points per card (S000), 3 积分 per card (S001) and 10 points per "
        "failure (80分, S003).",
        "§4.5",
        ((S000, "目前设定为每张牌5分"), (S001, "甩錯一張牌扣3個積分")),
    ),
    "failed_throw_penalty_basis": OptionText(
        "what a failed throw is charged for",
        "Which cards of a failed throw the penalty counts. Example: 9 88 44 fails on the 44 alone.",
        "§4.5, A4",
        ((S000, "按照牌数*扣除基本分算罚分"), (S001, "根據甩錯牌的張數乘以甩錯一張牌所扣分數")),
        {"all_attempted_cards": "every card of the attempted throw (5 in the example)",
         "failing_unit_cards": "the cards of every unit that was beaten, not only the forced one (2 in the "
                               "example)",
         "per_failure": "once per failure, whatever its size"},
    ),
    "failed_throw_penalty_recipient": OptionText(
        "who receives a failed-throw penalty of 积分",
        "Read with `failed_throw_penalty_kind` = thrower_cumulative_per_card: S001 takes the 积分 from the "
        "thrower but names nobody who gets them. The S000 kind always moves the points by its own rule.",
        "§4.5, A4",
        ((S001, "甩錯一張牌扣3個積分"),),
        {"s000_rule": "S000's rule for S000's kind (off the declarer's points, or onto them); with the S001 "
                      "kind nobody receives the 积分",
         "none": "nobody: the 积分 leave the table",
         "defenders_total_signed": "80分 (S003): the defenders' total moves against the side that failed; "
                                   "Baofen keeps no defenders' total, so nobody receives the 积分",
         "opponents_split": "the thrower's opponents share them: the three defenders when the declarer "
                            "failed, the declarer when a defender failed"},
    ),
    "max_failed_throws_per_player": OptionText(
        "failed throws after which a player may not throw again that hand (none = no limit)",
        "After this many failed throws in one hand a player may not lead another throw for the rest of that "
        "hand. The Baofen seeds set no limit; 80分 (S003) allows 2.",
        "§4.6, A4, C27",
        ((S003, "每人每盤最多只能甩錯2次，達到2次后不能再甩牌了"),),
    ),
    "eight_kind_mode": OptionText(
        "eight of a kind (八张一样的牌): who wins, and who must answer with one",
        "A player holding all eight cards of one rank other than 2 (a pair in each suit) may lead all eight "
        "at once. The six non-trump cards count as trumps for that play, and it is a trump lead (吊主): each "
        "follower must play 8 trumps if he has them, first the pairs of trump tractors (up to 4), then trump "
        "pairs, then single trumps; with fewer trumps, all of them and then other cards. It is never "
        "checked or penalised as a throw.",
        "§1.8, §2.7, A2, A39, A40, C32–C34",
        ((S000, "出牌时，这八张牌作为主牌一起出，比较大小时最大，跟出牌的一方必须出主牌连对、主牌对及主牌单张共8张牌"),
         (S001, "跟出牌的一方有8張必出8張，然后比較大小")),
        {"off": "no special eight-card lead: the eight are ordinary cards",
         "s000": "S000: the eight-card lead always wins the trick",
         "s001": "S001: a follower who holds an eight of a kind himself must play it, and the highest rank "
                 "wins (A high, 3 low)"},
    ),
    "eight_kind_void_must_play_pairs": OptionText(
        "against an eight-of-a-kind lead, whether a player with no trumps must play his plain pairs",
        "What a follower with no trumps at all plays to an eight-of-a-kind lead.",
        "§2.7.1, C33",
        ((S000, "其他家必须应主，没有主的必出副牌中的对"),),
        yes_no("as many plain pairs as he has, up to 4, then singles", "any 8 cards"),
    ),
    "eight_kind_fill_pairs": OptionText(
        "against an eight-of-a-kind lead, whether a player with a few trumps fills with plain pairs",
        "What a follower with 1 to 7 trumps adds to all of his trumps to make 8 cards.",
        "§2.7.1, A2, C33",
        (),
        yes_no("as many plain pairs as he can, then singles", "any cards"),
    ),
    "eight_kind_lead_only": OptionText(
        "whether an eight of a kind is only ever a lead",
        "Whether the eight cards may be played together only as a lead, or also to follow or to ruff an "
        "ordinary lead. The one exception either way is S001's answer to an eight-of-a-kind lead "
        "(`eight_kind_mode` = s001). S000's example shows only a lead.",
        "§1.8.3, A2",
        ((S000, "8张4可以一起出，算吊主"),),
        yes_no("a lead only", "also to follow or ruff (the seeds do not say how)"),
    ),
    "eight_kind_promotion_scope": OptionText(
        "where the off-suit cards of an eight of a kind count as trumps",
        "The six non-trump cards of an eight of a kind count as trumps when the eight are led together. "
        "Before that they belong to their printed suits: they must follow suit and can be led on their own.",
        "§1.8.3, A2",
        ((S000, "那么其他的红桃、梅花、方块4都算是主牌"),),
        {"play_only": "only in the eight-card play", "whole_hand": "for the whole hand (the seeds do not say how)"},
    ),
    # ---- §9.3 Baofen auction, all-pass and scoring ----
    "first_zhujiao_seat": OptionText(
        "seat of the first hand's 主叫 (first bidder)",
        "The 主叫 receives the first card and bids first; the other three are 副叫. In the first hand the "
        "主叫 is South (南), seat 0. With `table_start_rotation` each simulated table starts one seat further.",
        "§5.2",
        ((S000, "第一局牌，在游戏大厅中，座位在“南”方向（即下方）上的玩家就是主叫"),),
    ),
    "bid_open_values": OptionText(
        "the bids the 主叫 may open the auction with",
        "The targets (目标分: the card points the bidder promises to take) the 主叫 may open with; he may "
        "also pass.",
        "§5.4.2, C35",
        ((S000, "主叫根据手中牌的好坏，可叫目标分为85分、90分、95分也可弃权"),),
    ),
    "bid_open_values_after_pass": OptionText(
        "the bids a 副叫 may open with after the 主叫 passed",
        "The seeds give opening values only for the 主叫. When he passes, the other players may still bid; "
        "the first of them to bid opens with one of these values.",
        "§5.4.2, A9",
        ((S001, "若主叫棄權后，其余三家都棄權"),),
    ),
    "bid_raise_steps": OptionText(
        "how much a bid may raise the highest bid",
        "Every bid after the first raises the current highest bid by exactly one of these steps. A player "
        "who passed may not bid again.",
        "§5.4.2, C35",
        ((S000, "可供选择的提高分值分别为5分、10分、15分、20分"),),
    ),
    "bid_cap_default": OptionText(
        "highest bid of a player with fewer than bid_cap_pairs_min pairs",
        "A player whose dealt cards hold fewer than `bid_cap_pairs_min` pairs may not bid above this.",
        "§5.4.2, C36",
        ((S000, _CAP_SEED),),
    ),
    "bid_cap_pairs_min": OptionText(
        "pairs a player needs for the higher bid cap, bid_cap_max",
        "A player holding at least this many pairs among his dealt cards may bid up to `bid_cap_max`; with "
        "fewer, only up to `bid_cap_default`. S000's \"more than 4 pairs\" is 5 or more. A pair is two "
        "identical cards: the same suit and rank, or two big or two small jokers (`bid_pairs_include_jokers`). "
        "Trump is not chosen yet, so 2s of different suits are not a pair.",
        "§5.4.2, A10, C36",
        ((S000, "如果玩家手上对牌超过4对，最高也只能叫到250分"),),
    ),
    "bid_cap_max": OptionText(
        "highest bid of a player with bid_cap_pairs_min pairs or more; a bid of this size ends the bidding",
        "The highest bid anyone may make: a player holding `bid_cap_pairs_min` pairs or more may bid up to "
        "it. Nobody can raise a bid of this size.",
        "§5.4.2, C36",
        ((S000, _CAP_SEED),),
    ),
    "bid_pairs_include_jokers": OptionText(
        "whether joker pairs count as pairs for the bid cap",
        "The seeds do not say which pairs count for the bid cap.",
        "§5.4.2, A10",
        (),
        yes_no("two 大王 or two 小王 count as a pair", "only pairs of suit cards count"),
    ),
    "kitty_points_owner": OptionText(
        "who scores the point cards the declarer buried",
        "The Baofen seeds give the kitty's points to nobody, and Baofen has no 抠底 (80分's kitty capture, "
        "where the defenders winning the last trick score the kitty). 全击 and 半击 imply that points buried "
        "are lost to the declarer.",
        "§6.2, A15, C46",
        ((S000, "若庄家扣底牌时有分牌，则庄家本局得分250分，称为“半击”"),),
        {"none": "nobody: buried points are lost",
         "declarer": "the declarer adds them to his points",
         "declarer_if_last_trick": "the declarer adds them if he wins the last trick"},
    ),
    "wangfen_scope": OptionText(
        "whether buried 王分 count when the 王分 bonus or penalty is judged",
        "王分 are the point cards of the trump suit: its two 5s, two 10s and two Ks, 50 points. If the "
        "declarer takes all of them he gains `wangfen_full_bonus` (王分全抓); if he takes none he loses "
        "`wangfen_zero_penalty` (倒扣王分). The declarer names trump after burying, so he can avoid both.",
        "§6.3, A14, C47",
        ((S000, "庄家若得到全部王分，称为“王分全抓”…若庄家王分一张未得，则得分在总得分上-100分，称为“倒扣王分”"),),
        {"all_50": "all 50 count: a buried 王分 makes 全抓 impossible, and 倒扣 applies even if all six were "
                   "buried",
         "played_only": "only the 王分 not in the kitty count; if all six were buried, neither applies"},
    ),
    "wangfen_full_bonus": OptionText(
        "points added when the declarer takes every 王分 (王分全抓)",
        "Added to the declarer's score when he takes every 王分 (the trump suit's 5s, 10s and Ks): the 50 "
        "points count twice.",
        "§6.3",
        ((S000, "所得王分翻倍（即庄家得分在总得分上+50分）"),),
    ),
    "wangfen_zero_penalty": OptionText(
        "points subtracted when the declarer takes no 王分 (倒扣王分)",
        "Subtracted from the declarer's score when he takes none of the 王分.",
        "§6.3, C40",
        ((S000, "若庄家王分一张未得，则得分在总得分上-100分，称为“倒扣王分”"),),
    ),
    "special_scores_fixed": OptionText(
        "whether the 全击, 半击 and 金太阳 scores replace score − target",
        "A normal hand's result is the declarer's score minus his target. 全击 and 半击 are wins and 金太阳 "
        "a loss either way.",
        "§6.5, A12, C43",
        ((S001, "莊家得分不等于250分、500分、-500分時，本局得分=莊家得分-目標分"),),
        yes_no("the result is the special score itself", "the result is the special score minus the target"),
    ),
    "quanji_score": OptionText(
        "result of a 全击 (every point taken, none buried)",
        "全击 ('full strike'): the declarer won every point card played, all 200, and buried no point card. "
        "The hand is a win with this result.",
        "§6.4, C42",
        ((S000, "庄家得到本局所出的全部分牌，若庄家扣底牌时无分牌，则庄家本局得分500分，称为“全击”"),),
    ),
    "banji_score": OptionText(
        "result of a 半击 (every point played taken, some buried)",
        "半击 ('half strike'): the declarer won every point card that was played but buried some. The hand is "
        "a win with this result, whatever the target.",
        "§6.4, C43",
        ((S000, "若庄家扣底牌时有分牌，则庄家本局得分250分，称为“半击”"),),
    ),
    "jintaiyang_declarer_score": OptionText(
        "the declarer's result in a 金太阳 (he took no point at all)",
        "金太阳 ('golden sun'): the declarer won no point card. The hand is a loss with this result. Under "
        "`settlement_mode` = stakes_000 the payoff comes from the stake table and this score is only "
        "recorded; under cumulative_001 it is what the cumulative rule passes on.",
        "§6.5, A13, C44",
        ((S000, "金太阳：若庄家一分未得，则庄家-1500分，其他人各+500分"),
         (S001, "莊家一分未得，則莊家配本局得分為-500分")),
    ),
    "jintaiyang_defender_score": OptionText(
        "each defender's recorded score in a 金太阳",
        "Each defender's entry in the information-only score record of a 金太阳. Payoffs do not read it: "
        "they come from the stake table (stakes_000) or from minus the declarer's result (cumulative_001).",
        "§6.5, A13, C44",
        ((S000, "金太阳：若庄家一分未得，则庄家-1500分，其他人各+500分"),),
    ),
    "categories_use_card_points_only": OptionText(
        "whether 全击, 半击 and 金太阳 are judged on card points alone",
        "Failed-throw points (S000's penalty) change the declarer's score; this says whether they also count "
        "when 全击, 半击 and 金太阳 are judged.",
        "§6.4, A16",
        (),
        yes_no("only the card points the declarer won count", "the failed-throw points count as well"),
    ),
    "zero_result_is_win": OptionText(
        "whether a result of exactly 0 (the target met exactly) is a win",
        "S000 calls a positive result a win and a negative one a loss and is silent on 0, but it keeps the "
        "declarer as 主叫 when he reaches his target.",
        "§6.5, A11, C41",
        ((S000, "庄家本局得分大于、等于目标分时，下一局牌仍由庄家继续为主叫"),),
        yes_no("meeting the target exactly is a win", "only a positive result wins"),
    ),
    "settlement_mode": OptionText(
        "how a hand's outcome is paid",
        "How the result of a hand with a declarer turns into gains and losses of the four players.",
        "§6.6, §6.7, A19",
        ((S000, _STAKE_SEED), (S001, "莊家累積分=前局累積分+本局得分，閑家累積分=前局累積分-本局得分")),
        {"stakes_000": "S000 stakes (结算): the declarer wins `stake_declarer_factor` × `base_stake` × the "
                       "category's multiplier and each defender pays `base_stake` × that multiplier, or the "
                       "reverse when he loses; only the category and win or loss count, not the size of the "
                       "result",
         "cumulative_001": "S001 cumulative score (累積分): the declarer gains the result R and each defender "
                           "loses R (not zero-sum: the defenders lose 3R together)"},
    ),
    "base_stake": OptionText(
        "the base stake 底注 (stakes_000)",
        "The base stake b of S000's stake table; a 水草 share is worth `shuicao_share_value` × b. Not read "
        "under cumulative_001.",
        "§6.6",
        ((S000, _STAKE_SEED),),
    ),
    "stake_declarer_factor": OptionText(
        "stakes the declarer wins or loses for each one a defender pays (stakes_000)",
        "Under stakes_000 the declarer wins or loses this many times what each defender pays or gains; at 3 "
        "the table stays even, one against three.",
        "§6.6",
        ((S000, _STAKE_SEED),),
    ),
    "stake_multiplier_normal": OptionText(
        "stake multiplier of a normal win or loss (stakes_000)",
        "Multiplies the stakes of a hand that is neither 全击, 半击 nor 金太阳. In a TOML file it may also be "
        "written `normal` in a `[stake_multipliers]` table.",
        "§6.6",
        ((S000, "普通情况下，庄家得分为正，则庄家得分 = 底注 × 3"),),
    ),
    "stake_multiplier_quanji": OptionText(
        "stake multiplier of a 全击 (stakes_000)",
        "Multiplies the stakes of a 全击 (`quanji` in a `[stake_multipliers]` table).",
        "§6.6, C42",
        ((S000, "如庄家全击，则庄家得分 = 底注 × 3 × 4；闲家扣分 = 底注 × 4"),),
    ),
    "stake_multiplier_banji": OptionText(
        "stake multiplier of a 半击 (stakes_000)",
        "Multiplies the stakes of a 半击 (`banji` in a `[stake_multipliers]` table).",
        "§6.6, C43",
        ((S000, "如庄家半击，则庄家得分 = 底注 × 3 × 2；闲家扣分 = 底注 × 2"),),
    ),
    "stake_multiplier_jintaiyang": OptionText(
        "stake multiplier of a 金太阳 (stakes_000)",
        "Multiplies the stakes of a 金太阳 (`jintaiyang` in a `[stake_multipliers]` table).",
        "§6.6, C44",
        ((S000, "如庄家是金太阳，一分未得，则庄家扣分 = 底注 × 3 × 4；闲家得分 = 底注 × 4"),),
    ),
    "all_pass_mode": OptionText(
        "what happens when all four pass (无人叫分)",
        "When nobody bids, the hand is not played and the next 主叫 is the old 主叫's 下家. This option says "
        "who pays.",
        "§5.7, §5.7.4, A17, A18, C37, C38",
        ((S000, _SHUICAO_SEED_000), (S001, "即主叫本局直接扣分，扣分多少可設置，其余三家各自加所扣分數")),
        {"shuicao_shares_000": "S000 捞水草 ('fishing for water weed'; 水草 = stakes held back): the 主叫 and "
                               "the 副叫 pay shares (份) into a pot; while it holds anything, a losing "
                               "declarer pays in as much again as the pot, which nobody receives, and a "
                               "winning declarer takes it all; at `shuicao_split_threshold` it is shared "
                               "equally by the four",
         "shuicao_points_001": "S001 暫時扣分法: the same pot, kept in points (积分)",
         "direct_001": "S001 直接扣分法: the 主叫 loses `direct_deduction_amount` and each other player gains "
                       "it; no pot"},
    ),
    "shuicao_zhujiao_amount": OptionText(
        "what the 主叫 pays into the 水草 pot when all pass (shares or points)",
        "Paid by the 主叫 into the 水草 pot in a hand nobody bid, in shares (份) under shuicao_shares_000, in "
        "points under shuicao_points_001.",
        "§5.7.1, §5.7.3, C37, C38",
        ((S000, _SHUICAO_SEED_000), (S001, _SHUICAO_SEED_001)),
    ),
    "shuicao_fujiao_amount": OptionText(
        "what each 副叫 pays into the 水草 pot when all pass (shares or points)",
        "Paid by each of the three 副叫 into the 水草 pot in a hand nobody bid, in the pot's unit.",
        "§5.7.1, §5.7.3, C37, C38",
        ((S000, _SHUICAO_SEED_000), (S001, _SHUICAO_SEED_001)),
    ),
    "shuicao_share_value": OptionText(
        "value of one 水草 share (份), in base stakes (shuicao_shares_000)",
        "S000 counts the pot in shares but never says what a share is worth: one share is this many "
        "`base_stake`. Not read when the pot is kept in points.",
        "§5.7.1, A17",
        (),
    ),
    "shuicao_loss_multiple": OptionText(
        "how many times the pot a losing declarer pays in while a 水草 pot stands",
        "A declarer who loses while the pot holds anything pays this many times the pot into it, on top of his "
        "normal loss; nobody receives it. 1 = as much as the pot (\"等倍\"), so the pot doubles.",
        "§5.7.1, C37",
        ((S000, "庄家除被正常输分外，还要被扣除与总水草等倍的水草"),),
    ),
    "shuicao_split_threshold": OptionText(
        "pot size at which the 水草 is shared equally by the four",
        "Checked after every payment into the pot, in the pot's unit (shares or points): when the pot reaches "
        "this, it is shared equally by the four players.",
        "§5.7.1, §5.7.3, C37, C38",
        ((S000, "当总水草累积达到或超过五十份水草，则将全部水草平分给四位玩家"),
         (S001, "此時水草累積為400分，開始平分水草")),
    ),
    "shuicao_split_after_nobid_streak": OptionText(
        "also share the pot after this many all-pass hands in a row (none = off)",
        "S001 also shares the pot at the 5th hand in a row that nobody bids. With its 400-point split four "
        "such hands already reach 400, so this is off by default. When set, the count restarts at every split "
        "and at every hand with a declarer.",
        "§5.7.3, A17",
        ((S001, "如果一直沒人叫莊，直到第5局，還是沒人叫，水草由四人平分"),),
    ),
    "direct_deduction_amount": OptionText(
        "what the 主叫 loses, and each other player gains, when all pass under direct_001",
        "Read only with `all_pass_mode` = direct_001, in settlement units. S001 leaves the amount to the "
        "table; the default is a placeholder, the same as S001's 水草 payment of the 主叫.",
        "§5.7.2, A18",
        ((S001, "即主叫本局直接扣分，扣分多少可設置，其余三家各自加所扣分數"),),
    ),
    "table_start_rotation": OptionText(
        "whether each simulated table starts with the next seat as 主叫",
        "A simulation convention, not a game rule: a run plays many tables of several hands, and starting "
        "them all at one seat would mix seat effects with position effects.",
        "A48",
        (),
        yes_no("table t's first 主叫 is seat (`first_zhujiao_seat` + t) mod 4",
               "every table starts at `first_zhujiao_seat`"),
    ),
    "pot_at_table_end": OptionText(
        "what happens to a 水草 pot left after a simulated table's last hand",
        "A simulation convention, not a game rule: the seeds describe no end of a session.",
        "A48",
        (),
        {"split": "it is shared equally by the four, so a run's settlements add up to zero",
         "unsettled": "it stays unpaid and is reported"},
    ),
    # ---- §9.4 80分 (S003) only ----
    "start_level": OptionText(
        "80分: both teams' level when a game starts (a face value, A = 14)",
        "Each team has a level (级), 2 up to A. A hand is played at the level of the 庄's team: the cards of "
        "that rank are the level cards (级牌), trumps in every hand. A game starts with both teams at this "
        "level, given as a face value: 2..10, J = 11, Q = 12, K = 13, A = 14. Under `game_end` = reach_A a team "
        "that reaches A has won, so a game starts at 2 to K; under win_hand_at_A it may start at A.",
        "§7.3.2, A27",
        ((S003, "依次升級，可以選擇從2－A"),),
    ),
    "game_end": OptionText(
        "80分: when a game is won",
        "A game is a run of hands in which both teams climb levels; the seed's game is won at A. A game that "
        "ends before a simulated table's last hand is followed by a new one, both teams again at `start_level`.",
        "§7.3.2, A27",
        ((S003, "看誰先到A，就贏了"),),
        {"reach_A": "the first team whose level reaches A wins at once: a rise past A stops at A, and no hand "
                    "is played at level A",
         "win_hand_at_A": "level A is played and levels never pass it; the game ends when the 庄家方 win a "
                          "hand at A"},
    ),
    "declare_suit_order": OptionText(
        "80分: the suits of level pairs, highest first, for overcalls and 反底",
        "A pair of level cards overcalls a pair of a suit after it in this list, during the deal and in a 反底; "
        "single level cards are ranked by it only with `declare_single_overcalls_single`. Suits are written by "
        "letter: S ♠ spades (黑桃), H ♥ hearts (红桃), C ♣ clubs (梅花), D ♦ diamonds (方块).",
        "§7.3.4, §7.3.8, C50, C51",
        ((S003, "1對級牌(大小依次為黑紅梅方)"), (S003, "黑桃級牌對可以反紅桃級牌對")),
    ),
    "declare_single_overcalls_single": OptionText(
        "80分: whether a single level card overcalls a single of a lower suit",
        "The seed ranks the showings \"two 大王, two 小王, a pair of level cards (♠ ♥ ♣ ♦), one level card\" and "
        "gives the suit order for pairs only.",
        "§7.3.4, A47, C50",
        ((S003, "反主的大小為：2個大王，2個小王，1對級牌(大小依次為黑紅梅方)，1個級牌"),),
        yes_no("a single of a higher suit (`declare_suit_order`) overcalls a single",
               "a single never overcalls a single; only a pair or a joker pair overcalls it"),
    ),
    "allow_self_reinforce": OptionText(
        "80分: whether the player whose single sets trump may show its second copy (自保)",
        "自保 ('self-protection'): the player whose single level card sets trump shows the other copy of it, "
        "which makes his declaration a pair of that suit, harder to overcall.",
        "§7.3.4, C50",
        ((S003, "自保（之前亮了一張牌，可以再亮一張同花色的牌）"),),
        yes_no("he may: his single becomes a pair", "he may not: a single stays a single"),
    ),
    "allow_self_overcall": OptionText(
        "80分: whether a player may overcall his own declaration",
        "Whether the player whose showing sets trump may show a stronger one himself, a pair of another suit "
        "over his own single, say. The seed forbids it: he may only reinforce his single (`allow_self_reinforce`).",
        "§7.3.4",
        ((S003, "玩家不能反自己的主，只能自保"),),
        yes_no("he may overcall himself like anyone else", "he may not, only reinforce a single (自保)"),
    ),
    "declaration_poll_order": OptionText(
        "80分: who is asked first whether to declare after each dealt card",
        "The seed's players declare during the deal, first come first served. A simulator asks them in turn: "
        "after each card, and once more after the last; the first who accepts declares. A record lists its "
        "showings, which are not checked against this order.",
        "§7.3.4, A28",
        ((S003, "在發牌過程中，首先亮出的級牌花色為主牌"),),
        {"recipient_first": "the card's recipient first, then counter-clockwise",
         "seat_order": "the seats in their fixed order, 0 first"},
    ),
    "undeclared_trump_rule": OptionText(
        "80分: where trump comes from when nobody declared",
        "If nobody shows a level card during the deal, trump comes from the kitty; there is then no 反底.",
        "§7.3.5, C52",
        ((S003, "若超時了，無人叫主，則翻底，第一張出現的級牌為主，如果沒有級牌，最大的牌為主（大小王除外）"),),
        {"flip_kitty": "the kitty is turned over in order: the suit of the first level card, or without one the "
                       "suit of the highest-ranked card that is not a joker"},
    ),
    "undeclared_trump_tiebreak": OptionText(
        "80分: which of the kitty's equal highest cards names trump when it holds no level card",
        "A kitty with no level card names the suit of its highest card that is not a joker. The seed does not "
        "say which suit wins when that rank is there in two suits.",
        "§7.3.5, A25, C52",
        ((S003, "如果沒有級牌，最大的牌為主（大小王除外）"),),
        {"first_in_kitty_order": "the first of them in the order the kitty is turned over"},
    ),
    "fandi_enabled": OptionText(
        "80分: whether the kitty may be challenged after the bury (反底)",
        "反底 ('challenging the kitty'): after the 庄 has buried, another player shows a level pair or a joker "
        "pair; trump changes, and he takes up the 8 buried cards and buries 8 of his own. There is no 反底 after "
        "a deal in which nobody declared.",
        "§7.3.8, A24, C51",
        ((S003, "莊家扣底后，其他玩家可以反底（如果沒有玩家亮主，則沒有反底階段）"),),
        yes_no("a 反底 stage follows the bury", "no 反底: the trump of the deal stays"),
    ),
    "fandi_first_challenge": OptionText(
        "80分: what the first 反底 must beat",
        "The seed orders the 反底s among themselves (♠ ♥ ♣ ♦, then the joker pairs), not against the showing of "
        "the deal.",
        "§7.3.8, A24, C51",
        ((S003, "反底可以反多次，按照 黑桃——紅桃——梅花——方塊的規則，黑桃為最大，方塊為最小"),),
        {"outrank_declaration": "the showing that sets trump, on the ladder of the deal: any pair beats a "
                                "single, a pair needs a higher-suit pair or a joker pair, and after a no-trump "
                                "declaration there is no 反底",
         "any_pair": "nothing: the first 反底 may be any level pair or joker pair, whatever was shown during the "
                     "deal; the later ones must outrank it"},
    ),
    "fandi_eligible": OptionText(
        "80分: who may challenge the kitty (反底)",
        "Nobody may 反底 the trump he set himself. Players are asked counter-clockwise from the last burier's "
        "下家; each 反底 starts the asking again, and the stage ends when everyone who may act has declined.",
        "§7.3.8, A24, C51",
        ((S003, "莊家扣底后，其他玩家可以反底"), (S003, "玩家不能反自己的主")),
        {"non_zhuang": "the three players other than the 庄",
         "any_but_last_burier": "everyone but the last to bury, so the 庄 may answer a re-burier"},
    ),
    "fandi_ends_after_no_trump": OptionText(
        "80分: whether a no-trump 反底 (a joker pair) ends the 反底 stage",
        "A pair of 大王 or of 小王 shown in a 反底 turns the hand into no-trump: only the jokers and the level "
        "cards are trumps.",
        "§7.3.8, A24, C51",
        ((S003, "一對小王反無主后，一對大王就不能再反了"),),
        yes_no("nobody may 反底 after it, not even with a pair of 大王",
               "more 反底s may follow (the seed gives no rule for them)"),
    ),
    "fandi_changes_declarer": OptionText(
        "80分: whether a 反底 makes the challenger 庄",
        "The seed lets the challenger take up the kitty and bury again, and says nothing of the 庄, who is "
        "fixed before the first bury and leads the first trick.",
        "§7.3.8, A24",
        ((S003, "其他玩家反底后，可以將莊家扣的8張底牌拿起重新扣底"),),
        yes_no("the challenger becomes 庄", "the 庄 stays, and still leads the first trick"),
    ),
    "kitty_multiplier_single": OptionText(
        "80分: 抠底 multiplier of a last-trick play with no pair",
        "抠底 ('digging out the kitty'): when the 抓分方 win the last trick, the points of the final kitty, "
        "times a multiplier, are added to their total; the winning play's units decide it. This one is for a "
        "play of singles only. " + _KITTY_TABLE.format("single"),
        "§7.3.11, C48",
        ((S003, "什么都沒有 則乘的倍數等于 2"),),
    ),
    "kitty_multiplier_pair": OptionText(
        "80分: 抠底 multiplier of a last-trick play with a pair but no tractor",
        "The 抠底 multiplier of a winning last-trick play that holds a pair and no tractor. "
        + _KITTY_TABLE.format("pair"),
        "§7.3.11, C48",
        ((S003, "若牌中含有 對子 則乘的倍數等于 4"),),
    ),
    "kitty_multiplier_tractor": OptionText(
        "80分: 抠底 multiplier per card of the tractor in a last-trick play",
        "A winning last-trick play with a tractor multiplies the kitty's points by this times the tractor's "
        "cards, and nothing else in it counts: at 2, 4433 gives ×8. " + _KITTY_TABLE.format("tractor"),
        "§7.3.11, A23, C48",
        ((S003, "若牌中含有 拖拉機 則乘的倍數等于 2乘len（len指的是拖拉機的長度，如4433，len=4），"
                "且不再計算其他牌型"),),
    ),
    "kitty_multiplier_basis": OptionText(
        "80分: whose units set the 抠底 multiplier",
        "Which cards of the last trick choose between the tractor, pair and single multipliers. The two "
        "readings differ only when the winning play has more structure than the lead, as a trump pair that "
        "ruffs a lead of two singles.",
        "§7.3.11, A23, C48",
        ((S003, "具體得分根據最大一方牌情規定如下"),),
        {"winner_play": "the winning play's own cards, split into singles, pairs and tractors (\"牌中含有\"): "
                        "the pair counts",
         "lead_structure": "the lead's units: the pair that ruffs two singles counts as two singles"},
    ),
    "kitty_multiplier_multi_tractor": OptionText(
        "80分: the 抠底 multiplier of a winning play with several tractors",
        "A winning last-trick play may hold two tractors, a throw of two tractors or a ruff of one. The seed "
        "does not say.",
        "§7.3.11, A23",
        (),
        {"longest": "the longest tractor counts", "sum": "the tractors' cards add up"},
    ),
    "threshold": OptionText(
        "80分: the defenders' total T from which the 抓分方 take over",
        "T is the 抓分方's card points plus the 抠底 bonus, with the failed-throw points moved against the side "
        "that failed. "
        "Below this the 庄家方 win the hand and climb; from it the 抓分方 become the 庄家方 (上台), and climb a "
        "level for each `level_step` above it. The seed's level table is damaged; the game's name gives 80.",
        "§7.3.12, A20, C49",
        ((S003, "如果得分0 如果得40= 如果得分80= 如果得分120= 如果得分160= 以后每增加40分，級別上升一級"),),
    ),
    "level_step": OptionText(
        "80分: the points of T that make one level in the level table",
        "The 庄家方 climb 1 level for T from `threshold` − this up to below `threshold`, 1 more for each "
        "further step down (T = 0 gives `zero_points_levels`); the 抓分方 climb 1 level from `threshold` + "
        "this, and 1 more for each further step.",
        "§7.3.12, A20, C49",
        ((S003, "以后每增加40分，級別上升一級"),),
    ),
    "zero_points_levels": OptionText(
        "80分: levels the 庄家方 climb when the 抓分方 score nothing (T = 0)",
        "The one row of the seed's level table that survives whole: at T = 0 the 庄家方 climb this many levels.",
        "§7.3.12, C49",
        ((S003, _LEVEL_TABLE_SEED),),
    ),
    "score_per_level": OptionText(
        "80分: 积分 each player of the climbing team gains, and each opponent loses, per level",
        "Every hand also moves 积分 (a cumulative score): each player of the team that climbs gains this per "
        "level and each opponent loses as much; a take-over with no level climbed moves none. The seed keeps "
        "only T = 0 (6 积分 for 3 levels); 2 per level is a conjecture that also fits its escape example.",
        "§7.3.12, A21, C49",
        ((S003, "莊家方各得到的分數是6分，抓分方各扣6分"),),
    ),
    "next_declarer_on_hold": OptionText(
        "80分: the next 庄 after the 庄家方 won the hand",
        "After a lost hand the next 庄 is the 庄's 下家, of the other team. After a won hand the seed makes "
        "his partner 庄, which is unusual.",
        "§7.3.6, A26, C49",
        ((S003, "以后如果莊家方贏，莊的對家做莊，否則莊的下家做莊"),),
        {"partner": "the 庄's partner (对家)", "self": "the 庄 again"},
    ),
    "defender_points_floor": OptionText(
        "80分: the lowest the defenders' total T can be (none = no floor)",
        "The 抓分方's failed throws take points off T, which can then fall below 0. The level table starts at "
        "T = 0, so T is raised to this floor before it is read.",
        "§7.3.12, A42",
        (),
    ),

    # ---- §9.5 5-player (S002) only ----
    "zpy_first_deal_seat": OptionText(
        "5-player: who receives the first card of a table's first hand",
        "In 5-player 找朋友 the first card of the first hand goes to a random player; later hands start with the "
        "last declarer if his side won, else with his 下家.",
        "§7.4.2",
        ((S002, "之后每局上把庄家赢则先给庄家发牌，如果失败则庄家的下一家先发牌"),),
        {"random": "a random seat"},
    ),
    "zpy_flip_card": OptionText(
        "5-player: which dealt card is turned face up (翻牌)",
        "One card of the deal is turned face up for everyone to see; whoever receives it is the flip holder, "
        "who must call trump if nobody else does. The seed never says which card it is.",
        "§7.4.3, A31",
        ((S002, "摸到此张牌的玩家必须叫主，叫主的牌可以是这张翻的牌"),),
        {"random_dealt": "a uniformly random one of the dealt cards", "first_dealt": "the first card dealt",
         "last_dealt": "the last card dealt"},
    ),
    "zpy_joker_flip_suit_bj": OptionText(
        "5-player: the trump suit when the turned-up card is a 大王 and nobody called",
        "If nobody calls and the turned-up card is a big joker, trump is this suit. In a TOML file it may also "
        "be written `bj` in a `[zpy_joker_flip_suits]` table.",
        "§7.4.5, C55",
        ((S002, "如果翻牌为大小王则大王主花色为红桃，小王主花色为黑桃"),),
        {"S": "spades ♠", "H": "hearts ♥", "C": "clubs ♣", "D": "diamonds ♦"},
    ),
    "zpy_joker_flip_suit_lj": OptionText(
        "5-player: the trump suit when the turned-up card is a 小王 and nobody called",
        "If nobody calls and the turned-up card is a small joker, trump is this suit. In a TOML file it may also "
        "be written `lj` in a `[zpy_joker_flip_suits]` table.",
        "§7.4.5, C55",
        ((S002, "如果翻牌为大小王则大王主花色为红桃，小王主花色为黑桃"),),
        {"S": "spades ♠", "H": "hearts ♥", "C": "clubs ♣", "D": "diamonds ♦"},
    ),
    "zpy_call_poll_order": OptionText(
        "5-player: who is asked first to call trump after each dealt card",
        "Anyone holding a 7 may call at any moment of the deal, and the first call wins. A simulation asks the "
        "players in turn after each card, its recipient first, then counter-clockwise, and once more after the "
        "last card.",
        "§7.4.4, A28",
        ((S002, "叫主没有先后顺序，只要玩家手中有7就可以叫，先叫的人优先获得权利"),),
        {"recipient_first": "the card's recipient first, then counter-clockwise"},
    ),
    "zpy_flip_call": OptionText(
        "5-player: what the flip holder may call with when nobody called",
        "When nobody called during the deal, the player who received the turned-up card must call and becomes "
        "declarer; trump is the turned-up card's suit (a joker names a suit, `zpy_joker_flip_suit_bj`). His "
        "calling card decides the friend: the other copy of it.",
        "§7.4.5, A50, C55",
        ((S002, "如果没有任何玩家叫主时，摸到此张牌的玩家必须叫主，叫主的牌可以是这张翻的牌，也可以是7"),),
        {"flip_or_trump_7": "the turned-up card, or a 7 of the trump suit if he holds one",
         "any_7": "the turned-up card, or any 7 he holds (trump is then that 7's suit)",
         "flip_only": "the turned-up card only"},
    ),
    "zpy_overcall_max": OptionText(
        "5-player: how many overcalls (反主) with a pair of 7s a hand allows",
        "After the caller has buried, any player, the caller too, may overcall with a pair of 7s of one suit: "
        "trump becomes that suit and the overcaller becomes declarer, takes up the buried cards and buries "
        "again; there is then no friend (1 against 4). The seed allows one; with more, each further overcall "
        "names a suit not yet trump in the hand. 0 allows none.",
        "§7.4.7, A35, A53, C54",
        ((S002, "玩家【包括庄家】可用对7反主，如果有多个玩家有对7，一旦有一个反主，其他玩家不能再反主"),),
    ),
    "zpy_overcall_poll_order": OptionText(
        "5-player: who is asked first to overcall",
        "A simulation asks the players counter-clockwise from the caller's 下家, the caller last; after an "
        "overcall, from the overcaller's 下家, the overcaller last.",
        "§7.4.7, A35",
        (),
        {"caller_next_first_caller_last": "from the caller's 下家, the caller last"},
    ),
    "zpy_friend_only_without_overcall": OptionText(
        "5-player: the friend exists only when nobody overcalled",
        "The holder of the other copy of the calling card is the declarer's friend only if nobody overcalled; "
        "the overcaller holds both 7s of the trump suit and plays alone.",
        "§7.4.8, A32",
        ((S002, "如无人反主，拥有另外一张相同花色7的玩家与叫主玩家为一伙"),),
        yes_no("no friend after an overcall (1 against 4)",
               "a friend after an overcall too (not defined by the seeds; refused by the engine)"),
    ),
    "zpy_friend_points_cleared_on_reveal": OptionText(
        "5-player: the friend's points count for the defenders until he reveals himself",
        "Until the friend plays his card, the points of the tricks he wins count for the defenders; when he "
        "plays it they are removed, and from that trick on his tricks add nothing.",
        "§7.4.10, A44, C53",
        ((S002, "如果是庄家的朋友，则在没有出主7之前，分数都会加给该玩家，一旦亮出该分数清零"),),
        yes_no("cleared when he reveals himself", "not cleared (not defined by the seeds)"),
    ),
    "zpy_allow_concede": OptionText(
        "5-player: the declarer may concede (认输) before the first lead",
        "A declarer who called with one 7 while both trump 7s were his (so he has no friend and plays 1 "
        "against 4) may give up before the first lead, if nobody overcalled. An overcaller may never concede.",
        "§7.4.9, A32, C56",
        ((S002, "庄家先亮出一张主7，但是手中共有两张主7时，如果扣底后无人反主，在出前钱庄家可选择是否认输"),),
        yes_no("he may concede", "he must play the hand"),
    ),
    "zpy_concede_condition": OptionText(
        "5-player: when the declarer must have held both trump 7s to concede",
        "The seed says he must hold both trump 7s but not when.",
        "§7.4.9, A32, C56",
        ((S002, "庄家先亮出一张主7，但是手中共有两张主7时"),),
        {"held_both": "both among his dealt cards and the kitty (a buried 7 still counts)",
         "held_both_in_deal": "both among the cards dealt to him",
         "holds_both_after_bury": "both in his hand when he concedes, after the bury"},
    ),
    "zpy_concede_outcome": OptionText(
        "5-player: what a concession is",
        "The seed does not say what a concession scores; it is recorded as a loss of the declarer's side and "
        "nothing more.",
        "§7.4.9, A32",
        (),
        {"declarer_loss": "a loss of the declarer's side, with no further scoring"},
    ),
    "zpy_threshold": OptionText(
        "5-player: the defenders' total they need to win",
        "The defenders win with more than this many points (the defenders' total: card points and the kitty "
        "bonus); with fewer the declarer's side wins. Exactly this many is `zpy_tie_at_80`.",
        "§7.4.12, A29, C57",
        ((S002, "抓分方所有玩家累计抓分超过80，则抓分方赢；低于80分则庄家赢"),),
    ),
    "zpy_tie_at_80": OptionText(
        "5-player: who wins when the defenders have exactly the threshold",
        "The seed says more than 80 wins for the defenders and less for the declarer, and nothing of exactly 80.",
        "§7.4.12, A29, C57",
        ((S002, "抓分方所有玩家累计抓分超过80，则抓分方赢；低于80分则庄家赢"),),
        {"defenders_win": "the defenders (the usual 80分 convention)", "declarer_win": "the declarer's side"},
    ),
    "zpy_kitty_rule": OptionText(
        "5-player: what the kitty adds when a defender wins the last trick",
        "The seed only names kitty scoring (扣底分, 扣底翻番). When a defender wins the last trick, the card "
        "points of the final kitty, times a multiplier, are added to the defenders' total.",
        "§7.4.11, A30",
        ((S002, "b 扣底分 … d 扣底翻番 e 扣底加级"),),
        {"s003_multipliers": "80分's multipliers: 2 × the cards of a tractor in the winning play, else 4 with a "
                             "pair, else 2",
         "flat_double": "always × 2", "none": "the kitty adds nothing"},
    ),
}
