"""The writers' cache (namespaces, predicate cardinalities, entities; ``engines/_cache``) never goes stale.

Two engines on one database stand for two processes: what one erases or changes, the other's next
write must see (SQLite's migration ``0003_cache_epoch``, PostgreSQL's ``clocks.cache_epoch``).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

import chronomem
from chronomem import Memory
from chronomem.errors import NotFound

T1 = datetime(2024, 1, 1, tzinfo=UTC)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.integration)])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """One database, on each engine."""
    if request.param == "sqlite":
        return str(tmp_path / "m.db")
    pytest.importorskip("psycopg", reason="the postgres extra is not installed")
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture
def pair(url: str) -> Iterator[tuple[Memory, Memory]]:
    a = chronomem.open(url, namespace="ns")
    b = chronomem.open(url, namespace="ns")
    yield a, b
    a.close()
    b.close()


def test_a_cardinality_recorded_after_an_erase_elsewhere_is_used(pair: tuple[Memory, Memory]) -> None:
    a, b = pair
    a.assert_fact("x", "p", value=1, valid_from=T1, multi=False)  # a caches: p is single-valued
    b.erase_namespace()
    b.assert_fact("x", "p", "y", valid_from=T1, multi=True)  # p is now multi-valued here
    a.assert_fact("x", "p", "z", valid_from=T1, multi=True)  # a stale cache would raise Conflict
    assert sorted(f.object or "" for f in a.values("x", "p")) == ["y", "z"]


def test_a_namespace_erased_elsewhere_is_recorded_again(pair: tuple[Memory, Memory]) -> None:
    a, b = pair
    a.assert_fact("x", "p", value=1, valid_from=T1)
    b.erase_namespace()
    assert "ns" not in a.engine.namespaces()
    a.assert_fact("x", "p", value=2, valid_from=T1)
    assert "ns" in a.engine.namespaces()


def test_aliases_added_elsewhere_are_kept(pair: tuple[Memory, Memory]) -> None:
    a, b = pair
    a.add_entity("alice")
    a.assert_fact("alice", "p", value=1, valid_from=T1)  # a caches the entity
    b.add_entity("alice", aliases=["Ally"])
    assert a.add_entity("alice", aliases=["Al"]).aliases == ("Ally", "Al")
    assert b.get_entity("Ally").id == a.get_entity("Al").id == "alice"


def test_an_entity_erased_elsewhere_is_created_again(pair: tuple[Memory, Memory]) -> None:
    a, b = pair
    a.assert_fact("bob", "p", value=1, valid_from=T1)  # a caches the entity
    b.erase(subject="bob")
    with pytest.raises(NotFound):
        b.get_entity("bob")
    a.assert_fact("bob", "p", value=2, valid_from=T1)
    assert b.get_entity("bob").name == "bob"


def test_a_failed_write_caches_nothing(url: str) -> None:
    a = chronomem.open(url, namespace="ns")
    b = chronomem.open(url, namespace="ns")
    with pytest.raises(chronomem.errors.Conflict):
        # the first use records p as single-valued, then the write fails and rolls back
        a.bulk_assert(
            [chronomem.FactRecord("x", "p", value=1, multi=False), chronomem.FactRecord("x", "p", value=2, multi=True)]
        )
    b.assert_fact("x", "p", value=3, valid_from=T1, multi=True)
    a.assert_fact("x", "p", value=4, valid_from=T1, multi=True)  # a cache of the failed write would raise
    assert sorted(f.value for f in a.values("x", "p")) == [3, 4]  # type: ignore[type-var]
    a.close()
    b.close()


def test_full_text_statistics_follow_writes_and_erases_made_elsewhere(pair: tuple[Memory, Memory]) -> None:
    from chronomem.contracts import TextQuery

    a, b = pair
    query = TextQuery("episode", ("berlin",), 2**62, 10)
    a.add_episode("I live in Berlin.", occurred_at=T1, id="e1")
    assert a.engine.match_text("ns", query).documents == 1  # kept by a
    b.add_episode("Berlin is big.", occurred_at=T1, id="e2")
    assert a.engine.match_text("ns", query).documents == 2
    b.erase_namespace()
    b.add_episode("Paris.", occurred_at=T1, id="e3")
    match = a.engine.match_text("ns", query)
    assert (match.documents, match.records) == (1, [])
