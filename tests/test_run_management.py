"""Run management around a fake engine: --overwrite, extending --deals, one process per OUT, parts checked
against the manifest's sizes and checksums (on resume and by report), a manifest that is not rewritten per
chunk, memory flat in --deals, progress lines without a terminal, kill -9 and resume."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
import tracemalloc
from pathlib import Path

import pytest
from typer.testing import CliRunner

from baofen_sim.cli import app
from baofen_sim.io import manifest as manifest_module
from baofen_sim.io.lock import LockedError, run_lock
from baofen_sim.io.manifest import COMPLETE, JOURNAL_NAME, SweepManifest, read_manifest
from baofen_sim.rules import preset
from baofen_sim.runs import progress as progress_module
from baofen_sim.runs.progress import duration_text
from baofen_sim.runs.simulate import SimulateError, simulate
from baofen_sim.runs.sweep import parse_vary, sweep
from tests.test_simulate_plumbing import FakeEngine, assert_one_line_error, fake_engine, files_of, spec_of  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def run(*args: object):
    return runner.invoke(app, [str(a) for a in args])


# ---- --overwrite ----


def test_overwrite_replaces_a_run_of_another_spec(tmp_path):
    out = tmp_path / "out"
    simulate(spec_of(tricks=True), out, run_chunk=FakeEngine())
    with pytest.raises(SimulateError, match="give --overwrite to replace it"):
        simulate(spec_of(seed=12), out, run_chunk=FakeEngine())
    simulate(spec_of(seed=12), out, run_chunk=FakeEngine(), overwrite=True)
    simulate(spec_of(seed=12), tmp_path / "fresh", run_chunk=FakeEngine())
    assert files_of(out) == files_of(tmp_path / "fresh")  # no tricks/ of the old run left
    assert read_manifest(out).run_spec() == spec_of(seed=12)


def test_overwrite_never_removes_files_that_are_not_a_run(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(SimulateError, match="holds no manifest.json"):
        simulate(spec_of(), tmp_path, run_chunk=FakeEngine(), overwrite=True)
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_overwrite_replaces_an_unreadable_manifest(tmp_path):
    out = tmp_path / "out"
    simulate(spec_of(), out, run_chunk=FakeEngine())
    (out / "manifest.json").write_text("{broken")
    with pytest.raises(SimulateError, match="give --overwrite"):
        simulate(spec_of(), out, run_chunk=FakeEngine())
    engine = FakeEngine()
    simulate(spec_of(), out, run_chunk=engine, overwrite=True)
    assert len(engine.calls) == 4 and read_manifest(out).status == COMPLETE


def test_overwrite_of_the_same_spec_resumes(tmp_path):
    out = tmp_path / "out"
    simulate(spec_of(), out, run_chunk=FakeEngine())
    engine = FakeEngine()
    assert simulate(spec_of(), out, run_chunk=engine, overwrite=True).chunks_skipped == 4 and engine.calls == []


def test_overwrite_command(tmp_path, fake_engine):  # noqa: F811
    out = tmp_path / "run"
    assert run("simulate", "--deals", 100, "--out", out).exit_code == 0
    assert_one_line_error(run("simulate", "--deals", 100, "--seed", 5, "--out", out), "--overwrite")
    result = run("simulate", "--deals", 100, "--seed", 5, "--out", out, "--overwrite")
    assert result.exit_code == 0 and "replacing the run" in result.stderr
    assert read_manifest(out).run_spec().seed == 5


# ---- more --deals ----


@pytest.mark.parametrize(("before", "after", "replayed"), [(1000, 1600, [(48, 16)]), (1024, 1600, [])])
def test_more_deals_extend_a_run_keeping_its_hands(tmp_path, before, after, replayed):
    """Hand h is the same deal either way: the extended run equals a fresh run of all the deals. A short last
    table goes on in the longer run, so its chunk plays again; full chunks are kept."""
    out = tmp_path / "out"
    simulate(spec_of(deals=before, tricks=True), out, run_chunk=FakeEngine())
    engine, notes = FakeEngine(), []
    summary = simulate(spec_of(deals=after, tricks=True), out, run_chunk=engine, echo=notes.append)
    simulate(spec_of(deals=after, tricks=True), tmp_path / "fresh", run_chunk=FakeEngine())
    assert files_of(out) == files_of(tmp_path / "fresh")
    assert engine.calls == [*replayed, (64, 16), (80, 16), (96, 4)] and summary.chunks_run == len(engine.calls)
    assert notes[0].startswith(f"extending the run in {out} from {before:,} to {after:,} hands")
    manifest = read_manifest(out)
    assert manifest.run_spec().deals == after and manifest.spec_hash == spec_of(deals=after, tricks=True).spec_hash()


def test_fewer_deals_are_refused_without_overwrite(tmp_path):
    out = tmp_path / "out"
    simulate(spec_of(deals=1000), out, run_chunk=FakeEngine())
    with pytest.raises(SimulateError, match="holds a run of 1,000 hands; --deals 500 would drop some"):
        simulate(spec_of(deals=500), out, run_chunk=FakeEngine())


def test_an_extension_keeps_the_recorded_chunk_size(tmp_path):
    out = tmp_path / "out"
    simulate(spec_of(deals=1024, chunk_size=256), out, run_chunk=FakeEngine())
    engine = FakeEngine()
    simulate(spec_of(deals=1280, chunk_size=64), out, run_chunk=engine)
    assert engine.calls == [(64, 16)]


def test_more_deals_extend_a_sweep(tmp_path):
    base = spec_of(deals=1000)
    varies = [parse_vary("bid_cap_default=150,160", base)]
    out = tmp_path / "sweep"
    sweep(base, varies, out, run_chunk=FakeEngine())
    engine = FakeEngine()
    sweep(spec_of(deals=1300), varies, out, run_chunk=engine, echo=lambda line: None)
    sweep(spec_of(deals=1300), varies, tmp_path / "fresh", run_chunk=FakeEngine())
    assert files_of(out) == files_of(tmp_path / "fresh") and len(engine.calls) == 2 * 3  # 48 again, 64, 80
    assert read_manifest(out, SweepManifest).variants[1].spec["deals"] == 1300


# ---- one process per OUT ----


def test_a_second_process_on_the_same_out_is_refused_naming_the_first(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import sys, time
        from pathlib import Path
        from baofen_sim.io.lock import run_lock
        with run_lock(Path({str(out)!r})):
            print("locked", flush=True)
            time.sleep(60)
        """)], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert holder.stdout.readline().strip() == "locked"
        with pytest.raises(LockedError, match=f"in use by process {holder.pid} on "):
            simulate(spec_of(), out, run_chunk=FakeEngine())
        assert not (out / "manifest.json").exists()
    finally:
        holder.kill()  # kill -9: the kernel lets the lock go
        holder.wait()
    simulate(spec_of(), out, run_chunk=FakeEngine())
    assert read_manifest(out).status == COMPLETE and not (out / ".lock").exists()


def test_the_lock_is_held_for_the_whole_run(tmp_path, fake_engine):  # noqa: F811
    out = tmp_path / "out"
    out.mkdir()
    with run_lock(out):
        result = run("simulate", "--deals", 100, "--out", out)
    assert_one_line_error(result, "is in use by process")


# ---- parts checked against the manifest ----


def test_a_truncated_part_is_found_and_played_again(tmp_path):
    out = tmp_path / "out"
    simulate(spec_of(), out, run_chunk=FakeEngine())
    whole = files_of(out)
    part = out / "hands" / "part-000000000256.parquet"
    part.write_bytes(part.read_bytes()[:-100])
    engine, notes = FakeEngine(), []
    simulate(spec_of(), out, run_chunk=engine, echo=notes.append)
    assert engine.calls == [(16, 16)] and files_of(out) == whole
    assert len(notes) == 1 and notes[0].startswith("warning: hands/part-000000000256.parquet has ")
    assert notes[0].endswith("(truncated or altered); its chunk plays again")


def test_an_altered_part_of_the_same_size_is_found_and_played_again(tmp_path):
    out = tmp_path / "out"
    simulate(spec_of(tricks=True), out, run_chunk=FakeEngine())
    whole = files_of(out)
    part = out / "tricks" / "part-000000000512.parquet"
    data = bytearray(part.read_bytes())
    data[len(data) // 2] ^= 0xFF
    part.write_bytes(bytes(data))
    engine, notes = FakeEngine(), []
    simulate(spec_of(tricks=True), out, run_chunk=engine, echo=notes.append)
    assert engine.calls == [(32, 16)] and files_of(out) == whole
    assert notes == ["warning: tricks/part-000000000512.parquet does not match its SHA-256 in the manifest "
                     "(altered); its chunk plays again"]


def test_report_names_a_truncated_part(tmp_path):
    out = tmp_path / "out"
    simulate(spec_of(), out, run_chunk=FakeEngine())
    part = out / "hands" / "part-000000000512.parquet"
    part.write_bytes(part.read_bytes()[:500])
    assert_one_line_error(run("report", out), f"{part} has 500 bytes")


def test_report_names_a_part_that_is_not_parquet_in_a_run_without_manifest(tmp_path):
    out = tmp_path / "out"
    simulate(spec_of(), out, run_chunk=FakeEngine())
    (out / "manifest.json").unlink()
    part = out / "hands" / "part-000000000000.parquet"
    part.write_bytes(part.read_bytes()[:-8])
    assert_one_line_error(run("report", out), f"{part}: not a whole Parquet file")


def test_report_names_an_altered_part_whose_data_cannot_be_read(tmp_path):
    out = tmp_path / "out"
    simulate(spec_of(), out, run_chunk=FakeEngine())
    part = out / "hands" / "part-000000000256.parquet"
    data = bytearray(part.read_bytes())
    data[4:4 + 2000] = bytes(2000)  # the first column chunks, footer intact
    part.write_bytes(bytes(data))
    assert_one_line_error(run("report", out), f"{part} does not match its SHA-256")


def test_report_names_a_truncated_part_of_a_sweep(tmp_path):
    base = spec_of()
    out = tmp_path / "sweep"
    sweep(base, [parse_vary("bid_cap_default=150,160", base)], out, run_chunk=FakeEngine())
    part = out / "hands" / "bid_cap_default=160" / "part-000000000768.parquet"
    part.write_bytes(part.read_bytes()[:-1])
    assert_one_line_error(run("report", out, "--compare", "bid_cap_default"), f"{part} has ")


# ---- the manifest's cost, memory, progress ----


def test_the_manifest_is_not_rewritten_after_every_chunk(tmp_path, monkeypatch):
    writes = []
    real = manifest_module.write_manifest
    monkeypatch.setattr(manifest_module, "write_manifest", lambda out, m: writes.append(1) or real(out, m))
    out = tmp_path / "out"
    simulate(spec_of(chunk_size=7), out, run_chunk=FakeEngine())  # 63 chunks
    assert len(writes) == 2  # the session's start and end
    assert len(read_manifest(out).done) == 63 and not (out / JOURNAL_NAME).exists()


def test_memory_before_the_first_part_does_not_grow_with_the_deals(tmp_path):
    def peak(deals: int, out: Path) -> int:
        tracemalloc.start()
        with pytest.raises(KeyboardInterrupt):
            simulate(spec_of(deals=deals, hands_per_table=16, chunk_size=65_536), out,
                     run_chunk=FakeEngine(interrupt_at=1))
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return peak

    small, huge = peak(10**6, tmp_path / "small"), peak(10**12, tmp_path / "huge")
    assert huge < 2 * small + 1_000_000, (small, huge)
    assert (tmp_path / "huge" / "manifest.json").stat().st_size < 10_000


def test_without_a_terminal_a_progress_line_is_printed_every_interval(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(progress_module, "PROGRESS_LINE_SECONDS", 0.0)
    simulate(spec_of(), tmp_path / "out", progress=None, run_chunk=FakeEngine())
    lines = capsys.readouterr().err.splitlines()
    assert [line.split(" hands")[0] for line in lines] == ["simulate: 256/1,000", "simulate: 512/1,000",
                                                           "simulate: 768/1,000", "simulate: 1,000/1,000"]
    assert "hands/s, ETA" in lines[0]
    assert duration_text(59.6) == "0:01:00" and duration_text(306 * 86_400 + 42_277) == "306d 11:44:37"


# ---- kill -9 ----


def test_kill_9_mid_run_resumes_to_the_same_bytes(tmp_path):
    """The manifest is rewritten only at a session's start: what the journal recorded before the kill is kept."""
    out = tmp_path / "out"
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import time
        from tests.test_simulate_plumbing import FakeEngine, spec_of
        from baofen_sim.runs.simulate import simulate

        class Slow(FakeEngine):
            def __call__(self, spec, first_table, n_tables):
                time.sleep(0.2)
                return super().__call__(spec, first_table, n_tables)

        simulate(spec_of(chunk_size=16, tricks=True), {str(out)!r}, progress=False, run_chunk=Slow())
        """)], cwd=ROOT)
    deadline = time.monotonic() + 60
    while len(list((out / "hands").glob("part-*"))) < 5 and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    manifest = read_manifest(out)
    assert manifest.status == "running" and len(manifest.done) >= 4  # from the journal
    assert json.loads((out / "manifest.json").read_text())["chunks"] == []
    engine = FakeEngine()
    summary = simulate(spec_of(chunk_size=16, tricks=True), out, run_chunk=engine)
    assert summary.chunks_skipped >= 4 and summary.chunks_skipped + len(engine.calls) == 63
    simulate(spec_of(chunk_size=16, tricks=True), tmp_path / "whole", run_chunk=FakeEngine())
    assert files_of(out) == files_of(tmp_path / "whole")


def test_a_different_rules_version_is_not_extended(tmp_path):
    out = tmp_path / "out"
    simulate(spec_of(deals=500), out, run_chunk=FakeEngine())
    data = json.loads((out / "manifest.json").read_text())
    data["rules_version"] -= 1
    (out / "manifest.json").write_text(json.dumps(data))
    with pytest.raises(SimulateError, match=r"differs in: deals, rules_version\)"):
        simulate(spec_of(deals=600, rules=preset("baofen")), out, run_chunk=FakeEngine())
