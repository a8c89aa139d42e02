"""Calendar arithmetic on naive *local* wall-clock datetimes, and the step to UTC microseconds.

Parsers work in the speaker's wall clock (a naive datetime in zone ``tz``) and convert once at the end.
"""

from __future__ import annotations

from calendar import monthrange
from datetime import datetime, timedelta, tzinfo

from .._time import to_us
from ._values import Grain

__all__ = [
    "add_months",
    "cell",
    "midnight",
    "season_cell",
    "season_of",
    "shift",
    "to_utc_us",
    "truncate",
    "week_start",
]

_FIXED = {
    Grain.SECOND: timedelta(seconds=1),
    Grain.MINUTE: timedelta(minutes=1),
    Grain.HOUR: timedelta(hours=1),
    Grain.DAY: timedelta(days=1),
    Grain.WEEK: timedelta(days=7),
}
_MONTHS = {Grain.MONTH: 1, Grain.QUARTER: 3, Grain.SEASON: 3, Grain.YEAR: 12, Grain.DECADE: 120}


def midnight(d: datetime) -> datetime:
    return d.replace(hour=0, minute=0, second=0, microsecond=0)


def week_start(d: datetime) -> datetime:
    """Monday 00:00 of the ISO week holding ``d`` (weeks start on Monday)."""
    return midnight(d) - timedelta(days=d.weekday())


def add_months(d: datetime, n: int) -> datetime:
    """``d`` moved by ``n`` calendar months, the day clamped to the month's length (Jan 31 + 1 -> Feb 29)."""
    y, m = divmod(d.month - 1 + n, 12)
    year = d.year + y
    return d.replace(year=year, month=m + 1, day=min(d.day, monthrange(year, m + 1)[1]))


def shift(d: datetime, grain: Grain, n: int | float) -> datetime:
    """``d`` moved by ``n`` units of ``grain`` (fractions allowed for fixed-length units)."""
    if grain in _FIXED:
        return d + _FIXED[grain] * n
    months = _MONTHS[grain] * n
    whole = int(months)
    out = add_months(d, whole)
    if months != whole:
        out += timedelta(days=30.4375 * (months - whole))
    return out


def season_of(d: datetime) -> tuple[int, int]:
    """``(year, index)`` of the meteorological season holding ``d``: 0 spring (Mar-May), 1 summer, 2 autumn,
    3 winter (Dec-Feb, counted in the year its December falls in)."""
    if d.month in (1, 2):
        return d.year - 1, 3
    return d.year, (d.month - 3) // 3


def season_cell(year: int, index: int) -> tuple[datetime, datetime]:
    lo = datetime(year, 3 + 3 * index, 1) if index < 3 else datetime(year, 12, 1)
    return lo, add_months(lo, 3)


def truncate(d: datetime, grain: Grain) -> datetime:
    """Start of the calendar cell of ``grain`` holding ``d``."""
    if grain is Grain.SECOND:
        return d.replace(microsecond=0)
    if grain is Grain.MINUTE:
        return d.replace(second=0, microsecond=0)
    if grain is Grain.HOUR:
        return d.replace(minute=0, second=0, microsecond=0)
    if grain is Grain.DAY:
        return midnight(d)
    if grain is Grain.WEEK:
        return week_start(d)
    if grain is Grain.SEASON:
        return season_cell(*season_of(d))[0]
    first = midnight(d).replace(day=1)
    if grain is Grain.MONTH:
        return first
    if grain is Grain.QUARTER:
        return first.replace(month=(d.month - 1) // 3 * 3 + 1)
    if grain is Grain.YEAR:
        return first.replace(month=1)
    return first.replace(month=1, year=d.year - d.year % 10)


def cell(d: datetime, grain: Grain) -> tuple[datetime, datetime]:
    """``[start, end)`` of the calendar cell of ``grain`` holding ``d``."""
    lo = truncate(d, grain)
    return lo, shift(lo, grain, 1)


def to_utc_us(local: datetime, tz: tzinfo) -> int:
    """Wall-clock time in ``tz`` -> UTC microseconds (the earlier reading on a DST fold)."""
    return to_us(local.replace(tzinfo=tz))
