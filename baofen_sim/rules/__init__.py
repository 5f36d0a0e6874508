"""House rules: the typed `RuleSet` (every RULES.md §9 parameter: the shared sections here, each game's own in its
package), its presets, TOML files and diffs, and which values the engines implement."""

from baofen_sim.rules.options import (
    Direction,
    EightKindMode,
    EightKindPromotionScope,
    FailedThrowForcedPlay,
    FailedThrowPenaltyBasis,
    FailedThrowPenaltyKind,
    FailedThrowPenaltyRecipient,
    FailedThrowUnitPriority,
    FollowTractorRule,
    JokerTractorMode,
    JokerTractorRuff001,
    MultiUnitCompare,
    RuffStructureRule,
    TieRule,
    TrumpSelection,
)
from baofen_sim.rules.presets import DEFAULT_PRESET, PRESET_DESCRIPTIONS, PRESETS, preset
from baofen_sim.rules.ruleset import OPTION_NAMES, RulesError, RuleSet, diff_rules
from baofen_sim.rules.support import require_reference_supported, require_supported, unsupported_options
from baofen_sim.rules.toml_io import dump_toml, load_rules, load_toml, loads_toml

__all__ = [
    "DEFAULT_PRESET",
    "OPTION_NAMES",
    "PRESETS",
    "PRESET_DESCRIPTIONS",
    "Direction",
    "EightKindMode",
    "EightKindPromotionScope",
    "FailedThrowForcedPlay",
    "FailedThrowPenaltyBasis",
    "FailedThrowPenaltyKind",
    "FailedThrowPenaltyRecipient",
    "FailedThrowUnitPriority",
    "FollowTractorRule",
    "JokerTractorMode",
    "JokerTractorRuff001",
    "MultiUnitCompare",
    "RuffStructureRule",
    "RuleSet",
    "RulesError",
    "TieRule",
    "TrumpSelection",
    "diff_rules",
    "dump_toml",
    "load_rules",
    "load_toml",
    "loads_toml",
    "preset",
    "require_reference_supported",
    "require_supported",
    "unsupported_options",
]
