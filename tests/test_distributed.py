"""The Dask backend on a real LocalCluster of 2 worker processes, and determinism across backends (DESIGN.md
§4): the same RunSpec gives the same Parquet contents with 1 thread, 2 threads, Dask with 2 workers and any
chunk size. The cluster starts once per session and its workers load the engine from the Numba cache that the
`engine` fixture warmed."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest
from typer.testing import CliRunner

from baofen_sim.cli import app
from baofen_sim.io.manifest import COMPLETE, INTERRUPTED, SweepManifest, read_manifest
from baofen_sim.io.schema import SchemaError
from baofen_sim.runs.distributed import DaskBackend
from baofen_sim.runs.runspec import RunSpec
from baofen_sim.runs.simulate import SimulateError, simulate
from baofen_sim.runs.sweep import parse_vary, sweep
from tests.test_engine_hand import engine  # noqa: F401  (the engine of every built-in policy, compiled or cached)
from tests.test_io import synthetic_chunk
from tests.test_simulate_plumbing import FakeEngine, files_of, spec_of

runner = CliRunner()


@pytest.fixture(scope="session")
def dask() -> DaskBackend:
    with DaskBackend(workers=2, echo=lambda line: None) as backend:
        yield backend


def wrong_hands(spec: RunSpec, first_table: int, n_tables: int):
    """A broken engine: chunk 2 returns its hands out of order."""
    result = synthetic_chunk(spec, first_table, n_tables)
    if first_table == 32:
        result.hands["hand"][:] = np.roll(result.hands["hand"], 1)
    return result


def mixed_spec(**changes) -> RunSpec:
    return RunSpec(policies=("heuristic", "random", "heuristic", "random"), deals=450, hands_per_table=8,
                   chunk_size=160, seed=21, tricks=True).replace(**changes)


# ---- with the engine ----


def test_a_local_cluster_of_2_workers_writes_the_data_of_the_local_backend(tmp_path, dask, engine):  # noqa: F811
    """Determinism across backends and execution fields: byte-identical parts for 1 thread, 2 threads and Dask
    with 2 workers; equal contents for another chunk size."""
    spec = mixed_spec()
    simulate(spec.replace(threads=1), tmp_path / "one", progress=False)
    simulate(spec.replace(threads=2), tmp_path / "two", progress=False)
    summary = simulate(spec, tmp_path / "dask", progress=False, backend=dask)
    assert summary.chunks_run == 3 and read_manifest(tmp_path / "dask").status == COMPLETE
    assert files_of(tmp_path / "dask") == files_of(tmp_path / "one") == files_of(tmp_path / "two")
    simulate(spec.replace(chunk_size=24), tmp_path / "small", progress=False, backend=dask)
    for table in ("hands", "tricks"):
        whole = pl.read_parquet(tmp_path / "one" / table)
        assert whole.equals(pl.read_parquet(tmp_path / "small" / table)) and whole.height > 0
    session = read_manifest(tmp_path / "dask").sessions[-1]
    assert session["backend"] == "dask" and session["workers"] == 2


def test_a_sweep_on_dask_equals_the_local_sweep(tmp_path, dask, engine):  # noqa: F811
    base = mixed_spec(deals=200, tricks=False)
    varies = [parse_vary("bid_cap_default=150,200", base)]
    sweep(base, varies, tmp_path / "local", progress=False)
    sweep(base, varies, tmp_path / "dask", progress=False, backend=dask)
    assert files_of(tmp_path / "dask") == files_of(tmp_path / "local")
    assert read_manifest(tmp_path / "dask", SweepManifest).status == COMPLETE


# ---- plumbing (a stand-in engine) ----


def test_a_failing_task_stops_the_run_and_keeps_the_chunks_done(tmp_path, dask):
    out = tmp_path / "out"
    with pytest.raises(SchemaError, match="`hand` is not 512..767 in order"):
        simulate(spec_of(), out, progress=False, backend=dask, run_chunk=wrong_hands)
    manifest = read_manifest(out)
    assert manifest.status == INTERRUPTED and 32 not in manifest.done
    simulate(spec_of(), out, progress=False, backend=dask, run_chunk=FakeEngine())
    simulate(spec_of(), tmp_path / "local", progress=False, run_chunk=FakeEngine())
    assert files_of(out) == files_of(tmp_path / "local")


def test_too_many_threads_for_a_worker_is_one_clear_error(tmp_path, dask):
    with pytest.raises(SimulateError, match="--threads 64: at most"):
        simulate(spec_of(threads=64), tmp_path / "out", progress=False, backend=dask, run_chunk=FakeEngine())


def test_simulate_command_joins_a_scheduler(tmp_path, dask, engine):  # noqa: F811
    out = tmp_path / "run"
    result = runner.invoke(app, ["simulate", "--deals", "64", "--hands-per-table", "8", "--chunk-size", "32",
                                 "--policy", "random", "--scheduler", dask.address, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("64 hands in") and "dask: 2 worker(s)" in result.stderr
    simulate(RunSpec(policies=("random",) * 4, deals=64, hands_per_table=8, chunk_size=32), tmp_path / "local",
             progress=False)
    assert files_of(out) == files_of(tmp_path / "local")


@pytest.mark.parametrize(("args", "message"), [
    (["--workers", "2"], "--scheduler and --workers go with --backend dask"),
    (["--backend", "spark"], "--backend spark: local or dask"),
    (["--backend", "dask", "--workers", "0"], "--workers N (N >= 1)"),
])
def test_backend_options_are_checked(tmp_path, args, message):
    result = runner.invoke(app, ["simulate", "--deals", "10", "--out", str(tmp_path / "o"), *args])
    assert result.exit_code == 2 and message in result.stderr and result.stderr.count("\n") == 1
