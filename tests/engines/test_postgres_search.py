"""Both engines give the same hits, in the same order, with the same scores (issue #12): the ranking is
computed once, over the records each engine's full-text index returns. PostgreSQL runs twice: Debian's 15, whose
vectors are searched in process, and the PostgreSQL 18 with pgvector, which searches them in the server."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import chronomem
from chronomem import Memory

pytestmark = pytest.mark.integration

_T0 = datetime(2024, 3, 1, 9, tzinfo=UTC)
_CHAT = [
    ("Alice", "I live in Berlin and I love hiking in the Harz."),
    ("Bob", "Berlin in spring is lovely. I'm allergic to peanuts, by the way."),
    ("Alice", "我上个月搬到巴黎了，房租比柏林贵。"),
    ("Bob", "Actually I moved to Lyon last week, not Paris."),
    ("Alice", "周末我们去爬山吧，天气预报说周六晴。"),
    ("Bob", "Hiking sounds great; my new phone number is 0612 345 678."),
]
_QUESTIONS = ["Where does Alice live now?", "Bob 的电话号码是多少", "hiking plans", "谁对花生过敏", "Lyon or Paris"]


@pytest.fixture(params=["postgresql", "pgvector"])
def new_database(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Callable[[], str]:
    """Fresh databases on PostgreSQL 15 (no pgvector), then on the server with pgvector, where every vector
    search runs in the server (however few the vectors)."""
    if request.param == "postgresql":
        factory: Callable[[], str] = request.getfixturevalue("new_pg_database")
        return factory
    from chronomem.engines import _pgvector

    monkeypatch.setattr(_pgvector, "IN_SERVER_FROM", 0)
    factory = request.getfixturevalue("new_pgvector_database")
    return factory


def _fill(mem: Memory) -> None:
    mem.add(
        [
            {"id": f"m{i}", "speaker": s, "content": c, "occurred_at": _T0 + timedelta(days=3 * i)}
            for i, (s, c) in enumerate(_CHAT)
        ]
    )


def _answers(mem: Memory) -> list[list[tuple[str, str, float, tuple[str, ...]]]]:
    at = _T0 + timedelta(days=30)
    return [[(h.kind, h.id, round(h.score, 12), h.cites) for h in mem.search(q, valid_at=at)] for q in _QUESTIONS]


def test_sqlite_and_postgresql_rank_alike(tmp_path: Path, new_database: Callable[[], str]) -> None:
    with (
        chronomem.open(str(tmp_path / "a.db"), namespace="n") as lite,
        chronomem.open(new_database(), namespace="n") as pg,
    ):
        _fill(lite)
        _fill(pg)
        # fact row ids differ between engines (PostgreSQL reserves blocks of them): compare facts by content
        ids = {m: {str(f.row_id): f"{f.subject}.{f.predicate}" for f in _all_facts(m)} for m in (lite, pg)}
        got = [
            [[(k, ids[m].get(i, i) if k == "fact" else i, s, c) for k, i, s, c in q] for q in _answers(m)]
            for m in (lite, pg)
        ]
        assert got[0] == got[1]
        assert any(got[0])


def _all_facts(mem: Memory) -> list[chronomem.Fact]:
    from chronomem.contracts import FactQuery

    return mem.engine.facts(mem.namespace, FactQuery())


def test_analyze_gives_the_planner_statistics_and_keeps_the_answers(new_database: Callable[[], str]) -> None:
    import psycopg

    url = new_database()
    with chronomem.open(url, namespace="n") as mem:
        _fill(mem)
        before = _answers(mem)
        mem.engine.analyze()
        assert _answers(mem) == before
    with psycopg.connect(url) as conn:
        done = "last_analyze IS NOT NULL AND last_vacuum IS NOT NULL"  # VACUUM (ANALYZE): the GIN lists merged too
        analyzed = dict(conn.execute(f"SELECT relname, {done} FROM pg_stat_user_tables").fetchall())
    assert all(analyzed[t] for t in ("episodes", "facts", "support", "fulltext", "vectors")), analyzed


def test_analyze_is_a_no_op_on_sqlite(tmp_path: Path) -> None:
    import sqlite3

    with chronomem.open(str(tmp_path / "a.db"), namespace="n") as mem:
        _fill(mem)
        mem.engine.analyze()
    stats = sqlite3.connect(tmp_path / "a.db").execute("SELECT DISTINCT tbl FROM sqlite_stat1").fetchall()
    assert stats == [("facts",)]  # only migration 0002's shapes


@pytest.mark.parametrize("engine", ["sqlite", "postgresql"])
def test_a_lookup_as_of_the_last_write_skips_the_join_and_finds_the_same(
    engine: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """``match_latest`` (a document's own system time, no join) against ``match`` (its record's) at the
    namespace's last write, where ``Engine.match_texts`` uses the first (the conformance suite asks the past)."""
    url = str(tmp_path / "a.db") if engine == "sqlite" else request.getfixturevalue("new_pg_database")()
    with chronomem.open(url, namespace="n") as mem:
        _fill(mem)
        e = mem.engine
        last = e.committed(mem.namespace)
        for kind, terms in [("episode", ["berlin", "hike", "巴黎"]), ("fact", ["alic", "bob"]), ("entity", ["bob"])]:
            args = e.text.match_args(mem.namespace, terms, last, 1000)  # type: ignore[attr-defined]
            joined = e._read(e.text.match[kind], args)  # type: ignore[attr-defined]
            latest = e._read(e.text.match_latest[kind], args)  # type: ignore[attr-defined]
            assert joined and latest == joined, kind
