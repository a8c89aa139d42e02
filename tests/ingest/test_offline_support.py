"""Helpers for the offline extractor's tests (no tests here): read a message in a context, see its claims as tuples."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from chronomem._time import to_us
from chronomem._values import Episode
from chronomem.ingest import Extraction, ExtractionContext, OfflineExtractor, Role

EXTRACTOR = OfflineExtractor()
BERLIN = ZoneInfo("Europe/Berlin")
SHANGHAI = ZoneInfo("Asia/Shanghai")
#: A Wednesday morning in each zone.
AT_EN = datetime(2024, 3, 6, 10, 0, tzinfo=BERLIN)
AT_ZH = datetime(2024, 3, 6, 10, 0, tzinfo=SHANGHAI)


def episode(text: str, speaker: str = "Dana", role: str = "user", at: datetime = AT_EN, n: int = 0) -> Episode:
    us = to_us(at)
    return Episode(f"e{n}", "ns", text, us, us, role=role, speaker=speaker)


def extract(
    text: str,
    *,
    speaker: str = "Dana",
    role: Role = Role.USER,
    at: datetime | None = None,
    recent: tuple[Episode, ...] = (),
    participants: tuple[str, ...] = ("Dana", "Assistant"),
) -> Extraction:
    zh = any("\u4e00" <= ch <= "\u9fff" for ch in text)
    when = at or (AT_ZH if zh else AT_EN)
    tz = "Asia/Shanghai" if when.tzinfo is SHANGHAI else "Europe/Berlin"
    ctx = ExtractionContext(speaker, role, when, tz, participants, recent)
    return EXTRACTOR.extract(episode(text, speaker, role.value, when), ctx)


def facts(text: str, **kw: object) -> set[tuple[str, str, str | None, str, str]]:
    """``(subject, predicate, object or value, modality, action)`` for every claim; the speaker is "me"."""
    found = set()
    for c in extract(text, **kw).claims:  # type: ignore[arg-type]
        subject = "me" if c.subject.speaker else c.subject.name
        obj = c.object.name if c.object is not None else (None if c.value is None else str(c.value))
        found.add((subject, c.predicate, obj, str(c.modality), c.action.value))
    return found


def asserted(text: str, **kw: object) -> set[tuple[str, str, str | None]]:
    """Only the asserted values (what a reader of the memory would see as true)."""
    return {(s, p, o) for s, p, o, m, a in facts(text, **kw) if m == "asserted" and a == "assert"}


def local(us: int | None, tz: ZoneInfo) -> str | None:
    from chronomem._time import from_us

    return None if us is None else from_us(us).astimezone(tz).strftime("%Y-%m-%d %H:%M")
