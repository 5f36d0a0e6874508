"""5-player 找朋友 (RULES.md §7.4, preset `zhaopengyou-5p`)."""
