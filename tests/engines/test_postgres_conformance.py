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
    # The statements are SqlTxn's, the same SQL SQLite runs with the CI profile's 1,000 random sequences; here
    # the property tests check that the server executes them alike (its locking, types and ordering), which 250
    # sequences of up to 20 steps do at a quarter of the time (1,000 took ~400 s of a CI run).
    max_examples = 250
