"""The conformance suite (``chronomem.testing``) on a real Citus cluster: a coordinator and two workers, every
table distributed by namespace by ``migrate``, and any statement of one namespace that touches more than
one shard an error (``tests/citus_server.py``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from chronomem.contracts import Engine
from chronomem.testing import EngineConformance, MakeEngine

pytestmark = pytest.mark.integration


@pytest.fixture
def make_engine(new_citus_schema: Callable[[], str]) -> Iterator[MakeEngine]:
    from chronomem.engines._postgres import PostgresEngine

    def make(clock: Callable[[], int]) -> Engine:
        engine = PostgresEngine(new_citus_schema(), clock=clock)
        engine.migrate()
        return engine

    yield make


class TestCitusConformance(EngineConformance):
    # Every write crosses to a worker and back (~4x a plain PostgreSQL write), so 1,000 random sequences (the CI
    # profile) would take a quarter of an hour. The statements are the same SQL text as on plain PostgreSQL, which
    # runs the profile's count; here the property tests check that they route and commit on a cluster.
    max_examples = 60
