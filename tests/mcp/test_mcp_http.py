"""The MCP server over streamable HTTP: a real ``chronomem mcp --transport http`` subprocess on a free
127.0.0.1 port, reached through the SDK's own client; and the transport refuses to listen beyond loopback
while it has no API keys."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from click.testing import CliRunner
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client

from chronomem.cli import cli

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def http_server(tmp_path: Path) -> Iterator[str]:
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    cmd = [sys.executable, "-m", "chronomem", "mcp", "--transport", "http", "--port", str(port),
           "--db", str(tmp_path / "m.db"), "--namespace", "alice", "--embedder", "none"]  # fmt: skip
    log = (tmp_path / "server.log").open("w")
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, (tmp_path / "server.log").read_text()
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert time.monotonic() < deadline, "the MCP HTTP server did not start listening"
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()


@pytest.mark.integration
def test_remember_and_recall_over_streamable_http(http_server: str) -> None:
    async def main() -> None:
        async with streamable_http_client(http_server) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            names = {t.name for t in (await session.list_tools()).tools}
            assert {"remember", "search", "value", "forget_episode"} <= names
            message = {"id": "h1", "speaker": "Bob", "content": "I live in Lisbon.",
                       "occurred_at": "2024-05-01T10:00:00+01:00"}  # fmt: skip
            done = await session.call_tool("remember", {"messages": [message]})
            assert not done.is_error and json.loads(done.content[0].text)[0]["added"]  # type: ignore[union-attr]
            value = await session.call_tool("value", {"subject": "Bob", "predicate": "lives_in"})
            assert [f["object"] for f in json.loads(value.content[0].text)] == ["lisbon"]  # type: ignore[union-attr]
            bad = await session.call_tool("value", {"subject": "Bob", "predicate": "lives_in", "as_of": "2024"})
            assert bad.is_error

    anyio.run(main)


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.10", "example.com"])
def test_http_refuses_a_non_loopback_host(tmp_path: Path, host: str) -> None:
    db = tmp_path / "m.db"
    result = CliRunner().invoke(cli, ["mcp", "--transport", "http", "--host", host, "--db", str(db)])
    assert result.exit_code == 1 and "no API keys yet" in result.output and "127.0.0.1" in result.output
    assert not db.exists()  # refused before opening anything
