"""The HTTP API under load and after a SIGKILL, against a real ``chronomem serve`` process on 127.0.0.1, on a
SQLite file and on a PostgreSQL database, with the code of ``chronomem bench http`` (:mod:`chronomem.bench.http`):
32 clients for 60 s add messages (unique ids), search and read as of times; afterwards the store is read back.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

import httpx
import pytest

import chronomem
from chronomem.bench.http import Served, Tally, check, load, seed, served

SPACES = ["load0", "load1"]


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.integration)])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh SQLite file, then a fresh PostgreSQL database."""
    return str(tmp_path / "m.db") if request.param == "sqlite" else str(request.getfixturevalue("pg_url"))


@pytest.mark.slow  # a minute of load
def test_mixed_load_has_no_5xx_and_loses_nothing(db: str, tmp_path: Path) -> None:
    with served(db, tmp_path, SPACES) as server:
        seed(server)
        tally = load(server.base, server.keys, clients=32, seconds=60)
    found = check(db, tally)
    assert not [s for s in tally.statuses if s >= 500], tally.statuses
    assert tally.transport_errors == 0 and tally.refused_messages == 0
    assert set(tally.statuses) == {200}, tally.statuses  # reads name entities that exist: no 4xx either
    acked = sum(len(ids) for ids in tally.acked.values())
    assert acked > 0 and all(tally.latencies[op] for op in ("add", "search", "value", "facts", "history"))
    assert found == {"stored": acked, "lost": 0, "duplicated": 0}


def kill_when_acked(server: Served, tally: Tally, n: int, timeout: float = 30) -> None:
    """SIGKILL ``server`` once ``tally`` counts ``n`` acknowledged messages (or after ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while sum(map(len, tally.acked.values())) < n and time.monotonic() < deadline:
        time.sleep(0.02)
    server.kill()


@pytest.mark.slow
def test_a_server_killed_under_load_loses_no_acknowledged_message(db: str, tmp_path: Path) -> None:
    """SIGKILL the server (its whole process group) once writers have 30 messages acknowledged, and restart it
    on the same store. Every acknowledged message is stored once; then the writers send the same messages again
    (a client retrying what it never saw acknowledged) and nothing is stored twice."""
    server = Served(db, tmp_path, SPACES)
    server.start()
    try:
        tally = Tally(sent={ns: set() for ns in SPACES}, acked={ns: set() for ns in SPACES})
        killer = threading.Thread(target=kill_when_acked, args=(server, tally, 30))
        killer.start()
        load(server.base, server.keys, clients=8, seconds=6, writes_only=True, tally=tally)
        killer.join()
        assert server.proc is not None and server.proc.returncode is not None and server.proc.returncode < 0
        assert tally.transport_errors > 0  # the clients did see the server die
        acked_before = {ns: set(ids) for ns, ids in tally.acked.items()}
        assert sum(map(len, acked_before.values())) > 0
        assert check(db, tally)["lost"] == 0  # read with the server dead

        server.start()  # the same store and keys, a new port
        again = load(server.base, server.keys, clients=8, seconds=3, writes_only=True, tally=Tally())
        ns, some = next((ns, sorted(ids)[0]) for ns, ids in acked_before.items() if ids)
        got = httpx.get(f"{server.base}/v1/namespaces/{ns}/episodes/{some}",
                        headers={"Authorization": f"Bearer {server.keys[ns]}"})  # fmt: skip
        assert got.status_code == 200 and some in got.text
    finally:
        server.stop()
    assert not [s for s in (*tally.statuses, *again.statuses) if s >= 500]
    for name, ids in again.acked.items():
        tally.acked.setdefault(name, set()).update(ids)
        tally.sent.setdefault(name, set()).update(again.sent[name])
    found = check(db, tally)
    assert found["lost"] == 0 and found["duplicated"] == 0
    assert all(acked_before[ns] <= tally.acked[ns] for ns in acked_before)


def test_check_counts_a_lost_and_a_duplicated_message(db: str) -> None:
    """The counts the tests above assert to be zero do see a loss and a duplicate."""
    text = "I live in Lyon. (ref a)"
    with chronomem.open(db, namespace="ns", embedder=None) as mem:
        mem.add([{"id": i, "speaker": "Alice", "content": text, "occurred_at": "2024-01-01T00:00:00Z"} for i in "ab"])
    tally = Tally(sent={"ns": {"a", "b", "x"}}, acked={"ns": {"a", "x"}})
    assert check(db, tally) == {"stored": 2, "lost": 1, "duplicated": 1}
