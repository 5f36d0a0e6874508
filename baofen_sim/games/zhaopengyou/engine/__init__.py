"""The 5-player 找朋友 game's own kernels (`zhaopengyou-5p`, RULES.md §7.4), apart from Baofen's and 80分's so that
their runs never compile them: `records` (their record layouts), `materialize` (the §9.5 options as a kernel record,
once, in Python), `calling` (the deal with its call, the forced call, overcalls, the concession), `result` (the kitty,
the 80 line, the next first card), `hand` (one whole hand) and `chunk` (whole tables)."""
