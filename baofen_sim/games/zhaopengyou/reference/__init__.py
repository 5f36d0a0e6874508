"""The rules of the 5-player 找朋友 (`zhaopengyou-5p`, RULES.md §7.4, §9.5), plainly: the deal with its turned-up card
and the call with a 7 (§7.4.3–§7.4.5), overcalls, the friend and the concession (§7.4.7–§7.4.9), and the hand's
result at the 80 line (§7.4.10–§7.4.12). The trick play is the shared reference machinery with the 5-player order
(`reference.order.FivePlayerOrder`, units, legality, trick).
"""
