"""The 5-player rules for the kernel tests until the `zhaopengyou-5p` preset is merged: the options tables.py reads,
as §7.4 sets them, over the Baofen defaults."""

from __future__ import annotations

from types import SimpleNamespace

from baofen_sim.rules.presets import BAOFEN

ZPY_TABLE_OPTIONS = {
    "num_players": 5,  # §7.4.1
    "hand_size": 20,
    "constant_trump_ranks": (7, 2),  # §1.2.1 常主7 and 常主2
    "zpy_trump_lowering": True,  # §1.5.2 下放
    "zpy_trump_gap_tractor": True,  # §1.5.2 [A33]
    "zpy_plain_gap_tractor": True,  # §1.5.2 [A33]
    "joker_tractor_mode": "none",  # §1.5.2 [A33]
    "allow_throws": False,  # §4.1 [A34]
    "eight_kind_mode": "off",  # §1.8 Baofen only
}


def zpy_rules(**overrides):
    """A stand-in RuleSet of the 5-player game with `overrides` (the attributes `tables.materialize` reads)."""
    base = {name: getattr(BAOFEN, name) for name in BAOFEN.__dataclass_fields__}
    return SimpleNamespace(**(base | ZPY_TABLE_OPTIONS | overrides), game=BAOFEN.game)
