"""Pieces: what one grammar rule recognises, before adjacent pieces are combined.

A grammar (``_en``, ``_zh``) turns each match into a :class:`Piece` in the speaker's local wall clock.
:mod:`._combine` then joins neighbours ("下周五" + "下午" + "三点") and adds ranges and open ends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, tzinfo
from typing import Literal

from ._calendar import add_months, cell, midnight, season_cell, shift, truncate, week_start
from ._values import Grain, Shape

__all__ = ["FINER", "POD", "Ctx", "Mer", "Piece", "PieceKind", "is_time"]

PieceKind = Literal["date", "pod", "clock", "final", "every", "year", "zone"]
Mer = Literal["am", "pm", "noon", "night"] | None

#: Parts of the day: name -> (start hour, end hour, meridiem hint). End hours past 24 run into the next day.
POD: dict[str, tuple[int, int, Mer]] = {
    "small_hours": (0, 6, "am"),
    "early_morning": (4, 9, "am"),
    "morning": (4, 12, "am"),
    "forenoon": (8, 12, "am"),
    "noon": (12, 14, "noon"),
    "afternoon": (12, 18, "pm"),
    "dusk": (17, 19, "pm"),
    "evening": (18, 24, "pm"),
    "night": (18, 24, "night"),
    "late_night": (22, 26, "night"),
    "breakfast": (7, 9, "am"),
    "brunch": (10, 13, None),
    "school": (8, 15, None),
    "work": (9, 17, None),
    "dinner": (18, 21, "pm"),
    "last_night": (18, 30, "night"),
    "end_of_day": (17, 24, "pm"),
    "day": (6, 18, None),
}


@dataclass(slots=True)
class Piece:
    """A recognised fragment. ``lo``/``hi`` are local wall-clock bounds; ``None`` means open."""

    start: int
    end: int
    kind: PieceKind
    lo: datetime | None = None
    hi: datetime | None = None
    grain: Grain = Grain.DAY
    shape: Shape = Shape.INSTANT
    unc: tuple[datetime, datetime] | None = None
    # fields kept so that a year or month named next to this piece can re-anchor it
    year: int | None = None
    month: int | None = None
    day: int | None = None
    season: int | None = None
    holiday: str | None = None
    anchorable: bool = False
    weekday: bool = False
    # parts of day and clock times
    pod: str | None = None
    hour: int = 0
    minute: int = 0
    second: int = 0
    mer: Mer = None
    h24: bool = False
    every: Grain | None = None
    ranged: bool = False
    amount: float = 0.0
    lasting: bool = False  # a duration said with "for" ("for 30 mins"), which a time before it can take
    zone: timedelta | None = None  # a zone named after a clock time ("4pm CET"): its UTC offset
    offset: Grain | None = None  # the unit of a relative offset ("in 7 days": day), which a clock can join

    def span(self, other: Piece) -> tuple[int, int]:
        return min(self.start, other.start), max(self.end, other.end)

    def moved(self, start: int, end: int, **changes: object) -> Piece:
        return replace(self, start=start, end=end, **changes)  # type: ignore[arg-type]


def is_time(p: Piece) -> bool:
    """A clock time (finer than a day), as opposed to a part of the day or a calendar cell."""
    return p.grain.rank < Grain.DAY.rank and not (p.pod is not None and p.shape is Shape.INTERVAL)


FINER = {
    Grain.DECADE: Grain.YEAR,
    Grain.YEAR: Grain.MONTH,
    Grain.SEASON: Grain.MONTH,
    Grain.QUARTER: Grain.MONTH,
    Grain.MONTH: Grain.DAY,
    Grain.WEEK: Grain.DAY,
    Grain.DAY: Grain.HOUR,
    Grain.HOUR: Grain.MINUTE,
    Grain.MINUTE: Grain.SECOND,
    Grain.SECOND: Grain.SECOND,
}


class Ctx:
    """The reference time in the speaker's wall clock, and piece builders relative to it.

    ``past`` is set when an English sentence is in the past tense; bare weekdays then look back.
    """

    def __init__(self, now: datetime, tz: tzinfo | None = None, past: bool | Callable[[], bool] = False) -> None:
        self.now = now
        self.tz = tz
        self._past = past
        self.today = midnight(now)

    @property
    def past(self) -> bool:
        """Whether the sentence reads as past tense (computed on first use: most texts never ask)."""
        if callable(self._past):
            self._past = self._past()
        return self._past

    # -- builders ---------------------------------------------------------------------------------
    def cell(self, s: int, e: int, d: datetime, grain: Grain, **kw: object) -> Piece:
        lo, hi = cell(d, grain)
        return Piece(s, e, "date", lo, hi, grain, **kw)  # type: ignore[arg-type]

    def day(self, s: int, e: int, offset: int, **kw: object) -> Piece:
        return self.cell(s, e, self.today + timedelta(days=offset), Grain.DAY, **kw)

    def period(self, s: int, e: int, grain: Grain, offset: int) -> Piece:
        """This (0), next (1) or last (-1) week/month/quarter/year/decade."""
        if grain is Grain.SEASON:
            return self.season(s, e, None, None, offset)
        return self.cell(s, e, shift(cell(self.now, grain)[0], grain, offset), grain)

    def weekday(self, s: int, e: int, wd: int, week_offset: int | None, mode: str = "week") -> Piece:
        """``wd`` 0=Monday. ``mode`` "week": that day of the week ``week_offset`` away; "next"/"last": the
        nearest such day strictly after/before today; "this": on or after today."""
        delta = wd - self.today.weekday()
        if mode == "next":
            delta = delta if delta > 0 else delta + 7
        elif mode == "last":
            delta = delta if delta < 0 else delta - 7
        elif mode == "this":
            delta = delta if delta >= 0 else delta + 7
        else:
            delta += 7 * (week_offset or 0)
        return self.day(s, e, delta, weekday=True)

    def weekend(self, s: int, e: int, week_offset: int) -> Piece:
        """Friday 18:00 to Monday 00:00 (grain hour, as in Duckling) of the week ``week_offset`` away."""
        fri = week_start(self.now) + timedelta(days=4 + 7 * week_offset, hours=18)
        return Piece(s, e, "date", fri, fri + timedelta(hours=54), Grain.HOUR, Shape.INTERVAL)

    def ymd(self, s: int, e: int, year: int | None, month: int | None, day: int | None) -> Piece | None:
        """A calendar date; a missing year (or month) is taken from the reference, and re-anchorable."""
        anchorable = year is None
        y = self.now.year if year is None else year
        month_v: int | None = month
        if month is None and day is not None:
            month_v, anchorable = self.now.month, True
        try:
            if month_v is None:
                return Piece(s, e, "year", datetime(y, 1, 1), datetime(y + 1, 1, 1), Grain.YEAR, year=y)
            if day is None:
                lo = datetime(y, month_v, 1)
                return Piece(
                    s,
                    e,
                    "date",
                    lo,
                    add_months(lo, 1),
                    Grain.MONTH,
                    year=year,
                    month=month,
                    anchorable=anchorable,
                )
            lo = datetime(y, month_v, day)
        except (ValueError, OverflowError):
            return None
        return Piece(
            s,
            e,
            "date",
            lo,
            lo + timedelta(days=1),
            Grain.DAY,
            year=year,
            month=month,
            day=day,
            anchorable=anchorable,
        )

    def season(self, s: int, e: int, year: int | None, index: int | None, offset: int = 0) -> Piece:
        from ._calendar import season_of

        cur_year, cur_index = season_of(self.now)
        if index is None:
            y, i = divmod(cur_year * 4 + cur_index + offset, 4)
        else:
            y = (year if year is not None else self.now.year) + offset
            i = index
            if year is None and offset == 0 and index == 3 and self.now.month in (1, 2):
                y -= 1
        lo, hi = season_cell(y, i)
        # "this season", "last season" name their year; only a named season without one rolls on ("winter")
        anchorable = year is None and index is not None
        return Piece(s, e, "date", lo, hi, Grain.SEASON, Shape.INSTANT, season=i, anchorable=anchorable)

    def pod_piece(self, s: int, e: int, name: str, day_offset: int | None = None) -> Piece:
        """A part of the day; with ``day_offset`` it is already tied to a day (今晚, tomorrow morning)."""
        if day_offset is None:
            return Piece(s, e, "pod", pod=name, mer=POD[name][2], grain=Grain.HOUR)
        return self.with_pod(self.day(s, e, day_offset), name)

    def with_pod(self, date: Piece, name: str) -> Piece:
        assert date.lo is not None
        h0, h1, mer = POD[name]
        day = midnight(date.lo)
        return replace(
            date,
            lo=day + timedelta(hours=h0),
            hi=day + timedelta(hours=h1),
            pod=name,
            mer=mer,
            grain=Grain.HOUR,
            shape=Shape.INTERVAL,
        )

    def relative(
        self, s: int, e: int, n: float, unit: Grain, sign: int, vague: bool = False, finer: bool = False
    ) -> Piece:
        """``n`` units ago (sign -1) or from now (+1): the reference moved by the amount, then truncated.

        Two readings, as in Duckling's corpora: ``finer`` (English "three months ago", "in 7 days") keeps one
        grain finer than the unit (two for a fractional amount: "in 2.5 hours" is to the second), so "three
        months ago" is the day 2012-11-12 and "in 7 days" the hour; otherwise (Chinese "三个月前", "三天后") the
        result is the unit's own calendar cell (the month 2012-11), a fractional amount one grain finer ("半年前"
        is months). Vague amounts ("几天前") carry an uncertainty range (2 to 9 units)."""
        target = shift(self.now, unit, sign * n)
        grain = unit if n == int(n) else FINER[unit]
        if finer:
            grain = FINER[grain]
        lo = truncate(target, grain)
        hi = shift(lo, grain, 1)
        kind: PieceKind = "date" if grain is Grain.DAY else "final"
        unc = None
        if vague:
            a, b = shift(self.now, unit, sign * 2), shift(self.now, unit, sign * 9)
            a, b = min(a, b), max(a, b)
            gunit = Grain.DAY if unit.rank >= Grain.DAY.rank else unit
            unc = (cell(a, gunit)[0], cell(b, gunit)[1])
        return Piece(s, e, kind, lo, hi, grain, Shape.INSTANT, unc=unc, offset=unit)

    def span_back(self, s: int, e: int, n: int, unit: Grain, sign: int) -> Piece:
        """ "the last 3 days" (sign -1): the n whole units before the current one; "next 3 days": after it."""
        cur = cell(self.now, unit)[0]
        if sign < 0:
            lo, hi = shift(cur, unit, -n), cur
        else:
            lo = shift(cur, unit, 1)
            hi = shift(lo, unit, n)
        return Piece(s, e, "final", lo, hi, unit, Shape.INTERVAL)

    def window(
        self,
        s: int,
        e: int,
        lo: datetime,
        hi: datetime,
        grain: Grain,
        kind: Shape = Shape.INTERVAL,
        unc: tuple[datetime, datetime] | None = None,
    ) -> Piece:
        return Piece(s, e, "final", lo, hi, grain, kind, unc=unc)

    def clock(
        self,
        s: int,
        e: int,
        hour: int,
        minute: int | None = None,
        second: int | None = None,
        mer: Mer = None,
        h24: bool = False,
    ) -> Piece | None:
        if not (0 <= hour <= 24 and 0 <= (minute or 0) < 60 and 0 <= (second or 0) < 60):
            return None
        grain = Grain.HOUR if minute is None else (Grain.MINUTE if second is None else Grain.SECOND)
        return Piece(
            s,
            e,
            "clock",
            grain=grain,
            hour=hour,
            minute=minute or 0,
            second=second or 0,
            mer=mer,
            h24=h24 or hour == 0 or hour > 12,
        )

    def month_part(self, s: int, e: int, month_piece: Piece, part: str) -> Piece:
        """Early/mid/late thirds of a month (1-10, 11-20, 21-end) or parts of a year (months 1-3, 5-8, 9-12)."""
        assert month_piece.lo is not None and month_piece.hi is not None
        lo = month_piece.lo
        if month_piece.grain is Grain.YEAR:
            bounds = {"early": (0, 3), "mid": (4, 8), "late": (8, 12)}[part]  # late: Sep-Dec, as in Duckling
            return Piece(
                s,
                e,
                "final",
                add_months(lo, bounds[0]),
                add_months(lo, bounds[1]),
                Grain.MONTH,
                Shape.INTERVAL,
            )
        days = {"early": (0, 10), "mid": (10, 20), "late": (20, None)}[part]
        start = lo + timedelta(days=days[0])
        end = month_piece.hi if days[1] is None else lo + timedelta(days=days[1])
        return Piece(s, e, "final", start, end, Grain.DAY, Shape.INTERVAL)
