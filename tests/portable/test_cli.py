"""``chronomem dump``, ``restore`` and ``export`` through the CLI (CliRunner)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

import chronomem
from chronomem.cli import cli
from chronomem.testing import at


def test_dump_restore_and_export_move_a_namespace(tmp_path: Path) -> None:
    source, target = tmp_path / "a.db", tmp_path / "b.db"
    with chronomem.open(source, namespace="alice", embedder=None) as mem:
        mem.assert_fact("Alice", "lives_in", "Berlin", valid_from=at(10))
        mem.correct("Alice", "lives_in", "Paris", valid_from=at(10))
        expected = mem.audit("Alice")
    runner, dump = CliRunner(), tmp_path / "alice.jsonl"
    done = runner.invoke(cli, ["dump", "--db", str(source), "-n", "alice", "--out", str(dump)])
    assert done.exit_code == 0, done.output
    done = runner.invoke(cli, ["restore", "--db", str(target), str(dump)])
    assert done.exit_code == 0 and "into namespace 'alice'" in done.output, done.output
    with chronomem.open(target, namespace="alice", embedder=None) as mem:
        assert mem.audit("Alice") == expected
    again = runner.invoke(cli, ["restore", "--db", str(target), str(dump)])
    assert again.exit_code == 1 and "only into an empty namespace" in again.output
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(dump.read_text(encoding="utf-8").splitlines(keepends=True)[:-1]), encoding="utf-8")
    refused = runner.invoke(cli, ["restore", "--db", str(target), "-n", "other", str(cut)])
    assert refused.exit_code == 1 and "cut short" in refused.output
    with chronomem.open(target, namespace="other", embedder=None) as mem:
        assert mem.engine.holds_anything("other") is False
    cypher = tmp_path / "alice.cypher"
    done = runner.invoke(
        cli, ["export", "--db", str(target), "-n", "alice", "--format", "cypher", "--out", str(cypher)]
    )
    assert done.exit_code == 0, done.output
    assert "CREATE CONSTRAINT fact_id IF NOT EXISTS FOR (f:Fact) REQUIRE f.fact_id IS UNIQUE;" in cypher.read_text()
    done = runner.invoke(
        cli, ["export", "--db", str(target), "-n", "alice", "--format", "csv", "--out", str(tmp_path / "csv")]
    )
    assert done.exit_code == 0 and sorted(p.name for p in (tmp_path / "csv").iterdir()) == [
        "entities.csv", "facts.csv", "relationships.csv", "users.csv"]  # fmt: skip
