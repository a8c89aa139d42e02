"""The SQLite engine checkpoints its write-ahead log in a thread, off the write path (engines/_checkpoint.py)."""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import chronomem
from chronomem.engines._checkpoint import Checkpointer
from chronomem.engines._sqlite import SqliteEngine

T0 = datetime(2024, 1, 1, tzinfo=UTC)


def _wait_for(check: object, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():  # type: ignore[operator]
            return True
        time.sleep(0.01)
    return False


def test_the_thread_copies_the_log_into_the_file_once_it_passes_the_threshold(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    mem = chronomem.open(path, namespace="ns")
    engine = mem.engine
    assert isinstance(engine, SqliteEngine)
    engine._checkpoints.close()
    engine._checkpoints = Checkpointer(engine._checkpoint_conn, str(path) + "-wal", 4096, pages=40)
    before = os.path.getsize(path)
    for i in range(30):  # ~20 pages a write: past 40 pages, far below the writer's own backstop (40,000)
        mem.assert_fact(f"e{i}", "status", value=f"v{i}", valid_from=T0 + timedelta(days=i))
    assert engine._checkpoints.running
    # Pages reach the database file only through a checkpoint, and the writer's would need 40,000 pages.
    assert _wait_for(lambda: os.path.getsize(path) > before)
    assert [f.value for f in mem.history("e29", "status")] == ["v29"]
    mem.close()
    assert not engine._checkpoints.running


def test_a_memory_that_never_writes_starts_no_thread_and_closing_stops_it(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    chronomem.open(path, namespace="ns").close()
    reader = chronomem.open(path, namespace="ns")
    engine = reader.engine
    assert isinstance(engine, SqliteEngine)
    assert engine.namespaces() == ["ns"]  # reads start nothing
    assert not engine._checkpoints.running
    reader.assert_fact("alice", "status", value="here")
    assert engine._checkpoints.running
    reader.close()
    assert not engine._checkpoints.running
