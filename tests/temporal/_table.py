"""Helpers for the case tables: ``text | start | grain [| kind]``, start in the reference's wall clock."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from chronomem.temporal import Mention, parse

#: Wednesday 2024-06-12 15:00 in UTC+8 (Beijing). Week of Mon 06-10 .. Sun 06-16.
REF = datetime(2024, 6, 12, 15, 0, tzinfo=timezone(timedelta(hours=8)))


@dataclass(frozen=True)
class Case:
    text: str
    start: str
    grain: str
    kind: str | None

    def __str__(self) -> str:
        return self.text


def load(table: str) -> list[Case]:
    cases = []
    for line in table.strip().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = [p.strip() for p in line.split(" | ")]
        cases.append(Case(parts[0], parts[1], parts[2], parts[3] if len(parts) > 3 else None))
    return cases


def local(dt: datetime | None, ref: datetime = REF) -> str:
    if dt is None:
        return "-"
    return dt.astimezone(ref.tzinfo).strftime("%Y-%m-%d %H:%M")


def expected_start(case: Case, ref: datetime = REF) -> str:
    s = case.start
    if s == "-":
        return s
    if len(s) == 5:  # HH:MM on the reference day
        return f"{ref:%Y-%m-%d} {s}"
    if len(s) == 10:
        return f"{s} 00:00"
    return s


def only(text: str, ref: datetime = REF, tz: str | None = None) -> Mention:
    found = parse(text, ref, tz)
    assert len(found) == 1, f"{text!r}: expected one mention, got {[m.to_json() for m in found]}"
    return found[0]


def check(case: Case, ref: datetime = REF) -> None:
    m = only(case.text, ref)
    shown = local(m.start_dt if m.start_dt is not None else None, ref)
    if case.start == "-":
        assert m.start_dt is None, f"{case.text!r}: start should be open, got {shown}"
    else:
        assert shown == expected_start(case, ref), f"{case.text!r}: start {shown}, {m.to_json()}"
    assert m.grain.value == case.grain, f"{case.text!r}: grain {m.grain.value} != {case.grain}"
    if case.kind is not None:
        assert m.shape.value == case.kind, f"{case.text!r}: kind {m.shape.value} != {case.kind}"
