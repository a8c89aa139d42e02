"""``Memory.bulk_assert`` on PostgreSQL (arrays + ``unnest``) stores what one-by-one asserts store on SQLite."""

from __future__ import annotations

import itertools
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from pg_server import PgServer
from test_bulk import T0, records

import chronomem
from chronomem import FactRecord, Memory
from chronomem.engines._postgres import PostgresEngine
from chronomem.errors import NotFound

pytestmark = pytest.mark.integration
_ns = itertools.count()


@pytest.fixture(scope="module")
def pg_engine(pg_server: PgServer) -> Iterator[PostgresEngine]:
    engine = PostgresEngine(pg_server.create_database("chronomem_bulk"))
    engine.migrate()
    yield engine
    engine.close()


def _prepare(mem: Memory) -> Memory:
    for ep in ("e1", "e2"):
        mem.add_episode(f"episode {ep}", occurred_at=T0, id=ep)
    return mem


def _state(mem: Memory) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    rows, links = [], []
    for subject in ("Alice", "Bob"):
        for pred in ("lives_in", "phone", "likes", "knows"):
            try:
                audit = mem.audit(subject, pred)
            except NotFound:
                continue
            for f in audit:
                rows.append((f.subject, f.predicate, f.object, repr(f.value), f.valid, f.kind, f.episodes, f.current))
                found = mem.engine.revisions(mem.namespace, [f.row_id])
                links += [(r.reason, r.new is None) for r in found if r.old == f.row_id]
    return sorted(rows, key=repr), sorted(links)


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(batch=records())
def test_bulk_on_postgresql_equals_one_by_one_on_sqlite(pg_engine: PostgresEngine, batch: list[FactRecord]) -> None:
    bulk = _prepare(Memory(pg_engine, f"bulk{next(_ns)}", owns_engine=False))
    with tempfile.TemporaryDirectory() as tmp:
        one = _prepare(chronomem.open(Path(tmp) / "one.db", namespace=bulk.namespace))
        try:
            for r in batch:
                kwargs = {"value": r.value} if r.object is None else {}
                write = one.correct if r.correction else one.assert_fact
                write(r.subject, r.predicate, r.object, valid_from=r.valid_from, valid_to=r.valid_to,
                      episode=r.episode, **kwargs)  # fmt: skip
            bulk.bulk_assert(batch, batch=3)
            assert _state(bulk) == _state(one)
            assert pg_engine.overlaps(bulk.namespace) == []
        finally:
            one.close()
