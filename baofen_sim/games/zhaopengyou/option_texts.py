"""What each of the 5-player 找朋友's own options (RULES.md §9.5) means, in plain words, for
`baofen-sim rules explain` (`rules.option_texts.OptionText`)."""

from __future__ import annotations

from baofen_sim.rules.option_texts import S002, OptionText, yes_no

OPTION_TEXTS: dict[str, OptionText] = {
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
