"""``chronomem bench ingest --long``: its texts and the command's shape (speed itself is not asserted)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from chronomem.bench.long import KINDS, text
from chronomem.cli import cli


@pytest.mark.parametrize("kind", KINDS)
def test_each_text_has_the_size_asked_and_is_the_same_every_time(kind: str) -> None:
    for size in (100, 2_345):
        assert len(text(kind, size)) == size and text(kind, size) == text(kind, size)


def test_the_runaway_text_has_no_stop() -> None:
    assert not set(".!?。！？\n") & set(text("runaway", 5_000))


def test_the_command_times_every_kind_and_size_and_gives_each_kind_its_ratio() -> None:
    result = CliRunner().invoke(cli, ["bench", "ingest", "--long", "--sizes", "200,400", "--embedder", "hashing",
                                      "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["embedder"].startswith("hashing")
    for kind in KINDS:
        for size in ("200c", "400c"):
            assert figures[f"{kind}_{size}_s"] >= 0 and figures[f"{kind}_{size}_s_per_mb"] >= 0
        assert figures[f"{kind}_ratio"] >= 0


def test_the_command_wants_a_file_or_long_and_sizes_it_can_read() -> None:
    runner = CliRunner()
    assert "--long" in runner.invoke(cli, ["bench", "ingest"]).output
    assert "not a list of numbers" in runner.invoke(cli, ["bench", "ingest", "--long", "--sizes", "1k"]).output
    assert "at least 100" in runner.invoke(cli, ["bench", "ingest", "--long", "--sizes", "50"]).output
