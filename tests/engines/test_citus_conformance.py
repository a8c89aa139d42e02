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
    pass
