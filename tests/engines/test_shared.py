"""The SQL engines share one write transaction, one set of reads and one writer cache (issue #8):
an engine's own classes add connections and its plan executor, and override nothing else."""

from __future__ import annotations

import inspect

import pytest

from chronomem._values import Entity
from chronomem.contracts import Engine, Txn
from chronomem.engines._cache import MAX_CACHED_ENTITIES, Known, WriterCache
from chronomem.engines._engine import SqlEngine
from chronomem.engines._sqlite import SqliteEngine
from chronomem.engines._sqlite_txn import SqliteTxn
from chronomem.engines._txn import SqlTxn


def _members(protocol: type) -> set[str]:
    return {name for name, _ in inspect.getmembers(protocol) if not name.startswith("_")}


def _engine_classes() -> list[tuple[type, type]]:
    pairs: list[tuple[type, type]] = [(SqliteEngine, SqliteTxn)]
    try:
        from chronomem.engines._pgtxn import PgTxn
        from chronomem.engines._postgres import PostgresEngine
    except ImportError:  # the postgres extra is not installed
        return pairs
    return [*pairs, (PostgresEngine, PgTxn)]


@pytest.mark.parametrize(("engine", "txn"), _engine_classes(), ids=lambda c: c.__name__)
def test_an_engine_writes_no_txn_method_and_no_read_of_its_own(engine: type, txn: type) -> None:
    assert issubclass(txn, SqlTxn) and issubclass(engine, SqlEngine)
    assert _members(Txn) <= _members(SqlTxn)
    assert not _members(Txn) & set(vars(txn)), "a Txn method written per engine: write it once in SqlTxn"
    own = _members(Engine) & set(vars(engine))
    # Connecting, migrating (under the engine's own lock), running a write transaction and keeping planner
    # statistics (PostgreSQL's ANALYZE; SQLite's fixed shapes) differ for real; so does finding the nearest
    # vectors where PostgreSQL has pgvector (in the server, engines/_pgvector.py; else the shared search).
    assert own <= {"url", "close", "migrate", "write", "analyze", "nearest"}, f"written per engine: {sorted(own)}"


class _Txn:
    def __init__(self, *, forget: bool = False, predicates: dict[str, bool] | None = None) -> None:
        self.forget = forget
        self.learned = Known(predicates=predicates or {})


def test_the_cache_keeps_what_a_write_learned_at_its_epoch_only() -> None:
    cache = WriterCache()
    assert cache.known("ns", 0) is None  # nothing known, not even that the namespace exists
    cache.remember("ns", 0, _Txn(predicates={"p": True}))
    known = cache.known("ns", 0)
    assert known is not None and known.predicates == {"p": True}
    assert cache.known("ns", 1) is None  # the epoch moved on: a record may have changed elsewhere
    cache.remember("ns", 2, _Txn(predicates={"q": False}))
    cache.remember("ns", 1, _Txn(predicates={"stale": True}))  # committed at an older epoch: ignored
    known = cache.known("ns", 2)
    assert known is not None and known.predicates == {"q": False}


def test_a_write_that_bumped_the_epoch_empties_its_namespace() -> None:
    cache = WriterCache()
    cache.remember("ns", 0, _Txn(predicates={"p": True}))
    cache.remember("ns", 0, _Txn(forget=True))
    assert cache.known("ns", 0) is None


def test_the_cache_is_bounded() -> None:
    cache = WriterCache()
    many = _Txn()
    many.learned.entities = {str(i): Entity(id=str(i), namespace="ns", type="thing", name=str(i)) for i in range(10)}
    cache.remember("ns", 0, many)
    huge = _Txn()
    huge.learned.entities = dict.fromkeys(range(MAX_CACHED_ENTITIES), many.learned.entities["0"])  # type: ignore[arg-type]
    cache.remember("ns", 0, huge)  # over the bound: the namespace's cache starts over
    known = cache.known("ns", 0)
    assert known is not None and len(known.entities) == MAX_CACHED_ENTITIES
