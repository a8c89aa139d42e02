"""Fixtures of the HTTP API's tests (helpers in ``apitools``); the PostgreSQL ones are in ``tests/conftest.py``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from apitools import Api, make_api


@pytest.fixture
def api(tmp_path: Path) -> Iterator[Api]:
    """The app over a seeded SQLite file: namespaces ``alice`` (SEED: a move, an open conflict) and ``bob``."""
    yield from make_api(str(tmp_path / "m.db"), tmp_path)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.integration)])
def any_api(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Api]:
    """:func:`api` on a SQLite file, then on a fresh PostgreSQL database."""
    url = str(tmp_path / "m.db") if request.param == "sqlite" else str(request.getfixturevalue("pg_url"))
    yield from make_api(url, tmp_path)
