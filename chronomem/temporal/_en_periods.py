"""English calendar periods: weeks, months, quarters, seasons, decades, their parts, and holidays.

Rule handlers (``match, ctx -> Piece | None``) used by the English rule table in :mod:`._en`.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from ._calendar import season_of, shift
from ._en_words import (
    REL,
    SEASONS,
    month_number,
    weekday_index,
)
from ._holidays import EN_NAMES, upcoming
from ._model import Grain, Kind
from ._numerals import en_number
from ._pieces import Ctx, Piece

__all__ = [
    "decade",
    "holiday",
    "nth_week",
    "nth_weekday",
    "part",
    "period",
    "quarter",
    "season",
    "season_rel",
    "week_of",
]


def period(m: re.Match[str], c: Ctx) -> Piece | None:
    rel = " ".join(m["rel"].lower().split())
    u = m["u"].lower().replace("-", "")
    off = REL.get(rel, 0)
    if m["after"]:
        off = 2 if m["after"].lower().endswith("next") else -2
    if u == "weekend":
        # "this coming weekend" is the next one to start, i.e. this week's
        coming = rel in ("this coming", "this upcoming", "coming", "upcoming")
        return c.weekend(*m.span(), 0 if coming else off)
    if u in ("spring", "summer", "fall", "autumn", "winter"):
        return season_rel(c, m.start(), m.end(), u, off)
    g = {
        "hour": Grain.HOUR,
        "week": Grain.WEEK,
        "month": Grain.MONTH,
        "year": Grain.YEAR,
        "yr": Grain.YEAR,
        "quarter": Grain.QUARTER,
        "qtr": Grain.QUARTER,
        "decade": Grain.DECADE,
    }[u]
    return c.period(*m.span(), g, off)


def season_rel(c: Ctx, s: int, e: int, name: str, off: int) -> Piece:
    idx = SEASONS[name]
    cy, ci = season_of(c.now)
    if off == 0:
        return c.season(s, e, cy if idx == 3 and ci == 3 else None, idx)
    if off < 0:
        return c.season(s, e, cy if idx < ci else cy - 1, idx)
    return c.season(s, e, cy if idx > ci else cy + 1, idx)


def season(m: re.Match[str], c: Ctx) -> Piece | None:
    name = m["s"].lower()
    if m["y"]:
        return c.season(*m.span(), int(m["y"]), SEASONS[name])
    if not m["pre"] and name in ("fall", "spring"):
        return None
    return c.season(m.start("s"), m.end(), None, SEASONS[name])


def quarter(m: re.Match[str], c: Ctx) -> Piece | None:
    q = m["q"] or m["qo"]
    n = int(q) if q.isdigit() else en_number(q)
    if n is None or not 1 <= n <= 4:
        return None
    y = int(m["y"]) if m["y"] else c.now.year
    lo = datetime(y, 3 * n - 2, 1)
    return c.window(*m.span(), lo, shift(lo, Grain.QUARTER, 1), Grain.QUARTER, Kind.INSTANT)


def decade(m: re.Match[str], c: Ctx) -> Piece | None:
    words = {
        "twenties": 20,
        "thirties": 30,
        "forties": 40,
        "fifties": 50,
        "sixties": 60,
        "seventies": 70,
        "eighties": 80,
        "nineties": 90,
    }
    if m["word"]:
        d = words[m["word"].lower()]
        y = 1900 + d
    else:
        d = int(m["d"]) * 10
        cent = m["c"]
        y = int(cent) * 100 + d if cent else (1900 + d if d > c.now.year % 100 else 2000 + d)
    return c.window(*m.span(), datetime(y, 1, 1), datetime(y + 10, 1, 1), Grain.DECADE, Kind.INSTANT)


def part(m: re.Match[str], c: Ctx) -> Piece | None:
    w = m["part"].lower()
    part = "early" if w in ("early", "beginning", "start") else "mid" if w.startswith("mid") else "late"
    target = " ".join(m["t"].lower().split())
    if target in ("day", "the day", "today"):
        return c.day(*m.span(), 0)
    if target in ("week", "month", "year"):
        target = "this " + target
    if target.startswith(("the month", "this month")):
        base = c.period(*m.span(), Grain.MONTH, 0)
    elif target in ("next month", "last month"):
        base = c.period(*m.span(), Grain.MONTH, 1 if target.startswith("next") else -1)
    elif target.endswith("year"):
        base = c.period(*m.span(), Grain.YEAR, {"next": 1, "last": -1}.get(target.split()[0], 0))
    elif target.endswith("week"):
        p = c.period(*m.span(), Grain.WEEK, {"next": 1, "last": -1}.get(target.split()[0], 0))
        assert p.lo is not None
        days = {"early": (0, 2), "mid": (2, 4), "late": (4, 7)}[part]
        return c.window(*m.span(), p.lo + timedelta(days=days[0]), p.lo + timedelta(days=days[1]), Grain.DAY)
    elif target.isdigit():
        y = int(target)
        base = Piece(*m.span(), "year", datetime(y, 1, 1), datetime(y + 1, 1, 1), Grain.YEAR)
    else:
        found = c.ymd(*m.span(), None, month_number(target), None)
        if found is None:
            return None
        base = found
    return c.month_part(*m.span(), base, part)


def nth_weekday(m: re.Match[str], c: Ctx) -> Piece | None:
    target = " ".join(m["t"].lower().split())
    if target in ("the month", "this month", "next month", "last month"):
        base = c.period(*m.span(), Grain.MONTH, {"next month": 1, "last month": -1}.get(target, 0))
    elif target in ("the year", "this year", "next year", "last year"):
        base = c.period(*m.span(), Grain.YEAR, {"next year": 1, "last year": -1}.get(target, 0))
    else:
        found = c.ymd(*m.span(), int(m["y"]) if m["y"] else None, month_number(target), None)
        if found is None:
            return None
        base = found
    assert base.lo is not None and base.hi is not None
    n = m["n"].lower()
    idx = -1 if n == "last" else (en_number(n) or 1) - 1
    last = base.hi - timedelta(days=1)
    if m["wd"] is None:  # "first day" / "last day"
        d = base.lo if idx == 0 else (last if idx < 0 else base.lo + timedelta(days=idx))
    else:
        wd = weekday_index(m["wd"])
        if idx < 0:
            d = last - timedelta(days=(last.weekday() - wd) % 7)
        else:
            d = base.lo + timedelta(days=(wd - base.lo.weekday()) % 7 + 7 * idx)
    if not base.lo <= d < base.hi:
        return None
    return c.ymd(*m.span(), d.year, d.month, d.day)


def nth_week(m: re.Match[str], c: Ctx) -> Piece | None:
    base = c.ymd(*m.span(), int(m["y"]) if m["y"] else None, month_number(m["mon"]), None)
    if base is None or base.lo is None or base.hi is None:
        return None
    n = m["n"].lower()
    idx = -1 if n == "last" else (en_number(n) or 1) - 1
    weekend = m["u"].lower() != "week"
    # weeks run Monday-Sunday; the n-th week of a month is the n-th one that starts in it (and, for "last",
    # ends in it); a weekend is the Friday 18:00-Monday of such a week's Saturday
    first_monday = base.lo + timedelta(days=(-base.lo.weekday()) % 7)
    last_day = base.hi - timedelta(days=1)
    back = last_day.weekday() + (0 if last_day.weekday() == 6 else 7)
    last_monday = last_day - timedelta(days=back)
    if weekend:
        first_sat = base.lo + timedelta(days=(5 - base.lo.weekday()) % 7)
        last_sat = last_day - timedelta(days=(last_day.weekday() - 5) % 7)
        sat = last_sat if idx < 0 else first_sat + timedelta(days=7 * idx)
        fri = sat - timedelta(hours=6)  # a weekend runs from Friday 18:00, as in Duckling
        return Piece(*m.span(), "date", fri, sat + timedelta(days=2), Grain.HOUR, Kind.INTERVAL)
    monday = last_monday if idx < 0 else first_monday + timedelta(days=7 * idx)
    return c.cell(*m.span(), monday, Grain.WEEK)


def week_of(m: re.Match[str], c: Ctx) -> Piece | None:
    return Piece(*m.span(), "date", c.today, c.today + timedelta(days=7), Grain.WEEK, holiday="week_of")


def holiday(m: re.Match[str], c: Ctx) -> Piece | None:
    name = " ".join(m["h"].lower().split())
    key = next((k for pat, k in EN_NAMES.items() if re.fullmatch(pat, name)), None)
    if key is None:
        return None
    if m["y"]:
        from ._holidays import holiday_piece

        return holiday_piece(c, *m.span(), key, int(m["y"]))
    rel = (m["rel"] or "").lower()
    return upcoming(c, *m.span(), key, {"last": -1, "next": 1}.get(rel, 0))
