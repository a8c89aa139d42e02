"""``chronomem time parse``: a thin shell over :func:`chronomem.temporal.parse`."""

from __future__ import annotations

import io
import json
import sys
from datetime import datetime

import click

from ..temporal import parse
from ._options import reported

__all__ = ["time_group"]


def _dumps(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


def _parse_lines(reference: datetime, tz: str | None) -> None:
    # UTF-8 whatever the locale; detach so that the process's own streams stay open
    out = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="\n")
    src = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    try:
        for line in src:
            mentions = parse(line.rstrip("\r\n"), reference, tz)
            out.write(_dumps([m.to_json() for m in mentions]) + "\n")
    finally:
        out.flush()
        out.detach()
        src.detach()


@click.group(name="time")
def time_group() -> None:
    """Find and resolve time expressions (Chinese and English)."""


@time_group.command(name="parse")
@click.argument("text", required=False)
@click.option("--ref", "ref", required=True, help="Reference time, ISO 8601 with offset: 2024-06-12T15:00:00+08:00.")
@click.option("--tz", default=None, help="Speaker's IANA zone (default: the reference's own offset).")
@click.option("--stdin", "from_stdin", is_flag=True, help="Read one text per line; print one JSON array per line.")
def parse_command(text: str | None, ref: str, tz: str | None, from_stdin: bool) -> None:
    """Print one JSON object per mention: text, start, end (UTC ISO 8601 or null), grain, shape,
    uncertainty, and for a time anchored to an event ("since I caught a cold") its anchor."""
    try:
        reference = datetime.fromisoformat(ref.strip().replace("Z", "+00:00"))
    except ValueError as exc:
        raise click.BadParameter(
            f"{ref!r} is not ISO 8601; use e.g. 2024-06-12T15:00:00+08:00", param_hint="--ref"
        ) from exc
    if from_stdin == (text is not None):
        raise click.UsageError("give either TEXT or --stdin (one text per line), not both or neither")
    with reported():
        if not from_stdin:
            assert text is not None
            for mention in parse(text, reference, tz):
                click.echo(_dumps(mention.to_json()))
            return
        _parse_lines(reference, tz)
