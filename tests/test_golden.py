"""Golden runs: the Parquet contents of fixed small runs (both presets, random and heuristic play, with the
trick table) hashed and compared with recorded digests.

A refactor that must not change behaviour keeps these digests. A change that is meant to change outcomes
(a rule fix, a new deal layout) updates them in the same commit and says why; `python -m tests.test_golden`
prints the current digests.
"""

from __future__ import annotations

import hashlib
import json
import sys
import tempfile
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from baofen_sim.policies import parse_policy_options
from baofen_sim.rules import preset
from baofen_sim.runspec import RunSpec
from baofen_sim.simulate import simulate
from tests.test_engine_hand import warm_engine

UNTUNED = parse_policy_options([], ["heuristic-untuned", "threshold-bids"])[1]
UNTUNED_MIXED = parse_policy_options(["heuristic", "1=random", "3=random"], [
    "0=heuristic-untuned", "2=heuristic-untuned", "0=threshold-bids", "2=threshold-bids"])[1]
THRESHOLD = parse_policy_options([], ["threshold-bids"])[1]
THRESHOLD_MIXED = parse_policy_options(["heuristic", "1=random", "3=random"], ["0=threshold-bids",
                                                                               "2=threshold-bids"])[1]

RUNS = {
    "baofen-random": RunSpec(rules=preset("baofen"), policies=("random",) * 4, deals=300, hands_per_table=8,
                             chunk_size=96, seed=41, tricks=True),
    "baofen-heuristic": RunSpec(rules=preset("baofen"), policies=("heuristic",) * 4, deals=300,
                                hands_per_table=16, chunk_size=160, seed=42, tricks=True),
    "baofen-001-random": RunSpec(rules=preset("baofen-001"), policies=("random",) * 4, deals=300,
                                 hands_per_table=8, chunk_size=96, seed=43, tricks=True),
    "baofen-001-mixed": RunSpec(rules=preset("baofen-001"), policies=("heuristic", "random") * 2, deals=300,
                                hands_per_table=16, chunk_size=160, seed=44, tricks=True),
    "baofen-heuristic-threshold-bids": RunSpec(rules=preset("baofen"), policies=("heuristic",) * 4,
                                               params=THRESHOLD, deals=300, hands_per_table=16, chunk_size=160,
                                               seed=42, tricks=True),
    "baofen-001-mixed-threshold-bids": RunSpec(rules=preset("baofen-001"), policies=("heuristic", "random") * 2,
                                               params=THRESHOLD_MIXED, deals=300, hands_per_table=16,
                                               chunk_size=160, seed=44, tricks=True),
    "baofen-heuristic-untuned": RunSpec(rules=preset("baofen"), policies=("heuristic",) * 4, params=UNTUNED,
                                        deals=300, hands_per_table=16, chunk_size=160, seed=42, tricks=True),
    "baofen-001-mixed-untuned": RunSpec(rules=preset("baofen-001"), policies=("heuristic", "random") * 2,
                                        params=UNTUNED_MIXED, deals=300, hands_per_table=16, chunk_size=160,
                                        seed=44, tricks=True),
}

# Recorded with seat-stable deals keyed on the global hand (DESIGN §4) and A48's table start rotation and
# table-end pot split (RULES_VERSION 2); the refactor before them kept the digests of commit f10de2f. Then
# re-recorded for two new columns only (hands: pot_flow_i; tricks: declarer): without them the rows hashed to
# the digests before. Then the heuristic's play defaults became the tune-play result (results/tune-play/):
# the heuristic runs changed; the *-untuned runs, with the named file of the old values, keep the digests the
# same runs had before. Then the tuned table bidder (tune-bids) became the heuristic's default bidder: the
# heuristic runs changed; the *-threshold-bids runs, with the named file of the old bidder, keep the digests
# the heuristic runs had before.
DIGESTS = {
    "baofen-random": "8e1b108d617f0858f54aa108007b491ab4c84b354544a3eac056c76eb54fd98c",
    "baofen-heuristic": "14be43c15b15cb3005189b53991f8f11b1cda9594239c592ec57bb0ff5fa980f",
    "baofen-001-random": "d2f4bc3ba44e8c332e0459ef972e0e719f3525401096ec082c1609b45bec30e3",
    "baofen-001-mixed": "bcc77f764d741a8b844355fd51361ab3f7feb0b80bd93156401d848d33f8a87a",
    "baofen-heuristic-threshold-bids": "fb8b20a60334253a21fff6d68a1bfdc8a4e458a224f7c7af7fd733c35d46f2f0",
    "baofen-001-mixed-threshold-bids": "3eaf70af50de28feac05edf71215d50e956a83b2be1618e5eb1f2b240357d988",
    "baofen-heuristic-untuned": "4d890f822c19f0a7ddec379b13911464304e64a8df2d5d4f11715ca4db74b0eb",
    "baofen-001-mixed-untuned": "cba7faca3af7ee0926604a30d12c1082a1b4354348384d86d5a9419f27d84278",
}


def table_digest(folder: Path) -> str:
    """SHA-256 of the rows of every part file under `folder`, read in file-name order (contents only: no
    file metadata, so library versions do not matter)."""
    digest = hashlib.sha256()
    for path in sorted(folder.glob("part-*.parquet")):
        table = pq.read_table(path)
        digest.update(json.dumps(table.schema.names).encode())
        for column in table.columns:
            digest.update(json.dumps(column.to_pylist(), default=str).encode())
    return digest.hexdigest()


def run_digest(spec: RunSpec, out: Path) -> str:
    simulate(spec, out, progress=False)
    hands_dir = out / "hands" if (out / "hands").is_dir() else out
    return hashlib.sha256((table_digest(hands_dir) + table_digest(out / "tricks")).encode()).hexdigest()


@pytest.fixture(scope="module", autouse=True)
def engine() -> None:
    warm_engine()


@pytest.mark.parametrize("name", RUNS)
def test_golden_run_contents_are_unchanged(name, tmp_path):
    assert run_digest(RUNS[name], tmp_path / name) == DIGESTS[name]


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as root:
        for run_name, spec in RUNS.items():
            print(f'    "{run_name}": "{run_digest(spec, Path(root) / run_name)}",', file=sys.stdout)
