"""The client's tests: ``chronomem serve`` as a real process (:class:`chronomem.bench._child.Child`, as
``tests/server/test_process.py`` runs it) on a SQLite file or a fresh PostgreSQL database, with a real key.

``mem`` is what the contract cases in ``test_contract.py`` drive: an in-process :class:`chronomem.Memory`, or a
:class:`chronomem.client.Client` on a served process: the same cases, the same expected answers.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from clienttools import Served, serve

import chronomem
from chronomem.client import Client

NAMESPACE = "alice"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.integration)])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Served]:
    """``chronomem serve`` on a SQLite file, then on a fresh PostgreSQL database."""
    db = str(tmp_path / "m.db") if request.param == "sqlite" else str(request.getfixturevalue("pg_url"))
    yield from serve(db, tmp_path)


@pytest.fixture(params=["memory", "client-sqlite", pytest.param("client-postgresql", marks=pytest.mark.integration)])
def mem(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """The namespace ``alice`` through :class:`chronomem.Memory` in-process, then through a :class:`Client` on a
    served process on SQLite, then on PostgreSQL."""
    if request.param == "memory":
        memory = chronomem.open(str(tmp_path / "m.db"), namespace=NAMESPACE, embedder=None)
        yield memory
        memory.close()
        return
    db = str(tmp_path / "m.db") if request.param == "client-sqlite" else str(request.getfixturevalue("pg_url"))
    for server in serve(db, tmp_path):
        with Client(server.base, NAMESPACE, key=server.key) as client:
            yield client
