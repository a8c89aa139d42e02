"""``dump | restore`` across engines: a random store moves SQLite -> PostgreSQL -> SQLite with every row and every
read at every probed (valid, as-of) point unchanged (the conformance check, :func:`chronomem.testing._portable`)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from chronomem.engines._sqlite import SqliteEngine
from chronomem.testing import CheckedEngine, ManualClock
from chronomem.testing._portable import assert_restores, build_store, memory, steps

pytestmark = pytest.mark.integration

#: Examples: each builds a store and moves it twice, through a new PostgreSQL database.
EXAMPLES = 6


def test_a_random_store_moves_sqlite_to_postgresql_to_sqlite(
    tmp_path: Path, new_pg_database: Callable[[], str]
) -> None:
    from chronomem.engines._postgres import PostgresEngine

    examples = itertools.count()
    opened: list[CheckedEngine] = []

    def engine(make: Callable[[], Any]) -> CheckedEngine:
        made = CheckedEngine(make())
        made.inner.migrate()
        opened.append(made)
        return made

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(script=steps())
    def moves(script: list[tuple[Any, ...]]) -> None:
        n = next(examples)
        first = engine(lambda: SqliteEngine(tmp_path / f"first-{n}.db", clock=ManualClock()))
        server = engine(lambda: PostgresEngine(new_pg_database(), clock=ManualClock()))
        last = engine(lambda: SqliteEngine(tmp_path / f"last-{n}.db", clock=ManualClock()))
        source = memory(first, "alice")
        build_store(source, script)
        assert_restores(source, memory(server, "alice"), same_ids=True)
        assert_restores(memory(server, "alice"), memory(last, "alice"), same_ids=True)
        assert_restores(source, memory(last, "bob"), same_ids=False)  # beside the first copy: ids move on SQLite

    try:
        moves()
    finally:
        for made in opened:
            made.close()
