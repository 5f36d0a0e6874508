"""The 80分 game's own kernels (`tractor-80fen`, RULES.md §7.3), apart from Baofen's so that a Baofen run never
compiles them: `records` (their record layouts), `materialize` (the §9.4 options as a kernel record, once, in
Python) and `result` (抠底, the level table, 积分, the next 庄 and the end of a game)."""
