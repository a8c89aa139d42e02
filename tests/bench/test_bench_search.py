"""``chronomem bench search`` loads N episodes (a LoCoMo file's turns, repeated) and reports search and context
latency (figures, not asserted as speeds)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

import chronomem
from chronomem.cli import cli


def test_bench_search_repeats_the_turns_and_reports_percentiles(tmp_path: Path) -> None:
    said = [
        {"speaker": "Caroline", "dia_id": "D1:1", "text": "I went to the LGBTQ support group yesterday."},
        {"speaker": "Mel", "dia_id": "D1:2", "text": "Nice! I painted a sunrise last week."},
    ]
    qa = [{"question": "When did Caroline go to the support group?"}, {"question": "What did Mel paint?"}]
    conv = {"speaker_a": "Caroline", "session_1_date_time": "1:56 pm on 8 May, 2023", "session_1": said}
    data = tmp_path / "locomo.json"
    data.write_text(json.dumps([{"sample_id": "c1", "conversation": conv, "qa": qa}]))
    db = tmp_path / "s.db"
    args = ["bench", "search", "--data", str(data), "--db", str(db), "--episodes", "5", "--queries", "4"]
    result = CliRunner().invoke(cli, [*args, "--embedder", "hashing", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert (figures["episodes"], figures["queries"], figures["engine"]) == (5, 4, "sqlite")
    assert 0 < figures["p50_ms"] <= figures["p95_ms"] and 0 < figures["context_p50_ms"] <= figures["context_p95_ms"]
    assert figures["embed_p50_ms"] > 0 and figures["context_tokens_mean"] > 0
    assert figures["settle_s"] >= 0 and 0 < figures["steady_p50_ms"] <= figures["steady_p95_ms"]  # asked again
    with chronomem.open(str(db), namespace="bench-search-5") as mem:
        # the third repeat: the turn's text, made its own (what a search caches per text must not make it free)
        assert mem.get_episode("c1:D1:1~2").content == mem.get_episode("c1:D1:1").content + " (2)"
        assert mem.search("sunrise painted", kinds=["episode"])


def test_bench_search_refuses_a_file_without_questions(tmp_path: Path) -> None:
    conv = {"session_1_date_time": "1:56 pm on 8 May, 2023", "session_1": [{"speaker": "A", "text": "hi there"}]}
    data = tmp_path / "locomo.json"
    data.write_text(json.dumps([{"sample_id": "c1", "conversation": conv}]))
    result = CliRunner().invoke(cli, ["bench", "search", "--data", str(data), "--embedder", "none"])
    assert result.exit_code == 1 and "no turns or no questions" in result.output
