"""No traceback, ever (DESIGN.md §8): every error is one line with exit code 2 (1 for an illegal step in
`judge`), Ctrl-C exits 130, a bug exits 3 with its details in a log file. The inputs that once ended in a
traceback each have a test; hypothesis then feeds mutated records, random bytes, random options and random TOML.
"""

from __future__ import annotations

import copy
import json
import os
import sys
import tempfile
import types
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from baofen_sim import console
from baofen_sim.cli import app
from baofen_sim.rules.ruleset import OPTION_NAMES
from baofen_sim.runs import simulate as simulate_module
from tests.test_simulate_plumbing import FakeEngine

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = {path.stem: json.loads(path.read_text()) for path in sorted((ROOT / "examples").glob("*.json"))}
runner = CliRunner()


def run(*args: object, stdin: bytes | str | None = None):
    return runner.invoke(app, [str(a) for a in args], input=stdin)


def assert_clean(result, codes: set[int] = frozenset({0, 1, 2})) -> None:
    """An allowed exit code, no traceback, and an error (exit 2) in one line."""
    output = result.output + (result.stderr or "")
    assert result.exit_code in codes, output
    assert "Traceback" not in output and "internal error" not in output, output
    if result.exit_code == 2:
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr


def assert_one_line_error(result, text: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and text in result.stderr and result.stderr.count("\n") == 1


def write(tmp_path: Path, name: str, data: bytes | str) -> Path:
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return path


# ---- the inputs that ended in a traceback ----


def test_a_bid_after_the_auction_has_ended_is_an_illegal_step(tmp_path):
    record = copy.deepcopy(EXAMPLES["full_hand"])
    record["bids"].append(100)
    result = run("judge", write(tmp_path, "r.json", json.dumps(record)), "--json")
    assert result.exit_code == 1, result.output
    last = json.loads(result.stdout.splitlines()[-1])
    assert last["event"] == "bid" and last["legal"] is False and last["reason"] == "the auction is over"


def test_a_bury_before_the_auction_ends_is_an_illegal_step(tmp_path):
    record = copy.deepcopy(EXAMPLES["full_hand"])
    record["bids"] = record["bids"][:1]
    result = run("judge", write(tmp_path, "r.json", json.dumps(record)))
    assert result.exit_code == 1 and "ILLEGAL bury" in result.stdout and "not the time to bury" in result.stdout


def test_a_deeply_nested_record_is_malformed(tmp_path):
    result = run("judge", write(tmp_path, "deep.json", "[" * 100_000 + "]" * 100_000))
    assert_one_line_error(result, "nested too deeply")


@pytest.mark.parametrize("command", [["rules", "show"], ["simulate", "--deals", "1", "--rules"]])
def test_a_rules_file_that_is_not_utf8_is_refused(tmp_path, command):
    path = write(tmp_path, "latin1.toml", 'preset = "baofen"\n# caf\xe9\n'.encode("latin-1"))
    assert_one_line_error(run(*command, path), "not UTF-8")


def test_a_parameter_file_that_is_not_utf8_is_refused(tmp_path):
    path = write(tmp_path, "p.toml", "open_threshold = 22 # \xe9\n".encode("latin-1"))
    assert_one_line_error(run("simulate", "--param", f"0={path}", "--out", tmp_path / "o"), "not UTF-8")
    assert not (tmp_path / "o").exists()


def test_judge_reads_standard_input():
    result = run("judge", "-", "--json", stdin=json.dumps(EXAMPLES["full_hand"]))
    assert result.exit_code == 0 and json.loads(result.stdout.splitlines()[-1])["event"] == "result"
    assert_one_line_error(run("judge", "-", stdin="{"), "<stdin>: not valid JSON")


def test_an_internal_error_is_one_line_naming_a_log_file(monkeypatch, tmp_path):
    def broken() -> str:
        raise ZeroDivisionError("a bug")

    monkeypatch.setenv("BAOFEN_SIM_LOG_DIR", str(tmp_path / "logs"))
    monkeypatch.setattr("baofen_sim.cli.tools.describe_policies", broken)
    result = run("policies")
    assert result.exit_code == 3 and result.stderr.count("\n") == 1
    assert "internal error (ZeroDivisionError: a bug)" in result.stderr and "please report it" in result.stderr
    (log,) = (tmp_path / "logs").iterdir()
    assert str(log) in result.stderr
    assert "Traceback" in log.read_text() and "broken" in log.read_text()


def test_ctrl_c_in_a_command_is_one_line_and_exit_130(monkeypatch):
    def interrupted() -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("baofen_sim.cli.tools.describe_policies", interrupted)
    result = run("policies")
    assert result.exit_code == 130 and result.stderr == "error: interrupted\n"


def test_ctrl_c_while_the_libraries_load_is_one_line_and_exit_130(monkeypatch, capsys):
    class Loading(types.ModuleType):
        def __getattr__(self, name: str):
            raise KeyboardInterrupt

    monkeypatch.setitem(sys.modules, "baofen_sim.cli", Loading("baofen_sim.cli"))
    with pytest.raises(SystemExit) as exit_info:
        console.main()
    assert exit_info.value.code == 130 and capsys.readouterr().err == "error: interrupted\n"


def test_version_and_shell_completion():
    result = run("--version")
    assert result.exit_code == 0 and result.stdout.startswith("baofen-sim ")
    assert "--install-completion" in run("--help").stdout


def test_bench_checks_its_arguments_before_measuring(tmp_path, monkeypatch):
    monkeypatch.setattr("baofen_sim.dev.bench.measure", lambda *a, **k: pytest.fail("measured"))
    assert_one_line_error(run("bench", "--hands", "10"), "--hands must be at least 1000")
    assert_one_line_error(run("bench", "--results", tmp_path), "is a directory")
    (tmp_path / "file").write_text("")
    assert_one_line_error(run("bench", "--results", tmp_path / "file" / "b.md"), "is not a directory")


def test_help_cites_nothing_a_user_cannot_open():
    """The wheel carries no DESIGN.md, RULES.md or examples/: no --help names them."""
    import typer

    group = typer.main.get_command(app)
    commands = [group, *group.commands.values()]
    commands += [sub for c in group.commands.values() for sub in getattr(c, "commands", {}).values()]
    for command in commands:
        texts = [command.help or ""] + [getattr(p, "help", None) or "" for p in command.params]
        for text in texts:
            assert ".md §" not in text and "RULES.md" not in text and "examples/" not in text, text


# ---- fuzzing ----

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(["SA", "H10", "BJ", "LJ", "pass", "S", "NT", "C2", 85, 90, 200]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=10,
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


CARD_KEYS = ("hands", "kitty", "bury", "plays", "buried", "declarations", "fandi")


def _at(value, path):
    for key in path:
        value = value[key]
    return value


def _put(value, path, item) -> None:
    _at(value, path[:-1])[path[-1]] = item


@st.composite
def mutated_records(draw):
    record = copy.deepcopy(EXAMPLES[draw(st.sampled_from(sorted(EXAMPLES)))])
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(record) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = record
        for key in path[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["replace", "delete", "duplicate", "swap", "swap_cards", "swap_cards",
                                       "truncate"]))
        key = path[-1]
        if action == "swap_cards":  # two cards trade places: the record stays well-formed, the play changes
            cards = [p for p in paths if isinstance(_at(record, p), str) and p[0] in CARD_KEYS]
            if len(cards) > 1:
                a, b = draw(st.sampled_from(cards)), draw(st.sampled_from(cards))
                value_a, value_b = _at(record, a), _at(record, b)
                _put(record, a, value_b)
                _put(record, b, value_a)
        elif action == "truncate" and isinstance(parent[key], list):
            del parent[key][draw(st.integers(0, len(parent[key]))):]
        elif action == "replace":
            parent[key] = draw(json_values)
        elif action == "delete":
            del parent[key]
        elif action == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif action == "swap" and isinstance(parent, list) and len(parent) > 1:
            other = draw(st.integers(0, len(parent) - 1))
            parent[key], parent[other] = parent[other], parent[key]
    return record


FUZZ = settings(max_examples=int(os.environ.get("BAOFEN_SIM_FUZZ_EXAMPLES", "100")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@FUZZ
@given(mutated_records())
def test_judge_on_mutated_records_never_tracebacks(record):
    assert_clean(run("judge", "-", stdin=json.dumps(record)))


@FUZZ
@given(st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_judge_on_random_bytes_never_tracebacks(data):
    assert_clean(run("judge", "-", stdin=data))


@pytest.fixture(scope="module")
def fake_engine():
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(simulate_module, "engine_run_chunk", FakeEngine())
        yield


option_texts = st.one_of(
    st.text(max_size=30),
    st.builds(lambda name, value: f"{name}={value}", st.sampled_from(OPTION_NAMES),
              st.text(max_size=12) | st.integers(-10**4, 10**4).map(str)
              | st.sampled_from(["true", "false", "none", "1e400", "nan", "150,200", "each"])),
)
param_texts = st.one_of(
    st.text(max_size=30),
    st.builds(lambda seat, key, value: f"{seat}.{key}={value}", st.sampled_from(["0", "3", "4", "-1", "x", ""]),
              st.sampled_from(["open_threshold", "pass_weight", "per_5_points", "nosuch", ""]),
              st.text(max_size=10) | st.sampled_from(["1e308", "-inf", "nan", "22", "0x10"])),
    st.builds(lambda seat, name: f"{seat}={name}", st.sampled_from(["0", "9"]),
              st.sampled_from(["missing.toml", "/", "a.toml\x00", "x.txt"])),
)


@FUZZ
@given(st.lists(option_texts, min_size=1, max_size=3), st.lists(param_texts, max_size=2))
def test_simulate_on_random_set_and_param_never_tracebacks(fake_engine, sets, params):
    with tempfile.TemporaryDirectory() as folder:
        args = ["simulate", "--deals", "16", "--out", Path(folder) / "o"]
        args += [a for text in sets for a in ("--set", text)] + [a for text in params for a in ("--param", text)]
        assert_clean(run(*args))


toml_keys = st.sampled_from([*OPTION_NAMES, "preset", "name", "stake_multipliers", "nosuch"]) | st.text(max_size=6)
toml_scalars = (st.integers(-10**9, 10**9).map(str) | st.booleans().map(lambda b: str(b).lower())
                | st.text(max_size=8).map(json.dumps) | st.floats(allow_nan=False, allow_infinity=False).map(repr)
                | st.sampled_from(['"baofen"', '"baofen-001"', '"none"', "[1, 2]", "{a = 1}", "inf", "nan"]))


@st.composite
def toml_texts(draw):
    lines = [f"{json.dumps(draw(toml_keys))} = {draw(toml_scalars)}" for _ in range(draw(st.integers(0, 4)))]
    if draw(st.booleans()):
        lines.insert(draw(st.integers(0, len(lines))), draw(st.text(max_size=20)))
    return "\n".join(lines).encode("utf-8", "surrogatepass") if draw(st.booleans()) else draw(st.binary(max_size=80))


@FUZZ
@given(toml_texts())
def test_rules_on_random_toml_never_tracebacks(fake_engine, data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "rules.toml"
        path.write_bytes(data)
        assert_clean(run("simulate", "--rules", path, "--deals", "16", "--out", Path(folder) / "o"))
