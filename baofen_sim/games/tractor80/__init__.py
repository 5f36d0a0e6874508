"""80分 (RULES.md §7.3, preset `tractor-80fen`)."""
