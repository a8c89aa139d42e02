"""``chronomem bench ingest`` replays a conversation file and reports its figures (not asserted as speeds)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from chronomem.cli import cli


def test_bench_ingest_reports_rates_and_what_was_stored(tmp_path: Path) -> None:
    said = [
        {"speaker": "Caroline", "dia_id": "D1:1", "text": "I live in Denver now and I love hiking."},
        {"speaker": "Mel", "dia_id": "D1:2", "text": "Nice! My sister lives in Boston."},
    ]
    data = tmp_path / "locomo.json"
    conv = {"speaker_a": "Caroline", "session_1_date_time": "1:56 pm on 8 May, 2023", "session_1": said}
    data.write_text(json.dumps([{"sample_id": "c1", "conversation": conv}]))
    result = CliRunner().invoke(cli, ["bench", "ingest", "--data", str(data), "--no-embed", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["episodes"] == 2 and figures["errors"] == 0 and figures["episodes_per_s"] > 0
    assert figures["facts_per_episode"] > 0 and 0 < figures["extract_share"] < 1
    assert figures["episodes_per_cpu_s"] > 0 and figures["warmup_s"] > 0
    assert "episodes_per_s_with_embeddings" not in figures
