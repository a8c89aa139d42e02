"""A claim's valid time from the time words of its clause and what its verb says.

* No time words: ``(None, None)``, which means "from the message's time on" (a past state: until then).
* A change ("moved last month", "joined in March", "三年前搬到") or a state with a start ("since 2019",
  "从去年开始"): from the start of the named time on.
* A firm change ahead ("I start at Siemens on the 3rd", "下个月一号起"): from that date on.
* A length ("for three years", "三年了"): from that long before the message.
* A past state ("used to", "lived in Rome from 2015 to 2018", "以前"): the named stretch, else until the message.
* "Friday was my last day": from the end of that day.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from zoneinfo import ZoneInfo

from ...temporal import Grain, Mention, Shape, parse
from ._rules import Change

__all__ = ["NEVER", "birthday", "pick_mention", "portion"]

#: The start of valid time for "it never held" (a retraction over all of it: "not allergic after all").
NEVER = 0
_HOUR = 3_600_000_000
_SKIP = frozenset({"now", "现在", "目前", "right now", "currently", "如今", "today", "今天", "these days"})


def pick_mention(
    mentions: Sequence[Mention],
    span: tuple[int, int],
    obj: tuple[int, int] | None,
    near: tuple[int, int] | None = None,
) -> Mention | None:
    """The usable time mention inside ``span`` nearest to ``near`` (the words of the claim; default: the first
    one), not part of the object ("555-0134" is no year); "now" and recurring times say nothing about when a
    value began. In "started at Acme in 2019 and left last year" each verb takes its own time."""
    usable = [m for m in mentions if span[0] <= m.span[0] and m.span[1] <= span[1] and _usable(m, obj)]
    if not usable or near is None:
        return usable[0] if usable else None
    return min(usable, key=lambda m: max(near[0] - m.span[1], m.span[0] - near[1], 0))


def _usable(m: Mention, obj: tuple[int, int] | None) -> bool:
    if obj is not None and m.span[0] < obj[1] and obj[0] < m.span[1]:
        return False
    text = m.text.strip()
    bare_number = text.isdigit() and not (len(text) == 4 and text[:2] in ("19", "20"))  # a year, not "555"
    return not (m.shape is Shape.RECURRING or text.lower() in _SKIP or bare_number)


def portion(change: Change, past: bool, m: Mention | None, reference: int) -> tuple[int | None, int | None]:
    """``(valid_from, valid_to)`` for a claim (see the module docstring); ``reference`` is the message time."""
    if m is None or (m.start is None and m.end is None):
        return (None, reference) if past or change is Change.UNTIL else (None, None)
    if change is Change.UNTIL:
        return None, (m.start if m.start is not None else reference)
    if change is Change.LAST_DAY:
        return (m.end if m.end is not None else m.start), None
    if m.shape is Shape.DURATION and m.start is not None and m.end is not None:
        begun = reference - (m.end - m.start)
        return (begun, reference) if past else (begun, None)
    if past:
        return _past(m, reference)
    if m.start is None or (abs(m.start - reference) < _HOUR and m.shape is Shape.INSTANT):
        return None, None
    return m.start, None


def _past(m: Mention, reference: int) -> tuple[int | None, int | None]:
    """A value that held before: the named stretch when it is over, else from its start until the message."""
    if m.shape is not Shape.OPEN_AFTER and m.end is not None and m.end <= reference:
        return m.start, m.end
    if m.start is not None and m.start < reference:
        return m.start, reference
    return None, reference


_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_EN_MONTH = r"(?P<mon>(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?)"
_DATES = (
    re.compile(r"(?:(?P<y>\d{4})\s*年)?\s*(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*[日号]?"),
    re.compile(r"(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})"),
    re.compile(rf"{_EN_MONTH}\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(?P<y>\d{{4}}))?"),
    re.compile(rf"(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_EN_MONTH}(?:,?\s+(?P<y>\d{{4}}))?"),
)


def birthday(text: str, reference: datetime, tz: str | None) -> str | None:
    """A birthday as ISO text: ``YYYY-MM-DD`` with a year, ``--MM-DD`` without (a day of the year); ``None`` when
    ``text`` names no day ("五月三号" and other spelled-out dates go through the time parser)."""
    for pattern in _DATES:
        m = pattern.search(text)
        if m is None:
            continue
        month = _MONTHS.index(m["mon"][:3].lower()) + 1 if "mon" in m.re.groupindex else int(m["m"])
        day, year = int(m["d"]), m["y"]
        if 1 <= month <= 12 and 1 <= day <= 31:
            return f"{year}-{month:02d}-{day:02d}" if year else f"--{month:02d}-{day:02d}"
    found = [m for m in parse(text, reference, tz) if m.grain is Grain.DAY and m.start is not None]
    if not found:
        return None
    local = found[0].start_dt.astimezone(reference.tzinfo if tz is None else ZoneInfo(tz))  # type: ignore[union-attr]
    return f"--{local.month:02d}-{local.day:02d}"
