"""``chronomem time parse``: a thin shell over :func:`chronomem.temporal.parse`."""

from __future__ import annotations

import io
import json
import sys
from datetime import UTC, datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

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
@click.option(
    "--ref", "ref", default=None,
    help="Reference time, ISO 8601 with offset: 2024-06-12T15:00:00+08:00 (default: now). Without an offset it is "
    "read in --tz.",
)  # fmt: skip
@click.option("--tz", default=None, help="Speaker's IANA zone (default: the reference's own offset).")
@click.option("--stdin", "from_stdin", is_flag=True, help="Read one text per line; print one JSON array per line.")
def parse_command(text: str | None, ref: str | None, tz: str | None, from_stdin: bool) -> None:
    """Print the mentions of TEXT as one JSON array (``[]`` when it names no time), as --stdin does for each
    line. Each mention has text, start, end (UTC ISO 8601 or null), grain, shape, uncertainty, and for a time
    anchored to an event ("since I caught a cold") its anchor."""
    if from_stdin == (text is not None):
        raise click.UsageError("give either TEXT or --stdin (one text per line), not both or neither")
    reference = _reference(ref, tz)
    with reported():
        if not from_stdin:
            assert text is not None
            click.echo(_dumps([m.to_json() for m in parse(text, reference, tz)]))
            return
        _parse_lines(reference, tz)


def _reference(ref: str | None, tz: str | None) -> datetime:
    """``--ref`` as an aware datetime: now when absent; a time without an offset is read in ``--tz``, and
    without ``--tz`` refused with a hint written as the option it needs."""
    zone = None
    if tz is not None:
        try:
            zone = ZoneInfo(tz)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise click.BadParameter(f"{tz!r} is not an IANA zone; use e.g. Asia/Shanghai", param_hint="--tz") from exc
    if ref is None:
        return datetime.now(zone or UTC)
    try:
        reference = datetime.fromisoformat(ref.strip().replace("Z", "+00:00"))
    except ValueError as exc:
        raise click.BadParameter(
            f"{ref!r} is not ISO 8601; use e.g. 2024-06-12T15:00:00+08:00", param_hint="--ref"
        ) from exc
    if reference.tzinfo is not None:
        return reference
    if zone is not None:
        return reference.replace(tzinfo=zone)
    raise click.BadParameter(
        f"{ref!r} has no time zone; add an offset, e.g. --ref {ref.strip()}+02:00 or --ref {ref.strip()}Z, "
        "or give the zone with --tz Europe/Berlin",
        param_hint="--ref",
    )
