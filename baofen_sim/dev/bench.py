"""`baofen-sim bench` / scripts/bench.py: measured speed of the engine, each figure from a fresh process
(so thread counts and compile caches do not leak between measurements), appended to results/BENCHMARKS.md
with the date, the machine and the command. Speed is measured here, never asserted in tests.

Every rate is also given as a ratio to the *deal yardstick* (`dev.yardstick`), measured in the same bench run:
what one core of the machine does on the project's simplest kernel, so that figures from different machines
compare ("1/23.4 of the yardstick": a 23.4th of the yardstick's deals per second; the ratio hides most of a
machine's speed, not all of it: the engine's branches and the yardstick's multiplications need not scale alike)."""

from __future__ import annotations

import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from baofen_sim import policy_set
from baofen_sim.games import GAMES, by_id, default_game

# (label, policy, parameter files for every seat, rules): each game's `bench` rows, under its first preset
BENCHED = tuple((label, policy, files, next(iter(game.hook("presets")))) for game in GAMES
                for label, policy, files in game.bench)
THREADS = (1, 2)
WARM_TABLES = 64

# The deal yardstick (`dev.yardstick.deal_yardstick`): deals/s of a bare one-thread Numba loop over the engine's
# own deal, best of YARDSTICK_REPEATS loops of YARDSTICK_DEALS in a fresh process (compiled first, not timed).
YARDSTICK_DEALS = 2_000_000
YARDSTICK_REPEATS = 5

_YARDSTICK = """
import json, time, numba
numba.set_num_threads(1)
from baofen_sim.dev.yardstick import deal_yardstick
deal_yardstick(1, 1000)
seconds = []
for _ in range({repeats}):
    started = time.perf_counter()
    deal_yardstick(1, {deals})
    seconds.append(time.perf_counter() - started)
print(json.dumps({{"deals_per_s": {deals} / min(seconds)}}))
"""

# The end-to-end row: the whole command, process start, imports, the compile-cache load, the chunks and their
# Parquet parts and manifest included (a warm cache: the same command on END_TO_END_WARM_DEALS first, not timed).
END_TO_END_ARGS = ("simulate", "--policy", "random", "--threads", "1")
END_TO_END_DEALS = 1_000_000
END_TO_END_WARM_DEALS = 1000

_THROUGHPUT = """
import json, time, numba
numba.set_num_threads({threads})
from baofen_sim.games import game_of
from baofen_sim.policies.selection import parse_policy_options
from baofen_sim.rules import load_rules
from baofen_sim.runs.runspec import RunSpec
rules = load_rules({rules!r})
run_chunk = game_of(rules).run_chunk  # the hand columns copied out of the engine's rows, as a study gets them
policies, params = parse_policy_options(["{policy}"], {files!r}, rules.num_players)
spec = RunSpec(rules=rules, policies=policies, params=params, deals={hands}, seed=1, threads={threads})
run_chunk(spec, 0, {warm})
started = time.perf_counter()
result = run_chunk(spec, 0, spec.tables)
print(json.dumps({{"seconds": time.perf_counter() - started, "tricks": int(result.hands["tricks_played"].sum())}}))
"""

# engines compiled for a cold start (`policy_set.set_of`: a set without the sampler holds random and heuristic):
# the default, and the sampler's; 80分's and 找朋友's default
POLICY_MIXES = (("heuristic",), ("sampler",))
GAME_MIXES = tuple((game.id, (("heuristic",),)) for game in GAMES if game != default_game())
# a second set on a cache that holds the first (what a user who ran the default pays to try the sampler): only the
# engine layer and the new policy compile (`kernels.cache`)
SECOND_SETS = ((("heuristic",), ("sampler",)),)

# import + compile (or load) + first hands, as `baofen-sim warmup` does it: processes=None one compile process
# per core (baofen_sim.runs.warmup), 1 the whole compile in this one process (the compile before issue 20.10)
_START = """
import json, time
started = time.perf_counter()
from baofen_sim.policies import select_policies
select_policies({mix!r})
from baofen_sim.runs.simulate import engine_is_compiled, warm_up_engine
from baofen_sim.runs.warmup import warm_up
game = {game!r}
if engine_is_compiled(game):
    warm_up_engine({mix!r}, game)
else:
    warm_up(lambda: warm_up_engine({mix!r}, game), processes={processes}, show=False, game=game)
print(json.dumps({{"seconds": time.perf_counter() - started}}))
"""

_PARQUET = """
import json, resource, time
from pathlib import Path
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.simulate import simulate
spec = RunSpec(policies=("{policy}",) * 4, deals={hands}, seed=1, threads={threads})
started = time.perf_counter()
simulate(spec, {out!r}, progress=False)
seconds = time.perf_counter() - started
size = sum(p.stat().st_size for p in Path({out!r}, "hands").glob("part-*.parquet"))
print(json.dumps({{"seconds": seconds, "bytes": size,
                   "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""

_REFERENCE = """
import json, time
from baofen_sim.games import game_of
from baofen_sim.io.records import parse_record
from baofen_sim.reference.judge import judge
from baofen_sim.policies.selection import parse_policy_options
from baofen_sim.rules import load_rules
from baofen_sim.runs.runspec import RunSpec
rules = load_rules({rules!r})
policies, params = parse_policy_options(["{policy}"], {files!r}, rules.num_players)
spec = RunSpec(rules=rules, policies=policies, params=params, deals={hands}, seed=1, hands_per_table={hands})
replay = game_of(rules).replay
records = [parse_record(json.loads(replay(spec, None, hand, None, True)[0])) for hand in range({hands})]
started = time.perf_counter()
for record in records:
    judge(record)
print(json.dumps({{"seconds": time.perf_counter() - started}}))
"""


_EXPERIMENTS = """
import json, time
from pathlib import Path
from baofen_sim.policies.selection import parse_policy_options
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.simulate import simulate
from baofen_sim.runs.sweep import parse_vary, plan_variants, sweep
policies, params = parse_policy_options(["heuristic"], [], 4)
base = RunSpec(policies=policies, params=params, deals={hands}, seed=1, threads=2)
simulate(base.replace(deals=4096), {out!r} + "/warm", progress=False)
timings = {{}}
varies = [parse_vary("bid_cap_default=150,175,200", base)]
started = time.perf_counter()
for i, variant in enumerate(plan_variants(base, varies)):
    simulate(variant.spec, {out!r} + f"/run{{i}}", progress=False)
timings["three_runs_s"] = time.perf_counter() - started
started = time.perf_counter()
sweep(base, varies, {out!r} + "/sweep", progress=False)
timings["sweep_s"] = time.perf_counter() - started
each = base.replace(deals={hands} // 4, hands_per_table=1, declarer="each", target="each")
simulate(each.replace(deals=1024), {out!r} + "/warm-each", progress=False)
started = time.perf_counter()
simulate(each, {out!r} + "/each", progress=False)
timings["each_per_deal_s"] = (time.perf_counter() - started) / each.deals
timings["normal_per_hand_s"] = timings["three_runs_s"] / (3 * base.deals)
print(json.dumps(timings))
"""


@dataclass
class BenchConfig:
    hands: int = 1_000_000  # engine throughput and Parquet runs
    reference_hands: int = 200  # hands replayed through the reference engine
    end_to_end_deals: int = END_TO_END_DEALS  # the end-to-end row's --deals
    end_to_end_repeats: int = 3  # its timed runs, each after a yardstick measurement
    results: Path = Path("results/BENCHMARKS.md")


def run_child(code: str, env: dict[str, str] | None = None) -> dict:
    """Run `code` in a fresh interpreter; its last stdout line is a JSON object."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"benchmark child failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure_yardstick() -> float:
    """The deal yardstick of this machine, deals/s (a fresh process)."""
    return run_child(_YARDSTICK.format(deals=YARDSTICK_DEALS, repeats=YARDSTICK_REPEATS))["deals_per_s"]


def end_to_end_command(deals: int, out: str | Path) -> list[str]:
    """`simulate --policy random --deals N --threads 1 --out OUT` as this interpreter runs the package."""
    return [sys.executable, "-m", "baofen_sim", *END_TO_END_ARGS[:3], "--deals", str(deals), *END_TO_END_ARGS[3:],
            "--out", str(out)]


def end_to_end_seconds(deals: int) -> float:
    """Wall seconds of one whole `simulate --policy random --deals N --threads 1` into a new temp directory."""
    with tempfile.TemporaryDirectory() as out:
        started = time.perf_counter()
        done = subprocess.run(end_to_end_command(deals, Path(out, "run")), capture_output=True, text=True,
                              check=False)
        seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"end-to-end run failed:\n{done.stderr[-2000:]}")
    return seconds


def measure_end_to_end(config: BenchConfig, echo=print) -> dict:
    """{"yardstick": [deals/s], "seconds": [s]}: the yardstick and the end-to-end command alternately,
    config.end_to_end_repeats times each, after a warm-up run of the command."""
    end_to_end_seconds(END_TO_END_WARM_DEALS)
    figures: dict = {"deals": config.end_to_end_deals, "yardstick": [], "seconds": []}
    for _ in range(config.end_to_end_repeats):
        figures["yardstick"].append(measure_yardstick())
        figures["seconds"].append(end_to_end_seconds(config.end_to_end_deals))
        rate = config.end_to_end_deals / figures["seconds"][-1]
        echo(f"deal yardstick {figures['yardstick'][-1]:,.0f} deals/s; end to end {figures['seconds'][-1]:.2f} s, "
             f"{rate:,.0f} hands/s ({ratio_text(rate, figures['yardstick'][-1])} of the yardstick)")
    return figures


def ratio_text(rate: float, yardstick: float) -> str:
    """`rate` as a fraction of the yardstick: "1/23.4"."""
    return f"1/{yardstick / rate:.1f}"


def end_to_end_summary(figures: dict, yardstick: float) -> str:
    """The end-to-end line of an entry: best and median wall time, the best as hands/s and as a ratio."""
    seconds = figures["seconds"]
    rate = figures["deals"] / min(seconds)
    command = shlex.join(["baofen-sim", *END_TO_END_ARGS[:3], "--deals", str(figures["deals"]), *END_TO_END_ARGS[3:],
                          "--out", "TMP"])
    return (f"end to end, `{command}` (wall time of the whole process, warm cache, Parquet included), best / "
            f"median of {len(seconds)}: {min(seconds):.2f} s / {statistics.median(seconds):.2f} s, "
            f"{rate:,.0f} hands/s, {ratio_text(rate, yardstick)} of the yardstick")


def measure(config: BenchConfig, echo=print) -> dict:
    """Every figure of the benchmark table, as a dict."""
    figures: dict = {"throughput": {}, "reference": {}, "tricks_per_hand": {}}
    figures["yardstick"] = [measure_yardstick()]
    echo(f"deal yardstick: {figures['yardstick'][0]:,.0f} deals/s")
    figures["cold_compile_s"], figures["warm_start_s"] = {}, {}
    for mix in POLICY_MIXES:
        label = set_label(mix)
        figures["cold_compile_s"][label], figures["warm_start_s"][label] = cold_and_warm_start(mix)
        echo(f"{label}: cold compile {figures['cold_compile_s'][label]:.1f} s, "
             f"warm start {figures['warm_start_s'][label]:.2f} s")
    for first, mix in SECOND_SETS:
        label = f"{set_label(mix)} after {set_label(first)}"
        figures["cold_compile_s"][label], figures["warm_start_s"][label] = cold_and_warm_start(mix, after=first)
        echo(f"{label}: compile {figures['cold_compile_s'][label]:.1f} s, "
             f"warm start {figures['warm_start_s'][label]:.2f} s")
    for game, mixes in GAME_MIXES:
        for mix in mixes:
            label = f"{by_id(game).title} " + set_label(mix)
            figures["cold_compile_s"][label], figures["warm_start_s"][label] = cold_and_warm_start(mix, game=game)
            echo(f"{label}: cold compile {figures['cold_compile_s'][label]:.1f} s, "
                 f"warm start {figures['warm_start_s'][label]:.2f} s")
    for label, policy, files, rules in BENCHED:
        for threads in THREADS:
            code = _THROUGHPUT.format(policy=policy, files=list(files), threads=threads, hands=config.hands,
                                      warm=WARM_TABLES, rules=rules)
            timed = run_child(code)
            rate = config.hands / timed["seconds"]
            figures["throughput"][f"{label}/{threads}"] = rate
            figures["tricks_per_hand"][label] = timed["tricks"] / config.hands
            echo(f"{label:21} {threads} thread(s): {rate:,.0f} hands/s "
                 f"({ratio_text(rate, figures['yardstick'][0])} of the yardstick)")
        reference = run_child(_REFERENCE.format(policy=policy, files=list(files), hands=config.reference_hands,
                                                rules=rules))
        figures["reference"][label] = config.reference_hands / reference["seconds"]
        echo(f"{label:21} reference engine: {figures['reference'][label]:,.0f} hands/s")
    with tempfile.TemporaryDirectory() as out:
        parquet = run_child(_PARQUET.format(policy="heuristic", threads=2, hands=config.hands, out=out + "/run"))
    figures["parquet"] = parquet
    echo(f"heuristic to Parquet, 2 threads: {parquet['seconds']:.1f} s, "
         f"{parquet['bytes'] / config.hands:.1f} bytes/hand, peak RSS {parquet['peak_rss_mb']:.0f} MB")
    with tempfile.TemporaryDirectory() as out:
        experiments = run_child(_EXPERIMENTS.format(hands=config.hands, out=out))
    figures["experiments"] = experiments
    echo(f"3-variant sweep / three runs: {experiments['sweep_s'] / experiments['three_runs_s']:.2f}x; "
         f"--declarer each per deal / a hand: {experiments['each_per_deal_s'] / experiments['normal_per_hand_s']:.2f}x")
    figures["end_to_end"] = measure_end_to_end(config, echo)
    figures["yardstick"] += figures["end_to_end"]["yardstick"]
    return figures


def set_label(mix: tuple[str, ...]) -> str:
    """The policy set the engine of `mix` is compiled for, as `random+heuristic+sampler`."""
    return "+".join(policy_set.set_of(mix))


def cold_and_warm_start(mix: tuple[str, ...], processes: int | None = None, game: str | None = None,
                        after: tuple[str, ...] | None = None) -> tuple[float, float]:
    """Seconds of a cold start of `game`'s engine of `mix` (an empty cache, or one that holds the engine of
    `after`, compiled first and not timed; `processes` compile, default one per core) and of the warm start after
    it, each in a fresh process."""
    with tempfile.TemporaryDirectory() as cache:
        env = {"BAOFEN_SIM_CACHE_DIR": cache}
        if after is not None:
            run_child(_START.format(mix=after, processes=processes, game=game), env)
        code = _START.format(mix=mix, processes=processes, game=game)
        return run_child(code, env)["seconds"], run_child(code, env)["seconds"]


COMPILE_MODES = {"one process": 1, "every core": None}  # mode: compile processes (None: one per core)


def measure_cold_compiles(mixes: tuple[tuple[str, ...], ...], repeats: int, echo=print,
                          game: str | None = None, modes: tuple[str, ...] = tuple(COMPILE_MODES)) -> dict:
    """{set label: {mode: [seconds]}}: cold starts of each policy set's engine of `game` compiled in one process
    (as before issue 20.10) and on every core (`modes`), `repeats` times each, the sets and modes alternating
    within each repeat (a machine that slows down or speeds up weighs on every set alike)."""
    prefix = "" if by_id(game) == default_game() else f"{by_id(game).title} "
    labels = {mix: prefix + "+".join(mix) for mix in mixes}
    figures: dict = {label: {mode: [] for mode in modes} for label in labels.values()}
    for _ in range(repeats):
        for mix, label in labels.items():
            for mode in modes:
                cold, warm = cold_and_warm_start(mix, COMPILE_MODES[mode], game)
                figures[label][mode].append(cold)
                echo(f"{label}, {mode}: cold {cold:.1f} s, warm {warm:.2f} s")
    return figures


def cold_compile_markdown(figures: dict, command: str) -> str:
    """The cold compiles of `measure_cold_compiles` as a BENCHMARKS.md entry (best and median of each mode, the
    speed-up on every core when both modes ran, and every figure in the order measured)."""
    modes = list(next(iter(figures.values())))
    both = set(COMPILE_MODES) <= set(modes)
    lines = [f"## {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} — cold compile by policy set", "",
             f"- machine: {machine()}", f"- command: `{command}`",
             "- each figure: a fresh process on an empty cache, import + compile + one hand per policy; one process "
             "(the compile before issue 20.10) and every core (`baofen-sim warmup` now); the sets and modes "
             "alternate within each repeat", "",
             "| engine built for | " + " | ".join(f"{mode} best / median" for mode in modes)
             + (" | best speed-up" if both else "") + " | in order |",
             "|---|" + "---:|" * (len(modes) + both) + "---|"]
    for label, by_mode in figures.items():
        cells = [f"{min(v):.1f} s / {statistics.median(v):.1f} s" for v in by_mode.values()]
        if both:
            cells.append(f"{min(by_mode['one process']) / min(by_mode['every core']):.2f}x")
        order = "; ".join(f"{mode}: {', '.join(f'{x:.1f}' for x in v)}" for mode, v in by_mode.items())
        lines.append(f"| {label} | {' | '.join(cells)} | {order} |")
    return "\n".join(lines) + "\n"


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}"


def markdown(figures: dict, config: BenchConfig, command: str) -> str:
    tp = figures["throughput"]
    yardstick = max(figures["yardstick"])
    lines = [f"## {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}", "",
             f"- machine: {machine()}", f"- command: `{command}`",
             f"- hands per measurement: {config.hands:,}; reference engine: {config.reference_hands} hands "
             "(replayed from the engine's game records through the reference judge)",
             f"- {yardstick_summary(figures['yardstick'])}", "",
             "| policy | 1 thread hands/s | 1 thread / yardstick | 2 threads hands/s | speed-up | reference hands/s | "
             "kernel / reference | tricks per hand | 1 thread tricks/s |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for label, _, files, _ in BENCHED:
        one, two, ref = tp[f"{label}/1"], tp[f"{label}/2"], figures["reference"][label]
        tricks = figures["tricks_per_hand"][label]
        shown = f"{label} (`--param {files[0]}`)" if files else label
        lines.append(f"| {shown} | {one:,.0f} | {ratio_text(one, yardstick)} | {two:,.0f} | {two / one:.2f}x | "
                     f"{ref:,.0f} | {one / ref:,.0f}x | {tricks:.1f} | {one * tricks:,.0f} |")
    parquet = figures["parquet"]
    starts = "; ".join(f"{label} {figures['cold_compile_s'][label]:.1f} s / {figures['warm_start_s'][label]:.2f} s"
                       for label in figures["cold_compile_s"])
    lines += ["", f"- cold compile / warm start by the policy set the engine is built for (empty cache, or after the "
              f"set named, whose kernels and policies it shares / from the cache, import + first hands): {starts}",
              f"- {config.hands:,} heuristic hands to Parquet with 2 threads: {parquet['seconds']:.1f} s wall, "
              f"{parquet['bytes'] / config.hands:.1f} bytes/hand, peak RSS {parquet['peak_rss_mb']:.0f} MB"]
    ex = figures["experiments"]
    lines += [f"- paired experiments, heuristic, 2 threads: a 3-variant sweep (bid_cap_default 150/175/200) of "
              f"{config.hands:,} hands each {ex['sweep_s']:.1f} s against three simulate runs "
              f"{ex['three_runs_s']:.1f} s "
              f"({ex['sweep_s'] / ex['three_runs_s']:.2f}x); `--declarer each --target each` "
              f"{1e6 * ex['each_per_deal_s']:.1f} µs per deal against {1e6 * ex['normal_per_hand_s']:.1f} µs per "
              f"auctioned hand ({ex['each_per_deal_s'] / ex['normal_per_hand_s']:.2f}x)",
              f"- {end_to_end_summary(figures['end_to_end'], yardstick)}", ""]
    return "\n".join(lines)


def yardstick_summary(deals_per_s: list[float]) -> str:
    """The yardstick line of an entry: its best rate (the one every ratio is read against) and every measurement."""
    return (f"deal yardstick (`dev.yardstick`: a bare one-thread Numba loop dealing 4 × 25 + 8 cards into bitboards "
            f"with the engine's splitmix64 deal): {max(deals_per_s):,.0f} deals/s, the best of {len(deals_per_s)} "
            f"fresh processes in this run ({', '.join(f'{x:,.0f}' for x in deals_per_s)}); every ratio is read "
            "against it")


def end_to_end_markdown(figures: dict, command: str) -> str:
    """A BENCHMARKS.md entry of `measure_end_to_end` alone: the yardstick and the end-to-end command, alternating."""
    yardstick = max(figures["yardstick"])
    rates = ", ".join(f"{figures['deals'] / s:,.0f}" for s in figures["seconds"])
    return "\n".join([f"## {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} — end to end against the deal "
                      "yardstick", "", f"- machine: {machine()}", f"- command: `{command}`",
                      f"- {yardstick_summary(figures['yardstick'])}",
                      f"- {end_to_end_summary(figures, yardstick)}; each run after a yardstick measurement, in order: "
                      f"{rates} hands/s", ""])


def results_path_problem(path: Path) -> str | None:
    """Why the figures could not be appended to `path` (checked before minutes of measuring), or None."""
    if path.is_dir():
        return "is a directory, not a file"
    if path.exists():
        return None if os.access(path, os.W_OK) else "is not writable"
    folder = next(p for p in path.absolute().parents if p.exists())
    if not folder.is_dir():
        return f"{folder} is not a directory"
    return None if os.access(folder, os.W_OK | os.X_OK) else f"cannot be created in {folder}"


def append_results(text: str, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    header = "" if path.exists() else "# Benchmarks\n\nAppended by `baofen-sim bench` (scripts/bench.py).\n\n"
    with path.open("a", encoding="utf-8") as handle:
        handle.write(header + text + "\n")
