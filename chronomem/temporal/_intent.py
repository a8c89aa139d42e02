"""Temporal intent of a query: the time window a question restricts to ("我上周说的那个项目" -> last week).

Retrieval filters by a ``strict`` window and only boosts by a vague one ("最近", "recently").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, tzinfo

from .._time import from_us
from ._model import Grain, Mention, Shape
from ._parse import parse

__all__ = ["TimeIntent", "query_intent"]


@dataclass(frozen=True, slots=True)
class TimeIntent:
    """The window ``[start, end)`` in UTC microseconds (``None`` = open side) a query is about.

    ``strict`` is False when the window comes from a vague phrase or a plan ("what's next"), so retrieval
    should boost inside it rather than drop everything outside. ``mentions`` are the phrases it came from.
    """

    start: int | None
    end: int | None
    grain: Grain
    strict: bool
    mentions: tuple[Mention, ...]

    @property
    def start_dt(self) -> datetime | None:
        return None if self.start is None else from_us(self.start)

    @property
    def end_dt(self) -> datetime | None:
        return None if self.end is None else from_us(self.end)

    def contains(self, instant_us: int) -> bool:
        """Whether an instant (UTC microseconds) falls inside the window."""
        return (self.start is None or self.start <= instant_us) and (self.end is None or instant_us < self.end)


def _window(m: Mention) -> tuple[int | None, int | None]:
    if m.uncertainty is not None:
        return m.uncertainty
    return m.start, m.end


def query_intent(question: str, reference: datetime, tz: str | tzinfo | None = None) -> TimeIntent | None:
    """The time window a question restricts to, or ``None`` when it names no time.

    Several mentions are joined into the smallest window holding all of them. Durations ("for two hours")
    and event-anchored phrases ("since the wedding", until bound to the event) carry no window and are
    ignored; a recurring time restricts to its next occurrence.

    >>> from datetime import timezone, timedelta
    >>> ref = datetime(2024, 6, 12, 15, 0, tzinfo=timezone(timedelta(hours=8)))
    >>> query_intent("我上周说的那个项目", ref).start_dt.isoformat()
    '2024-06-02T16:00:00+00:00'
    """
    found = tuple(m for m in parse(question, reference, tz) if m.shape not in (Shape.DURATION, Shape.ANCHORED))
    if not found:
        return None
    windows = [_window(m) for m in found]
    starts = [w[0] for w in windows]
    ends = [w[1] for w in windows]
    start = None if any(s is None for s in starts) else min(s for s in starts if s is not None)
    end = None if any(e is None for e in ends) else max(e for e in ends if e is not None)
    grain = max((m.grain for m in found), key=lambda g: g.rank)
    strict = all(m.uncertainty is None and m.shape is not Shape.RECURRING for m in found)
    return TimeIntent(start, end, grain, strict, found)
