"""What each of 80分's own options (RULES.md §9.4) means, in plain words, for `baofen-sim rules explain`
(`rules.option_texts.OptionText`)."""

from __future__ import annotations

from baofen_sim.rules.option_texts import S003, OptionText, yes_no

_KITTY_TABLE = "In a TOML file it may also be written `{}` in a `[kitty_multiplier]` table."
_LEVEL_TABLE_SEED = "如果得分T=0，那么莊家方連升三級"

OPTION_TEXTS: dict[str, OptionText] = {
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

}
