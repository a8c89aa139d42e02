"""``Memory.bulk_assert`` on PostgreSQL (arrays + ``unnest``) stores what one-by-one asserts store on SQLite."""

from __future__ import annotations

import itertools
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from pg_server import PgServer
from test_bulk import prepare, records, state, write_one_by_one

import chronomem
from chronomem import FactRecord, Memory
from chronomem.engines._postgres import PostgresEngine

pytestmark = pytest.mark.integration
_ns = itertools.count()


@pytest.fixture(scope="module")
def pg_engine(pg_server: PgServer) -> Iterator[PostgresEngine]:
    engine = PostgresEngine(pg_server.create_database("chronomem_bulk"))
    engine.migrate()
    yield engine
    engine.close()


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(batch=records())
def test_bulk_on_postgresql_equals_one_by_one_on_sqlite(pg_engine: PostgresEngine, batch: list[FactRecord]) -> None:
    bulk = prepare(Memory(pg_engine, f"bulk{next(_ns)}", owns_engine=False))
    with tempfile.TemporaryDirectory() as tmp:
        one = prepare(chronomem.open(Path(tmp) / "one.db", namespace=bulk.namespace))
        try:
            write_one_by_one(one, batch)
            bulk.bulk_assert(batch, batch=3)
            assert state(bulk) == state(one)
            assert pg_engine.overlaps(bulk.namespace) == []
        finally:
            one.close()
