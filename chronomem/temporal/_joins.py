"""Combination rules over typed pieces: named records, tried in priority order.

``JOINS`` say what two neighbouring pieces make together ("下周五" + "下午", "tomorrow" + "at 5", "2024" +
"March 5"); ``RANGE_ENDS`` how the two ends of a range ("3 to 5pm", "周一到周五", "5 to 8 March") complete each
other. Each rule has a name, a test over the two pieces (their kind, grain, shape and the fields a grammar
left on them), a priority and a production. For a pair of pieces the applicable rule of highest priority
decides: its production gives the result, or ``None`` to leave the pieces apart; no lower rule is tried.
A ``symmetric`` rule also applies with the two pieces swapped (a day and a clock range in either order).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Generic, TypeVar

from ._calendar import midnight, shift
from ._pieces import Ctx, Piece, is_time
from ._placement import as_final, clock_final, place_clock
from ._values import Grain, Shape

__all__ = ["JOINS", "RANGE_ENDS", "Combination", "Combinations"]

T = TypeVar("T")
Test = Callable[[Piece, Piece], bool]


@dataclass(frozen=True, slots=True)
class Combination(Generic[T]):
    """One combination rule: when ``applies(a, b)``, ``produce(a, b, ctx)`` decides (``None``: no combination)."""

    name: str
    applies: Test
    priority: int
    produce: Callable[[Piece, Piece, Ctx], T | None]
    symmetric: bool = False


class Combinations(Generic[T]):
    """A registry of combination rules whose names start with ``prefix``; refuses duplicate names."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self._ordered: tuple[Combination[T], ...] = ()
        # (applies, produce, swapped) in the order they are tried: a symmetric rule is tried both ways
        self._tries: tuple[tuple[Test, Callable[[Piece, Piece, Ctx], T | None], bool], ...] = ()

    def __iter__(self) -> Iterator[Combination[T]]:
        return iter(self._ordered)

    def rule(
        self, name: str, *, applies: Test, priority: int, symmetric: bool = False
    ) -> Callable[[Callable[[Piece, Piece, Ctx], T | None]], Callable[[Piece, Piece, Ctx], T | None]]:
        """Register the decorated production under ``name``; it is returned unchanged."""

        def register(produce: Callable[[Piece, Piece, Ctx], T | None]) -> Callable[[Piece, Piece, Ctx], T | None]:
            if not name.startswith(self.prefix + "."):
                raise ValueError(f"combination {name!r} does not belong to {self.prefix!r}")
            if any(c.name == name for c in self._ordered):
                raise ValueError(f"combination {name!r} is registered twice; names must be unique")
            rule = Combination(name, applies, priority, produce, symmetric)
            self._ordered = tuple(sorted((*self._ordered, rule), key=lambda c: (-c.priority, c.name)))
            self._tries = tuple(
                (c.applies, c.produce, swapped)
                for c in self._ordered
                for swapped in ((False, True) if c.symmetric else (False,))
            )
            return produce

        return register

    def combine(self, a: Piece, b: Piece, ctx: Ctx) -> T | None:
        """What the applicable rule of highest priority makes of ``a`` followed by ``b`` (``None``: nothing)."""
        for applies, produce, swapped in self._tries:
            if swapped:
                if applies(b, a):
                    return produce(b, a, ctx)
            elif applies(a, b):
                return produce(a, b, ctx)
        return None


JOINS: Combinations[Piece] = Combinations("join")
RANGE_ENDS: Combinations[tuple[Piece, Piece]] = Combinations("range")


# -- piece types ----------------------------------------------------------------------------------------
def _day(p: Piece) -> bool:
    """A single calendar day ("tomorrow", "March 5", "周三")."""
    return p.kind == "date" and p.grain is Grain.DAY and p.shape is Shape.INSTANT


def _day_or_part(p: Piece) -> bool:
    """A day, or a part of a day already tied to one ("tomorrow morning", "今晚")."""
    return p.kind == "date" and (p.grain is Grain.DAY or p.pod is not None)


def _day_of_month(p: Piece) -> bool:
    """A day of the month with no month of its own ("the 15th", "十五号"), to be anchored by a neighbour."""
    return p.kind == "date" and p.anchorable and p.month is None


def _reanchor(p: Piece, ctx: Ctx, year: int | None, month: int | None) -> Piece | None:
    if p.season is not None and year is not None:
        return ctx.season(p.start, p.end, year, p.season)
    if p.holiday is not None and year is not None:
        from ._holidays import holiday_piece

        return holiday_piece(ctx, p.start, p.end, p.holiday, year)
    if not p.anchorable:
        return None
    y = year if year is not None else (p.year if p.year is not None else None)
    m = month if p.month is None else p.month
    if p.month is None and month is None:
        return None
    return ctx.ymd(p.start, p.end, y, m, p.day)


def _on_weekday(date: Piece, wd: Piece, ctx: Ctx) -> Piece:
    """ "Fri, Jul 18": a date without a year falls in the first year from the reference's on which it is that
    weekday (as in Duckling); "Sunday, Feb 10" stays in the reference's year even when already past."""
    if date.year is not None or date.month is None or date.day is None or date.lo is None or wd.lo is None:
        return date
    if date.lo.weekday() == wd.lo.weekday():
        return date
    for year in range(ctx.now.year, ctx.now.year + 28):
        try:
            d = datetime(year, date.month, date.day)
        except ValueError:
            continue
        if d.weekday() == wd.lo.weekday():
            return replace(date, lo=d, hi=d + timedelta(days=1))
    return date


# -- joins: two neighbours make one piece -------------------------------------------------------------------
@JOINS.rule(
    "join.day+clock_range", applies=lambda a, b: _day(a) and b.holiday == "clock_range", priority=170, symmetric=True
)
def _day_clock_range(day: Piece, rng: Piece, ctx: Ctx) -> Piece | None:
    """ "tomorrow 3-4pm": the clock range moved onto the day."""
    assert day.lo is not None and rng.lo is not None and rng.hi is not None
    s, e = day.span(rng)
    delta = midnight(day.lo) - ctx.today
    return rng.moved(s, e, lo=rng.lo + delta, hi=rng.hi + delta, kind="final", holiday=None)


@JOINS.rule(
    "join.year+date",
    applies=lambda a, b: (
        a.kind == "year" and b.kind == "date" and bool(b.anchorable or b.season is not None or b.holiday)
    ),
    priority=160,
)
def _year_date(year: Piece, date: Piece, ctx: Ctx) -> Piece | None:
    """ "2025年3月5号", "2023 summer", "Christmas 2025" after the year: the date re-anchored in that year."""
    r = _reanchor(date, ctx, year.year, None)
    return None if r is None else r.moved(*year.span(date), year=year.year, anchorable=False)


@JOINS.rule(
    "join.month+day_of_month",
    applies=lambda a, b: a.kind == "date" and a.grain is Grain.MONTH and _day_of_month(b),
    priority=150,
    symmetric=True,
)
def _month_day_of_month(month: Piece, day: Piece, ctx: Ctx) -> Piece | None:
    """ "下个月15号", "the 5th of next month": the day of the month in that month."""
    assert month.lo is not None
    r = _reanchor(day, ctx, month.lo.year, month.lo.month)
    return None if r is None else r.moved(*month.span(day), anchorable=False)


@JOINS.rule("join.day+part_of_day", applies=lambda a, b: _day(a) and b.kind == "pod", priority=140)
def _day_part_of_day(day: Piece, part: Piece, ctx: Ctx) -> Piece | None:
    """ "下周五下午", "tomorrow morning"."""
    assert part.pod is not None
    return ctx.with_pod(day, part.pod).moved(*day.span(part))


@JOINS.rule(
    "join.day+clock",
    applies=lambda a, b: _day_or_part(a) and b.kind == "clock" and a.shape in (Shape.INSTANT, Shape.INTERVAL),
    priority=130,
)
def _day_clock(day: Piece, clock: Piece, ctx: Ctx) -> Piece | None:
    """ "明天下午三点", "tomorrow at 5"; a stretch of days with no part of the day takes no clock."""
    if day.shape is Shape.INTERVAL and day.pod is None:
        return None
    return clock_final(day, clock, ctx, *day.span(clock))


@JOINS.rule(
    "join.clock+day",
    applies=lambda a, b: a.kind == "clock" and _day_or_part(b) and bool(b.shape is Shape.INSTANT or b.pod),
    priority=120,
)
def _clock_day(clock: Piece, day: Piece, ctx: Ctx) -> Piece | None:
    """ "5pm tomorrow", "3pm this afternoon"."""
    return clock_final(day, clock, ctx, *clock.span(day))


@JOINS.rule(
    "join.offset+clock",
    applies=lambda a, b: (
        a.offset is not None and a.offset.rank >= Grain.DAY.rank and a.lo is not None and b.kind == "clock"
    ),
    priority=115,
    symmetric=True,
)
def _offset_clock(offset: Piece, clock: Piece, ctx: Ctx) -> Piece | None:
    """ "in 7 days at 5pm", "at 7 in 3 years": the clock on the day the offset starts."""
    assert offset.lo is not None
    day = Piece(offset.start, offset.end, "date", midnight(offset.lo), midnight(offset.lo) + timedelta(days=1))
    return clock_final(day, clock, ctx, *offset.span(clock))


def _date_then_offset(a: Piece, b: Piece) -> bool:
    """A date that names no year ("March", "Christmas", "the 15th") and an offset ahead in years or months
    coarser than it ("in 1 year", "in 2 months")."""
    return (
        a.kind == "date"
        and (a.year is None or a.holiday is not None)
        and bool(a.anchorable or a.holiday or a.season is not None)
        and b.offset in (Grain.YEAR, Grain.MONTH)
        and b.lo is not None
        and b.unc is None
        and a.grain.rank < b.offset.rank
    )


@JOINS.rule("join.date+offset", applies=_date_then_offset, priority=112)
def _date_offset(date: Piece, offset: Piece, ctx: Ctx) -> Piece | None:
    """ "March in 1 year", "Christmas in 2 years", "the 15th in 2 months": the date as said that far ahead,
    i.e. its next occurrence on or after the moved reference."""
    assert offset.lo is not None and offset.offset is not None
    if offset.lo <= ctx.now:
        return None  # "March 2 years ago" is not this rule's
    unit = offset.offset
    month = offset.lo.month if unit is Grain.MONTH else None
    r = _reanchor(date, ctx, offset.lo.year, month)
    if r is not None and r.hi is not None and r.hi <= midnight(offset.lo):
        nxt = shift(offset.lo, unit, 1)
        r = _reanchor(date, ctx, nxt.year, nxt.month if month else None)
    return None if r is None else r.moved(*date.span(offset), anchorable=False)


@JOINS.rule(
    "join.time+duration",
    applies=lambda a, b: (
        b.lasting
        and b.amount > 0
        and (a.kind == "clock" or (a.kind in ("date", "final") and a.lo is not None and a.shape is Shape.INSTANT))
    ),
    priority=105,
)
def _time_for_duration(time: Piece, length: Piece, ctx: Ctx) -> Piece | None:
    """ "4pm for 30 mins", "18th Dec for 10 days": from the time, for that long (grain: the length's unit)."""
    t = as_final(time, ctx)
    assert t.lo is not None
    hi = shift(t.lo, length.grain, length.amount)
    return Piece(*time.span(length), "final", t.lo, hi, length.grain, Shape.INTERVAL, ranged=True)


@JOINS.rule(
    "join.weekday_time+day",
    applies=lambda a, b: a.kind == "final" and a.weekday and is_time(a) and _day(b) and not b.weekday,
    priority=110,
)
def _weekday_time_day(time: Piece, day: Piece, ctx: Ctx) -> Piece | None:
    """ "Friday at 3pm, June 21": the time moved onto the written date."""
    assert time.lo is not None and time.hi is not None and day.lo is not None
    delta = midnight(day.lo) - midnight(time.lo)
    return time.moved(*time.span(day), lo=time.lo + delta, hi=time.hi + delta, weekday=False)


@JOINS.rule(
    "join.day_time+part_of_day",
    applies=lambda a, b: a.kind == "final" and is_time(a) and a.pod is None and a.mer is None and b.kind == "pod",
    priority=95,
)
def _day_time_part_of_day(time: Piece, part: Piece, ctx: Ctx) -> Piece | None:
    """ "Oct 31 around 9 in the evening": a clock already on a day takes its am/pm from the part of the day."""
    assert time.lo is not None and part.pod is not None
    day = Piece(time.start, time.end, "date", midnight(time.lo), midnight(time.lo) + timedelta(days=1))
    clock = Piece(part.start, part.end, "clock", grain=time.grain, hour=time.hour, minute=time.minute, pod=part.pod)
    return clock_final(day, replace(clock, mer=part.mer), ctx, *time.span(part))


@JOINS.rule("join.part_of_day+day", applies=lambda a, b: a.kind == "pod" and _day(b), priority=100)
def _part_of_day_day(part: Piece, day: Piece, ctx: Ctx) -> Piece | None:
    """ "morning of the 5th", "the evening of June 3"."""
    assert part.pod is not None
    return ctx.with_pod(day, part.pod).moved(*part.span(day))


@JOINS.rule(
    "join.part_of_day+clock", applies=lambda a, b: a.kind == "pod" and b.kind == "clock" and b.pod is None, priority=90
)
def _part_of_day_clock(part: Piece, clock: Piece, ctx: Ctx) -> Piece | None:
    """ "下午三点", "evening at 8": the clock takes its am/pm from the part of the day."""
    return clock.moved(*part.span(clock), pod=part.pod, mer=clock.mer or part.mer)


@JOINS.rule(
    "join.clock+part_of_day", applies=lambda a, b: a.kind == "clock" and b.kind == "pod" and a.pod is None, priority=80
)
def _clock_part_of_day(clock: Piece, part: Piece, ctx: Ctx) -> Piece | None:
    """ "3 in the afternoon", "8 tonight"."""
    return clock.moved(*clock.span(part), pod=part.pod, mer=clock.mer or part.mer)


@JOINS.rule(
    "join.week_of+day",
    applies=lambda a, b: a.holiday == "week_of" and b.kind == "date" and b.grain is Grain.DAY and b.lo is not None,
    priority=70,
)
def _week_of_day(week_of: Piece, day: Piece, ctx: Ctx) -> Piece | None:
    """ "the week of March 3": the calendar week holding the day."""
    assert day.lo is not None
    return ctx.cell(*week_of.span(day), day.lo, Grain.WEEK)


@JOINS.rule(
    "join.week+weekday",
    applies=lambda a, b: a.kind == "date" and a.grain is Grain.WEEK and b.kind == "date" and b.weekday,
    priority=60,
    symmetric=True,
)
def _week_weekday(week: Piece, weekday: Piece, ctx: Ctx) -> Piece | None:
    """ "Tuesday of next week", "下周的周三": that weekday in that week."""
    assert week.lo is not None and weekday.lo is not None
    return ctx.day(*week.span(weekday), (week.lo - ctx.today).days + weekday.lo.weekday(), weekday=True)


@JOINS.rule(
    "join.weekday+date",
    applies=lambda a, b: a.kind == "date" and b.kind == "date" and a.weekday and b.grain is Grain.DAY and not b.weekday,
    priority=50,
    symmetric=True,
)
def _weekday_date(weekday: Piece, date: Piece, ctx: Ctx) -> Piece | None:
    """ "Fri, Jul 18", "July 18 (Friday)": the date, in a year where it is that weekday."""
    return _on_weekday(date, weekday, ctx).moved(*weekday.span(date), anchorable=False)


# -- range ends: what the two ends of "A to B" take from each other -------------------------------------
def _day_of(p: Piece, on: datetime) -> Piece:
    return Piece(p.start, p.end, "date", midnight(on), midnight(on) + timedelta(days=1), Grain.DAY)


@RANGE_ENDS.rule(
    "range.clock+time",
    applies=lambda a, b: a.kind == "clock" and b.kind == "final" and b.lo is not None and is_time(b),
    priority=50,
)
def _clock_to_time(a: Piece, b: Piece, ctx: Ctx) -> tuple[Piece, Piece] | None:
    """ "3 to 5pm tomorrow": the bare left clock on the right end's day."""
    assert b.lo is not None
    return clock_final(_day_of(a, b.lo), a, ctx, a.start, a.end), b


@RANGE_ENDS.rule(
    "range.any+clock",
    applies=lambda a, b: b.kind == "clock" and a.kind in ("clock", "date", "final"),
    priority=40,
)
def _to_clock(a: Piece, b: Piece, ctx: Ctx) -> tuple[Piece, Piece] | None:
    """ "9:30 to 11:00", "3-5pm", "明天下午三点到五点": the right clock on the left end's day, with its am/pm;
    the left clock takes am/pm from the right one."""
    if a.kind == "clock" and a.mer is None and b.mer in ("pm", "am") and not a.h24:
        a = replace(a, mer=b.mer if a.hour <= b.hour or a.hour == 12 else ("am" if b.mer == "pm" else "pm"))
    bare = a.kind == "clock"
    if bare:  # a clock range with no day: today's, or tomorrow's once it is over ("9:30 to 11:00")
        today = Piece(a.start, a.end, "date", ctx.today, ctx.today + timedelta(days=1), Grain.DAY)
        a = clock_final(today if a.pod is None else None, a, ctx, a.start, a.end)
    hint = a.mer if a.mer in ("pm", "night", "noon") else None
    a_day = a.lo if a.lo is not None else ctx.today
    b2 = clock_final(_day_of(a, a_day), b, ctx, b.start, b.end)
    if b.mer is None and not b.h24:
        assert b2.lo is not None
        lo = place_clock(a_day, b, hint, True)
        b2 = replace(b2, lo=lo, hi=lo + (b2.hi - b2.lo if b2.hi is not None else timedelta(0)))
    if b2.lo is not None and a.lo is not None and midnight(b2.lo) != midnight(a.lo) and b2.lo.hour < 12:
        delta = midnight(a.lo) - midnight(b2.lo)
        b2 = replace(b2, lo=b2.lo + delta, hi=None if b2.hi is None else b2.hi + delta)
    if bare and not ctx.past and b2.hi is not None and b2.hi <= ctx.now and a.lo is not None and b2.lo:
        day = timedelta(days=1)
        a, b2 = replace(a, lo=a.lo + day, hi=a.hi and a.hi + day), replace(b2, lo=b2.lo + day, hi=b2.hi + day)
    return a, b2


@RANGE_ENDS.rule(
    "range.weekday+earlier_weekday",
    applies=lambda a, b: (
        a.weekday and b.weekday and a.lo is not None and b.lo is not None and b.lo < a.lo and b.hi is not None
    ),
    priority=30,
)
def _weekday_to_weekday(a: Piece, b: Piece, ctx: Ctx) -> tuple[Piece, Piece] | None:
    """ "周一到周五" said on a Wednesday: next Monday to the Friday after it."""
    assert b.lo is not None and b.hi is not None
    week = timedelta(days=7)
    return a, replace(b, lo=b.lo + week, hi=b.hi + week)


@RANGE_ENDS.rule(
    "range.date+day_of_month",
    applies=lambda a, b: _day_of_month(b) and a.kind == "date" and a.lo is not None,
    priority=20,
)
def _date_to_day_of_month(a: Piece, b: Piece, ctx: Ctx) -> tuple[Piece, Piece] | None:
    """ "3月5号到15号": the right day in the left end's month."""
    assert a.lo is not None
    r = _reanchor(b, ctx, a.lo.year, a.lo.month)
    return (a, r) if r is not None else None


@RANGE_ENDS.rule(
    "range.day_of_month+date",
    applies=lambda a, b: _day_of_month(a) and b.kind == "date" and b.lo is not None,
    priority=10,
)
def _day_of_month_to_date(a: Piece, b: Piece, ctx: Ctx) -> tuple[Piece, Piece] | None:
    """ "5 to 8 March" read as "the 5th to March 8": the left day in the right end's month."""
    assert b.lo is not None
    r = _reanchor(a, ctx, b.lo.year, b.lo.month)
    return (r, b) if r is not None else None


@RANGE_ENDS.rule("range.alone", applies=lambda a, b: True, priority=0)
def _alone(a: Piece, b: Piece, ctx: Ctx) -> tuple[Piece, Piece] | None:
    """Otherwise each end resolves on its own."""
    return as_final(a, ctx), as_final(b, ctx)
