"""The PostgreSQL engine beyond the conformance suite: the database's own constraints, system time,
error mapping, lost-connection retries and migrations. The lock-timeout and lost-connection tests run on
plain PostgreSQL and on the Citus cluster (``server_url``)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime

import psycopg
import pytest

import chronomem
from chronomem._bitemporal import NewRow, Plan, SlotValue
from chronomem._values import Interval
from chronomem.contracts import FactQuery
from chronomem.engines import open_engine
from chronomem.engines._pgschema import MIGRATIONS
from chronomem.engines._postgres import PostgresEngine
from chronomem.engines._sql import INF
from chronomem.errors import BackendUnavailable, Conflict, SchemaMismatch, StorageError, StorageTimeout

ALL_MIGRATIONS = [name for name, _ in MIGRATIONS]

pytestmark = pytest.mark.integration

T1 = datetime(2024, 1, 1, tzinfo=UTC)


@pytest.fixture
def engine(pg_url: str) -> Iterator[PostgresEngine]:
    eng = PostgresEngine(pg_url)
    eng.migrate()
    yield eng
    eng.close()


@pytest.fixture
def either_engine(server_url: str) -> Iterator[PostgresEngine]:
    """An engine on plain PostgreSQL, then on the Citus cluster."""
    eng = PostgresEngine(server_url)
    eng.migrate()
    yield eng
    eng.close()


def _insert_current(conn: psycopg.Connection[tuple[object, ...]], row_id: int, slot: str, start: int, end: int) -> None:
    conn.execute(
        "INSERT INTO facts (namespace, row_id, slot, subject, predicate, object_id, value, valid_from, valid_to, "
        "recorded_from, recorded_to, kind, modality, confidence) "
        "VALUES ('ns', %s, %s, 'alice', 'lives_in', NULL, '\"x\"', %s, %s, 1, %s, 'fact', 'asserted', 1.0)",
        (row_id, slot, start, end, INF),
    )


def test_the_database_rejects_an_overlapping_current_row_written_by_hand(engine: PostgresEngine, pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        _insert_current(conn, 1, "alice\x1flives_in", 10, 20)
        _insert_current(conn, 2, "alice\x1flives_in", 20, 30)  # touching is fine: [10,20) and [20,30)
        _insert_current(conn, 3, "alice\x1fworks_at", 15, 25)  # another slot is fine
        with pytest.raises(psycopg.errors.ExclusionViolation, match="facts_no_overlap"):
            _insert_current(conn, 4, "alice\x1flives_in", 19, 21)
        # A closed row may overlap: the invariant is about what is believed now.
        conn.execute("UPDATE facts SET recorded_to = 5 WHERE row_id = 1")
        _insert_current(conn, 5, "alice\x1flives_in", 12, 18)
        with pytest.raises(psycopg.errors.ExclusionViolation):
            conn.execute(f"UPDATE facts SET recorded_to = {INF} WHERE row_id = 1")
        with pytest.raises(psycopg.errors.CheckViolation, match="facts_valid_nonempty"):
            _insert_current(conn, 6, "bob\x1flives_in", 20, 20)
    assert engine.overlaps("ns") == []


def test_a_plan_that_breaks_the_invariant_fails_loudly_and_stores_nothing(engine: PostgresEngine) -> None:
    mem = chronomem.Memory(engine, "ns", owns_engine=False)
    mem.assert_fact("alice", "lives_in", value="Berlin", valid_from=T1)
    slot = "alice\x1flives_in"
    before = engine.facts("ns", FactQuery(slot=slot))
    claim = SlotValue("alice", "lives_in", None, "Paris", "fact", "asserted")
    bad = Plan(insert=(NewRow(claim, Interval(0, None)),))  # does not close the row it overlaps

    def run(txn: chronomem.contracts.Txn) -> None:
        txn.mark_episode_retracted("nothing")
        txn.apply(slot, bad)

    with pytest.raises(Conflict, match=r"facts_no_overlap.*chronomem doctor"):
        engine.write("ns", run)
    assert engine.facts("ns", FactQuery(slot=slot)) == before


def test_system_time_strictly_increases_even_when_the_clock_steps_back(pg_url: str) -> None:
    times = iter([100, 50, 50, 200, 10])
    eng = PostgresEngine(pg_url, clock=lambda: next(times))
    eng.migrate()
    try:
        txs = [eng.write(ns, lambda txn: txn.tx) for ns in ("a", "b", "a", "c", "b")]
    finally:
        eng.close()
    assert txs == [100, 101, 102, 200, 201]


def test_concurrent_writers_in_one_namespace_get_distinct_increasing_times(engine: PostgresEngine) -> None:
    got: list[int] = []
    lock = threading.Lock()

    def worker() -> None:
        for _ in range(20):
            tx = engine.write("ns", lambda txn: txn.tx)
            with lock:
                got.append(tx)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(got)) == 80


def test_an_unreachable_server_is_backend_unavailable_with_advice(tmp_path: object) -> None:
    with pytest.raises(BackendUnavailable, match="check that the server is running"):
        PostgresEngine(f"postgresql://nobody@/x?host={tmp_path}", timeout_s=2)


def test_open_engine_routes_postgresql_urls_and_hides_the_password(pg_url: str) -> None:
    eng = open_engine(pg_url)
    try:
        assert isinstance(eng, PostgresEngine)
        assert eng.schema_version() == ALL_MIGRATIONS
    finally:
        eng.close()
    from chronomem.engines._postgres import redact

    assert redact("postgresql://u:secret@h/db") == "postgresql://u:***@h/db"


def test_a_lock_held_too_long_is_a_storage_timeout(server_url: str) -> None:
    # On Citus the lock is held on a worker: the timeout must reach it (SET LOCAL, propagated).
    pg_url = server_url
    eng = PostgresEngine(pg_url, timeout_s=0.3, retries=0)
    eng.migrate()
    eng.ensure_namespace("ns")
    try:
        with psycopg.connect(pg_url) as blocker:
            blocker.execute("SELECT * FROM clocks WHERE namespace = 'ns' FOR UPDATE")
            with pytest.raises(StorageTimeout, match="did not answer in time"):
                eng.write("ns", lambda txn: txn.tx)
            blocker.rollback()
        assert eng.write("ns", lambda txn: txn.tx) > 0
    finally:
        eng.close()


def test_a_connection_lost_before_commit_reruns_the_whole_transaction_once(
    either_engine: PostgresEngine, server_url: str
) -> None:
    engine, pg_url = either_engine, server_url
    attempts: list[int] = []

    def run(txn: chronomem.contracts.Txn) -> int:
        attempts.append(txn.tx)
        txn.predicate("lives_in", False)
        if len(attempts) == 1:
            pid = txn._c.connection.info.backend_pid  # type: ignore[attr-defined]
            with psycopg.connect(pg_url, autocommit=True) as killer:
                killer.execute("SELECT pg_terminate_backend(%s::int, 5000)", (pid,))
        txn.predicate("likes", True)
        return txn.tx

    tx = engine.write("ns", run)
    assert len(attempts) == 2 and tx == attempts[1]
    assert engine.predicates("ns") == {"lives_in": False, "likes": True}


def test_a_connection_lost_at_commit_is_resolved_by_asking_the_server(
    either_engine: PostgresEngine, server_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine, pg_url = either_engine, server_url
    attempts: list[int] = []
    asked: list[str | None] = []
    real = engine._outcome
    monkeypatch.setattr(engine, "_outcome", lambda *args: asked.append(real(*args)) or asked[-1])

    def run(txn: chronomem.contracts.Txn) -> int:
        attempts.append(txn.tx)
        txn.predicate(f"p{len(attempts)}", False)
        if len(attempts) == 1:  # the next statement the engine sends is COMMIT
            pid = txn._c.connection.info.backend_pid  # type: ignore[attr-defined]
            with psycopg.connect(pg_url, autocommit=True) as killer:
                killer.execute("SELECT pg_terminate_backend(%s::int, 5000)", (pid,))
        return txn.tx

    engine.write("ns", run)
    # The server reports the first attempt aborted, so it ran again; exactly one of them is stored.
    assert len(attempts) == 2 and asked == ["aborted"]
    assert engine.predicates("ns") == {"p2": False}


def test_the_outcome_of_a_transaction_is_read_back_from_the_server(engine: PostgresEngine, pg_url: str) -> None:
    with psycopg.connect(pg_url) as conn:
        committed = conn.execute("SELECT pg_current_xact_id()::text").fetchone()
        conn.commit()
        aborted = conn.execute("SELECT pg_current_xact_id()::text").fetchone()
        conn.rollback()
    assert committed is not None and aborted is not None
    assert engine._outcome(committed[0]) == "committed"
    assert engine._outcome(aborted[0]) == "aborted"
    assert engine._outcome(None) is None


def test_reads_retry_once_on_a_dead_connection(engine: PostgresEngine, pg_url: str) -> None:
    engine.ensure_namespace("ns")
    with psycopg.connect(pg_url, autocommit=True) as killer:
        killer.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid()"
        )
    assert engine.namespaces() == ["ns"]


def test_migrations_are_named_recorded_and_serialised(pg_url: str) -> None:
    eng = PostgresEngine(pg_url)
    try:
        assert eng.schema_version() == [] and eng.pending_migrations() == ALL_MIGRATIONS
        with pytest.raises(SchemaMismatch, match="chronomem migrate"):
            eng.namespaces()
        results: list[list[str]] = []
        threads = [threading.Thread(target=lambda: results.append(eng.migrate())) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(results) == [[], [], [], ALL_MIGRATIONS]
        assert eng.pending_migrations() == []
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute("INSERT INTO migrations VALUES ('9999_future', 0)")
        with pytest.raises(SchemaMismatch, match="upgrade chronomem"):
            eng.migrate()
    finally:
        eng.close()


def test_a_role_without_create_rights_is_told_who_can_migrate(pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("DROP ROLE IF EXISTS chronomem_weak")
        conn.execute("CREATE ROLE chronomem_weak LOGIN")
    weak = pg_url.replace("postgresql://postgres@", "postgresql://chronomem_weak@")
    eng = PostgresEngine(weak)
    try:
        with pytest.raises(StorageError, match="database owner"):
            eng.migrate()
        assert eng.schema_version() == []
    finally:
        eng.close()
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute("DROP ROLE chronomem_weak")


def test_a_client_drops_its_cached_entities_when_another_erases_or_renames_one(pg_url: str) -> None:
    a_engine, b_engine = PostgresEngine(pg_url), PostgresEngine(pg_url)
    a_engine.migrate()
    a, b = chronomem.Memory(a_engine, "ns"), chronomem.Memory(b_engine, "ns")
    try:
        a.assert_fact("Alice", "lives_in", value="Berlin", valid_from=T1)  # a now caches the entity alice
        b.erase(subject="Alice")
        a.assert_fact("Alice", "lives_in", value="Paris", valid_from=T1)
        assert b.get_entity("Alice").id == "alice"  # re-created, not taken from a stale cache
        got = b.value("Alice", "lives_in", valid_at=T1)
        assert got is not None and got.value == "Paris"
        a.assert_fact("alice", "age", value=30, valid_from=T1)  # cached again, by id
        b.add_entity("Alice", aliases=["Ali"])
        a.add_entity("alice", aliases=["Ally"])  # from a stale cache this would drop "Ali"
        assert b.get_entity("alice").aliases == ("Ali", "Ally")
    finally:
        a.close()
        b.close()
