"""The tools in process, through the SDK's ``Client`` connected to the server object (no subprocess): every
tool once, and each kind of library error mapped to a tool error that says what to fix."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
from mcp.client import Client

import chronomem
from chronomem.mcp import build_server

MOVE = [
    {"id": "m1", "speaker": "Ann", "content": "I live in Oslo.", "occurred_at": "2023-03-01T10:00:00+01:00"},
    {"id": "m2", "speaker": "Ann", "content": "I moved to Bergen.", "occurred_at": "2024-03-01T10:00:00+01:00"},
    {"id": "m3", "speaker": "Ann", "content": "I'm allergic to peanuts.", "occurred_at": "2024-04-01T10:00:00+02:00"},
    {"id": "m4", "speaker": "Ann", "content": "I'm not allergic to peanuts.", "occurred_at": "2024-05-01T10:00:00Z"},
]


def _run(db: Path, calls: list[tuple[str, dict[str, Any]]], *, close_first: bool = False) -> list[tuple[bool, str]]:
    """Each call's (is_error, text), in order, on a server over the memory at ``db``."""
    mem = chronomem.open(db, namespace="ann", embedder=None)
    server = build_server(mem)
    if close_first:
        mem.close()
    out: list[tuple[bool, str]] = []

    async def main() -> None:
        async with Client(server) as client:
            for name, arguments in calls:
                result = await client.call_tool(name, arguments)
                out.append((result.is_error, result.content[0].text))  # type: ignore[union-attr]

    try:
        anyio.run(main)
    finally:
        mem.close()
    return out


def test_every_tool_in_process(tmp_path: Path) -> None:
    results = _run(tmp_path / "m.db", [
        ("remember", {"messages": MOVE}),
        ("remember", {"messages": [{"content": "I like tea.", "speaker": "Ann"}]}),  # occurred now
        ("search", {"query": "Bergen", "k": 3}),
        ("context", {"query": "Where does Ann live?", "budget_tokens": 200, "include_past": True}),
        ("value", {"subject": "Ann", "predicate": "lives_in", "valid_at": "2023-06-01T00:00:00Z"}),
        ("facts", {"entity": "Ann"}),
        ("history", {"subject": "Ann", "predicate": "lives_in"}),
        ("conflicts", {"settled": True}),
        ("forget_episode", {"episode": "m2"}),
        ("forget_episode", {"episode": "m1", "erase": True}),
    ])  # fmt: skip
    assert not any(failed for failed, _ in results), results
    added, now, hits, ctx, value, facts, story, conflicts, undone, erased = (json.loads(t) for _, t in results)
    assert added[1]["superseded"] and now[0]["added"] and hits
    assert ctx["budget"] == 200 and "Bergen" in ctx["text"]
    assert [f["object"] for f in value] == ["oslo"]
    assert {f["predicate"] for f in facts} == {"lives_in", "likes", "allergic_to"}
    assert [f["object"] for f in story] == ["oslo", "bergen"]
    (conflict,) = conflicts
    assert conflict["predicate"] == "allergic_to" and conflict["episode"] == "m4" and conflict["against"]
    assert conflict["valid"]["start"].endswith("Z") and "settled_at" not in conflict
    assert undone["closed"] and undone["at"].endswith("Z") and erased["erased_rows"] >= 1


def test_the_tools_about_time(tmp_path: Path) -> None:
    moves = [{**m, "session": "s1"} for m in MOVE[:2]] + [
        {"id": "m5", "speaker": "Ann", "content": "I love hiking.", "occurred_at": "2024-06-01T10:00:00Z"}
    ]
    results = _run(tmp_path / "m.db", [
        ("remember", {"messages": moves}),
        ("changes", {"entity": "Ann", "since": "2024-01-01T00:00:00Z"}),
        ("changes", {"entity": "Ann", "since": "2024-01-01T00:00:00Z", "axis": "system"}),
        ("facts", {"entity": "Ann", "kind": ["preference"]}),
        ("search", {"query": "hiking", "kinds": ["preference"]}),
        ("at_event", {"event": "moved to Bergen", "about": ["Ann"]}),
        ("recent", {"session": "s1", "n": 1}),
        ("changes", {"entity": "Ann", "since": "2024-01-01T00:00"}),
    ])  # fmt: skip
    assert not any(failed for failed, _ in results[:-1]), results
    _, valid, system, liked, hits, moment, recent, naive = (json.loads(t) if not f else t for f, t in results)
    assert [(c["action"], c["fact"]["object"]) for c in valid] == [
        ("ended", "oslo"),
        ("began", "bergen"),
        ("began", "hiking"),
    ]
    assert valid[0]["at"].startswith("2024-03-01") and len(system) > len(valid)
    assert [f["predicate"] for f in liked] == ["likes"] and {h["fact"]["kind"] for h in hits} == {"preference"}
    assert moment["at"].startswith("2024-03-01") and {f["object"] for f in moment["facts"]} >= {"bergen"}
    assert [e["id"] for e in recent] == ["m2"] and "has no offset" in naive


def test_errors_say_what_to_fix(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    results = _run(db, [
        ("value", {"subject": "Ann", "predicate": "lives_in", "as_of": "2024-01-01T00:00"}),
        ("search", {"query": "x" * 3000}),
        ("facts", {"entity": "Nobody"}),
        ("forget_episode", {"episode": "nope"}),
    ])  # fmt: skip
    assert all(failed for failed, _ in results), results
    naive, long, unknown, episode = (text for _, text in results)
    assert naive.endswith(
        "as_of='2024-01-01T00:00' has no offset; add one, e.g. 2024-01-01T00:00+08:00 or 2024-01-01T00:00Z"
    )
    assert "invalid argument" in long and "2000" in long
    assert "not found" in unknown and "'search'" in unknown and "nope" in episode
    ((failed, closed),) = _run(db, [("facts", {"entity": "Ann"})], close_first=True)
    assert failed and "database failed" in closed and "try again" in closed
