"""``chronomem migrate`` and ``chronomem doctor`` against a real PostgreSQL server."""

from __future__ import annotations

import re

import psycopg
import pytest
from click.testing import CliRunner

import chronomem
from chronomem.cli import cli
from chronomem.engines._pgschema import MIGRATIONS

pytestmark = pytest.mark.integration


def test_migrate_and_doctor_on_postgresql(pg_url: str) -> None:
    runner = CliRunner()
    before = runner.invoke(cli, ["doctor", "--db", pg_url])
    names = [name for name, _ in MIGRATIONS]
    assert before.exit_code == 1 and f"{names} not applied" in before.output
    first = runner.invoke(cli, ["migrate", "--db", pg_url])
    assert first.exit_code == 0 and f"applied: {', '.join(names)}" in first.output
    with chronomem.open(pg_url, namespace="alice") as mem:
        mem.assert_fact("Alice", "lives_in", value="Berlin")
    ok = runner.invoke(cli, ["doctor", "--db", pg_url])
    assert ok.exit_code == 0, ok.output
    assert "ok    invariants [alice]  no overlapping current rows" in ok.output
    # whether the server has pgvector (Debian's PostgreSQL 15 has not), what to do, and where vectors are searched
    assert re.search(r"ok    vectors  this server has no pgvector .* install it .*CREATE EXTENSION vector", ok.output)
    assert "searched in this process, exactly" in ok.output


def test_doctor_finds_overlaps_when_the_constraint_was_dropped_by_hand(pg_url: str) -> None:
    with chronomem.open(pg_url, namespace="alice") as mem:
        mem.assert_fact("Alice", "lives_in", value="Berlin")
    with psycopg.connect(pg_url) as conn:
        conn.execute("ALTER TABLE facts DROP CONSTRAINT facts_no_overlap")
        conn.execute(
            "INSERT INTO facts SELECT namespace, row_id + 100, slot, subject, predicate, object_id, value, "
            "valid_from, valid_to, recorded_from, recorded_to, kind, modality, confidence FROM facts"
        )
    result = CliRunner().invoke(cli, ["doctor", "--db", pg_url])
    assert result.exit_code == 1 and "FAIL  invariants [alice]" in result.output


def test_doctor_reports_an_unreachable_server(tmp_path: object) -> None:
    result = CliRunner().invoke(cli, ["doctor", "--db", f"postgresql://x@/db?host={tmp_path}"])
    assert result.exit_code == 1 and "connection:" in result.output and "server is running" in result.output
