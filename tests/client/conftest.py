"""The client's tests: ``chronomem serve`` as a real process (:class:`chronomem.bench._child.Child`, as
``tests/server/test_process.py`` runs it) on a SQLite file or a fresh PostgreSQL database, with a real key.

``mem`` is what the contract cases in ``test_contract.py`` drive: an in-process :class:`chronomem.Memory`, or a
:class:`chronomem.client.Client` on a served process: the same cases, the same expected answers.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from clienttools import Served, serve

import chronomem
from chronomem.client import AsyncClient, Client

NAMESPACE = "alice"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.integration)])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Served]:
    """``chronomem serve`` on a SQLite file, then on a fresh PostgreSQL database."""
    db = str(tmp_path / "m.db") if request.param == "sqlite" else str(request.getfixturevalue("pg_url"))
    yield from serve(db, tmp_path)


class Blocking:
    """An :class:`AsyncClient` called as a :class:`Client` is: each coroutine run to its end on one event loop."""

    def __init__(self, client: AsyncClient) -> None:
        self.client, self.loop = client, asyncio.new_event_loop()

    def __getattr__(self, name: str) -> Any:
        call = getattr(self.client, name)
        return lambda *args, **kwargs: self.loop.run_until_complete(call(*args, **kwargs))

    def close(self) -> None:
        self.loop.run_until_complete(self.client.close())
        self.loop.close()


@pytest.fixture(
    params=[
        "memory",
        "client-sqlite",
        "async-client-sqlite",
        pytest.param("client-postgresql", marks=pytest.mark.integration),
    ]
)
def mem(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """The namespace ``alice`` through :class:`chronomem.Memory` in-process, then through a :class:`Client` and an
    :class:`AsyncClient` on a served process on SQLite, then through a :class:`Client` on PostgreSQL."""
    if request.param == "memory":
        memory = chronomem.open(str(tmp_path / "m.db"), namespace=NAMESPACE, embedder=None)
        yield memory
        memory.close()
        return
    db = str(request.getfixturevalue("pg_url")) if request.param.endswith("postgresql") else str(tmp_path / "m.db")
    for server in serve(db, tmp_path):
        if request.param.startswith("async"):
            blocking = Blocking(AsyncClient(server.base, NAMESPACE, key=server.key))
            yield blocking
            blocking.close()
        else:
            with Client(server.base, NAMESPACE, key=server.key) as client:
                yield client
