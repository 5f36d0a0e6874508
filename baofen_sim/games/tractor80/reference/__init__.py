"""The rules of 80分 (`tractor-80fen`, RULES.md §7.3, §9.4), plainly: the declarations during the deal (§7.3.4),
trump from the kitty when nobody declares (§7.3.5), 反底 (§7.3.8), the 抠底 multiplier (§7.3.11) and the hand's
result in levels, 积分 and the next 庄 (§7.3.12, §7.3.6, §7.3.2). The trick play is the shared reference
machinery (`reference.order` at the level rank, units, legality, throws, trick).
"""
