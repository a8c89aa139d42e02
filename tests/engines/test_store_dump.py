"""chronomem.testing.dump_store reads every table a namespace has rows in: a new table is compared (and erased
with its namespace) once it is listed, and a SQLite file has no namespaced table that is not."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from chronomem.engines._dialect import DUMPED_COLUMNS, NAMESPACED_TABLES
from chronomem.engines._sqlite import SqliteEngine

#: Tables that hold no namespace's rows: the clock, the migrations, the erase records (by namespace digest),
#: and SQLite's own and FTS5's.
_NOT_A_NAMESPACES = {"clock", "migrations", "erasures", "fulltext_state", "sqlite_stat1"}
#: Columns only one engine has: SQLite's document number for FTS5 (PostgreSQL's index is the row's tsvector).
_ENGINE_OWN = {"namespace", "doc"}


def test_every_namespaced_table_is_dumped_and_erased(tmp_path: Path) -> None:
    engine = SqliteEngine(tmp_path / "m.db")
    engine.migrate()
    engine.close()
    conn = sqlite3.connect(tmp_path / "m.db")
    try:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        columns = {t: {r[1] for r in conn.execute(f"PRAGMA table_info('{t}')")} for t in DUMPED_COLUMNS}
    finally:
        conn.close()
    mine = {t for t in tables - _NOT_A_NAMESPACES if not t.startswith("fulltext_terms")}
    assert mine == set(DUMPED_COLUMNS) == set(NAMESPACED_TABLES)
    for table, listed in DUMPED_COLUMNS.items():  # every column but the namespace, which the dump is of
        assert {c.strip() for c in listed.split(",")} - _ENGINE_OWN == columns[table] - _ENGINE_OWN, table
