"""Output schema, part files and manifest (DESIGN.md §7): numpy → Arrow, atomic deterministic Parquet, sizes."""

from __future__ import annotations

import itertools
import json

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from baofen_sim.codes import CAT_ALL_PASS, CAT_QUANJI
from baofen_sim.io.manifest import (
    CHECKPOINT_SECONDS,
    DONE,
    Manifest,
    ManifestError,
    ManifestWriter,
    journal_path,
    manifest_path,
    read_manifest,
    write_manifest,
)
from baofen_sim.io.parquet import part_name, write_part
from baofen_sim.io.schema import (
    COPY_BLOCK_ROWS,
    TRICK_COLUMNS,
    ChunkResult,
    SchemaError,
    allocate,
    contiguous_columns,
    hand_columns,
    hands_to_arrow,
    tricks_to_arrow,
)
from baofen_sim.runs.runspec import RunSpec

# ---- synthetic engine output (also the fake engine of the simulate tests) ----


def _uniform(seed: int, hand: np.ndarray, stream: int) -> np.ndarray:
    """splitmix64 of (seed, hand, stream) → floats in [0, 1): a pure function of the hand, like the engine."""
    with np.errstate(over="ignore"):
        counter = hand.astype(np.uint64) * np.uint64(1024) + np.uint64(stream)
        x = (np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15)) ^ counter
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        x = x ^ (x >> np.uint64(31))
    return (x >> np.uint64(11)).astype(np.float64) / float(1 << 53)


def synthetic_chunk(spec: RunSpec, first_table: int, n_tables: int, max_bids: int = 12) -> ChunkResult:
    """Plausible engine output for a chunk (value ranges and rough frequencies of real play, not real play)."""
    first, n = spec.first_hand(first_table), spec.hands_in(first_table, n_tables)
    hand = np.arange(first, first + n, dtype=np.int64)
    streams = itertools.count()

    def u() -> np.ndarray:
        return _uniform(spec.seed, hand, next(streams))

    def normal() -> np.ndarray:
        return np.sqrt(-2 * np.log(1 - u())) * np.cos(2 * np.pi * u())

    def binomial(trials: int, p: float) -> np.ndarray:
        return sum((u() < p).astype(np.int64) for _ in range(trials))

    c = allocate(hand_columns(spec.num_players), n, max_bids)
    c["hand"][:] = hand
    c["table"][:] = hand // spec.hands_per_table
    c["hand_in_table"][:] = hand % spec.hands_per_table
    c["zhujiao"][:] = (u() * 4).astype(np.int8)
    declared = u() >= 0.15
    c["declarer"][:] = np.where(declared, (u() * 4).astype(np.int8), -1)
    target = 85 + 5 * np.floor(u() ** 2 * 14).astype(np.int16)
    c["target"][:] = np.where(declared, target, 0)
    c["trump"][:] = np.where(declared, (u() * 4).astype(np.int8), -1)
    raises = np.where(declared, 1 + (u() * 4).astype(np.int64), 0)  # bids before the three passes
    j = np.arange(max_bids)[None, :]
    k = raises[:, None]
    passes = np.where(declared, 3, 4)[:, None]
    c["bids"][:] = np.where(j < k, target[:, None] - 5 * (k - 1 - j), np.where(j < k + passes, 0, -1))
    kitty = 5 * binomial(6, 0.3)
    c["kitty_points"][:] = kitty
    points = np.clip(5 * np.round((target + 30 * normal()) / 5), 0, 200 - kitty).astype(np.int16)
    wangfen = np.minimum(5 * binomial(10, 0.5) * (points > 0), 50)
    penalty = np.where(u() < 0.05, 5 * (u() * 7).astype(np.int16) - 15, 0)
    score = points + penalty + np.where(wangfen == 50, 50, np.where(wangfen == 0, -100, 0))
    c["declarer_points"][:] = np.where(declared, points, 0)
    c["wangfen_points"][:] = np.where(declared, wangfen, 0)
    c["penalty_points"][:] = np.where(declared, penalty, 0)
    c["score"][:] = np.where(declared, score, 0)
    c["result"][:] = np.where(declared, score - target, 0)
    won = declared & (score >= target)
    c["declarer_won"][:] = won
    c["category"][:] = np.where(declared, np.where(u() < 0.01, CAT_QUANJI, 0), CAT_ALL_PASS)
    stake = np.where(won, 3.0, -3.0)
    for seat in range(spec.num_players):
        is_declarer = c["declarer"] == seat
        share = np.where(c["zhujiao"] == seat, -2.0, -1.0)
        c[f"settle_{seat}"][:] = np.where(declared, np.where(is_declarer, stake, -stake / 3), share)
        c[f"pairs_{seat}"][:] = binomial(10, 0.3)
        c[f"strength_{seat}"][:] = np.round((50 + 12 * normal()) * 4) / 4
        c[f"policy_{seat}"][:] = 1
    c["pot_after"][:] = np.where(declared, 0.0, 5.0 * (1 + c["hand_in_table"] % 9))
    c["failed_throws"][:] = (u() < 0.08) * (1 + (u() * 2).astype(np.int16))
    c["tricks_played"][:] = np.where(declared, 25, 0)
    tricks = synthetic_tricks(hand, c["tricks_played"], spec.seed) if spec.tricks else None
    return ChunkResult(c, tricks)


def synthetic_tricks(hand: np.ndarray, tricks_played: np.ndarray, seed: int) -> dict[str, np.ndarray]:
    rows = np.repeat(hand, tricks_played)
    t = allocate(TRICK_COLUMNS, len(rows))
    t["hand"][:] = rows
    t["trick"][:] = np.arange(len(rows)) - np.repeat(np.cumsum(tricks_played) - tricks_played, tricks_played)
    key = rows * 32 + t["trick"]
    t["leader"][:] = (_uniform(seed, key, 60) * 4).astype(np.int8)
    t["winner"][:] = (_uniform(seed, key, 61) * 4).astype(np.int8)
    t["points"][:] = 5 * (_uniform(seed, key, 62) * 5).astype(np.int16)
    t["cards"][:] = 1 + (_uniform(seed, key, 63) < 0.3)
    t["lead_kind"][:] = t["cards"] - 1
    t["throw_failed"][:] = False
    t["ruffed"][:] = _uniform(seed, key, 59) < 0.1
    return t


def small_hands(n: int = 3) -> dict[str, np.ndarray]:
    """`n` hands of one table: hand 1 all-pass, the others declared with target 90."""
    c = allocate(hand_columns(4), n, max_bids=6)
    c["hand"][:] = c["hand_in_table"][:] = np.arange(n)
    c["declarer"][:] = [0, -1, 2][:n]
    c["target"][:] = [90, 0, 95][:n]
    c["trump"][:] = [1, -1, 3][:n]
    c["bids"][0, :4] = [90, 0, 0, 0]
    c["bids"][1, :4] = [0, 0, 0, 0]
    c["category"][:] = [0, CAT_ALL_PASS, CAT_QUANJI][:n]
    c["declarer_won"][:] = [True, False, True][:n]
    return c


# ---- schema ----


def test_hands_to_arrow_has_every_design_column_in_order():
    table = hands_to_arrow(small_hands())
    required = ["hand", "table", "hand_in_table", "zhujiao", "declarer", "target", "trump", "bids", "kitty_points",
                "declarer_points", "wangfen_points", "penalty_points", "result", "category", "declarer_won",
                "settle_0", "settle_1", "settle_2", "settle_3", "pot_after", "failed_throws", "pairs_0",
                "strength_0", "policy_0"]
    assert [n for n in table.column_names if n in required] == required
    assert table.schema.field("bids").type == pa.list_(pa.int16())
    assert table.schema.field("category").type == pa.dictionary(pa.int8(), pa.string())


def test_all_pass_hand_has_null_declarer_fields_and_labelled_codes():
    rows = hands_to_arrow(small_hands()).to_pylist()
    assert rows[1]["target"] is None and rows[1]["trump"] is None and rows[1]["declarer_won"] is None
    assert rows[1]["result"] is None and rows[1]["declarer_points"] is None
    assert rows[1]["category"] == "all_pass" and rows[1]["kitty_points"] == 0
    assert rows[0]["trump"] == "H" and rows[2]["trump"] == "D" and rows[2]["category"] == "quanji"
    assert rows[0]["target"] == 90 and rows[0]["declarer_won"] is True


def test_bids_drop_the_padding_and_keep_passes_as_zero():
    rows = hands_to_arrow(small_hands()).to_pylist()
    assert [r["bids"] for r in rows] == [[90, 0, 0, 0], [0, 0, 0, 0], []]


def test_a_value_after_the_bid_padding_is_a_schema_error():
    hands = small_hands()
    hands["bids"][2, 3] = 85
    with pytest.raises(SchemaError, match="bids"):
        hands_to_arrow(hands)


def test_contiguous_columns_copy_strided_record_fields_across_blocks():
    n = 2 * COPY_BLOCK_ROWS + 17  # two whole blocks and a short one
    rows = np.zeros(n, dtype=[("hand", np.int64), ("won", np.bool_), ("settle", np.float64, (5,)),
                              ("bids", np.int16, (6,))])
    rows["hand"] = np.arange(n)
    rows["won"] = np.arange(n) % 3 == 0
    rows["settle"] = np.arange(5 * n).reshape(n, 5) / 4
    rows["bids"] = np.arange(6 * n).reshape(n, 6) % 97
    views = {"hand": rows["hand"], "won": rows["won"], "settle_3": rows["settle"][:, 3], "bids": rows["bids"][:, :4]}
    columns = contiguous_columns(views)
    assert list(columns) == list(views)
    for name, view in views.items():
        assert columns[name].flags.c_contiguous and columns[name].dtype == view.dtype
        np.testing.assert_array_equal(columns[name], view)
    assert contiguous_columns({}) == {}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda h: h.pop("pot_after"), "missing: \\['pot_after'\\]"),
        (lambda h: h.update(extra=np.zeros(3)), "not in baofen_sim.io.schema: \\['extra'\\]"),
        (lambda h: h.update(target=h["target"].astype(np.int32)), "column target: got int32"),
        (lambda h: h.update(score=np.zeros(4, np.int32)), "column score"),
        (lambda h: h.update(category=np.array([0, 5, 1], np.int8)), "column category: code 5"),
    ],
)
def test_engine_output_that_breaks_the_schema_is_named(change, message):
    hands = small_hands()
    change(hands)
    with pytest.raises(SchemaError, match=message):
        hands_to_arrow(hands)


def test_per_seat_columns_follow_the_number_of_players():
    names = [c.name for c in hand_columns(5)]
    assert "settle_4" in names and "strength_4" in names and "settle_5" not in names


def test_tricks_to_arrow_labels_lead_kinds():
    spec = RunSpec(deals=4, hands_per_table=4, tricks=True)
    result = synthetic_chunk(spec, 0, 1)
    table = tricks_to_arrow(result.tricks)
    assert table.num_rows == int(result.hands["tricks_played"].sum())
    assert set(table.column("lead_kind").to_pylist()) <= {"single", "pair"}


# ---- part files ----


def test_part_file_round_trips_through_polars(tmp_path):
    spec = RunSpec(deals=2000, hands_per_table=16)
    table = hands_to_arrow(synthetic_chunk(spec, 0, spec.tables).hands)
    write_part(table, tmp_path / part_name(0))
    frame = pl.read_parquet(tmp_path / "part-000000000000.parquet")
    assert frame.height == 2000 and frame["hand"].to_list() == list(range(2000))
    assert frame.schema["category"] == pl.Categorical and frame.schema["bids"] == pl.List(pl.Int16)
    assert frame.filter(pl.col("declarer") < 0)["target"].null_count() == frame.filter(pl.col("declarer") < 0).height
    assert pl.from_arrow(table).equals(frame)


def test_part_files_of_the_same_table_are_byte_identical(tmp_path):
    spec = RunSpec(deals=3000, hands_per_table=16, seed=5)
    write_part(hands_to_arrow(synthetic_chunk(spec, 0, spec.tables).hands), tmp_path / "a.parquet")
    write_part(hands_to_arrow(synthetic_chunk(spec, 0, spec.tables).hands), tmp_path / "b.parquet")
    assert (tmp_path / "a.parquet").read_bytes() == (tmp_path / "b.parquet").read_bytes()


def test_an_interrupted_write_leaves_neither_temp_file_nor_part(tmp_path, monkeypatch):
    def interrupted(table, sink, **options):
        sink.write(b"PAR1 half a file")
        raise KeyboardInterrupt

    monkeypatch.setattr(pq, "write_table", interrupted)  # write_part imports pyarrow.parquet lazily
    with pytest.raises(KeyboardInterrupt):
        write_part(hands_to_arrow(small_hands()), tmp_path / part_name(0))
    assert list(tmp_path.iterdir()) == []


def test_a_rewritten_part_replaces_the_old_one_whole(tmp_path):
    path = tmp_path / part_name(0)
    path.write_bytes(b"stale")
    write_part(hands_to_arrow(small_hands()), path)
    assert pq.read_table(path).num_rows == 3 and sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_bytes_per_hand_stay_under_40_on_plausible_data(tmp_path):
    spec = RunSpec(deals=65_536, hands_per_table=16)
    size = write_part(hands_to_arrow(synthetic_chunk(spec, 0, spec.tables).hands), tmp_path / part_name(0))
    assert size / spec.deals < 40


def test_row_groups_have_a_fixed_size(tmp_path):
    spec = RunSpec(deals=5000, hands_per_table=16)
    write_part(hands_to_arrow(synthetic_chunk(spec, 0, spec.tables).hands), tmp_path / "p.parquet")
    metadata = pq.ParquetFile(tmp_path / "p.parquet").metadata
    assert metadata.num_row_groups == 1 and metadata.row_group(0).num_rows == 5000
    encodings = metadata.row_group(0).column(0).encodings
    assert "DELTA_BINARY_PACKED" in encodings  # the `hand` column


# ---- manifest ----


def test_manifest_round_trips_and_records_the_run(tmp_path):
    spec = RunSpec(deals=100, hands_per_table=16, chunk_size=32, seed=3, params=({"a": 1.5}, {}, {}, {}))
    manifest = Manifest.new(spec)
    ledger = manifest.ledger(spec)
    assert [e.part for e in ledger.entries()] == [f"hands/{part_name(h)}" for h in (0, 32, 64, 96)]
    assert [e.hands for e in ledger.entries()] == [32, 32, 32, 4]
    first = next(ledger.pending())
    first.status, first.rows, first.bytes, first.sha256 = DONE, 32, 1000, "ab" * 32
    ledger.record(first)
    write_manifest(tmp_path, manifest)
    data = json.loads(manifest_path(tmp_path).read_text())
    assert data["spec_hash"] == spec.spec_hash() and data["rules_version"] >= 1 and data["format_version"] == 2
    assert data["spec"]["rules"]["name"] == "baofen" and data["spec"]["params"][0] == {"a": 1.5}
    assert data["counts"] == {"tables": 7, "hands": 100, "chunks": 4, "chunks_done": 1, "hands_done": 32}
    assert set(data["versions"]) == {"python", "baofen_sim", "numba", "numpy", "polars", "pyarrow"}
    assert [c["part"] for c in data["chunks"]] == [f"hands/{part_name(0)}"]  # only the chunks done
    again = read_manifest(tmp_path)
    assert again.run_spec() == spec and again.done == manifest.done
    assert [e.first_table for e in again.ledger(spec).pending()] == [2, 4, 6]
    assert not list(tmp_path.glob(".*.tmp"))


def test_a_manifest_of_format_1_is_read_with_its_done_chunks(tmp_path):
    spec = RunSpec(deals=100, hands_per_table=16, chunk_size=32)
    chunks = [{"first_table": t, "n_tables": 2, "first_hand": 16 * t, "hands": min(32, 100 - 16 * t),
               "part": f"hands/{part_name(16 * t)}", "tricks_part": None, "status": status, "seconds": 0.1,
               "bytes": 500} for t, status in ((0, DONE), (2, DONE), (4, "pending"), (6, "pending"))]
    manifest_path(tmp_path).write_text(json.dumps({
        "format": "baofen-sim-run", "format_version": 1, "status": "interrupted", "spec_hash": spec.spec_hash(),
        "spec": spec.to_dict(), "rules_version": 2, "counts": {}, "versions": {}, "created": "", "updated": "",
        "elapsed_seconds": 0.2, "sessions": [], "chunks": chunks}))
    manifest = read_manifest(tmp_path)
    assert sorted(manifest.done) == [0, 2] and manifest.hands_done == 64
    assert manifest.done[0].files()[0].bytes is None  # format 1 recorded both parts' size together: not checked


def test_the_journal_records_chunks_between_rewrites(tmp_path):
    spec = RunSpec(deals=100, hands_per_table=16, chunk_size=32)
    manifest, now = Manifest.new(spec), [0.0]
    writer = ManifestWriter(tmp_path, manifest, clock=lambda: now[0])
    writer.save()
    entries = list(manifest.ledger(spec).pending())
    for entry in entries[:2]:
        entry.status = DONE
        writer.chunk_done(entry)
    assert json.loads(manifest_path(tmp_path).read_text())["chunks"] == []  # not rewritten per chunk
    assert len(journal_path(tmp_path).read_text().splitlines()) == 2
    assert sorted(read_manifest(tmp_path).done) == [0, 2]  # the journal replayed
    with journal_path(tmp_path).open("a") as journal:
        journal.write('{"first_table": 4, "n_tab')  # a killed writer's last line
    assert sorted(read_manifest(tmp_path).done) == [0, 2]
    now[0] = CHECKPOINT_SECONDS
    entries[2].status = DONE
    writer.chunk_done(entries[2])  # a minute on: the manifest is rewritten and the journal dropped
    assert len(json.loads(manifest_path(tmp_path).read_text())["chunks"]) == 3
    assert not journal_path(tmp_path).exists()
    writer.close()
    assert sorted(read_manifest(tmp_path).done) == [0, 2, 4] and not journal_path(tmp_path).exists()


def test_a_plan_of_a_trillion_hands_is_not_held_in_memory():
    spec = RunSpec(deals=10**12, hands_per_table=16)
    manifest = Manifest.new(spec)
    plan = manifest.ledger(spec).plan
    assert len(plan) == 15_258_790 and plan[-1].first_table == spec.tables - 256
    assert len(manifest.to_json()) < 10_000 and manifest.counts()["chunks"] == len(plan)


def test_read_manifest_without_a_manifest_is_none(tmp_path):
    assert read_manifest(tmp_path) is None


@pytest.mark.parametrize("text", ["{not json", '{"format": "something else"}', '{"format": "baofen-sim-run"}'])
def test_a_foreign_or_broken_manifest_is_a_manifest_error(tmp_path, text):
    manifest_path(tmp_path).write_text(text)
    with pytest.raises(ManifestError, match="manifest.json"):
        read_manifest(tmp_path)


def test_schema_command_lists_every_column_with_its_description():
    from typer.testing import CliRunner

    from baofen_sim.cli import app

    result = CliRunner().invoke(app, ["schema", "--players", "5"])
    assert result.exit_code == 0, result.output
    for column in (*hand_columns(5), *TRICK_COLUMNS):
        assert column.name in result.output and column.doc in result.output
    assert "OUT/hands" in result.output and "OUT/tricks" in result.output
    assert CliRunner().invoke(app, ["schema", "--players", "9"]).exit_code == 2
