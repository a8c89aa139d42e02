"""``chronomem search / context / facts / value / history`` against a real SQLite file filled through
``Memory.add``: tables on a terminal, JSON with ``--json``, a point in valid and system time, and bad input
(a naive datetime, an unknown namespace, a missing file) as one line without a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import chronomem
from chronomem._time import from_us
from chronomem.cli import cli

MESSAGES = [
    {"id": "m1", "speaker": "Alice", "content": "I live in Berlin and I love hiking.",
     "occurred_at": "2023-01-10T09:00:00+01:00"},
    {"id": "m2", "speaker": "Alice", "content": "我上个月搬到巴黎了。", "occurred_at": "2024-06-12T15:00:00+08:00"},
]  # fmt: skip


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """The file, and a system time after the first message and before the second (the move)."""
    db = str(tmp_path_factory.mktemp("reads") / "m.db")
    with chronomem.open(db, namespace="alice", embedder=None) as mem:
        first, second = mem.add(MESSAGES)
    assert first.tx is not None and second.tx is not None and second.superseded
    return db, from_us(first.tx + 1).isoformat()


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def _at(db: str) -> list[str]:
    return ["--db", db, "--namespace", "alice"]


def test_facts_is_a_table_and_json(filled: tuple[str, str]) -> None:
    db, _ = filled
    code, out = _run("facts", "Alice", *_at(db))
    header, *lines = out.splitlines()
    assert code == 0 and header.split()[:4] == ["row", "subject", "predicate", "is"]
    assert any("lives_in" in line and "巴黎" in line for line in lines)
    rows = json.loads(_run("facts", "Alice", *_at(db), "--json")[1])
    assert {(r["predicate"], r.get("object")) for r in rows} >= {("lives_in", "巴黎"), ("likes", "hiking")}
    assert all(r["valid"]["start"].endswith("Z") for r in rows)


def test_value_before_and_after_the_move_in_both_times(filled: tuple[str, str]) -> None:
    db, before_move = filled

    def lives(*point: str) -> list[str | None]:
        out = _run("value", "Alice", "lives_in", *_at(db), *point, "--json")[1]
        return [r.get("object") for r in json.loads(out)]

    assert lives() == ["巴黎"]
    assert lives("--valid-at", "2024-01-01T00:00:00+01:00") == ["berlin"]
    assert lives("--as-of", before_move) == ["berlin"]  # before the memory learned of the move
    code, out = _run("value", "Alice", "lives_in", *_at(db), "--valid-at", "2020-01-01T00:00:00Z")
    assert code == 1 and "(no facts)" in out


def test_history_tells_the_slot_oldest_first(filled: tuple[str, str]) -> None:
    db, before_move = filled
    rows = json.loads(_run("history", "Alice", "lives_in", *_at(db), "--json")[1])
    assert [r["object"] for r in rows] == ["berlin", "巴黎"] and rows[0]["valid"]["end"] == rows[1]["valid"]["start"]
    then = json.loads(_run("history", "Alice", "lives_in", *_at(db), "--as-of", before_move, "--json")[1])
    assert [(r["object"], r["valid"]["end"]) for r in then] == [("berlin", None)]
    code, out = _run("history", "Alice", "lives_in", *_at(db))
    _, *lines = out.splitlines()
    assert code == 0 and [line.split()[1:4] for line in lines] == [
        ["Alice", "lives_in", "Berlin"],
        ["Alice", "lives_in", "巴黎"],
    ]


def test_search_and_context(filled: tuple[str, str]) -> None:
    db, _ = filled
    opts = [*_at(db), "--embedder", "none"]
    hits = json.loads(_run("search", "where does Alice live", *opts, "--json")[1])
    assert hits and all({"kind", "id", "score", "cites"} <= set(h) for h in hits)
    code, out = _run("search", "hiking", *opts, "--kind", "episode", "-k", "1")
    assert code == 0 and out.splitlines()[0].split()[:3] == ["#", "kind", "id"] and "m1" in out
    code, text = _run("context", "where does Alice live", *opts)
    assert code == 0 and "## Alice" in text and "m2" in text
    ctx = json.loads(_run("context", "where does Alice live", *opts, "--json", "--budget", "200")[1])
    assert ctx["budget"] == 200 and ctx["tokens"] <= 200 and ctx["as_of"].endswith("Z")


@pytest.mark.parametrize("command", [["facts", "Alice"], ["value", "Alice", "lives_in"], ["search", "Berlin"]])
def test_a_naive_time_asks_for_an_offset(filled: tuple[str, str], command: list[str]) -> None:
    db, _ = filled
    code, out = _run(*command, *_at(db), "--valid-at", "2024-01-01T00:00")
    assert code == 2 and "has no offset; add one" in out and "Traceback" not in out


def test_unknown_namespace_and_missing_file_are_one_line(filled: tuple[str, str], tmp_path: Path) -> None:
    db, _ = filled
    code, out = _run("facts", "Alice", "--db", db, "--namespace", "bob")
    assert code == 1 and out == "Error: namespace 'bob' does not exist in " + db + "; known: alice\n"
    missing = tmp_path / "nope.db"
    code, out = _run("history", "Alice", "lives_in", "--db", str(missing))
    assert code == 1 and "no database at" in out and "check --db" in out
    assert not missing.exists()  # a read never creates a file


def test_unknown_entity_and_bad_predicate(filled: tuple[str, str]) -> None:
    db, _ = filled
    code, out = _run("facts", "Nobody", *_at(db))
    assert code == 1 and out.startswith("Error: ") and "Nobody" in out
    code, out = _run("history", "Alice", " ", *_at(db))
    assert code == 1 and out.startswith("Error: ") and "predicate" in out
