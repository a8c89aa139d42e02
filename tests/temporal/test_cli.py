"""``chronomem time parse`` and ``chronomem bench time`` through CliRunner."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from click.testing import CliRunner

from chronomem.cli import cli

REF = "2024-06-12T15:00:00+08:00"


def test_parse_prints_one_array_of_mentions() -> None:
    result = CliRunner().invoke(cli, ["time", "parse", "昨天和下周五下午", "--ref", REF, "--tz", "Asia/Shanghai"])
    assert result.exit_code == 0, result.output
    (lines,) = [json.loads(line) for line in result.output.splitlines()]
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


def test_text_without_a_time_prints_what_stdin_prints_for_it() -> None:
    text = CliRunner().invoke(cli, ["time", "parse", "nothing here", "--ref", REF])
    lines = CliRunner().invoke(cli, ["time", "parse", "--stdin", "--ref", REF], input="nothing here\n")
    assert text.exit_code == lines.exit_code == 0
    assert text.output == lines.output == "[]\n"


def test_the_reference_defaults_to_now() -> None:
    before = datetime.now(UTC)
    result = CliRunner().invoke(cli, ["time", "parse", "tomorrow", "--tz", "UTC"])
    assert result.exit_code == 0, result.output
    (mention,) = json.loads(result.output)
    start = datetime.fromisoformat(mention["start"].replace("Z", "+00:00"))
    assert start.date() in {(before + timedelta(days=1)).date(), (datetime.now(UTC) + timedelta(days=1)).date()}


def test_naive_reference_is_refused_with_a_hint_written_as_the_option() -> None:
    result = CliRunner().invoke(cli, ["time", "parse", "昨天", "--ref", "2024-06-12T15:00:00"])
    assert result.exit_code == 2
    assert "no time zone" in result.output and "--ref 2024-06-12T15:00:00+02:00" in result.output
    assert "datetime(" not in result.output and "tzinfo" not in result.output


def test_naive_reference_is_read_in_tz() -> None:
    naive = CliRunner().invoke(cli, ["time", "parse", "昨天", "--ref", "2024-06-12T15:00", "--tz", "Asia/Shanghai"])
    aware = CliRunner().invoke(cli, ["time", "parse", "昨天", "--ref", REF, "--tz", "Asia/Shanghai"])
    assert naive.exit_code == 0 and naive.output == aware.output
    bad = CliRunner().invoke(cli, ["time", "parse", "昨天", "--tz", "Nowhere/Else"])
    assert bad.exit_code == 2 and "not an IANA zone" in bad.output


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
