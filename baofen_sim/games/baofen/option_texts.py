"""What each of Baofen's own options (RULES.md §9.3) means, in plain words, for `baofen-sim rules explain`
(`rules.option_texts.OptionText`)."""

from __future__ import annotations

from baofen_sim.rules.option_texts import S000, S001, OptionText, yes_no

_STAKE_SEED = "庄家得分为正，则庄家得分 = 底注 × 3；闲家扣分 = 底注 × 1"
_CAP_SEED = "手上对牌没有超过4对的玩家不得叫分超过150分。如果玩家手上对牌超过4对，最高也只能叫到250分"
_SHUICAO_SEED_000 = "无人叫分的情况下，主叫扣两份水草，三家副叫各扣一份水草"
_SHUICAO_SEED_001 = "如果都不要坐莊，主叫暫扣40分，其他三家暫扣20分，合計100分"

OPTION_TEXTS: dict[str, OptionText] = {
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
}
