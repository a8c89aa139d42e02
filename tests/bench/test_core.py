"""``chronomem bench core`` runs end to end at a tiny size and reports every documented figure."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from chronomem.bench.core import FACTS_PER_ENTITY, NAMESPACES, Workload
from chronomem.cli import cli

KEYS = {
    "facts",
    "bulk_load_facts_per_s",
    "as_of_read_p50_us",
    "as_of_read_p95_us",
    "as_of_read_raw_p50_us",
    "entity_view_p50_us",
    "history_p50_us",
    "two_hop_p50_us",
    "corrections_per_s",
}


def test_workload_has_the_documented_shape() -> None:
    work = Workload(20_000)
    base, later = work.records(3)
    assert len(base) + len(later) == 20_000 // NAMESPACES
    assert len(later) == work.entities_per_namespace * 20  # 20% supersede earlier values
    assert {r.subject for r in base} == {f"e{i}" for i in range(20_000 // FACTS_PER_ENTITY // NAMESPACES)}
    assert work.records(3) == (base, later)  # reproducible


def test_cli_prints_every_figure_as_json(tmp_path: Path) -> None:
    db = tmp_path / "bench.db"
    result = CliRunner().invoke(
        cli, ["bench", "core", "--facts", "1000", "--reads", "20", "--corrections", "20", "--db", str(db), "--json"]
    )
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures.keys() >= KEYS
    assert figures["facts"] == 1000
    assert all(figures[k] > 0 for k in KEYS)
    assert figures["rows"] > 1000  # superseded values leave their earlier part behind


def test_too_few_facts_is_a_clear_error() -> None:
    result = CliRunner().invoke(cli, ["bench", "core", "--facts", "999"])
    assert result.exit_code != 0
    assert "999" in result.output
