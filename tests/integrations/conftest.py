"""A memory in a real SQLite file for the adapters' tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import chronomem
from chronomem import Memory


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Memory]:
    m = chronomem.open(str(tmp_path / "memory.db"), namespace="chat", embedder=None)
    yield m
    m.close()
