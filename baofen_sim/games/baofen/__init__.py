"""包分 Baofen (RULES.md §5–§6, presets `baofen` §7.1 and `baofen-001` §7.2)."""
