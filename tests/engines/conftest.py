"""Engine fixtures: a real PostgreSQL server for the ``integration`` tests (see ``tests/pg_server.py``).

The server starts once per session. Without PostgreSQL binaries the tests that need it skip, with
the reason, unless ``--require-servers`` is given (CI), which turns that into a failure.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pg_server import PgServer, ServerUnavailable

_names = itertools.count(1)

try:
    import psycopg  # noqa: F401
except ImportError:  # the postgres extra is not installed: the PostgreSQL tests cannot even be imported
    collect_ignore_glob = ["test_postgres*.py"]


def pytest_configure(config: pytest.Config) -> None:
    if "collect_ignore_glob" in globals() and config.getoption("--require-servers"):
        raise pytest.UsageError("the PostgreSQL tests need psycopg: pip install -e '.[postgres]'")


@pytest.fixture(scope="session")
def pg_server(request: pytest.FixtureRequest) -> Iterator[PgServer]:
    try:
        server = PgServer()
        server.start()
    except ServerUnavailable as exc:
        if request.config.getoption("--require-servers"):
            pytest.fail(f"PostgreSQL is required (--require-servers) but unavailable: {exc}")
        pytest.skip(f"PostgreSQL unavailable: {exc}")
    yield server
    server.destroy()


@pytest.fixture
def new_pg_database(pg_server: PgServer) -> Iterator[Callable[[], str]]:
    """A factory of fresh, empty databases on the session server; each returns its URL. Dropped after."""
    made: list[str] = []

    def make() -> str:
        name = f"chronomem_test_{next(_names)}"
        made.append(name)
        return pg_server.create_database(name)

    yield make
    import psycopg

    with psycopg.connect(pg_server.url(), autocommit=True) as conn:
        for name in made:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def pg_url(new_pg_database: Callable[[], str]) -> str:
    """The URL of one fresh, empty database."""
    return new_pg_database()
