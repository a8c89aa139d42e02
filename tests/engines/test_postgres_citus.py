"""Ready for Citus: namespace is the distribution key. Inspects the catalog (every table is either a
reference table or has its distribution column in every primary key, unique and exclusion
constraint) and every statement the engine issued during a full workload (``pg_stat_statements``):
each one that touches a sharded table filters by, or inserts, its distribution column."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import psycopg
import pytest

import chronomem
from chronomem.contracts import FactQuery
from chronomem.engines._citus import plan_statements
from chronomem.engines._pgschema import DISTRIBUTION_COLUMN, MIGRATIONS, REFERENCE_TABLES
from chronomem.engines._postgres import PostgresEngine

pytestmark = pytest.mark.integration

#: The one statement allowed to span namespaces: listing them (a multi-shard query under Citus).
CROSS_NAMESPACE_ALLOWED = {"SELECT namespace FROM namespaces ORDER BY namespace"}
_TABLE_REF = re.compile(r"\b(FROM|JOIN|UPDATE|INTO)\s+(\w+)(?:\s+(?:AS\s+)?(?!WHERE|ON|SET|VALUES|JOIN)(\w+))?", re.I)
_INSERT = re.compile(r"\bINSERT\s+INTO\s+(\w+)\s*\(([^)]*)\)", re.I)


_CREATE_TABLE = re.compile(r"\bCREATE\s+(?:UNLOGGED\s+|TEMP(?:ORARY)?\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)", re.I)


def test_every_table_any_migration_creates_is_in_the_distribution_plan() -> None:
    """Read from the migrations themselves, so that a table added by a new migration (0007_fulltext, ...) without
    a place in the plan fails here, not first on a customer's cluster (where ``migrate`` refuses it)."""
    created = {m.group(1) for _, statements in MIGRATIONS for s in statements for m in _CREATE_TABLE.finditer(s)}
    assert {"facts", "merges", "vectors"} <= created  # the reading works
    planned = set(DISTRIBUTION_COLUMN) | set(REFERENCE_TABLES)
    assert not created - planned, (
        f"tables without a place in the Citus plan (engines/_pgschema.py): {created - planned}"
    )
    assert "migrations" in planned  # created by the migration runner itself, not by a migration


def _tables(conn: psycopg.Connection[tuple[object, ...]]) -> set[str]:
    rows = conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'").fetchall()
    return {str(r[0]) for r in rows}


def test_every_table_is_sharded_by_namespace_or_a_reference_table(pg_url: str) -> None:
    eng = PostgresEngine(pg_url)
    eng.migrate()
    eng.close()
    with psycopg.connect(pg_url) as conn:
        tables = _tables(conn)
        assert tables == set(DISTRIBUTION_COLUMN) | set(REFERENCE_TABLES), "classify every new table"
        constraints = conn.execute(
            "SELECT c.conrelid::regclass::text, c.conname, c.contype, "
            "ARRAY(SELECT a.attname::text FROM pg_attribute a WHERE a.attrelid = c.conrelid "
            "AND a.attnum = ANY(c.conkey)) FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace "
            "WHERE n.nspname = 'public' AND c.contype IN ('p', 'u', 'x', 'f')"
        ).fetchall()
    checked = 0
    for table, name, kind, columns in constraints:
        assert kind != "f", f"{table}.{name}: foreign keys between sharded tables need care under Citus"
        if table in REFERENCE_TABLES:
            continue
        assert DISTRIBUTION_COLUMN[table] in columns, f"{table}.{name} ({kind}) lacks {DISTRIBUTION_COLUMN[table]}"
        checked += 1
    assert checked >= 7  # the primary keys and the exclusion constraint were really inspected
    plan = list(plan_statements(sorted(tables)))
    assert plan[:2] == [
        "SELECT create_reference_table('migrations')",
        "SELECT create_distributed_table('clocks', 'namespace')",
    ]
    assert "SELECT create_distributed_table('facts', 'namespace', colocate_with => 'clocks')" in plan


def _workload(eng: PostgresEngine) -> None:
    t1, t2 = datetime(2024, 1, 1, tzinfo=UTC), datetime(2024, 6, 1, tzinfo=UTC)
    mem = chronomem.Memory(eng, "alice", owns_engine=False)
    eng.ensure_namespace("alice")
    e1 = mem.add_episode("I live in Berlin and like tea", occurred_at=t1, id="e1")
    mem.assert_fact("Alice", "lives_in", "Berlin", episode=e1)
    mem.assert_fact("Alice", "likes", value="tea", episode=e1)
    e2 = mem.add_episode("I moved to Paris", occurred_at=t2, id="e2")
    mem.assert_fact("Alice", "lives_in", "Paris", episode=e2)
    mem.assert_fact("Alice", "lives_in", "Paris", episode=e2)
    mem.correct("Alice", "lives_in", "Lyon", valid_from=t2)
    mem.retract("Alice", "likes", value="tea", valid_from=t2)
    mem.retract_episode("e2")
    mem.facts("Alice")
    mem.value("Alice", "lives_in", valid_at=t1, as_of=t2)
    mem.values("Alice", "likes")
    mem.history("Alice", "lives_in")
    for fact in mem.audit("Alice", "lives_in"):
        mem.versions(fact)
    mem.changes(t1)
    mem.neighbourhood("Alice")
    mem.get_entity("berlin")
    mem.get_episode("e1")
    eng.entities("alice", ["alice"])
    eng.find_entities("alice", "alice")
    eng.predicates("alice")
    eng.facts("alice", FactQuery(touching=("alice",), edges_only=True, limit=5))
    eng.overlaps("alice")
    eng.namespaces()
    mem.erase(episode="e1")
    mem.erase(subject="Alice")
    mem.erase_namespace()
    eng.erasures("x")
    eng.schema_version()


def _violations(sql: str) -> list[str]:
    if sql in CROSS_NAMESPACE_ALLOWED:
        return []
    out = []
    for m in _INSERT.finditer(sql):
        table, cols = m.group(1), [c.strip() for c in m.group(2).split(",")]
        if table in DISTRIBUTION_COLUMN and DISTRIBUTION_COLUMN[table] not in cols:
            out.append(f"INSERT INTO {table} without {DISTRIBUTION_COLUMN[table]}")
    for m in _TABLE_REF.finditer(sql):
        verb, table, alias = m.group(1).upper(), m.group(2), m.group(3)
        if verb == "INTO" or table not in DISTRIBUTION_COLUMN:
            continue
        col = DISTRIBUTION_COLUMN[table]
        ref = rf"(?<![\w.]){re.escape(alias)}\.{col}" if alias else rf"(?<![\w.]){col}"
        if not re.search(rf"{ref}\s*=|=\s*{ref}", sql):
            out.append(f"{verb} {table} without a filter on {col}")
    return out


def test_every_statement_the_engine_issues_filters_by_namespace(pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
    eng = PostgresEngine(pg_url)
    try:
        eng.migrate()
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute("SELECT pg_stat_statements_reset()")
        _workload(eng)
    finally:
        eng.close()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT query FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database "
            "WHERE datname = current_database())"
        ).fetchall()
    statements = [" ".join(str(r[0]).split()) for r in rows]
    touching = [s for s in statements if any(re.search(rf"\b{t}\b", s) for t in DISTRIBUTION_COLUMN)]
    assert len(touching) >= 25, f"the workload issued too few statements to judge: {touching}"
    bad = {s: v for s in touching if (v := _violations(s))}
    assert not bad, "statements that do not filter by the distribution column:\n" + "\n".join(
        f"{s}\n  -> {v}" for s, v in bad.items()
    )


@pytest.mark.parametrize(
    ("sql", "ok"),
    [
        ("SELECT * FROM facts f WHERE f.namespace = $1 AND f.row_id = $2", True),
        ("SELECT * FROM facts WHERE row_id = $1", False),
        ("SELECT * FROM facts f JOIN support s ON s.row_id = f.row_id WHERE f.namespace = $1", False),
        ("INSERT INTO facts (row_id, slot) VALUES ($1, $2)", False),
        ("INSERT INTO erasures (namespace_digest, at) VALUES ($1, $2)", True),
        ("DELETE FROM entities WHERE id = $1", False),
        ("UPDATE support SET removed = $1 WHERE namespace = $2", True),
    ],
)
def test_the_statement_check_itself(sql: str, ok: bool) -> None:
    assert (not _violations(sql)) == ok
