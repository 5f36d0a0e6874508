"""What every house-rule option means, in plain words: the data `baofen-sim rules explain` prints. The options of the
shared sections §9.1–§9.2 are here; each game's own are in its package (`games/<game>/option_texts.py`).

One `OptionText` per RuleSet option (tests/test_rules_explain.py fails for an option without one): a
one-line summary (also the comment `rules show` writes after the option), what it does, what each value
means (enum and true/false options), the RULES.md sections to check it against, and the seed rule it
comes from, quoted in the Chinese original and cited by the seed's short name and file name. No seed quote means the
seeds are silent and the value is a design choice of RULES.md (its [DESIGN] tag).
"""

from __future__ import annotations

import functools
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


_NOT_BAOFEN = "Baofen never reads it (its only constant trump rank is 2), so it changes nothing here."

SHARED_OPTION_TEXTS: dict[str, OptionText] = {  # §9.1–§9.2; each game's own: `every_option_text`
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
}


@functools.cache
def every_option_text() -> dict[str, OptionText]:
    """The text of every option: the shared sections' and each game's own (`games/<game>/option_texts.py`)."""
    from baofen_sim.games import GAMES  # the games' texts import this module

    texts = dict(SHARED_OPTION_TEXTS)
    for game in GAMES:
        texts.update(game.hook("option_texts"))
    return texts
