"""Fixtures for the model tests: a misbehaving local HTTP server, and the real llama.cpp server.

The llama server is session-scoped: started once (model load ~1 s), shared by all integration tests.
It is skipped with a reason when llama-cpp-python is not installed, and fails under --require-servers.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from model_servers import LlamaServer, MisbehavingServer, llama_unavailable_reason, run_llama_server


@pytest.fixture
def flaky() -> Iterator[MisbehavingServer]:
    with MisbehavingServer() as server:
        yield server


@pytest.fixture(scope="session")
def llama_server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    reason = llama_unavailable_reason()
    if reason is not None:
        if request.config.getoption("--require-servers"):
            pytest.fail(f"--require-servers: {reason}")
        pytest.skip(reason)
    with run_llama_server(tmp_path_factory.mktemp("llama")) as server:
        yield server
