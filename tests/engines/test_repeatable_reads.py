"""Issue #9 item 9: reads while a long write is open, read again after it commits, give the same answer.

A write takes its system time when it begins and becomes visible when it commits, so a read as of the wall
clock during the write can miss rows with an earlier system time that appear later. A snapshot reads at the
namespace's newest committed system time (its basis), before which nothing is still open: on SQLite, plain
PostgreSQL and the Citus cluster, every snapshot read is repeated after the write and must match exactly.
"""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import chronomem
from chronomem import FactRecord, Snapshot

SUBJECTS = 20
DAY0 = datetime(2024, 1, 1, tzinfo=UTC)


@pytest.fixture(
    params=[
        "sqlite",
        pytest.param("postgresql", marks=pytest.mark.integration),
        pytest.param("citus", marks=pytest.mark.integration),
    ]
)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "memory.db")
    return str(request.getfixturevalue("pg_url" if request.param == "postgresql" else "citus_url"))


def _read(snap: Snapshot, i: int) -> tuple[object, ...]:
    s = f"s{i % SUBJECTS}"
    return (
        tuple(f.value for f in snap.values(s, "p")),
        tuple((f.value, f.valid.start, f.episodes) for f in snap.history(s, "p")),
        len(snap.facts(s)),
    )


def test_snapshot_reads_during_a_long_write_repeat_after_it(url: str) -> None:
    writer = chronomem.open(url, namespace="repeat")
    reader = chronomem.open(url, namespace="repeat")
    try:
        for i in range(SUBJECTS):
            writer.assert_fact(f"s{i}", "p", value=-1, valid_from=DAY0)
        records = [
            FactRecord(f"s{i % SUBJECTS}", "p", value=i, valid_from=DAY0 + timedelta(days=i // SUBJECTS + 1))
            for i in range(2_000)
        ]
        before = reader.snapshot().basis
        done = threading.Event()

        def write() -> None:
            try:
                writer.bulk_assert(records, batch=250)
            finally:
                done.set()

        thread = threading.Thread(target=write)
        thread.start()
        seen: list[tuple[datetime, int, tuple[object, ...]]] = []
        i = 0
        while not done.is_set():
            snap = reader.snapshot()
            seen.append((snap.basis, i, _read(snap, i)))
            i += 1
            time.sleep(0.002)  # let the writer thread run (the GIL)
        thread.join()
        after = reader.snapshot().basis
        during = {basis for basis, _, _ in seen if before < basis < after}
        assert len(during) >= 2, f"the reads did not overlap the write ({len(seen)} reads, bases {sorted(during)})"
        changed = [(b, i) for b, i, got in seen if _read(reader.snapshot(as_of=b), i) != got]
        assert changed == [], f"{len(changed)} of {len(seen)} snapshot reads changed after the write committed"
        assert reader.value("s0", "p", valid_at=DAY0 + timedelta(days=400)).value == 1_980  # the write landed
    finally:
        writer.close()
        reader.close()
