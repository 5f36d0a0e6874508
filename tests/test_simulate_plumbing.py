"""RunSpec, the chunk planner and `simulate` around a fake engine: determinism, resume, refusal, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from typer.testing import CliRunner

from baofen_sim.cli import app
from baofen_sim.io.manifest import COMPLETE, DONE, INTERRUPTED, read_manifest
from baofen_sim.io.schema import ChunkResult, SchemaError
from baofen_sim.rules import preset
from baofen_sim.runs import simulate as simulate_module
from baofen_sim.runs.runspec import RULES_VERSION, Chunk, RunSpec, RunSpecError, plan_chunks
from baofen_sim.runs.simulate import SimulateError, default_out_dir, simulate
from tests.test_io import synthetic_chunk

runner = CliRunner()


class FakeEngine:
    """`run_chunk` stand-in: synthetic rows; counts calls; raises KeyboardInterrupt on call `interrupt_at`."""

    def __init__(self, interrupt_at: int | None = None):
        self.calls: list[tuple[int, int]] = []
        self.interrupt_at = interrupt_at

    def __call__(self, spec: RunSpec, first_table: int, n_tables: int) -> ChunkResult:
        self.calls.append((first_table, n_tables))
        if len(self.calls) == self.interrupt_at:
            raise KeyboardInterrupt
        return synthetic_chunk(spec, first_table, n_tables)


def spec_of(**changes) -> RunSpec:
    return RunSpec(deals=1000, hands_per_table=16, chunk_size=256, seed=11).replace(**changes)


def files_of(out: Path) -> dict[str, bytes]:
    """Every file under OUT except the manifest (which holds times), by relative path."""
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and p.name != "manifest.json"}


def temp_files(out: Path) -> list[Path]:
    return [p for p in out.rglob("*") if p.name.endswith(".tmp")]


# ---- RunSpec and the planner ----


def test_tables_cover_the_deals_with_a_shorter_last_table():
    spec = spec_of(deals=1000, hands_per_table=16)
    assert spec.tables == 63 and spec.hands_in(62, 1) == 1000 - 62 * 16 == 8
    assert spec.hands_in(0, 63) == 1000


def test_chunks_are_whole_tables_of_about_chunk_size_hands():
    assert list(plan_chunks(spec_of(chunk_size=256))) == [Chunk(t, 16) for t in range(0, 48, 16)] + [Chunk(48, 15)]
    assert list(plan_chunks(spec_of(chunk_size=100))) == [Chunk(t, 6) for t in range(0, 60, 6)] + [Chunk(60, 3)]
    assert list(plan_chunks(spec_of(chunk_size=5))) == [Chunk(t, 1) for t in range(63)]  # at least one table


def test_spec_hash_covers_outcomes_not_execution():
    base = spec_of()
    assert base.spec_hash() == spec_of(chunk_size=999, threads=1).spec_hash()
    assert base.spec_hash() == spec_of(rules=preset("baofen").replace(name="mine")).spec_hash()
    for changed in (spec_of(seed=12), spec_of(deals=999), spec_of(hands_per_table=8), spec_of(tricks=True),
                    spec_of(rules=preset("baofen").replace(bid_cap_default=160)),
                    spec_of(policies=("random",) * 4), spec_of(params=({"x": 1.0}, {}, {}, {}))):
        assert changed.spec_hash() != base.spec_hash()
    assert base.outcome_fields()["rules_version"] == RULES_VERSION


def test_run_spec_round_trips_through_plain_data():
    spec = spec_of(rules=preset("baofen-001"), policies=("random", "heuristic", "random", "pkg.mod:bid"),
                   params=({"b": 2.0, "a": 1.0}, {}, {}, {"z": -0.5}), threads=2, tricks=True)
    data = json.loads(json.dumps(spec.to_dict()))
    assert RunSpec.from_dict(data) == spec and spec.seat_params(0) == {"a": 1.0, "b": 2.0}


@pytest.mark.parametrize(
    ("changes", "message"),
    [({"deals": 0}, "deals"), ({"seed": -1}, "seed"), ({"seed": 2**64}, "seed"), ({"hands_per_table": 0}, "hands"),
     ({"threads": 0}, "threads"), ({"policies": ("random",)}, "one entry per seat"), ({"chunk_size": 1.5}, "chunk")],
)
def test_bad_run_specs_are_refused(changes, message):
    with pytest.raises(RunSpecError, match=message):
        spec_of(**changes)


# ---- simulate ----


def test_a_run_writes_parts_in_hand_order_and_a_complete_manifest(tmp_path):
    spec, engine = spec_of(), FakeEngine()
    summary = simulate(spec, tmp_path / "out", run_chunk=engine)
    out = tmp_path / "out"
    assert summary.chunks_run == 4 and summary.chunks_skipped == 0 and summary.hands == 1000
    assert engine.calls == [(0, 16), (16, 16), (32, 16), (48, 15)]
    assert sorted(files_of(out)) == [f"hands/part-{h:012d}.parquet" for h in (0, 256, 512, 768)]
    frame = pl.scan_parquet(out / "hands").collect()  # DESIGN §7: OUT/hands is one table, no options
    assert frame["hand"].to_list() == list(range(1000))
    manifest = read_manifest(out)
    assert manifest.status == COMPLETE and manifest.run_spec() == spec
    assert sorted(manifest.done) == [0, 16, 32, 48]
    assert all(c.status == DONE and c.seconds is not None and c.bytes > 0 and c.rows == c.hands and len(c.sha256) == 64
               for c in manifest.done.values())
    assert not temp_files(out)


def test_the_same_spec_gives_byte_identical_parts(tmp_path):
    simulate(spec_of(), tmp_path / "a", run_chunk=FakeEngine())
    simulate(spec_of(threads=None), tmp_path / "b", run_chunk=FakeEngine())
    assert files_of(tmp_path / "a") == files_of(tmp_path / "b")


def test_rows_do_not_depend_on_the_chunk_size(tmp_path):
    simulate(spec_of(chunk_size=256, tricks=True), tmp_path / "a", run_chunk=FakeEngine())
    simulate(spec_of(chunk_size=40, tricks=True), tmp_path / "b", run_chunk=FakeEngine())
    for pattern in ("hands/part-*.parquet", "tricks/part-*.parquet"):
        assert pl.read_parquet(tmp_path / "a" / pattern).equals(pl.read_parquet(tmp_path / "b" / pattern))


def test_an_interrupted_run_resumes_to_the_same_bytes(tmp_path):
    spec = spec_of(tricks=True)
    simulate(spec, tmp_path / "whole", run_chunk=FakeEngine())
    out = tmp_path / "cut"
    with pytest.raises(KeyboardInterrupt):
        simulate(spec, out, run_chunk=FakeEngine(interrupt_at=3))
    manifest = read_manifest(out)
    assert manifest.status == INTERRUPTED
    assert sorted(manifest.done) == [0, 16]
    assert sorted(files_of(out)) == sorted(k for k in files_of(tmp_path / "whole") if "000000000512" not in k
                                           and "000000000768" not in k)
    assert not temp_files(out)
    engine = FakeEngine()
    summary = simulate(spec, out, run_chunk=engine)
    assert engine.calls == [(32, 16), (48, 15)] and summary.chunks_skipped == 2
    assert files_of(out) == files_of(tmp_path / "whole")
    assert read_manifest(out).status == COMPLETE and len(read_manifest(out).sessions) == 2


def test_an_interrupt_while_writing_leaves_no_temp_file(tmp_path, monkeypatch):
    real_write = simulate_module.write_part
    writes = []

    def write_then_interrupt(table, path):
        writes.append(path)
        if len(writes) == 2:
            real_write(table, path.with_name(f".{path.name}.tmp"))  # a temp file as a killed writer leaves it
            raise KeyboardInterrupt
        return real_write(table, path)

    monkeypatch.setattr(simulate_module, "write_part", write_then_interrupt)
    out = tmp_path / "out"
    with pytest.raises(KeyboardInterrupt):
        simulate(spec_of(), out, run_chunk=FakeEngine())
    monkeypatch.setattr(simulate_module, "write_part", real_write)
    simulate(spec_of(), out, run_chunk=FakeEngine())  # resuming sweeps the leftover temp file
    assert not temp_files(out)
    simulate(spec_of(), tmp_path / "whole", run_chunk=FakeEngine())
    assert files_of(out) == files_of(tmp_path / "whole")


def test_a_missing_part_is_played_again(tmp_path):
    out = tmp_path / "out"
    simulate(spec_of(), out, run_chunk=FakeEngine())
    (out / "hands" / "part-000000000256.parquet").unlink()
    engine = FakeEngine()
    simulate(spec_of(), out, run_chunk=engine)
    assert engine.calls == [(16, 16)]


def test_resume_keeps_the_recorded_chunk_plan(tmp_path):
    out = tmp_path / "out"
    with pytest.raises(KeyboardInterrupt):
        simulate(spec_of(chunk_size=256), out, run_chunk=FakeEngine(interrupt_at=2))
    engine = FakeEngine()
    simulate(spec_of(chunk_size=64), out, run_chunk=engine)
    assert engine.calls == [(16, 16), (32, 16), (48, 15)]


def test_a_different_spec_in_the_same_out_is_refused(tmp_path):
    out = tmp_path / "out"
    simulate(spec_of(), out, run_chunk=FakeEngine())
    with pytest.raises(SimulateError, match=r"different spec \(differs in: rules.bid_cap_default, seed\)"):
        simulate(spec_of(seed=12, rules=preset("baofen").replace(bid_cap_default=160)), out, run_chunk=FakeEngine())


def test_a_non_empty_out_without_manifest_is_refused(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(SimulateError, match="holds no manifest.json"):
        simulate(spec_of(), tmp_path, run_chunk=FakeEngine())


def test_an_engine_returning_the_wrong_hands_is_caught(tmp_path):
    def shifted(spec, first_table, n_tables):
        result = synthetic_chunk(spec, first_table, n_tables)
        result.hands["hand"][:] = np.roll(result.hands["hand"], 1)
        return result

    with pytest.raises(SchemaError, match="`hand` is not 0..255 in order"):
        simulate(spec_of(), tmp_path / "out", run_chunk=shifted)
    assert not list((tmp_path / "out").rglob("part-*"))


def test_progress_bar_goes_to_stderr(tmp_path, capsys):
    simulate(spec_of(), tmp_path / "out", progress=True, run_chunk=FakeEngine())
    captured = capsys.readouterr()
    assert "hands/s" in captured.err and captured.out == ""


def test_too_many_threads_is_refused(tmp_path):
    with pytest.raises(SimulateError, match="--threads 100000"):
        simulate(spec_of(threads=100_000), tmp_path / "out", run_chunk=FakeEngine())


def test_default_out_dir_names_the_run():
    path = default_out_dir(spec_of(policies=("random",) * 4))
    assert path.parent == Path("runs") and path.name.startswith("baofen-random-n1000-s11-")


# ---- the CLI ----


@pytest.fixture
def fake_engine(monkeypatch):
    engine = FakeEngine()
    monkeypatch.setattr(simulate_module, "engine_run_chunk", engine)
    return engine


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def assert_one_line_error(result, text: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and text in result.stderr and result.stderr.count("\n") == 1


def test_simulate_command_writes_a_run(tmp_path, fake_engine):
    out = tmp_path / "run"
    result = run("simulate", "--deals", 500, "--hands-per-table", 10, "--seed", 3, "--chunk-size", 200,
                 "--policy", "0=heuristic", "--policy", "random", "--param", "1.pass_weight=2.5",
                 "--set", "bid_cap_default=160", "--out", out, "--tricks")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("500 hands in") and "3 chunks run" in result.stdout
    spec = read_manifest(out).run_spec()
    assert spec.policies == ("heuristic", "random", "random", "random") and spec.seat_params(1) == {"pass_weight": 2.5}
    assert spec.rules.bid_cap_default == 160 and spec.hands_per_table == 10 and spec.tricks
    assert (out / "tricks" / "part-000000000000.parquet").exists()
    again = run("simulate", "--deals", 500, "--hands-per-table", 10, "--seed", 3, "--out", out)
    assert_one_line_error(again, "differs in:")


def test_simulate_command_errors_are_one_line(tmp_path, fake_engine):
    assert_one_line_error(run("simulate", "--policy", "9=random", "--out", tmp_path / "o"), "seat")
    assert_one_line_error(run("simulate", "--deals", 0, "--out", tmp_path / "o"), "deals")
    assert_one_line_error(run("simulate", "--set", "nope=1", "--out", tmp_path / "o"), "unknown option")
    (tmp_path / "file").write_text("")
    assert_one_line_error(run("simulate", "--deals", 10, "--out", tmp_path / "file"), "not a directory")


def test_simulate_command_interrupted_says_how_to_resume(tmp_path, fake_engine):
    fake_engine.interrupt_at = 1
    result = run("simulate", "--deals", 100, "--out", tmp_path / "o")
    assert result.exit_code == 130 and "rerun the same command to resume" in result.stderr


def test_rerunning_a_complete_run_plays_nothing(tmp_path):
    out = tmp_path / "out"
    simulate(spec_of(), out, run_chunk=FakeEngine())
    before = files_of(out)
    engine = FakeEngine()
    summary = simulate(spec_of(), out, run_chunk=engine)
    assert engine.calls == [] and summary.chunks_skipped == 4 and files_of(out) == before


def test_the_run_folder_is_a_clean_dataset(tmp_path):
    """DESIGN §7: OUT/hands reads as one table with polars and pyarrow.dataset, no options; the manifest
    stays beside it; column descriptions travel in the Parquet metadata."""
    import pyarrow.dataset as ds

    out = tmp_path / "out"
    simulate(spec_of(tricks=True), out, run_chunk=FakeEngine())
    assert sorted(p.name for p in out.iterdir()) == ["hands", "manifest.json", "tricks"]
    table = ds.dataset(out / "hands").to_table()
    assert table.num_rows == 1000 and pl.scan_parquet(out / "hands").collect().height == 1000
    assert table.schema.field("declarer_points").metadata[b"description"] == b"card points the declarer took (C)"
    assert ds.dataset(out / "tricks").to_table().num_rows == pl.scan_parquet(out / "tricks").collect().height


def test_report_reads_a_run_of_the_old_layout(tmp_path):
    """Runs written before OUT/hands/ kept their parts beside the manifest; report still reads them."""
    from baofen_sim.games.baofen.report import build_report

    out = tmp_path / "out"
    simulate(spec_of(), out, run_chunk=FakeEngine())
    for part in (out / "hands").iterdir():
        part.rename(out / part.name)
    (out / "hands").rmdir()
    assert build_report(out)["overall"]["hands"] == 1000


def test_a_sampler_seat_gets_small_part_files_unless_the_user_gives_a_chunk_size(monkeypatch):
    from baofen_sim.cli.run import run_spec
    from baofen_sim.runs.runspec import DEFAULT_CHUNK_SIZE

    # this process's set may be fixed
    monkeypatch.setattr("baofen_sim.cli.run.select_policies", lambda names, game=None: names)

    def chunk_size(policy, given=None):
        return run_spec("baofen", None, 5000, None, 1, policy, None, None, given, False, None, None).chunk_size

    assert chunk_size(None) == chunk_size(["heuristic"]) == DEFAULT_CHUNK_SIZE
    assert chunk_size(["sampler"]) == chunk_size(["2=sampler"]) == 1_024  # progress and a resume point per 1,024
    assert chunk_size(["sampler"], given=64) == 64
