"""Value types of the temporal package: grains, shapes, mentions and labelled intervals.

Instants are UTC microseconds named plainly (``start``, ``end``, ``uncertainty``; see :mod:`chronomem._time`),
as in the core :class:`chronomem.Interval`; the ``start_dt``/``end_dt``/``uncertainty_dt`` properties give aware
UTC datetimes. ``None`` on a side means that side is open.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from .._time import from_us, to_us
from ..errors import InvalidInterval

__all__ = ["Anchor", "Grain", "Interval", "Mention", "Shape"]


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


class Shape(StrEnum):
    """What shape a mention has.

    ``instant``: one calendar cell at its grain ("yesterday", "3pm", "March 2024").
    ``interval``: an explicit stretch ("3-4pm", "从周一到周三", "this weekend", "tomorrow afternoon").
    ``open_after`` / ``open_before``: one side open ("since March", "until Friday").
    ``duration``: a length without a place in time ("for three hours"); start = reference,
    end = start + length.
    ``recurring``: a repeating time ("every Monday"); start/end is the next occurrence.
    ``anchored``: a time relative to an event the text names but does not date ("since I caught a cold",
    "two days after the wedding", "结婚前"); start and end are ``None`` and :attr:`Mention.anchor` says how to
    place it once the event is known.
    """

    INSTANT = "instant"
    INTERVAL = "interval"
    OPEN_AFTER = "open_after"
    OPEN_BEFORE = "open_before"
    DURATION = "duration"
    RECURRING = "recurring"
    ANCHORED = "anchored"


def _iso(us: int | None) -> str | None:
    if us is None:
        return None
    return from_us(us).isoformat().replace("+00:00", "Z")


def _dt(us: int | None) -> datetime | None:
    return None if us is None else from_us(us)


@dataclass(frozen=True, slots=True)
class Anchor:
    """How an anchored mention stands to the event it names, to be bound by whoever knows when it happened.

    ``event`` is the event's words as written ("I caught a cold", "the wedding", "搬家"), ``event_span`` their
    place in the text. ``relation``: ``since`` (from the event on), ``after``, ``before`` or ``until``. With an
    amount ("two days after the wedding", "结婚两年后") ``amount`` and ``unit`` give the offset, in the direction
    of the relation; otherwise both are ``None``.
    """

    event: str
    event_span: tuple[int, int]
    relation: str
    amount: float | None = None
    unit: Grain | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "relation": self.relation,
            "amount": self.amount,
            "unit": None if self.unit is None else self.unit.value,
        }


@dataclass(frozen=True, slots=True)
class Mention:
    """One time expression found in a text, resolved to ``[start, end)`` in UTC microseconds.

    ``span`` indexes the original text (``text == source[span[0]:span[1]]``). ``uncertainty`` is, for vague
    phrases ("几天前", "recently", "around 3pm"), the widest plausible ``(earliest start, latest end)``. As for
    :class:`chronomem.Interval`, the ``_dt`` properties give the same instants as aware UTC datetimes.
    ``anchor`` is set on ``anchored`` mentions only (both ends ``None``).
    """

    text: str
    span: tuple[int, int]
    start: int | None
    end: int | None
    grain: Grain
    shape: Shape
    uncertainty: tuple[int, int] | None = None
    anchor: Anchor | None = None

    @property
    def start_dt(self) -> datetime | None:
        """Aware UTC start, or ``None`` when open."""
        return _dt(self.start)

    @property
    def end_dt(self) -> datetime | None:
        """Aware UTC end (exclusive), or ``None`` when open."""
        return _dt(self.end)

    @property
    def uncertainty_dt(self) -> tuple[datetime, datetime] | None:
        """``(earliest, latest)`` as aware UTC datetimes for vague phrases, else ``None``."""
        if self.uncertainty is None:
            return None
        return from_us(self.uncertainty[0]), from_us(self.uncertainty[1])

    def to_json(self) -> dict[str, Any]:
        """The CLI shape: ``{"text", "start", "end", "grain", "shape", "uncertainty"}``, and ``"anchor"`` on an
        anchored mention."""
        unc = None
        if self.uncertainty is not None:
            unc = {"start": _iso(self.uncertainty[0]), "end": _iso(self.uncertainty[1])}
        if self.anchor is not None:
            return {**self._json(unc), "anchor": self.anchor.to_json()}
        return self._json(unc)

    def _json(self, unc: dict[str, str | None] | None) -> dict[str, Any]:
        return {
            "text": self.text,
            "start": _iso(self.start),
            "end": _iso(self.end),
            "grain": self.grain.value,
            "shape": self.shape.value,
            "uncertainty": unc,
        }


@dataclass(frozen=True, slots=True)
class Interval:
    """A labelled half-open interval ``[start, end)`` in UTC microseconds; ``end=None`` is open-ended.

    Fields and ``_dt`` views are named as in :class:`chronomem.Interval`; the ``label`` names the event.
    Raises :class:`~chronomem.errors.InvalidInterval` when empty or inverted.

    >>> Interval(0, 10).length
    10
    """

    start: int
    end: int | None
    label: str = ""

    def __post_init__(self) -> None:
        if self.end is not None and self.end <= self.start:
            raise InvalidInterval(
                f"interval {self.label!r} has start {self.start} >= end {self.end}; the end must come after the start"
            )

    @classmethod
    def of(cls, start: datetime, end: datetime | None, label: str = "") -> Interval:
        """Build from aware datetimes (naive ones raise :class:`~chronomem.errors.NaiveDatetime`)."""
        return cls(to_us(start, name="start"), None if end is None else to_us(end, name="end"), label)

    @property
    def length(self) -> int | None:
        """Microseconds from start to end, or ``None`` when open-ended."""
        return None if self.end is None else self.end - self.start

    @property
    def start_dt(self) -> datetime:
        return from_us(self.start)

    @property
    def end_dt(self) -> datetime | None:
        return _dt(self.end)
