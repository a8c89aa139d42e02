"""Fixtures for the model tests: a misbehaving local HTTP server (the real llama.cpp server is
``tests/conftest.py``'s ``llama_server``, shared with the ingestion tests)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from model_servers import MisbehavingServer


@pytest.fixture
def flaky() -> Iterator[MisbehavingServer]:
    with MisbehavingServer() as server:
        yield server
