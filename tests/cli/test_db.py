"""``chronomem migrate`` and ``chronomem doctor`` on SQLite (PostgreSQL: tests/engines/test_postgres_cli.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from click.testing import CliRunner

import chronomem
from chronomem.cli import cli
from chronomem.engines._sqlite import MIGRATIONS

NAMES = [name for name, _ in MIGRATIONS]


def test_migrate_then_doctor_on_a_new_file(tmp_path: Path) -> None:
    db = str(tmp_path / "sub" / "m.db")
    runner = CliRunner()
    first = runner.invoke(cli, ["migrate", "--db", db])
    assert first.exit_code == 0 and f"applied: {', '.join(NAMES)}" in first.output
    again = runner.invoke(cli, ["migrate", "--db", db])
    assert again.exit_code == 0 and "already current" in again.output
    ok = runner.invoke(cli, ["doctor", "--db", db])
    assert ok.exit_code == 0, ok.output
    assert f"ok    schema  current ({', '.join(NAMES)})" in ok.output


def test_doctor_reports_a_missing_file_and_an_unmigrated_one(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(cli, ["doctor", "--db", str(tmp_path / "nope.db")])
    assert missing.exit_code == 1 and "no database at" in missing.output
    assert f"create it with: chronomem migrate --db {tmp_path / 'nope.db'}" in missing.output
    bad = runner.invoke(cli, ["doctor", "--db", "postgres:/bad"])
    assert bad.exit_code == 1 and "not a PostgreSQL URL" in bad.output and not Path("postgres:").exists()
    sqlite3.connect(tmp_path / "empty.db").close()
    empty = runner.invoke(cli, ["doctor", "--db", str(tmp_path / "empty.db")])
    assert empty.exit_code == 1 and "run `chronomem migrate`" in empty.output


def test_doctor_finds_overlapping_current_rows_written_by_hand(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with chronomem.open(db, namespace="alice") as mem:
        mem.assert_fact("Alice", "lives_in", value="Berlin")
    with sqlite3.connect(db) as conn:
        conn.execute(
            "INSERT INTO facts SELECT row_id + 100, namespace, slot, subject, predicate, object_id, value, "
            "valid_from, valid_to, recorded_from, recorded_to, kind, modality, confidence FROM facts"
        )
    result = CliRunner().invoke(cli, ["doctor", "--db", str(db)])
    assert result.exit_code == 1
    assert "FAIL  invariants [alice]  overlapping current rows (row ids) [(1, 101)]" in result.output
