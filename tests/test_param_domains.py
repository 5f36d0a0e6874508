"""Policy parameter domains (policies.registry: a set of values or a range, whole numbers or any, declared with
each parameter): a value outside is refused in one line naming the seat, the parameter, the value and what is
allowed, the same for `--param SEAT.KEY=VALUE`, `--param SEAT=FILE.toml`, `--param FILE.toml` and
`sweep --vary SEAT.PARAM=...`; the defaults and the bundled files lie inside; a sweep refuses a name given
both to --vary and to --set / --param."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from baofen_sim.cli import app
from baofen_sim.policies.registry import NAMED_PARAMS_DIR, POLICIES, PolicyError, named_param_files
from baofen_sim.policies.selection import parse_policy_options
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.sweep import SweepError, parse_vary
from tests.test_simulate_plumbing import assert_one_line_error, fake_engine  # noqa: F401

runner = CliRunner()

WHOLE_SAMPLES = "a whole number from 1 to 1024"
# (policy, parameter, a value it refuses, what it allows): every parameter with a set of values or a range
REFUSED = [
    ("random", "pass_weight", "-1", ">= 0"),
    ("heuristic", "per_5_points", "0", "> 0"),
    ("heuristic", "max_bid", "-5", ">= 0"),
    ("heuristic", "feed_points", "-0.5", ">= 0"),
    ("heuristic", "draw_trumps", "2", "one of 0, 1"),
    ("heuristic", "declarer_win_min_points", "-5", ">= 0"),
    ("heuristic", "declarer_ruff_min_points", "-1", ">= 0"),
    ("heuristic", "declarer_throw_sure", "0.5", "one of 0, 1"),
    ("heuristic", "defender_win_min_points", "-10", ">= 0"),
    ("heuristic", "defender_ruff_min_points", "-0.1", ">= 0"),
    ("heuristic", "defender_throw_sure", "-1", "one of 0, 1"),
    ("heuristic", "bid_mode", "7", "one of 0, 1"),
    ("heuristic", "bid_mode", "0.5", "one of 0, 1"),
    ("heuristic", "contest_per_5", "-2", "> 0"),
    ("sampler", "bid_mode", "2", "one of 0, 1"),
    ("sampler", "samples", "0", WHOLE_SAMPLES),
    ("sampler", "samples", "1025", WHOLE_SAMPLES),
    ("sampler", "samples", "7.5", WHOLE_SAMPLES),
    ("sampler", "candidates", "22", "a whole number from 1 to 21"),
    ("sampler", "switch_z", "-0.1", ">= 0"),
]


def refusal(where: str, seat: int, policy: str, name: str, value: str, allowed: str) -> str:
    return f"{where}: seat {seat} ({policy}): {name} = {value} is not allowed (must be {allowed})"


@pytest.mark.parametrize(("policy", "name", "value", "allowed"), REFUSED)
def test_a_value_outside_the_domain_is_refused_in_every_param_form(tmp_path, policy, name, value, allowed):
    path = tmp_path / "bad.toml"
    path.write_text(f"{name} = {value}\n")
    for option, seat in ((f"2.{name}={value}", 2), (f"2={path}", 2), (str(path), 0)):
        with pytest.raises(PolicyError) as error:
            parse_policy_options([policy], [option])
        assert str(error.value) == refusal(f"--param {option!r}", seat, policy, name, value, allowed)


@pytest.mark.parametrize(("policy", "name", "value"), [
    ("heuristic", "bid_mode", "0"), ("heuristic", "bid_mode", "1"), ("heuristic", "draw_trumps", "0"),
    ("heuristic", "per_5_points", "0.01"), ("heuristic", "declarer_ruff_min_points", "0"),
    ("heuristic", "open_threshold", "-3"), ("heuristic", "eval_points", "-0.5"), ("random", "pass_weight", "0"),
    ("sampler", "samples", "1"), ("sampler", "samples", "1024"), ("sampler", "candidates", "21"),
    ("sampler", "switch_z", "0"),
])
def test_values_inside_the_domain_are_taken(policy, name, value):
    _, values = parse_policy_options([policy], [f"1.{name}={value}"])
    assert values[1][name] == float(value)


def test_the_defaults_and_the_bundled_files_lie_inside_the_domains():
    for spec in POLICIES.values():
        for param in spec.params:
            assert param.domain.allows(param.default), (spec.name, param.name, param.default)
    assert set(named_param_files()) == {path.stem for path in NAMED_PARAMS_DIR.glob("*.toml")}
    for name in named_param_files():
        for policy in ("heuristic", "sampler"):
            parse_policy_options([policy], [name])  # no PolicyError


def test_the_simulate_command_refuses_bid_mode_7_in_one_line_and_writes_nothing(tmp_path, fake_engine):  # noqa: F811
    out = tmp_path / "run"
    result = runner.invoke(app, ["simulate", "--param", "0.bid_mode=7", "--deals", "16", "--out", str(out)])
    assert_one_line_error(result, refusal("--param '0.bid_mode=7'", 0, "heuristic", "bid_mode", "7", "one of 0, 1"))
    assert not out.exists()


def test_policies_listing_shows_each_domain():
    result = runner.invoke(app, ["policies"])
    lines = {line.split()[0]: line for line in result.stdout.splitlines() if line.startswith("    ")}
    assert lines["bid_mode"].endswith("(allowed: one of 0, 1)")
    assert lines["samples"].endswith(f"(allowed: {WHOLE_SAMPLES})")
    assert lines["contest_per_5"].endswith("(allowed: > 0)") and lines["eval_intercept"].endswith("constant")


# ---- sweeps ----


def base_of() -> RunSpec:
    policies, params = parse_policy_options(["heuristic"], [], 4)
    return RunSpec(policies=policies, params=params, deals=600, hands_per_table=10, chunk_size=200, seed=9)


def test_a_swept_value_outside_the_domain_is_refused():
    with pytest.raises(SweepError) as error:
        parse_vary("0.bid_mode=0,7", base_of())
    assert str(error.value) == "--vary '0.bid_mode=0,7': " + refusal(
        "--param '0.bid_mode=7'", 0, "heuristic", "bid_mode", "7", "one of 0, 1")


@pytest.mark.parametrize(("args", "message"), [
    (["--vary", "0.bid_mode=0,1,7"], "bid_mode = 7 is not allowed (must be one of 0, 1)"),
    (["--vary", "3.draw_trumps=0,2"], "draw_trumps = 2 is not allowed (must be one of 0, 1)"),
    (["--vary", "bid_cap_default=120,150", "--set", "bid_cap_default=130"],
     "--vary 'bid_cap_default=120,150' and --set 'bid_cap_default=130' both set bid_cap_default"),
    (["--set", "bid-cap-default=130", "--vary", "bid_cap_default=120,150"],
     "--vary 'bid_cap_default=120,150' and --set 'bid-cap-default=130' both set bid_cap_default"),
    (["--param", "0.bid_mode=1", "--vary", "0.bid_mode=0,1"],
     "--vary '0.bid_mode=0,1' and --param '0.bid_mode=1' both set bid_mode of seat 0"),
])
def test_the_sweep_command_refuses_bad_values_and_conflicts_in_one_line(tmp_path, fake_engine, args,  # noqa: F811
                                                                         message):
    out = tmp_path / "o"
    assert_one_line_error(runner.invoke(app, ["sweep", "--deals", "16", "--out", str(out), *args]), message)
    assert not out.exists()


def test_vary_beside_other_options_that_do_not_conflict():
    base = base_of()
    assert parse_vary("bid_cap_default=150,200", base, overrides=["bid_cap_max=300"]).values == ("150", "200")
    assert parse_vary("0.bid_mode=0,1", base, ["heuristic"], ["1.bid_mode=0"]).key == "bid_mode"
    # a file is a starting point the swept value overrides: no conflict
    assert parse_vary("0.open_threshold=20,22", base, [], ["0=threshold-bids"]).seat == 0
