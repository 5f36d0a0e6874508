"""包分 Baofen (RULES.md §5–§6; presets `baofen` §7.1 and `baofen-001` §7.2): four players, a point auction, one
declarer against three, constant 2s, throws, 全击/半击/金太阳, the 水草 pot.

A hand, phase by phase, and where each lives in this package:

1. rules: its §9.3 options (`options`), presets (`presets`), texts (`texts`, `option_texts`);
2. deal ► auction ► bury ► trump ► tricks ► score ► settle: the kernels' flow (`engine/`: `auction`, `hand`,
   `chunk`; the shared trick loop is `baofen_sim.engine.tricks`, the shared kernels `baofen_sim.kernels`),
   the same rules written plainly (`reference/`: `auction`, `game`, `scoring`, `table`);
3. the output row (`rows`), the game record and its judge (`record`, `judge`), replay (`replay`), its part
   of the hand page (`view`);
4. its report and comparisons (`report/`), its studies (`studies/`: fit-eval, tune-bids, the bidding guide; the
   commands in `commands`), what tune-play tunes (`tuning`), its plug-in decisions (`plugins`) and its long
   differential runs (`differential`).

Its decisions are the shared policies' (`baofen_sim.policies`: bidding, bury, trump choice, the heuristic's and the
sampler's play), as the first game of the project.
"""

from baofen_sim.games.interface import Decision, Game, Hooks

GAME = Game(
    id="baofen",
    title="Baofen",
    package=__name__,
    trump_selection="after_kitty",
    players=(4,),
    hooks=Hooks(
        options="options:BaofenOptions", presets="presets:PRESETS", option_texts="option_texts:OPTION_TEXTS",
        text="texts:BAOFEN_TEXT",
        run_chunk="engine.chunk:run_chunk", top_kernel="engine.chunk:play_tables",
        top_kernel_args="engine.chunk:top_kernel_args", rows="rows:ROWS",
        sampler_play="baofen_sim.policies.sampler:sampler_play_at",
        sampler_play_typed="baofen_sim.policies.sampler:sampler_play",
        hand_rules="baofen_sim.records:HAND_RULES_DTYPE",
        record_keys="record:RECORD_KEYS", parse_record="record:parse_baofen_record", judge="judge:judge_baofen",
        result_line="judge:result_line", replay="replay:replay_lines",
        view="view:VIEW", records="replay:replayed_records",
        report="report.hooks:run_report", sweep_report="report.hooks:sweep_report", compare="report.hooks:compare",
        report_figures="report.hooks:figures", examples="examples:categories",
        plugin_samples="plugins:sample_arguments", tune_play="tuning:TUNING", commands="commands:register",
        differential="differential:DIFFERENTIAL",
    ),
    forced_declarer=True,
    tricks=True,
    decisions=(
        Decision("bid", ("params", "hand_counts", "legal", "n_legal", "auction_state", "rng_state"), 2),
        Decision("bury", ("params", "hand_counts", "rng_state", "out"), 1),  # fills out with the buried kinds
        Decision("trump", ("params", "hand_counts", "rng_state"), 2),  # -> (suit 0..3, rng_state)
    ),
    bench=(("random", "random", ()), ("heuristic", "heuristic", ("threshold-bids",)),
           ("heuristic, table bids", "heuristic", ())),
    result_columns=("declarer", "target", "declarer_points", "result", "category", "declarer_won"),
)
