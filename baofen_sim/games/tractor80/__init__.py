"""80分 / 拖拉机 (RULES.md §7.3; preset `tractor-80fen`): two teams climb the levels 2..A; trump is shown during
the deal, 反底 challenges the kitty, 抠底 multiplies it on the last trick.

A hand, phase by phase, and where each lives in this package:

1. rules: its §9.4 options (`options`), presets (`presets`), texts (`texts`, `option_texts`);
2. deal with showings ► trump (or from the kitty) ► bury ► 反底s ► tricks ► 抠底 ► levels and 积分 ► next 庄: the
   kernels' flow (`engine/`: `declaring`, `hand`, `result`, `chunk`, `materialize`, `records`), the same rules
   written plainly (`reference/`: `deal`, `declaring`, `kitty`, `hand`, `result`);
3. its decisions (`policies/`: the showings and 反底s of `declare`, the heuristic's, the sampler's search);
4. the output row (`engine.chunk`), the game record and its judge (`record`, `judge`), replay (`replay`), its part
   of the hand page (`view`);
5. its report and comparisons (`report`), what tune-play tunes (`tuning`), its plug-in decisions (`plugins`), its
   trick-level and long differential runs (`differential`).
"""

from baofen_sim.games.interface import Decision, Game, Hooks

GAME = Game(
    id="tractor_80fen",
    title="80分",
    package=__name__,
    trump_selection="deal_declaration",
    players=(4,),
    hooks=Hooks(
        options="options:Tractor80Options", presets="presets:PRESETS", option_texts="option_texts:OPTION_TEXTS",
        text="texts:TRACTOR_80FEN_TEXT",
        run_chunk="engine.chunk:run_chunk80", top_kernel="engine.chunk:play_tables80",
        top_kernel_args="engine.chunk:top_kernel_args80", rows="engine.chunk:TRACTOR80_ROWS",
        sampler_play="policies.sampler:sampler_play80_at", sampler_play_typed="policies.sampler:sampler_play80",
        hand_rules="engine.records:HAND80_RULES_DTYPE",
        record_keys="record:RECORD_KEYS", parse_record="record:parse_tractor80_record",
        judge="judge:judge_tractor80", result_line="judge:result_line", replay="replay:replay_lines",
        view="view:VIEW", records="replay:replayed_records80",
        report="report:run_report", sweep_report="report:sweep_report", compare="report:compare",
        examples="examples:categories",
        plugin_samples="plugins:sample_arguments", tune_play="tuning:TUNING",
        differential="differential:DIFFERENTIAL",
    ),
    policies=("heuristic", "random", "sampler"),
    last_trick_kitty=True,
    decisions=(
        # a showing during the deal, a 反底 -> (tier, suit, rng_state); the bury fills out -> rng_state
        Decision("showing", ("params", "counts", "received", "level", "cur_seat", "cur_tier", "cur_suit", "seat",
                             "n_options", "tiers", "suits", "rng_state"), 3),
        Decision("fandi", ("params", "counts", "level", "set_seat", "set_tier", "set_suit", "seat", "n_options",
                           "tiers", "suits", "rng_state"), 3),
        Decision("bury80", ("params", "counts", "level", "trump", "rng_state", "out"), 1),
    ),
    bench=(("80分 random", "random", ()), ("80分 heuristic", "heuristic", ())),
    result_columns=("zhuang", "level", "trump", "defenders_total", "declarer_won", "up_team", "up_levels"),
)
