"""The PostgreSQL engine on a real Citus cluster (``tests/citus_server.py``) beyond the conformance suite:
distribution as part of ``migrate``, a worker's URL, the outcome of a commit lost after the worker
committed, ``chronomem migrate``/``doctor``, and the README's example."""

from __future__ import annotations

import contextlib
import io
import re
from datetime import UTC, datetime
from pathlib import Path

import psycopg
import pytest
from citus_server import CitusCluster
from click.testing import CliRunner

import chronomem
from chronomem.cli import cli
from chronomem.engines import open_engine
from chronomem.engines._citus import WORKER_XID
from chronomem.engines._pgschema import DISTRIBUTION_COLUMN, MIGRATIONS
from chronomem.engines._postgres import PostgresEngine
from chronomem.errors import ConfigError, SchemaMismatch

pytestmark = pytest.mark.integration

README = Path(__file__).resolve().parents[2] / "README.md"


def _distributed(url: str) -> dict[str, str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT logicalrelid::regclass::text, partmethod FROM pg_dist_partition").fetchall()
    return {str(t): str(m) for t, m in rows if "." not in str(t)}  # this test's schema only


def test_a_worker_url_is_refused_with_the_coordinator_named(citus_cluster: CitusCluster) -> None:
    with pytest.raises(ConfigError, match=r"is a Citus worker node.*coordinator \(127\.0\.0\.1:\d+\)") as caught:
        PostgresEngine(citus_cluster.workers[0])
    assert "chronomem migrate" not in str(caught.value)


def test_distributing_needs_citus(pg_url: str, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no Citus extension"):
        PostgresEngine(pg_url, distribute=True)
    with pytest.raises(ConfigError, match="needs PostgreSQL with Citus"):
        open_engine(tmp_path / "memory.db", distribute=True)


def test_a_later_migration_distributes_its_tables_and_refuses_one_outside_the_plan(
    citus_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with psycopg.connect(citus_url, autocommit=True) as conn:  # another application's table in the same schema
        conn.execute("CREATE TABLE other_app (id int)")
    first = PostgresEngine(citus_url)
    monkeypatch.setattr(first, "migrations", MIGRATIONS[:1])
    assert first.migrate() == ["0001_core"]
    first.close()
    assert _distributed(citus_url)["migrations"] == "n" and "merges" not in _distributed(citus_url)
    eng = PostgresEngine(citus_url)
    try:  # the later migrations alter distributed tables and add tables: all in one transaction
        assert eng.migrate() == [name for name, _ in MIGRATIONS[1:]]
        assert _distributed(citus_url)["merges"] == "h" and _distributed(citus_url)["vectors"] == "h"
        extra = ("0099_notes", ["CREATE TABLE notes (namespace text, body text)"])
        monkeypatch.setattr(eng, "migrations", [*MIGRATIONS, extra])
        with pytest.raises(SchemaMismatch, match=r"tables \['notes'\] have no place in chronomem's distribution"):
            eng.migrate()
        assert "0099_notes" not in eng.schema_version()  # refused as a whole: nothing of it stayed
        with psycopg.connect(citus_url) as conn:
            assert conn.execute("SELECT to_regclass('notes')").fetchone() == (None,)
        assert "other_app" not in _distributed(citus_url)  # left alone, and no reason to refuse
    finally:
        eng.close()


def test_a_database_that_becomes_a_coordinator_is_distributed_by_its_next_migrate(citus_url: str) -> None:
    t1 = datetime(2024, 1, 1, tzinfo=UTC)
    runner = CliRunner()
    local = runner.invoke(cli, ["migrate", "--no-distribute", "--db", citus_url])
    assert local.exit_code == 0 and _distributed(citus_url) == {}, local.output
    plain = PostgresEngine(citus_url, distribute=False)  # plain tables on the coordinator
    with chronomem.Memory(plain, "alice") as mem:
        mem.assert_fact("Alice", "lives_in", value="Berlin", valid_from=t1)
    again = runner.invoke(cli, ["migrate", "--db", citus_url])
    assert again.exit_code == 0, again.output
    assert set(_distributed(citus_url)) == {"migrations", *DISTRIBUTION_COLUMN}
    with chronomem.open(citus_url, namespace="alice") as mem:
        got = mem.value("Alice", "lives_in", valid_at=t1)
        assert got is not None and got.value == "Berlin"
        mem.assert_fact("Alice", "lives_in", value="Paris")


def test_a_commit_lost_after_the_worker_committed_reads_as_committed(citus_url: str) -> None:
    """One-phase commit: the worker commits before the coordinator, so a coordinator transaction that reads as
    aborted may have stored its rows. The engine asks the namespace's worker."""
    eng = PostgresEngine(citus_url)
    eng.migrate()
    eng.ensure_namespace("ns")
    workers: dict[str, str] = {}
    try:
        with psycopg.connect(citus_url) as conn:
            coordinator = conn.execute("SELECT pg_current_xact_id()::text").fetchone()
            conn.rollback()  # the coordinator's side aborted
            for outcome in ("committed", "aborted"):
                conn.execute("UPDATE clocks SET last_tx = last_tx + 1 WHERE namespace = 'ns'")
                row = conn.execute(WORKER_XID, ("ns",)).fetchone()
                assert row is not None
                workers[outcome] = str(row[0])
                conn.commit() if outcome == "committed" else conn.rollback()
        assert coordinator is not None
        assert eng._outcome(coordinator[0], "ns", workers["committed"]) == "committed"
        assert eng._outcome(coordinator[0], "ns", workers["aborted"]) == "aborted"
        assert eng._outcome(coordinator[0], "ns", None) is None  # unknown: the caller is told to read back
    finally:
        eng.close()


def test_migrate_and_doctor_on_the_cluster(citus_url: str) -> None:
    runner = CliRunner()
    done = runner.invoke(cli, ["migrate", "--distribute", "--db", citus_url])
    assert done.exit_code == 0, done.output
    with chronomem.open(citus_url, namespace="alice") as mem:
        mem.assert_fact("Alice", "lives_in", value="Berlin")
    report = runner.invoke(cli, ["doctor", "--db", citus_url])
    assert report.exit_code == 0, report.output
    assert re.search(r"ok    cluster  Citus 13\.\S+ coordinator, 2 active worker", report.output)
    sharded = len(DISTRIBUTION_COLUMN)  # every table of the plan, whatever the migrations add
    assert f"ok    distribution  {sharded} tables sharded by namespace in one colocation group" in report.output
    assert "ok    invariants [alice]" in report.output


def test_the_readme_example_runs_on_the_cluster(citus_url: str) -> None:
    block = re.search(r"```python\n(.*?)```", README.read_text(), re.S)
    assert block is not None and '"memory.db"' in block.group(1)
    code = block.group(1).replace('"memory.db"', repr(citus_url))
    out, scope = io.StringIO(), dict[str, object]()
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, "README.md", "exec"), scope)
    finally:
        if isinstance(scope.get("mem"), chronomem.Memory):
            scope["mem"].close()  # type: ignore[union-attr]
    assert out.getvalue().split() == ["巴黎", "berlin"]


def test_the_cluster_fails_a_statement_of_one_namespace_that_spans_shards(citus_url: str) -> None:
    """The fixture has teeth: the support subquery tied to the namespace only through ``f.namespace`` (as it was
    before issue #10) fans out to every shard and fails; naming the namespace routes it to one."""
    eng = PostgresEngine(citus_url)
    eng.migrate()
    eng.close()
    tied = "SELECT f.row_id, (SELECT count(*) FROM support s WHERE s.namespace = {} AND s.row_id = f.row_id) "
    tied += "FROM facts f WHERE f.namespace = 'a'"
    with psycopg.connect(citus_url, autocommit=True) as conn:
        with pytest.raises(psycopg.errors.InternalError, match="multi-task query about to be executed"):
            conn.execute(tied.format("f.namespace"))
        assert conn.execute(tied.format("'a'")).fetchall() == []


def test_analyze_runs_on_the_cluster(citus_url: str) -> None:
    """ANALYZE is maintenance across every shard, as migrate is, not a statement of one namespace."""
    with chronomem.open(citus_url, namespace="alice") as mem:
        mem.assert_fact("Alice", "lives_in", value="Berlin")
        mem.engine.analyze()
        assert mem.value("Alice", "lives_in").value == "Berlin"
