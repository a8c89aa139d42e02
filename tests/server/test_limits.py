"""The request timeout, the access log, the dev flag and errors the server did not expect."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import httpx
import numpy as np
import pytest
from apitools import Api, make_api
from starlette.testclient import TestClient

import chronomem
from chronomem.server import create_app
from chronomem.server._guard import PREFIX


class SlowMemory(chronomem.Memory):
    def using(self, namespace: str, *, create: bool = True) -> chronomem.Memory:
        return type(self)(self.engine, namespace, owns_engine=False)

    def get_entity(self, ref: object) -> chronomem.Entity:  # type: ignore[override]
        time.sleep(0.5)
        return super().get_entity(ref)  # type: ignore[arg-type]


class BrokenMemory(SlowMemory):
    def get_entity(self, ref: object) -> chronomem.Entity:  # type: ignore[override]
        raise RuntimeError("secret internals /etc/passwd")


def test_a_request_over_the_timeout_is_504(tmp_path: Path) -> None:
    for api in make_api(str(tmp_path / "m.db"), tmp_path):
        slow = SlowMemory(api.memory.engine, "alice", owns_engine=False)
        api.app = create_app(slow, keys=None, dev=True, timeout=0.05)
        response = api.get(f"{PREFIX}alice/entities/Alice")
        assert response.status_code == 504 and response.json()["error"]["code"] == "timeout"


def test_an_unexpected_error_is_a_500_without_its_details(tmp_path: Path) -> None:
    for api in make_api(str(tmp_path / "m.db"), tmp_path):
        broken = BrokenMemory(api.memory.engine, "alice", owns_engine=False)
        api.app = create_app(broken, dev=True)

        async def call(app: object = api.app) -> httpx.Response:  # ASGITransport would re-raise after the 500
            transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)  # type: ignore[arg-type]
            async with httpx.AsyncClient(transport=transport, base_url="http://chronomem") as client:
                return await client.get(f"{PREFIX}alice/entities/Alice")

        response = asyncio.run(call())
        assert response.status_code == 500 and response.json()["error"]["code"] == "internal"
        assert "passwd" not in response.text and "Traceback" not in response.text


def test_the_dev_flag_lets_every_request_in(tmp_path: Path) -> None:
    for api in make_api(str(tmp_path / "m.db"), tmp_path):
        api.app = create_app(api.memory, dev=True)
        assert api.get(f"{PREFIX}bob/entities/Bob").json()["name"] == "Bob"


def test_each_request_is_one_access_log_line_with_its_key_and_namespace(
    api: Api, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="chronomem.server"):
        api.get(f"{PREFIX}alice/entities/Alice", "alice:read")
        api.get(f"{PREFIX}bob/entities/Bob", "alice:read")
    lines = [r for r in caplog.records if r.name == "chronomem.server"]
    assert [(r.status, r.namespace, r.method) for r in lines] == [(200, "alice", "GET"), (403, "bob", "GET")]  # type: ignore[attr-defined]
    assert lines[0].key != "-" and api.keys["alice:read"] not in lines[0].getMessage()  # type: ignore[attr-defined]


def test_a_body_that_stalls_is_408_and_says_the_client_was_slow(tmp_path: Path) -> None:
    for api in make_api(str(tmp_path / "m.db"), tmp_path):
        api.app = create_app(api.memory, keys=None, dev=True, timeout=0.2)
        before = api.dump()

        async def stalled() -> AsyncIterator[bytes]:
            yield b'{"messages": [{"content": "I live in Oslo.", '
            await asyncio.sleep(1.0)
            yield b'"occurred_at": "2024-01-01T00:00:00Z"}]}'

        response = api.post(f"{PREFIX}alice/messages", content=stalled(), headers={"content-type": "application/json"})
        error = response.json()["error"]
        assert (response.status_code, error["code"]) == (408, "request_timeout"), response.text
        assert "body did not all arrive" in error["message"]
        assert api.dump() == before


class SlowEmbedder:
    """An embedder whose first call takes a while, as loading a model does."""

    name, dim = "slow", 4

    def __init__(self) -> None:
        self.calls = 0

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        time.sleep(0.2)
        return np.tile(np.array([1.0, 0.0, 0.0, 0.0], dtype=np.float32), (len(texts), 1))


def test_health_is_not_ready_until_the_model_is_loaded_at_startup(tmp_path: Path) -> None:
    embedder = SlowEmbedder()
    mem = chronomem.open(tmp_path / "m.db", embedder=embedder)
    try:
        app = create_app(mem, keys=None, dev=True)
        cold = Api("", mem, app).get("/health")  # no startup has run: the model is not loaded
        assert cold.status_code == 503 and cold.json()["ready"] is False and "model" in cold.json()["reason"]
        with TestClient(app) as client:  # runs the startup, as uvicorn does before it listens
            assert embedder.calls == 1
            warm = client.get("/health")
            assert warm.status_code == 200 and warm.json() == {"status": "ok", "ready": True}
    finally:
        mem.close()
