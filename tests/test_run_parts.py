"""Readers (report, compare) take the parts the manifest lists: a copied, stray or unrecorded file in hands/ or
tricks/ is named on stderr and not counted (DESIGN.md §7); a run that says running while no process holds its
lock reads as interrupted, with the command that resumes it. Around the fake engine: no Numba compile."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from baofen_sim.analysis.runs import open_output
from baofen_sim.cli import app
from baofen_sim.io.lock import LOCK_NAME, lock_state, run_lock
from baofen_sim.io.manifest import COMPLETE, INTERRUPTED, JOURNAL_NAME, RUNNING, manifest_path, read_manifest
from baofen_sim.runs import simulate as simulate_module
from baofen_sim.runs.simulate import simulate
from baofen_sim.runs.sweep import parse_vary, sweep
from tests.test_simulate_plumbing import FakeEngine, assert_one_line_error, spec_of

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()
DEALS = 1000  # spec_of(): 4 chunks of 256 hands (the last 232), with tricks/
SECOND_PART = "part-000000000256.parquet"


def run(*args: object):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def made_run(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("parts") / "run"
    simulate(spec_of(tricks=True), out, run_chunk=FakeEngine())
    return out


@pytest.fixture
def run_dir(made_run, tmp_path) -> Path:
    """A fresh copy of the module's complete run."""
    return Path(shutil.copytree(made_run, tmp_path / "run"))


def report_json(out: Path):
    result = run("report", out, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout), result.stderr.splitlines()


def stray_warning(path: Path) -> str:
    return f"warning: {path} is not a part file the manifest lists: not counted (left as it is)"


# ---- the parts the manifest lists ----


def test_a_copied_part_is_named_and_not_counted(run_dir):
    copies = [run_dir / "hands" / "part-000000000256 (copy).parquet",
              run_dir / "tricks" / "part-000000000256-2.parquet"]
    shutil.copy(run_dir / "hands" / SECOND_PART, copies[0])
    shutil.copy(run_dir / "tricks" / SECOND_PART, copies[1])
    report, warnings = report_json(run_dir)
    assert report["overall"]["hands"] == DEALS
    assert warnings == [stray_warning(copies[0]), stray_warning(copies[1])]
    assert all(copy.exists() for copy in copies)  # left alone


def test_a_corrupt_stray_part_is_named_and_the_report_works(run_dir):
    stray = run_dir / "hands" / "part-999.parquet"
    stray.write_bytes(b"not parquet at all")
    report, warnings = report_json(run_dir)
    assert report["overall"]["hands"] == DEALS and warnings == [stray_warning(stray)]
    assert stray.read_bytes() == b"not parquet at all"
    result = run("report", run_dir)  # the text report too
    assert result.exit_code == 0 and result.stderr == stray_warning(stray) + "\n"


def test_compare_of_a_run_with_a_copied_part_works(run_dir, made_run):
    copy = run_dir / "hands" / "part-000000000256 (copy).parquet"
    shutil.copy(run_dir / "hands" / SECOND_PART, copy)
    result = run("compare", made_run, run_dir, "--json")
    assert result.exit_code == 0, result.output
    compared = json.loads(result.stdout)
    assert compared["hands"] == DEALS and compared["metrics"]["settle_seat_0"]["difference"] == 0
    assert result.stderr.splitlines() == [stray_warning(copy)]


def test_a_part_written_but_not_yet_recorded_is_not_counted(run_dir):
    """Chunks done since the last rewrite are in the journal; a part whose chunk it does not list is named."""
    data = json.loads(manifest_path(run_dir).read_text())
    chunks, data["chunks"], data["status"] = data["chunks"], [], RUNNING
    manifest_path(run_dir).write_text(json.dumps(data))
    (run_dir / JOURNAL_NAME).write_text("".join(json.dumps(c) + "\n" for c in chunks[:3]))
    report, warnings = report_json(run_dir)
    assert report["overall"]["hands"] == 3 * 256
    last = "part-000000000768.parquet"
    assert warnings == [stray_warning(run_dir / "hands" / last), stray_warning(run_dir / "tricks" / last)]


def test_a_part_the_manifest_lists_that_is_gone_is_named(run_dir):
    (run_dir / "hands" / SECOND_PART).unlink()
    assert_one_line_error(run("report", run_dir), f"{run_dir / 'hands' / SECOND_PART} is missing; rerun the simulate")


def test_a_sweep_reads_the_parts_it_lists(tmp_path):
    base = spec_of(deals=600)
    out = tmp_path / "sweep"
    sweep(base, [parse_vary("bid_cap_default=150,200", base)], out, run_chunk=FakeEngine())
    folder = out / "hands" / "bid_cap_default=200"
    copy, loose = folder / "part-000000000000 copy.parquet", out / "hands" / "part-000000000000.parquet"
    shutil.copy(folder / "part-000000000000.parquet", copy)
    shutil.copy(folder / "part-000000000000.parquet", loose)
    report, warnings = report_json(out)
    assert [group["hands"] for group in report["groups"]] == [600, 600]
    assert warnings == [stray_warning(copy), stray_warning(loose)]


def test_a_run_of_the_layout_before_hands_reads_its_listed_parts(run_dir):
    """Its manifest lists the parts beside itself; a copy there is named too."""
    data = json.loads(manifest_path(run_dir).read_text())
    for chunk in data["chunks"]:
        chunk["part"] = Path(chunk["part"]).name
        (run_dir / "hands" / chunk["part"]).rename(run_dir / chunk["part"])
    manifest_path(run_dir).write_text(json.dumps(data))
    (run_dir / "hands").rmdir()
    copy = run_dir / "part-000000000256-copy.parquet"
    shutil.copy(run_dir / SECOND_PART, copy)
    report, warnings = report_json(run_dir)
    assert report["overall"]["hands"] == DEALS and warnings == [stray_warning(copy)]


def test_without_a_manifest_every_part_found_is_read_and_the_report_says_so(run_dir):
    manifest_path(run_dir).unlink()
    shutil.copy(run_dir / "hands" / SECOND_PART, run_dir / "hands" / "part-000000000256-copy.parquet")
    report, warnings = report_json(run_dir)
    assert report["overall"]["hands"] == DEALS + 256 and warnings == []  # nothing says which parts are the run's
    result = run("report", run_dir)
    assert result.stdout.splitlines()[1] == ("no readable manifest.json: every part file found is read, copies and "
                                             "strays too")


# ---- running, or interrupted ----


def play(monkeypatch, engine: FakeEngine, *args: object):
    """`baofen-sim ARGS` as a process started so would run it (its sys.argv), around `engine`."""
    argv = [str(a) for a in args]
    monkeypatch.setattr(sys, "argv", ["/usr/local/bin/baofen-sim", *argv])
    monkeypatch.setattr(simulate_module, "engine_run_chunk", engine)
    return runner.invoke(app, argv)


class SlowEngine(FakeEngine):
    """The fake engine at 0.2 s a chunk: a run to kill midway."""

    def __call__(self, spec, first_table, n_tables):
        time.sleep(0.2)
        return super().__call__(spec, first_table, n_tables)


def resume_line(report_text: str) -> str:
    lines = [line for line in report_text.splitlines() if line.startswith("to resume it: ")]
    assert len(lines) == 1, report_text
    return lines[0].removeprefix("to resume it: ")


def test_a_killed_simulate_reads_as_interrupted_and_its_command_resumes_it(tmp_path, monkeypatch):
    out = tmp_path / "killed"
    child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import sys
        from baofen_sim.runs import simulate as simulate_module
        from baofen_sim.cli import main
        from tests.test_run_parts import SlowEngine

        simulate_module.engine_run_chunk = SlowEngine()
        sys.argv = ["baofen-sim", "simulate", "--deals", "1000", "--seed", "11", "--chunk-size", "64",
                    "--out", {str(out)!r}]
        main()
        """)], cwd=ROOT, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while len(list((out / "hands").glob("part-*"))) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    assert read_manifest(out).status == RUNNING and (out / LOCK_NAME).exists()  # what the killed process left
    monkeypatch.chdir(tmp_path)
    result = run("report", "killed")
    assert result.exit_code == 0, result.output
    assert "(run interrupted, " in result.stdout.splitlines()[0]
    command = resume_line(result.stdout)
    assert command == "baofen-sim simulate --deals 1000 --seed 11 --chunk-size 64 --out killed"
    assert json.loads(run("report", "killed", "--json").stdout)["resume"] == command
    done = len(read_manifest(out).done)
    resumed = play(monkeypatch, FakeEngine(), *shlex.split(command)[1:])
    assert resumed.exit_code == 0, resumed.output
    assert f"{done} already done" in resumed.stdout and read_manifest(out).status == COMPLETE
    assert json.loads(run("report", "killed", "--json").stdout)["overall"]["hands"] == DEALS


def test_a_run_while_its_writer_holds_the_lock_reads_as_running(run_dir):
    data = json.loads(manifest_path(run_dir).read_text())
    data["status"] = RUNNING
    manifest_path(run_dir).write_text(json.dumps(data))
    with run_lock(run_dir):
        assert lock_state(run_dir).held is True
        result = run("report", run_dir)
    assert result.exit_code == 0 and "(run running, " in result.stdout.splitlines()[0]
    assert "to resume" not in result.stdout


def test_a_free_lock_of_another_host_is_not_taken_for_a_dead_writer(run_dir):
    """On a shared filesystem the writer may be alive on the host its lock file names."""
    data = json.loads(manifest_path(run_dir).read_text())
    data["status"] = RUNNING
    manifest_path(run_dir).write_text(json.dumps(data))
    holder = {"pid": 1, "host": socket.gethostname() + "-elsewhere", "started": "", "command": ["baofen-sim"]}
    (run_dir / LOCK_NAME).write_text(json.dumps(holder))
    assert lock_state(run_dir).held is None and open_output(run_dir).status == RUNNING
    holder["host"] = socket.gethostname()
    (run_dir / LOCK_NAME).write_text(json.dumps(holder))
    assert lock_state(run_dir).held is False and open_output(run_dir).status == INTERRUPTED


def test_an_interrupted_sweep_shows_the_command_that_resumes_it(tmp_path, monkeypatch):
    args = ["sweep", "--vary", "bid_cap_default=150,200", "--deals", 300, "--chunk-size", 64, "--out", tmp_path / "s"]
    assert play(monkeypatch, FakeEngine(interrupt_at=7), *args).exit_code == 130  # 5 chunks a variant: 6 done
    result = run("report", tmp_path / "s")
    assert result.exit_code == 0 and "(run interrupted, " in result.stdout
    command = resume_line(result.stdout)
    assert command == ("baofen-sim sweep --vary bid_cap_default=150,200 --deals 300 --chunk-size 64 "
                       f"--out {tmp_path / 's'}")
    resumed = play(monkeypatch, FakeEngine(), *shlex.split(command)[1:])
    assert resumed.exit_code == 0 and "6 already done" in resumed.stdout, resumed.output


def test_a_run_written_from_python_is_resumed_in_words(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["python", "my_script.py"])
    with pytest.raises(KeyboardInterrupt):
        simulate(spec_of(), tmp_path / "run", run_chunk=FakeEngine(interrupt_at=2))
    result = run("report", tmp_path / "run")
    assert result.exit_code == 0
    assert resume_line(result.stdout) == ("rerun the simulate (or sweep) command that wrote it, with --out "
                                          f"{tmp_path / 'run'}")


def test_a_writer_waits_out_a_readers_lock_probe(tmp_path):
    """A reader's `lock_state` holds a shared lock for an instant; a writer starting then is not refused."""
    import fcntl
    import threading

    path = tmp_path / LOCK_NAME
    path.write_text("{}")
    fd = os.open(path, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    threading.Timer(0.1, os.close, args=(fd,)).start()  # the probe lets go a moment later
    with run_lock(tmp_path):
        assert lock_state(tmp_path).held is True
