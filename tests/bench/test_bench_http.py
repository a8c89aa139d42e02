"""``chronomem bench http`` serves a fresh store, runs its clients and reports (speeds are not asserted)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from chronomem.cli import cli


@pytest.mark.slow  # serves a store and loads it for two seconds
def test_bench_http_reports_errors_losses_and_latencies() -> None:
    result = CliRunner().invoke(
        cli, ["bench", "http", "--seconds", "2", "--clients", "4", "--namespaces", "2", "--json"]
    )
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert (figures["engine"], figures["clients"], figures["namespaces"]) == ("sqlite", 4, 2)
    assert figures["requests"] > 0 and figures["requests_per_s"] > 0
    assert (figures["errors_5xx"], figures["lost"], figures["duplicated"]) == (0, 0, 0)
    assert figures["messages_stored"] == figures["messages_acknowledged"] > 0
    assert figures["add_p50_ms"] <= figures["add_p95_ms"] and "history_p95_ms" in figures
    assert figures["cpus"] > 0 and "load_avg_1m_after" in figures
