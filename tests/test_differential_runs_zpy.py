"""scripts/differential.py with `--rules zhaopengyou-5p` (baofen_sim/dev/differential_runs.py, issue 23 item 6), in
this process (`--processes 1`): a few dozen 找朋友 hands of the engine re-judged by the reference under random and
heuristic players and an option variant, the 5-player positions, and what a disagreement or a bad option looks like.
The million-hand runs are the script's (docs/development.md, "Differential runs")."""

from __future__ import annotations

import numpy as np
import pytest

from baofen_sim.dev.differential_runs import main
from baofen_sim.games.zhaopengyou.differential import checks_zpy, judged_hands
from baofen_sim.games.zhaopengyou.replay import replayed_hands_zpy
from baofen_sim.io.records import parse_record
from baofen_sim.reference.judge import judge
from baofen_sim.rules.presets import preset
from baofen_sim.runs.runspec import RunSpec
from tests import background

ZHAOPENGYOU_5P = preset("zhaopengyou-5p")

ZPY = ZHAOPENGYOU_5P.name


@pytest.fixture(autouse=True)
def engine():
    """The 找朋友 engine compiled (the background's warm-up)."""
    background.output("engine-zpy")


def run(capsys, *args: str) -> tuple[int, str]:
    code = main(["--rules", ZPY, "--processes", "1", "--hands-per-table", "8", *args])
    return code, capsys.readouterr().out


def test_random_and_heuristic_zhaopengyou_hands_and_positions_agree_with_the_reference(capsys):
    code, out = run(capsys, "--hands", "32", "--policy", "random", "--policy", "heuristic", "--positions", "3",
                    "--seed", "3")
    assert code == 0, out
    for policy in ("random", "heuristic"):
        assert f"{ZPY} {policy}: 32 hands (32 declared)" in out and "; 0 disagreements (" in out
    assert "  hands: " in out and "friend revealed" in out and "1 vs 4 (" in out
    assert f"{ZPY} positions: 3 positions" in out and out.rstrip().splitlines()[-1].startswith("all agree (")


def test_an_option_variant_is_judged_under_its_options(capsys):
    code, out = run(capsys, "--hands", "24", "--set", "zpy_overcall_max=2", "--set", "zpy_flip_call=any_7",
                    "--set", "zpy_kitty_rule=flat_double")
    assert code == 0, out
    assert f"{ZPY} random: 24 hands" in out and "overcalled" in out
    assert "all agree with zpy_overcall_max=2 zpy_flip_call=any_7 zpy_kitty_rule=flat_double" in out


def test_a_result_line_the_reference_does_not_give_is_a_disagreement(monkeypatch):
    from baofen_sim.games.zhaopengyou import replay as record

    right = record.result_line_zpy
    monkeypatch.setattr(record, "result_line_zpy", lambda row: right(row) | {"next_deal_first": -1})
    spec = RunSpec(rules=ZHAOPENGYOU_5P, policies=("random",) * 5, deals=4, hands_per_table=4, seed=2)
    tally = judged_hands(spec, 0, 1)
    assert tally.hands == 4 and len(tally.disagreements) == 4
    assert all("next_deal_first: engine -1, reference " in line for line in tally.disagreements)


def test_the_friend_the_points_and_the_next_first_card_are_checked():
    spec = RunSpec(rules=ZHAOPENGYOU_5P, policies=("random",) * 5, deals=12, hands_per_table=12, seed=4)
    hands = replayed_hands_zpy(spec, 0, 1)
    i = next(i for i, (row, _) in enumerate(hands[:-1]) if row.reveal_trick >= 0)
    row, record = hands[i]
    following = hands[i + 1][0]
    events = judge(parse_record(record)).events
    assert checks_zpy(row, events, following) == []
    moved, broken, later = copy_of(row), copy_of(row), copy_of(following)
    moved.reveal_trick += 1
    broken.points_won[0] += 5
    later.deal_first = (later.deal_first + 1) % 5
    assert checks_zpy(moved, events, following)[0].startswith("friend revealed: engine [(")
    assert checks_zpy(broken, events, following)[0].startswith("points won per seat: engine [")
    assert checks_zpy(row, events, later)[0].startswith("the next hand's first card: engine seat ")


def copy_of(row):
    """A row of its own (a record of a one-row array)."""
    out = np.zeros(1, dtype=row.dtype).view(np.recarray)
    out[0] = row
    return out[0]


@pytest.mark.parametrize("args, message", [
    (("--set", "zpy_overcall_max=9"), "--rules zhaopengyou-5p: "),
    (("--policy", "nonesuch"), "--policy: unknown policy 'nonesuch'"),
])
def test_a_bad_option_is_one_line_and_exit_2(capsys, args, message):
    with pytest.raises(SystemExit) as stopped:
        main(["--rules", ZPY, "--hands", "8", "--processes", "1", *args])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert message in err.splitlines()[-1] and "Traceback" not in err
