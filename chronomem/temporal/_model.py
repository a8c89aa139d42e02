"""Value types of the temporal package: grains, kinds, mentions and plain intervals.

Instants are stored as UTC microseconds (see :mod:`chronomem._time`); the ``start``/``end`` properties give
aware UTC datetimes. ``None`` on a side means that side is open.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from .._time import from_us, to_us
from ..errors import InvalidInterval

__all__ = ["Grain", "Interval", "Kind", "Mention"]


class Grain(StrEnum):
    """How precise a resolved expression is, finest first. Comparable by :attr:`rank`.

    A part of the day ("下午", "tonight") has grain ``hour``: it starts and ends on whole hours.
    """

    SECOND = "second"
    MINUTE = "minute"
    HOUR = "hour"
    DAY = "day"
    WEEK = "week"
    MONTH = "month"
    QUARTER = "quarter"
    SEASON = "season"
    YEAR = "year"
    DECADE = "decade"

    @property
    def rank(self) -> int:
        return _GRAIN_ORDER.index(self)


_GRAIN_ORDER = list(Grain)


class Kind(StrEnum):
    """What shape a mention has.

    ``instant``: one calendar cell at its grain ("yesterday", "3pm", "March 2024").
    ``interval``: an explicit stretch ("3-4pm", "从周一到周三", "this weekend", "tomorrow afternoon").
    ``open_after`` / ``open_before``: one side open ("since March", "until Friday").
    ``duration``: a length without a place in time ("for three hours"); start = reference,
    end = start + length.
    ``recurring``: a repeating time ("every Monday"); start/end is the next occurrence.
    """

    INSTANT = "instant"
    INTERVAL = "interval"
    OPEN_AFTER = "open_after"
    OPEN_BEFORE = "open_before"
    DURATION = "duration"
    RECURRING = "recurring"


def _iso(us: int | None) -> str | None:
    if us is None:
        return None
    return from_us(us).isoformat().replace("+00:00", "Z")


@dataclass(frozen=True, slots=True)
class Mention:
    """One time expression found in a text, resolved to ``[start, end)`` in UTC.

    ``span`` indexes the original text (``text == source[span[0]:span[1]]``). ``uncertainty`` is, for vague
    phrases ("几天前", "recently", "around 3pm"), the widest plausible ``(earliest start, latest end)``.
    """

    text: str
    span: tuple[int, int]
    start_us: int | None
    end_us: int | None
    grain: Grain
    kind: Kind
    uncertainty_us: tuple[int, int] | None = None

    @property
    def start(self) -> datetime | None:
        """Aware UTC start, or ``None`` when open."""
        return None if self.start_us is None else from_us(self.start_us)

    @property
    def end(self) -> datetime | None:
        """Aware UTC end (exclusive), or ``None`` when open."""
        return None if self.end_us is None else from_us(self.end_us)

    @property
    def uncertainty(self) -> tuple[datetime, datetime] | None:
        """``(earliest, latest)`` as aware UTC datetimes for vague phrases, else ``None``."""
        if self.uncertainty_us is None:
            return None
        return from_us(self.uncertainty_us[0]), from_us(self.uncertainty_us[1])

    def to_json(self) -> dict[str, Any]:
        """The CLI shape: ``{"text", "start", "end", "grain", "kind", "uncertainty"}``."""
        unc = None
        if self.uncertainty_us is not None:
            unc = {"start": _iso(self.uncertainty_us[0]), "end": _iso(self.uncertainty_us[1])}
        return {
            "text": self.text,
            "start": _iso(self.start_us),
            "end": _iso(self.end_us),
            "grain": self.grain.value,
            "kind": self.kind.value,
            "uncertainty": unc,
        }


@dataclass(frozen=True, slots=True)
class Interval:
    """A half-open interval ``[start_us, end_us)`` in UTC microseconds; ``end_us=None`` is open-ended.

    Raises :class:`~chronomem.errors.InvalidInterval` when empty or inverted.

    >>> Interval(0, 10).length_us
    10
    """

    start_us: int
    end_us: int | None
    label: str = ""

    def __post_init__(self) -> None:
        if self.end_us is not None and self.end_us <= self.start_us:
            raise InvalidInterval(
                f"interval {self.label!r} has start {self.start_us} >= end {self.end_us}; "
                "the end must come after the start"
            )

    @classmethod
    def of(cls, start: datetime, end: datetime | None, label: str = "") -> Interval:
        """Build from aware datetimes (naive ones raise :class:`~chronomem.errors.NaiveDatetime`)."""
        return cls(to_us(start, name="start"), None if end is None else to_us(end, name="end"), label)

    @property
    def length_us(self) -> int | None:
        return None if self.end_us is None else self.end_us - self.start_us

    @property
    def start(self) -> datetime:
        return from_us(self.start_us)

    @property
    def end(self) -> datetime | None:
        return None if self.end_us is None else from_us(self.end_us)
