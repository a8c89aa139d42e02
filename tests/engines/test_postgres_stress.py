"""PostgreSQL under stress: 8 client processes correcting the same slots (on PostgreSQL and on Citus), and a
server killed with SIGKILL in the middle of writes. Both check outcomes, never speed."""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from multiprocessing.connection import Connection
from multiprocessing.synchronize import Event

import pytest
from pg_server import PgServer

import chronomem
from chronomem._time import from_us
from chronomem.contracts import FactQuery
from chronomem.engines._sql import INF

pytestmark = [pytest.mark.integration, pytest.mark.slow]

T0 = datetime(2024, 1, 1, tzinfo=UTC)
NS = "stress"
SLOTS = 4
WORKERS = 8
WRITES = 40


def _portion(i: int) -> tuple[datetime, datetime | None]:
    """Varying portions, so writes leave temporal leftovers as well as replacing whole rows."""
    start = T0 + timedelta(days=i % 3)
    return start, (None if i % 2 else start + timedelta(days=2))


def _corrector(url: str, worker: int) -> list[tuple[int, str, str, int]]:
    mem = chronomem.open(url, namespace=NS)
    out = []
    try:
        for i in range(WRITES):
            subject, value = f"s{(worker + i) % SLOTS}", f"w{worker}-{i}"
            start, end = _portion(i)
            r = mem.correct(subject, "status", value=value, valid_from=start, valid_to=end)
            out.append((r.tx, subject, value, i))
    finally:
        mem.close()
    return out


def _reader(url: str, stop: Event, pipe: Connection) -> None:
    """While writers run: note each new latest system time seen and the row ids believed then."""
    mem = chronomem.open(url, namespace=NS)
    seen: list[tuple[int, list[int]]] = []
    try:
        while not stop.is_set():
            rows = mem.engine.facts(NS, FactQuery())
            x = max((f.recorded.start for f in rows), default=0)
            if rows and (not seen or seen[-1][0] != x):
                seen.append((x, sorted(f.row_id for f in rows if f.recorded.start <= x < (f.recorded.end or INF))))
    finally:
        mem.close()
        pipe.send(seen)
        pipe.close()


def test_eight_processes_correcting_the_same_slots_keep_every_invariant(server_url: str) -> None:
    """On plain PostgreSQL and on the Citus cluster (one namespace: every statement routed to one shard)."""
    pg_url = server_url
    chronomem.open(pg_url, namespace=NS).close()
    ctx = mp.get_context("spawn")
    stop = ctx.Event()
    ours, theirs = ctx.Pipe(duplex=False)
    reader = ctx.Process(target=_reader, args=(pg_url, stop, theirs))
    reader.start()
    with ctx.Pool(WORKERS) as pool:
        results = pool.starmap(_corrector, [(pg_url, w) for w in range(WORKERS)])
    stop.set()
    snapshots = ours.recv()
    reader.join(timeout=60)
    writes = [w for ws in results for w in ws]
    assert len(writes) == WORKERS * WRITES
    txs = [w[0] for w in writes]
    assert len(set(txs)) == len(txs), "two write transactions got the same system time"
    for ws in results:
        assert [w[0] for w in ws] == sorted(w[0] for w in ws), "a client saw its own system time go back"
    mem = chronomem.open(pg_url, namespace=NS)
    try:
        assert mem.engine.overlaps(NS) == []
        for tx, subject, value, i in writes:  # each write is exactly what was believed right after it
            start, end = _portion(i)
            for valid in (start, (end or start + timedelta(days=9)) - timedelta(microseconds=1)):
                got = mem.value(subject, "status", valid_at=valid, as_of=from_us(tx))
                assert got is not None and got.value == value, f"{subject} at {valid} as of {tx}: {got}"
        for x, believed in snapshots:  # repeatable history: nothing appeared later at a time already read
            again = sorted(f.row_id for f in mem.engine.facts(NS, FactQuery(as_of=x)))
            assert again == believed, f"as of {x} a reader saw {believed}, now {again}"
    finally:
        mem.close()
    assert len(snapshots) > 0


def _acking_writer(url: str, pipe: Connection) -> None:
    mem = chronomem.open(url, namespace="durable")
    i = 0
    try:
        while True:
            r = mem.assert_fact("s", "status", value=f"v{i}")
            pipe.send((r.tx, i))
            i += 1
    except chronomem.ChronomemError as exc:
        pipe.send(("error", type(exc).__name__))
    finally:
        pipe.close()


@pytest.fixture
def own_server(pg_server: PgServer) -> Iterator[PgServer]:
    """A server of its own, for a test that kills it (the session server is shared)."""
    server = PgServer()
    server.start()
    yield server
    server.destroy()


def test_every_acknowledged_commit_survives_a_sigkill_of_the_server(own_server: PgServer) -> None:
    url = own_server.create_database("durability")
    chronomem.open(url, namespace="durable").close()
    ctx = mp.get_context("spawn")
    ours, theirs = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_acking_writer, args=(url, theirs))
    proc.start()
    theirs.close()
    acked: list[tuple[int, int]] = []
    ending = None
    while True:
        try:
            msg = ours.recv()
        except EOFError:
            break
        if msg[0] == "error":
            ending = msg[1]
            continue
        acked.append(msg)
        if len(acked) == 150:
            own_server.kill()  # the writer is mid-write: it sends as soon as one commit returns
    proc.join(timeout=60)
    assert ending == "BackendUnavailable", ending
    own_server.start()  # crash recovery replays the WAL
    mem = chronomem.open(url, namespace="durable")
    try:
        for tx, i in acked:
            got = mem.value("s", "status", as_of=from_us(tx))
            assert got is not None and got.value == f"v{i}", f"acknowledged write {i} at {tx} lost: {got}"
        current = mem.engine.facts("durable", FactQuery(as_of=INF - 1, valid_at=INF - 2))
        assert len(current) == 1 and current[0].value in (f"v{len(acked) - 1}", f"v{len(acked)}")
        assert mem.engine.overlaps("durable") == []
    finally:
        mem.close()
