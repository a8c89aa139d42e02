"""Temporal intent of a query: the time window a question restricts to ("我上周说的那个项目" -> last week).

Retrieval filters by a ``strict`` window and only boosts by a vague one ("最近", "recently").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, tzinfo

from .._time import from_us
from ._parse import parse
from ._values import Grain, Mention, Shape

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


def _join(windows: list[tuple[int | None, int | None]]) -> tuple[int | None, int | None]:
    """The innermost of nested windows, else the smallest window holding them all (``None`` = open).

    >>> _join([(0, 100), (10, 20)]), _join([(0, 10), (20, 30)]), _join([(None, 10), (0, 5)])
    ((10, 20), (0, 30), (0, 5))
    """
    inner = min(windows, key=lambda w: _width(w))
    if all(_holds(w, inner) for w in windows):
        return inner
    starts, ends = [w[0] for w in windows], [w[1] for w in windows]
    start = None if any(x is None for x in starts) else min(x for x in starts if x is not None)
    end = None if any(x is None for x in ends) else max(x for x in ends if x is not None)
    return start, end


def _width(w: tuple[int | None, int | None]) -> float:
    return float("inf") if w[0] is None or w[1] is None else w[1] - w[0]


def _holds(outer: tuple[int | None, int | None], inner: tuple[int | None, int | None]) -> bool:
    lo = outer[0] is None or (inner[0] is not None and outer[0] <= inner[0])
    hi = outer[1] is None or (inner[1] is not None and inner[1] <= outer[1])
    return lo and hi


def _window(m: Mention) -> tuple[int | None, int | None]:
    if m.uncertainty is not None:
        return m.uncertainty
    return m.start, m.end


def query_intent(question: str, reference: datetime, tz: str | tzinfo | None = None) -> TimeIntent | None:
    """The time window a question restricts to, or ``None`` when it names no time.

    Several mentions are joined into the smallest window holding all of them ("昨天和前天"), unless they nest:
    then the innermost is what the question means ("mid-January" inside "2025", "上周三" inside "六月"). A
    recurring time restricts to its next occurrence, unless the question also dates it: "2025年3月，每天吃几次药"
    asks about March, not about tomorrow. Durations ("for two hours") and event-anchored phrases ("since the
    wedding", until bound to the event) carry no window and are ignored.

    >>> from datetime import timezone, timedelta
    >>> ref = datetime(2024, 6, 12, 15, 0, tzinfo=timezone(timedelta(hours=8)))
    >>> query_intent("我上周说的那个项目", ref).start_dt.isoformat()
    '2024-06-02T16:00:00+00:00'
    """
    found = tuple(m for m in parse(question, reference, tz) if m.shape not in (Shape.DURATION, Shape.ANCHORED))
    if not found:
        return None
    dated = [m for m in found if m.shape is not Shape.RECURRING] or list(found)
    start, end = _join([_window(m) for m in dated])
    named = [m.grain for m in dated if _window(m) == (start, end)]  # the innermost one, when they nest
    grain = named[0] if named else max((m.grain for m in dated), key=lambda g: g.rank)
    strict = all(m.uncertainty is None and m.shape is not Shape.RECURRING for m in dated)
    return TimeIntent(start, end, grain, strict, found)
