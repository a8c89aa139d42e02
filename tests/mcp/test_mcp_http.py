"""The MCP server over streamable HTTP: a real ``chronomem mcp --transport http`` subprocess on a free
127.0.0.1 port, reached through the SDK's own client, with the API keys of the HTTP API: no key or a key for
another namespace is refused before any tool runs, a read key cannot write, a write key cannot erase, a revoked
key stops working on its next request."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import pytest
from click.testing import CliRunner
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client

from chronomem.bench._child import Child
from chronomem.cli import cli
from chronomem.server import KeyStore

MESSAGE = {"id": "h1", "speaker": "Bob", "content": "I live in Lisbon.", "occurred_at": "2024-05-01T10:00:00+01:00"}


@dataclass
class Served:
    url: str
    keys: KeyStore
    tokens: dict[str, str]  # "read", "write", "admin" in namespace alice; "other" writes namespace bob


@pytest.fixture
def http_server(tmp_path: Path) -> Iterator[Served]:
    store = KeyStore(tmp_path / "keys.json")
    tokens = {role: store.add(["alice"], role)[0] for role in ("read", "write", "admin")}
    tokens["other"] = store.add(["bob"], "admin")[0]
    args = ["mcp", "--transport", "http", "--db", str(tmp_path / "m.db"), "--namespace", "alice",
            "--embedder", "none", "--keys", str(store.path)]  # fmt: skip
    with Child(args, tmp_path / "server.log", ready=None) as server:
        yield Served(f"{server.base}/mcp", store, tokens)


def _calls(served: Served, token: str, calls: list[tuple[str, dict[str, Any]]]) -> list[tuple[bool, str]]:
    """Each call's (is_error, text), in one MCP session with ``token``."""
    out: list[tuple[bool, str]] = []

    async def main() -> None:
        headers = {"Authorization": f"Bearer {token}"}
        async with (
            httpx2.AsyncClient(headers=headers) as http,
            streamable_http_client(served.url, http_client=http) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            for name, arguments in calls:
                result = await session.call_tool(name, arguments)
                out.append((result.is_error, result.content[0].text))  # type: ignore[union-attr]

    anyio.run(main)
    return out


def _initialize(served: Served, headers: dict[str, str]) -> httpx.Response:
    """A raw ``initialize`` POST, as a client's first request."""
    body = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "test", "version": "0"}}}  # fmt: skip
    accept = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    return httpx.post(served.url, json=body, headers={**accept, **headers}, timeout=30)


@pytest.mark.integration
def test_remember_and_recall_with_a_write_key(http_server: Served) -> None:
    results = _calls(http_server, http_server.tokens["write"], [
        ("remember", {"messages": [MESSAGE]}),
        ("value", {"subject": "Bob", "predicate": "lives_in"}),
        ("value", {"subject": "Bob", "predicate": "lives_in", "as_of": "2024"}),
    ])  # fmt: skip
    (failed, added), (_, value), (bad, _) = results
    assert not failed and json.loads(added)[0]["added"]
    assert [f["object"] for f in json.loads(value)] == ["lisbon"]
    assert bad  # a naive time is a tool error


@pytest.mark.integration
def test_requests_without_a_key_for_the_namespace_are_refused(http_server: Served) -> None:
    for headers, status in [
        ({}, 401),
        ({"Authorization": "Bearer cmk_nope_nope"}, 401),
        ({"Authorization": f"Basic {http_server.tokens['write']}"}, 401),
        ({"Authorization": f"Bearer {http_server.tokens['other']}"}, 403),
    ]:
        response = _initialize(http_server, headers)
        assert response.status_code == status, headers
        error = response.json()["error"]
        assert error["code"] == ("unauthenticated" if status == 401 else "forbidden")
        assert ("chronomem keys add" in error["message"]) if status == 401 else ("'alice'" in error["message"])
    assert _initialize(http_server, {"Authorization": f"Bearer {http_server.tokens['read']}"}).status_code == 200


@pytest.mark.integration
def test_each_tool_needs_the_role_of_the_http_api(http_server: Served) -> None:
    tokens = http_server.tokens
    read = _calls(http_server, tokens["read"], [
        ("remember", {"messages": [MESSAGE]}),
        ("search", {"query": "Lisbon"}),
        ("forget_episode", {"episode": "h1"}),
    ])  # fmt: skip
    assert read[0][0] and "needs the write role" in read[0][1] and "read-only" in read[0][1]
    assert not read[1][0] and json.loads(read[1][1]) == []  # reading is allowed, and nothing was remembered
    assert read[2][0] and "needs the write role" in read[2][1]
    write = _calls(http_server, tokens["write"], [
        ("remember", {"messages": [MESSAGE]}),
        ("forget_episode", {"episode": "h1", "erase": True}),
        ("value", {"subject": "Bob", "predicate": "lives_in"}),
    ])  # fmt: skip
    assert not write[0][0]
    assert write[1][0] and "needs the admin role" in write[1][1]
    assert json.loads(write[2][1])[0]["object"] == "lisbon"  # the refused erase changed nothing
    admin = _calls(http_server, tokens["admin"], [
        ("forget_episode", {"episode": "h1", "erase": True}),
        ("value", {"subject": "Bob", "predicate": "lives_in"}),
    ])  # fmt: skip
    assert not admin[0][0] and json.loads(admin[0][1])["erased_rows"] > 0
    assert admin[1][0] and "Bob" in admin[1][1]  # Bob came only from the erased message: gone with it


@pytest.mark.integration
def test_a_revoked_key_is_refused_on_its_next_request(http_server: Served) -> None:
    token = http_server.tokens["write"]
    assert _initialize(http_server, {"Authorization": f"Bearer {token}"}).status_code == 200
    http_server.keys.revoke(token.split("_")[1])
    assert _initialize(http_server, {"Authorization": f"Bearer {token}"}).status_code == 401


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.10"])
def test_no_keys_only_on_a_loopback_host(tmp_path: Path, host: str) -> None:
    db = tmp_path / "m.db"
    result = CliRunner().invoke(cli, ["mcp", "--transport", "http", "--host", host, "--db", str(db), "--dev-no-auth"])
    assert result.exit_code == 1 and "only on a loopback host" in result.output
    assert not db.exists()  # refused before opening anything


def test_http_needs_a_key_to_exist(tmp_path: Path) -> None:
    db, keys = tmp_path / "m.db", tmp_path / "keys.json"
    result = CliRunner().invoke(cli, ["mcp", "--transport", "http", "--db", str(db), "--keys", str(keys)])
    assert result.exit_code == 1 and "no API keys in" in result.output and "chronomem keys add" in result.output
    assert not db.exists()


@pytest.mark.integration
def test_a_session_belongs_to_the_key_that_opened_it(http_server: Served) -> None:
    owner = {"Authorization": f"Bearer {http_server.tokens['read']}"}
    other = {"Authorization": f"Bearer {http_server.keys.add(['alice'], 'read')[0]}"}
    opened = _initialize(http_server, owner)
    session = {"mcp-session-id": opened.headers["mcp-session-id"]}
    accept = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    ended = httpx.delete(http_server.url, headers={**other, **session, **accept}, timeout=30)
    assert ended.status_code == 404 and ended.json()["error"]["code"] == "not_found", ended.text
    listed = {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}}
    by_other = httpx.post(http_server.url, json=listed, headers={**other, **session, **accept}, timeout=30)
    assert by_other.status_code == 404
    notified = {"jsonrpc": "2.0", "method": "notifications/initialized"}
    assert httpx.post(http_server.url, json=notified, headers={**owner, **session, **accept}, timeout=30).is_success
    by_owner = httpx.post(http_server.url, json=listed, headers={**owner, **session, **accept}, timeout=30)
    assert by_owner.status_code == 200 and "remember" in by_owner.text  # the session was not ended
    assert httpx.delete(http_server.url, headers={**owner, **session, **accept}, timeout=30).is_success
