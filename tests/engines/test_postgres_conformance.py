"""The conformance suite (``chronomem.testing``) on a real PostgreSQL server, one fresh database per engine."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from chronomem.contracts import Engine
from chronomem.testing import EngineConformance, MakeEngine

pytestmark = pytest.mark.integration


@pytest.fixture
def make_engine(new_pg_database: Callable[[], str]) -> Iterator[MakeEngine]:
    from chronomem.engines._postgres import PostgresEngine

    def make(clock: Callable[[], int]) -> Engine:
        engine = PostgresEngine(new_pg_database(), clock=clock)
        engine.migrate()
        return engine

    yield make


class TestPostgresConformance(EngineConformance):
    pass
