"""Part files: one Arrow table per chunk, written atomically and deterministically.

`write_part` writes to a hidden temp file in the same directory (`.NAME.<pid>-<token>.tmp`: a Dask task
left running after its run failed may still write the same part while a resumed run writes it, and two
writers must not share a temp file; they write the same bytes) and renames it
with `os.replace`, so a reader or an interrupted run only ever sees complete part files. The bytes depend
only on the table (no timestamps; fixed row-group size, encodings and compression level), so the same
RunSpec gives byte-identical files (DESIGN.md §4).

Encodings, measured on 200k synthetic hands (zstd 3, whole file ≈ 16 B/hand, see the io tests): sorted
indices (`hand`, `table`, ...) use DELTA_BINARY_PACKED (2.3 → 0.01 B/hand for `hand`); float features that
may take many values (`strength_*`, `evaluation_*`) use BYTE_STREAM_SPLIT (continuous float32: 5.5 → 3.1 B/hand;
`evaluation_i` takes ~52,000 distinct values in a chunk of 65,536 random hands, so its dictionary only cost time
before falling back to plain: 4.7 → 3.3 B/hand, and its four columns write 4.6x faster, 12.5 → 2.7 ms a chunk);
everything else keeps dictionary + RLE, best for the few distinct values of scores, seats and settlements.
Higher zstd levels saved ~2% and wrote ~20% slower.

pyarrow is imported where it is used: a `simulate` plays its first chunk while its writer thread loads it.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import uuid
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pyarrow as pa

PART_GLOB = "part-*.parquet"
HANDS_DIR = "hands"  # OUT/hands/part-*.parquet: one row per hand (DESIGN.md §7)
TRICKS_DIR = "tricks"  # OUT/tricks/part-*.parquet: one row per trick
TEMP_GLOB = ".*.tmp"
COMPRESSION = "zstd"
COMPRESSION_LEVEL = 3
ROW_GROUP_SIZE = 1 << 20  # rows; fixed, so files do not depend on anything but their rows

DELTA_COLUMNS = ("hand", "table", "hand_in_table", "trick")  # sorted or repeating counters
SPLIT_COLUMN_PREFIXES = ("strength_", "evaluation_")  # float features with many distinct values


def part_name(first_hand: int) -> str:
    """`part-<first:012d>.parquet`, named by the global index of its first hand (DESIGN.md §7)."""
    return f"part-{first_hand:012d}.parquet"


def temp_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.tmp")


def unique_temp_path(path: Path) -> Path:
    """A temp name of `path` no other writer uses (matches TEMP_GLOB)."""
    return path.with_name(f".{path.name}.{os.getpid()}-{uuid.uuid4().hex[:12]}.tmp")


def column_encodings(schema: pa.Schema) -> dict[str, str]:
    """Non-dictionary encodings by column name; the other columns are dictionary-encoded."""
    encodings = {}
    for name in schema.names:
        if name in DELTA_COLUMNS:
            encodings[name] = "DELTA_BINARY_PACKED"
        elif name.startswith(SPLIT_COLUMN_PREFIXES):
            encodings[name] = "BYTE_STREAM_SPLIT"
    return encodings


def write_part(table: pa.Table, path: str | Path) -> int:
    """Write `table` to `path` atomically (temp file + fsync + rename); the number of bytes written.

    On any exception, KeyboardInterrupt included, the temp file is removed and `path` is untouched.
    """
    import pyarrow.parquet as pq

    path = Path(path)
    tmp = unique_temp_path(path)
    encodings = column_encodings(table.schema)
    try:
        with open(tmp, "wb") as sink:
            pq.write_table(
                table,
                sink,
                row_group_size=ROW_GROUP_SIZE,
                compression=COMPRESSION,
                compression_level=COMPRESSION_LEVEL,
                use_dictionary=[_leaf(f) for f in table.schema if f.name not in encodings],
                column_encoding=encodings or None,
                write_statistics=True,
                store_schema=True,
            )
            sink.flush()
            os.fsync(sink.fileno())
            size = os.fstat(sink.fileno()).st_size
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        raise
    return size


def file_sha256(path: str | Path) -> str:
    """SHA-256 (hex) of a file's bytes."""
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def _leaf(field: pa.Field) -> str:
    """The Parquet column path of a top-level field (a list's values live in `NAME.list.element`)."""
    import pyarrow as pa

    return f"{field.name}.list.element" if pa.types.is_list(field.type) else field.name


def remove_temp_files(directory: str | Path) -> list[Path]:
    """Delete temp files a killed writer left in `directory`; the paths removed."""
    removed = sorted(Path(directory).glob(TEMP_GLOB))
    for path in removed:
        path.unlink()
    return removed


def part_paths(directory: str | Path) -> list[Path]:
    """The part files in `directory`, in hand order."""
    return sorted(Path(directory).glob(PART_GLOB))


def hand_part_paths(out_dir: str | Path) -> list[Path]:
    """The hand table's part files of a run, in hand order: OUT/hands/part-*.parquet, or OUT/part-*.parquet
    for a run written before the hands/ folder (DESIGN.md §7)."""
    out = Path(out_dir)
    return part_paths(out / HANDS_DIR) if (out / HANDS_DIR).is_dir() else part_paths(out)


def listed_hand_part(out_dir: str | Path, part: str) -> Path:
    """Where the hand part a manifest lists (`part`, relative to OUT) is: there, or in a run of the layout
    before the hands/ folder (none there), beside the manifest under its own name."""
    out = Path(out_dir)
    return out / part if (out / HANDS_DIR).is_dir() else out / Path(part).name
