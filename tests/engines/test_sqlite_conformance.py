"""The conformance suite (``chronomem.testing``) on a real SQLite file."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from chronomem.contracts import Engine
from chronomem.engines._sqlite import SqliteEngine
from chronomem.testing import EngineConformance, MakeEngine


@pytest.fixture
def make_engine(tmp_path: Path) -> Iterator[MakeEngine]:
    count = 0

    def make(clock: Callable[[], int]) -> Engine:
        nonlocal count
        count += 1
        engine = SqliteEngine(tmp_path / f"conformance-{count}.db", clock=clock)
        engine.migrate()
        return engine

    yield make


class TestSqliteConformance(EngineConformance):
    pass
