"""5-player 找朋友 (RULES.md §7.4; preset `zhaopengyou-5p`): trump is called with a 7 during the deal, the other copy
of the calling card makes its holder the declarer's secret friend (1 or 2 against the rest), 80 points to win.

A hand, phase by phase, and where each lives in this package:

1. rules: its §9.5 options (`options`), presets (`presets`), texts (`texts`, `option_texts`);
2. deal with the turned-up card ► call with a 7 (or the forced call) ► bury ► overcalls ► concession ► tricks, the
   friend revealed when he plays the called card ► the 80 line and the kitty ► the next first card: the kernels'
   flow (`engine/`: `calling`, `hand`, `suspects`, `result`, `chunk`, `materialize`, `records`), the same rules
   written plainly (`reference/`: `calling`, `overcall`, `concession`, `friend`, `hand`, `result`);
3. its decisions (`policies/`: random and heuristic calls, overcalls, concession and bury, the sampler's search);
4. the output row (`engine.chunk`), the game record and its judge (`record`, `judge`), replay (`replay`), its part
   of the hand page (`view`);
5. its report and comparisons (`report`), its plug-in decisions (`plugins`), its trick-level and long
   differential runs (`differential`).
"""

from baofen_sim.games.interface import Decision, Game, Hooks

GAME = Game(
    id="zhaopengyou_5p",
    title="5-player 找朋友",
    package=__name__,
    trump_selection="deal_call_7",
    players=(5,),
    hooks=Hooks(
        options="options:ZhaopengyouOptions", presets="presets:PRESETS", option_texts="option_texts:OPTION_TEXTS",
        text="texts:ZHAOPENGYOU_5P_TEXT",
        run_chunk="engine.chunk:run_chunk_zpy", top_kernel="engine.chunk:play_tables_zpy",
        top_kernel_args="engine.chunk:top_kernel_args_zpy", rows="engine.chunk:ZPY_ROWS",
        sampler_play="policies.sampler:sampler_play_zpy_at", sampler_play_typed="policies.sampler:sampler_play_zpy",
        hand_rules="engine.records:HAND_ZPY_RULES_DTYPE",
        record_keys="record:RECORD_KEYS", parse_record="record:parse_zhaopengyou_record",
        judge="judge:judge_zhaopengyou", result_line="judge:result_line", replay="replay:replay_lines",
        view="view:VIEW", records="replay:replayed_records_zpy",
        report="report:run_report", sweep_report="report:sweep_report", compare="report:compare",
        examples="examples:categories",
        plugin_samples="plugins:sample_arguments", differential="differential:DIFFERENTIAL",
    ),
    policies=("random", "heuristic", "sampler"),
    decisions=(
        # a call with a 7 during the deal, the flip holder's forced call, an overcall with a pair of 7s ->
        # (card, rng_state); the concession -> (concede, rng_state); the bury fills out -> rng_state
        Decision("call7", ("params", "counts", "received", "n_options", "options", "rng_state"), 2),
        Decision("forced_call", ("params", "counts", "n_options", "options", "option_trumps", "rng_state"), 2),
        Decision("overcall", ("params", "counts", "n_options", "options", "rng_state"), 2),
        Decision("concede", ("params", "counts", "trump", "rng_state"), 2),
        Decision("bury_zpy", ("params", "counts", "trump", "rng_state", "out"), 1),
    ),
    bench=(("找朋友 random", "random", ()), ("找朋友 heuristic", "heuristic", ())),
    result_columns=("declarer", "trump", "friend_status", "defenders_total", "declarer_won"),
)
