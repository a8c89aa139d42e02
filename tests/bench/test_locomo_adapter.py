"""``chronomem bench locomo-adapter`` speaks bench/locomo_eval.py's JSON-lines protocol."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from click.testing import CliRunner

from chronomem.cli import cli


def _turn(session: int, turn: int, speaker: str, text: str, day: int) -> dict[str, object]:
    return {"id": f"D{session}:{turn}", "conv_id": "c1", "session": session, "turn": turn, "speaker": speaker,
            "text": text, "image_caption": None, "session_datetime_iso": f"2023-05-{day:02d}T13:56:00"}  # fmt: skip


def test_index_then_search_returns_turn_ids_best_first(tmp_path: Path) -> None:
    turns = [
        _turn(1, 1, "Caroline", "I went to the LGBTQ support group yesterday.", 8),
        _turn(1, 2, "Melanie", "That's great! I painted a sunrise last week.", 8),
        _turn(2, 1, "Caroline", "I moved to Denver, I live there now.", 20),
        _turn(2, 2, "Melanie", "我们周末去爬山吧。", 20),
    ]
    lines = [
        {"op": "index", "conv_id": "c1", "turns": turns},
        {"op": "search", "conv_id": "c1", "query": "When did Caroline go to the support group?", "k": 2},
        {"op": "search", "conv_id": "c1", "query": "Melanie 爬山", "k": 5},
        {"op": "search", "conv_id": "c1", "query": "", "k": 5},
        {"op": "dance"},
        {"op": "index", "conv_id": "c2", "turns": turns[:1]},
        {"op": "search", "conv_id": "c2", "query": "painted a sunrise", "k": 5},
    ]
    stdin = "\n".join(json.dumps(x) for x in lines) + "\n"
    result = CliRunner().invoke(cli, ["bench", "locomo-adapter", "--db", str(tmp_path / "a.db")], input=stdin)
    assert result.exit_code == 0, result.output
    replies = [json.loads(line) for line in result.output.splitlines()]
    assert replies[0] == {"ok": True}
    assert replies[1]["ids"][0] == "D1:1" and len(replies[1]["ids"]) <= 2
    assert replies[2]["ids"][0] == "D2:2"
    assert "InvalidValue" in replies[3]["error"] and "unknown op" in replies[4]["error"]
    assert replies[5] == {"ok": True}
    assert "D1:2" not in replies[6]["ids"]  # the second index replaced the first (vectors rank what is left)


def test_a_long_session_keeps_its_order_and_stays_before_the_next(tmp_path: Path) -> None:
    """3,000 turns at 30 s would run 25 hours: past the next session (an hour later) and into the next day."""
    from chronomem import open as open_memory
    from chronomem.bench.locomo import LocomoAdapter

    long = [_turn(1, n, "Sam", f"note {n}", 8) for n in range(1, 3001)]
    nxt = [{**_turn(2, n, "Reno", f"reply {n}", 8), "session_datetime_iso": "2023-05-08T14:56:00"} for n in (1, 2)]
    adapter = LocomoAdapter(str(tmp_path / "a.db"), embedder=None)
    try:
        adapter.index("c1", long + nxt)
    finally:
        adapter.close()
    with open_memory(str(tmp_path / "a.db"), namespace="c1-1") as mem:
        stored = [mem.get_episode(str(t["id"])).occurred_at for t in long + nxt]
    times = [datetime.fromtimestamp(us / 1e6, UTC) for us in stored]  # stored as UTC microseconds
    assert stored == sorted(stored) and len(set(stored)) == len(stored)
    assert times[2999] < times[3000] == datetime(2023, 5, 8, 14, 56, tzinfo=UTC)
    assert {t.date() for t in times} == {times[0].date()}


def test_a_speaker_named_as_an_assistant_speaks_as_one(tmp_path: Path) -> None:
    from chronomem.bench.locomo import LocomoAdapter

    turns = [
        _turn(1, 1, "User", "I moved to Denver last month, can you suggest hikes near me?", 8),
        _turn(1, 2, "Assistant", "Sure! Since you live in Boulder, try the Flatirons.", 8),
    ]
    adapter = LocomoAdapter(str(tmp_path / "r.db"), embedder=None)
    try:
        adapter.index("c1", turns)
        mem = adapter._mem
        assert mem is not None
        assert [mem.get_episode(i).role for i in ("D1:1", "D1:2")] == ["user", "assistant"]
        assert [f.object for f in mem.facts("User")] == ["denver"]  # the assistant's words assert nothing
    finally:
        adapter.close()
