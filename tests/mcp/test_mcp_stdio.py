"""The MCP server through the SDK's own client over stdio, against a real ``python -m chronomem mcp``
subprocess on a real SQLite file: the tools and their schemas, remembering, recalling, reading a value as of
before and after a move, a history, a conflict, forgetting, and bad arguments as tool errors."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

ROOT = Path(__file__).resolve().parents[2]
TOOLS = {
    "remember", "search", "context", "value", "facts", "history", "changes", "at_event", "recent", "conflicts",
    "forget_episode",
}  # fmt: skip
MESSAGES = [
    {"id": "m1", "speaker": "Alice", "content": "I live in Berlin and I'm allergic to peanuts.",
     "occurred_at": "2023-01-10T09:00:00+01:00"},
    {"id": "m2", "speaker": "Alice", "content": "我上个月搬到巴黎了。", "occurred_at": "2024-06-12T15:00:00+08:00",
     "tz": "Asia/Shanghai"},
    {"id": "m3", "speaker": "Alice", "content": "I'm not allergic to peanuts.",
     "occurred_at": "2024-07-01T09:00:00+02:00"},
]  # fmt: skip

Session = Callable[[ClientSession], Awaitable[None]]


def run_stdio(db: Path, body: Session, *extra: str) -> None:
    """Start ``python -m chronomem mcp`` on ``db`` and run ``body`` in an initialised client session."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "chronomem", "mcp", "--db", str(db), "--namespace", "alice", "--embedder", "none", *extra],
        env={"PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])},
        cwd=str(ROOT),
    )

    async def main() -> None:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            await body(session)

    anyio.run(main)


async def call(session: ClientSession, tool: str, **arguments: Any) -> Any:
    result = await session.call_tool(tool, arguments)
    text = result.content[0].text  # type: ignore[union-attr]
    assert not result.is_error, text
    return json.loads(text)


async def error(session: ClientSession, tool: str, **arguments: Any) -> str:
    result = await session.call_tool(tool, arguments)
    assert result.is_error
    return str(result.content[0].text)  # type: ignore[union-attr]


@pytest.mark.integration
def test_tools_are_listed_with_schemas_and_descriptions(tmp_path: Path) -> None:
    async def body(session: ClientSession) -> None:
        tools = {t.name: t for t in (await session.list_tools()).tools}
        assert set(tools) == TOOLS
        for tool in tools.values():
            assert tool.description and len(tool.description) > 60
            assert tool.input_schema["type"] == "object"
            for name, prop in tool.input_schema["properties"].items():
                assert "description" in prop or "$ref" in prop or "items" in prop, (tool.name, name)
        remember = tools["remember"].input_schema
        assert remember["required"] == ["messages"]
        message = remember["$defs"]["MessageIn"]
        assert message["required"] == ["content"] and message["additionalProperties"] is False
        assert set(tools["value"].input_schema["required"]) == {"subject", "predicate"}
        assert tools["search"].input_schema["properties"]["k"]["maximum"] == 100
        annotations = tools["forget_episode"].annotations
        assert annotations is not None and annotations.destructive_hint
        assert tools["facts"].annotations is not None and tools["facts"].annotations.read_only_hint

    run_stdio(tmp_path / "m.db", body)


@pytest.mark.integration
def test_remember_recall_read_as_of_history_conflicts_and_forget(tmp_path: Path) -> None:
    async def body(session: ClientSession) -> None:
        done = await call(session, "remember", messages=MESSAGES)
        assert [d["episode"] for d in done] == ["m1", "m2", "m3"] and done[1]["superseded"]
        assert done[2]["conflicts"] and "error" not in json.dumps(done)
        assert (await call(session, "remember", messages=MESSAGES[:1]))[0]["duplicate"] is True

        hits = await call(session, "search", query="Where does Alice live?", k=5)
        assert hits and any("m2" in h["cites"] for h in hits)
        assert all(h["kind"] == "episode" for h in await call(session, "search", query="peanuts", kinds=["episode"]))
        now = await call(session, "search", query="Berlin", kinds=["fact"])
        past = await call(session, "search", query="Berlin", kinds=["fact"], include_past=True)
        assert not any(h["fact"].get("object") == "berlin" for h in now)  # no longer holds
        assert any(h["fact"].get("object") == "berlin" for h in past)
        ctx = await call(session, "context", query="Where does Alice live?", budget_tokens=300)
        assert "巴黎" in ctx["text"] and ctx["tokens"] <= 300

        async def lives(**point: str) -> list[str]:
            return [f["object"] for f in await call(session, "value", subject="Alice", predicate="lives_in", **point)]

        before_move = done[0]["at"]  # the memory had learned m1 and not yet m2
        assert await lives() == ["巴黎"]
        assert await lives(as_of=before_move) == ["berlin"]
        assert await lives(valid_at="2024-01-01T00:00:00+01:00") == ["berlin"]
        story = await call(session, "history", subject="Alice", predicate="lives_in")
        assert [f["object"] for f in story] == ["berlin", "巴黎"] and story[0]["valid"]["end"].endswith("Z")
        assert {f["predicate"] for f in await call(session, "facts", entity="Alice")} >= {"lives_in", "allergic_to"}

        (conflict,) = await call(session, "conflicts", subject="Alice")
        assert conflict["predicate"] == "allergic_to" and conflict["episode"] == "m3"

        undone = await call(session, "forget_episode", episode="m2")
        assert undone["closed"] and undone["restored"]
        assert await lives() == ["berlin"]
        assert await lives(as_of=done[2]["at"]) == ["巴黎"]  # history still knows it was believed
        erased = await call(session, "forget_episode", episode="m1", erase=True)
        assert erased["erased_rows"] >= 1 and await lives() == []

    run_stdio(tmp_path / "m.db", body)


@pytest.mark.integration
def test_bad_arguments_are_tool_errors_and_the_server_keeps_serving(tmp_path: Path) -> None:
    async def body(session: ClientSession) -> None:
        naive = await error(session, "value", subject="Alice", predicate="lives_in", valid_at="2024-01-01T00:00")
        assert "no time zone" in naive or "offset" in naive
        assert "offset" in await error(session, "remember", messages=[{"content": "hi", "occurred_at": "2024-01-01"}])
        assert "not ISO 8601" in await error(session, "facts", entity="Alice", as_of="yesterday")
        assert "not found" in await error(session, "history", subject="Nobody", predicate="lives_in")
        assert await error(session, "search", query="x", k=0)  # outside the schema's 1..100
        assert await error(session, "search", query=123)  # wrong type
        assert await error(session, "remember", messages=[{"content": "hi", "colour": "red"}])  # unknown key
        assert await error(session, "remember")  # missing argument
        assert "NUL" in await error(session, "remember", messages=[{"content": "a\x00b"}])
        both = await call(session, "remember", messages=[{"content": "a\x00b"}, {"content": "I live in Rome."}])
        assert "NUL" in both[0]["error"] and "error" not in both[1]
        assert await error(session, "forget_episode", episode="m404")
        assert await error(session, "no_such_tool")
        await call(session, "remember", messages=MESSAGES[:1])  # still serving
        assert [f["episodes"] for f in await call(session, "facts", entity="Alice")] == [["m1"], ["m1"]]
        assert await call(session, "conflicts") == []

    run_stdio(tmp_path / "m.db", body)


def test_a_namespace_that_holds_nothing_is_said_as_the_http_api_says_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    import chronomem
    import chronomem.mcp
    from chronomem._names import empty_namespace
    from chronomem.cli import cli

    db = str(tmp_path / "m.db")
    with chronomem.open(db, namespace="alice", embedder=None) as mem:
        mem.add({"id": "a1", "speaker": "Alice", "content": "I live in Oslo.", "occurred_at": "2024-01-01T00:00:00Z"})
    monkeypatch.setattr(chronomem.mcp, "serve", lambda *args, **kwargs: None)
    for run in range(2):  # the first run creates the (empty) namespace: the second must say so as well
        typo = CliRunner().invoke(cli, ["mcp", "--db", db, "--namespace", "alcie", "--embedder", "none"])
        assert typo.exit_code == 0 and empty_namespace("alcie") in typo.stderr, typo.output
        assert ("did you mean 'alice'?" in typo.stderr) == (run == 0), typo.stderr  # when it is created
    known = CliRunner().invoke(cli, ["mcp", "--db", db, "--namespace", "alice", "--embedder", "none"])
    assert known.exit_code == 0 and "holds nothing" not in known.stderr
