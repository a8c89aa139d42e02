"""The client against the OpenAPI document, its pages, its errors and ``AsyncClient`` (in-process, over
``httpx.ASGITransport``; the contract cases run it on a served process)."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

import chronomem
from chronomem import errors
from chronomem.client import AsyncClient, Client, _flows
from chronomem.client._errors import ERRORS
from chronomem.server import KeyStore, create_app
from chronomem.server._errors import CODES, STATUS

T0 = datetime(2024, 1, 1, tzinfo=UTC)
MESSAGES = [
    {"id": "a1", "speaker": "Alice", "content": "I live in Berlin.", "occurred_at": "2024-01-10T09:00:00+01:00"},
    {"id": "a3", "speaker": "Alice", "content": "I'm allergic to peanuts.", "occurred_at": "2024-01-10T09:00:00Z"},
    {"id": "a4", "speaker": "Alice", "content": "I'm not allergic to peanuts.", "occurred_at": "2024-04-10T09:00:00Z"},
]


class Recording(httpx.AsyncBaseTransport):
    """The app in-process, every request kept."""

    def __init__(self, app: Any) -> None:
        self.inner, self.seen = httpx.ASGITransport(app=app), list[httpx.Request]()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.seen.append(request)
        return await self.inner.handle_async_request(request)


@pytest.fixture
def app(tmp_path: Path) -> Any:
    mem = chronomem.open(str(tmp_path / "m.db"), namespace="alice", embedder=None)
    yield create_app(mem, dev=True)
    mem.close()


async def every_call(mem: AsyncClient) -> None:
    """Each call of the client once (the contract cases check what they return)."""
    await mem.add(MESSAGES)
    await mem.add_episode("Notes.", occurred_at=T0, id="n1")
    await mem.get_episode("n1")
    await mem.add_entity("Carol", aliases=["Caz"])
    await mem.get_entity("Caz")
    await mem.add_entity("Caroline")
    await mem.unmerge(await mem.merge("Caroline", into="Carol"))
    fact = (await mem.assert_fact("Carol", "works_at", "Acme", valid_from=T0)).inserted[0]
    await mem.correct("Carol", "works_at", "Initech", valid_from=T0)
    await mem.retract("Carol", "works_at", valid_from=datetime(2024, 5, 1, tzinfo=UTC))
    await mem.value("Alice", "lives_in", valid_at=T0, as_of=datetime.now(UTC))
    await mem.values("Alice", "lives_in", valid_at=T0)
    await mem.facts("Alice", valid_at=T0, as_of=datetime.now(UTC))
    await mem.history("Alice", "lives_in", as_of=datetime.now(UTC))
    await mem.audit("Alice", "lives_in")
    await mem.audit("Alice")
    await mem.changes(T0, datetime.now(UTC))
    await mem.changes(T0, entity="Alice", axis="valid", as_of=datetime.now(UTC))
    await mem.facts("Alice", kind=["fact", "preference"])
    await mem.recent(None, 3)
    await mem.add([{"role": "user", "content": "I work at Acme."}], user_id="Alice", session_id="s9")
    await mem.retrieve("where does Alice work?", k=3)
    await mem.at_event("live in Berlin", about=["Alice"], as_of=datetime.now(UTC))
    await mem.versions(fact)
    await mem.neighbourhood("Alice", 1, valid_at=T0, as_of=datetime.now(UTC))
    await mem.search("Berlin", k=3, valid_at=datetime.now(UTC), window=(T0, None), kinds=["episode", "fact"])
    await mem.context("Berlin", budget_tokens=200, k=5, valid_at=datetime.now(UTC), zone="UTC", kinds=["fact"])
    (conflict,) = await mem.conflicts("Alice", "allergic_to")
    await mem.resolve_conflict(conflict, keep="known")
    await mem.conflicts(settled=True)
    await mem.retract_episode("a1")
    await mem.erase(episode="n1")
    await mem.erase(subject="Carol")


# What Memory does that the HTTP API offers no route for, and why (the client has no such method).
NOT_OVER_HTTP = {
    "bulk_assert": "no route for a bulk load (POST /facts writes one fact per request)",
    "describe": "no route: it formats a fact with names the caller can read with get_entity",
    "erase_namespace": "no route DELETE /v1/namespaces/{namespace}: an operator's job (chronomem CLI)",
    "reindex": "no route: an operator's job after changing embedders (chronomem reindex)",
    "snapshot": "no route: a read view pinned to one as_of; pass as_of= to each read instead",
}


def test_the_client_has_every_call_of_memory_but_those_the_api_lacks() -> None:
    public = {n for n in dir(chronomem.Memory) if not n.startswith("_")}
    missing = {n for n in public if not hasattr(Client, n) or not hasattr(AsyncClient, n)}
    assert missing == set(NOT_OVER_HTTP)


def _operation(doc: dict[str, Any], request: httpx.Request) -> dict[str, Any] | None:
    for template, operations in doc["paths"].items():
        pattern = "^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$"
        if re.match(pattern, request.url.path) and request.method.lower() in operations:
            return dict(operations[request.method.lower()])
    return None


def test_every_request_the_client_makes_is_a_route_of_the_openapi_document(app: Any) -> None:
    recording = Recording(app)

    async def run() -> None:
        async with AsyncClient("http://chronomem", "alice", transport=recording) as mem:
            await every_call(mem)

    asyncio.run(run())
    doc = asyncio.run(_openapi(app))
    used = set()
    for request in recording.seen:
        op = _operation(doc, request)
        assert op is not None, f"{request.method} {request.url.path} is not in the OpenAPI document"
        query = {p["name"] for p in op.get("parameters", []) if p["in"] == "query"}
        assert set(request.url.params) <= query, (request.url.path, set(request.url.params) - query)
        used.add(op["operationId"])
    offered = {
        op["operationId"] for path, ops in doc["paths"].items() if path.startswith("/v1/") for op in ops.values()
    }
    assert used == offered  # the client makes every call the API offers


async def _openapi(app: Any) -> dict[str, Any]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://chronomem") as http:
        return dict((await http.get("/openapi.json")).json())


def test_lists_are_read_page_by_page(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    recording = Recording(app)
    monkeypatch.setattr(_flows, "PAGE", 2)

    async def run() -> list[Any]:
        async with AsyncClient("http://chronomem", "alice", transport=recording) as mem:
            for n in range(5):
                await mem.assert_fact("Alice", "likes", value=f"thing {n}", multi=True)
            return await mem.values("Alice", "likes")

    found = asyncio.run(run())
    assert sorted(f.value for f in found) == [f"thing {n}" for n in range(5)]
    pages = [r for r in recording.seen if r.url.path.endswith("/values")]
    assert [r.url.params["offset"] for r in pages] == ["0", "2", "4"]


def test_many_messages_are_sent_in_batches_the_server_takes(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    recording = Recording(app)
    monkeypatch.setattr(_flows, "BATCH", 2)

    async def run() -> list[Any]:
        async with AsyncClient("http://chronomem", "alice", transport=recording) as mem:
            return await mem.add(MESSAGES)

    assert [r.episode for r in asyncio.run(run())] == ["a1", "a3", "a4"]
    assert sum(r.url.path.endswith("/messages") for r in recording.seen) == 2


def test_every_code_the_server_sends_raises_its_own_class() -> None:
    assert set(ERRORS) == {code for _, _, code in STATUS} | set(CODES)
    for cls, _, code in STATUS:
        assert ERRORS[code] is cls or (code == "invalid_value" and ERRORS[code] is errors.InvalidValue)


def test_a_refused_key_and_an_unreachable_server(tmp_path: Path) -> None:
    mem = chronomem.open(str(tmp_path / "m.db"), namespace="alice", embedder=None)
    store = KeyStore(tmp_path / "keys.json")
    reader, _ = store.add(["alice"], "read")
    transport = httpx.ASGITransport(app=create_app(mem, keys=store))

    async def run() -> None:
        async with AsyncClient("http://chronomem", "alice", key=reader, transport=transport) as client:
            with pytest.raises(errors.AccessDenied, match="read-only; POST needs write"):
                await client.add_entity("Carol")
            with pytest.raises(errors.AccessDenied, match="does not grant namespace 'bob'"):
                await client.using("bob").get_entity("Carol")
        async with AsyncClient("http://chronomem", "alice", transport=transport) as client:
            with pytest.raises(errors.AccessDenied):
                await client.get_entity("Carol")

    asyncio.run(run())
    mem.close()
    with Client("http://127.0.0.1:9", "alice") as nowhere, pytest.raises(errors.BackendUnavailable, match="serve"):
        nowhere.get_entity("Alice")


def test_the_client_needs_no_server_extra() -> None:
    code = "import sys, chronomem.client; print(sorted(m for m in ('fastapi', 'uvicorn') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
