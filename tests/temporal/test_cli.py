"""``chronomem time parse`` and ``chronomem bench time`` through CliRunner."""

from __future__ import annotations

import json

from click.testing import CliRunner

from chronomem.cli import cli

REF = "2024-06-12T15:00:00+08:00"


def test_parse_prints_one_object_per_mention() -> None:
    result = CliRunner().invoke(cli, ["time", "parse", "昨天和下周五下午", "--ref", REF, "--tz", "Asia/Shanghai"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert [x["text"] for x in lines] == ["昨天", "下周五下午"]
    assert lines[0] == {
        "text": "昨天",
        "start": "2024-06-10T16:00:00Z",
        "end": "2024-06-11T16:00:00Z",
        "grain": "day",
        "shape": "instant",
        "uncertainty": None,
    }


def test_stdin_prints_one_array_per_line() -> None:
    result = CliRunner().invoke(cli, ["time", "parse", "--stdin", "--ref", REF], input="昨天\nnothing\nsince March\n")
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert len(rows) == 3
    assert rows[1] == []
    assert rows[2][0]["start"] == "2024-02-29T16:00:00Z" and rows[2][0]["end"] is None


def test_bad_reference_is_a_usage_error() -> None:
    result = CliRunner().invoke(cli, ["time", "parse", "昨天", "--ref", "yesterday"])
    assert result.exit_code == 2
    assert "ISO 8601" in result.output


def test_naive_reference_is_refused() -> None:
    result = CliRunner().invoke(cli, ["time", "parse", "昨天", "--ref", "2024-06-12T15:00:00"])
    assert result.exit_code == 1
    assert "no time zone" in result.output


def test_text_or_stdin_not_both() -> None:
    result = CliRunner().invoke(cli, ["time", "parse", "--ref", REF])
    assert result.exit_code == 2


def test_bench_time_json() -> None:
    result = CliRunner().invoke(cli, ["bench", "time", "-n", "200", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["messages"] == 200
    assert figures["messages_per_s"] > 0
    assert 0 < figures["mentions"] < 200
