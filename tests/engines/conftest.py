"""Engine fixtures: a real PostgreSQL server and a real Citus cluster for the ``integration`` tests (see
``tests/pg_server.py`` and ``tests/citus_server.py``).

Each starts once per session, when a test first asks for it. Without PostgreSQL binaries or the Citus
extension the tests that need them skip, with the reason, unless ``--require-servers`` is given (CI),
which turns that into a failure.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from citus_server import CitusCluster
from pg_server import ServerUnavailable
from unavailable import unavailable

_names = itertools.count(1)

try:
    import psycopg  # noqa: F401
except ImportError:  # the postgres extra is not installed: the PostgreSQL tests cannot even be imported
    collect_ignore_glob = ["test_postgres*.py"]


def pytest_configure(config: pytest.Config) -> None:
    if "collect_ignore_glob" in globals() and config.getoption("--require-servers"):
        raise pytest.UsageError("the PostgreSQL tests need psycopg: pip install -e '.[postgres]'")


@pytest.fixture(scope="session")
def citus_cluster(request: pytest.FixtureRequest) -> Iterator[CitusCluster]:
    """A coordinator and two workers where any statement touching more than one shard fails."""
    try:
        cluster = CitusCluster()
        cluster.start()
    except ServerUnavailable as exc:
        unavailable(request, f"Citus unavailable: {exc}")
    yield cluster
    cluster.destroy()


@pytest.fixture
def new_citus_schema(citus_cluster: CitusCluster) -> Callable[[], str]:
    """A factory of fresh, empty schemas on the Citus coordinator; each returns its URL. They stay until the
    cluster is thrown away at the end of the session (dropping each would cost a third of a second)."""
    return citus_cluster.schema_url


@pytest.fixture
def citus_url(new_citus_schema: Callable[[], str]) -> str:
    """The URL of one fresh, empty schema on the Citus coordinator (distributed on ``migrate``)."""
    return new_citus_schema()


@pytest.fixture(
    params=[
        pytest.param("postgresql", marks=pytest.mark.integration),
        pytest.param("citus", marks=pytest.mark.integration),
    ]
)
def server_url(request: pytest.FixtureRequest) -> str:
    """A fresh database on plain PostgreSQL, then on the Citus cluster: for tests that run on both."""
    return str(request.getfixturevalue("pg_url" if request.param == "postgresql" else "citus_url"))
