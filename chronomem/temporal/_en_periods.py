"""English calendar periods: weeks, months, quarters, seasons, decades, their parts, and holidays:
"next week", "Q3 2024", "early March", "the first Monday of June", "Christmas"."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from ._calendar import season_of, shift
from ._en_words import (
    DIG,
    HOLW,
    MON,
    ORD,
    REL,
    SEASONS,
    SEASONW,
    WD_ABBR,
    WD_FULL,
    WDW,
    B,
    E,
    month_number,
    weekday_index,
)
from ._holidays import EN_NAMES, holiday_date, upcoming
from ._model import Grain, Shape
from ._numerals import en_number
from ._pieces import Ctx, Piece
from ._rules import Grammar

__all__ = ["PERIODS"]

PERIODS = Grammar("en.periods")
_HOL = "|".join(EN_NAMES)


@PERIODS.rule(
    "en.periods.period",
    re.compile(
        rf"{B}(?P<rel>this\s+past|this\s+coming|this\s+upcoming|the\s+following|the\s+previous|this|"
        rf"last|next|past|previous|coming|upcoming|current|following|the)\s+(?P<u>week-?end|week|month|year|"
        rf"yr|quarter|qtr|decade|hour|"
        rf"spring|summer|fall|autumn|winter|seasons?)(?:\s+(?P<after>after\s+next|before\s+last))"
        rf"?{E}",
        re.I,
    ),
    gate={"weekend", "week", "month", "year", "yr", "quarter", "qtr", "decade", "hour", "season", "seasons"} | SEASONW,
    priority=360,
)
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
        "season": Grain.SEASON,
        "seasons": Grain.SEASON,
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


@PERIODS.rule(
    "en.periods.season",
    re.compile(
        rf"{B}(?P<pre>(?:in|during|over|through|since|until|by|for|this|last|next)\s+(?:the\s+)?)?"
        rf"(?P<s>spring|summer|fall|autumn|winter)(?:\s+(?:of\s+)?(?P<y>(?:19|20)\d{{2}}))"
        rf"?{E}",
        re.I,
    ),
    gate=SEASONW,
    priority=350,
)
def season(m: re.Match[str], c: Ctx) -> Piece | None:
    name = m["s"].lower()
    if m["y"]:
        return c.season(*m.span(), int(m["y"]), SEASONS[name])
    if not m["pre"] and name in ("fall", "spring"):
        return None
    return c.season(m.start("s"), m.end(), None, SEASONS[name])


@PERIODS.rule(
    "en.periods.quarter",
    re.compile(
        rf"{B}(?:Q(?P<q>[1-4])|(?:the\s+)?(?P<qo>first|second|third|fourth|1st|2nd|3rd|4th)\s+"
        rf"(?:quarter|qtr))(?:(?:\s*|-)(?:of\s+)?(?P<y>(?:19|20)\d{{2}}))?{E}|"
        rf"(?<![\w.])(?P<yq>(?:19|20)?\d{{2}})\s*Q(?P<qq>[1-4]){E}",
        re.I,
    ),
    gate={"q", "quarter", "qtr"},
    priority=340,
)
def quarter(m: re.Match[str], c: Ctx) -> Piece | None:
    q = m["q"] or m["qo"] or m["qq"]
    n = int(q) if q.isdigit() else en_number(q)
    if n is None or not 1 <= n <= 4:
        return None
    y = int(m["y"]) if m["y"] else c.now.year
    if m["yq"]:  # "2018Q4", "18q4"
        y = int(m["yq"]) + (2000 if len(m["yq"]) == 2 else 0)
    lo = datetime(y, 3 * n - 2, 1)
    return c.window(*m.span(), lo, shift(lo, Grain.QUARTER, 1), Grain.QUARTER, Shape.INSTANT)


@PERIODS.rule(
    "en.periods.decade",
    re.compile(
        rf"{B}(?:the\s+)?(?:(?P<c>19|20)|')?(?P<d>\d)0'?s{E}|{B}the\s+(?P<word>twenties|thirties|"
        rf"forties|"
        rf"fifties|sixties|seventies|eighties|nineties){E}",
        re.I,
    ),
    gate=DIG | {"twenties", "thirties", "forties", "fifties", "sixties", "seventies", "eighties", "nineties"},
    priority=370,
)
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
    return c.window(*m.span(), datetime(y, 1, 1), datetime(y + 10, 1, 1), Grain.DECADE, Shape.INSTANT)


def _index(m: re.Match[str]) -> int:
    """0 for "first", 1 for "second", ...; from the end -1 for "last", -2 for "second last", -5 "5th last"."""
    n = m["n"].lower()
    if n == "last":
        return -1
    k = int(n[0]) if n[0].isdigit() else en_number(n) or 1
    return -k if m["back"] else k - 1


@PERIODS.rule(
    "en.periods.nth_weekday",
    re.compile(
        rf"{B}(?:the\s+)?(?P<n>first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)(?P<back>\s+(?:to\s+)?last)?"
        rf"\s+(?:(?P<wd>{WD_FULL})|day)"
        rf"\s+(?:of|in)\s+(?P<t>(?:the|this|next|last)\s+(?:month|year)|{MON})(?:\s+(?P<y>(?:19|20)"
        rf"\d{{2}}))?{E}",
        re.I,
    ),
    gate={"day"} | WDW,
    priority=210,
)
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
    idx = _index(m)
    last = base.hi - timedelta(days=1)
    if m["wd"] is None:  # "first day" / "last day" / "fifth last day"
        d = last + timedelta(days=idx + 1) if idx < 0 else base.lo + timedelta(days=idx)
    else:
        wd = weekday_index(m["wd"])
        if idx < 0:
            d = last - timedelta(days=(last.weekday() - wd) % 7 - 7 * (idx + 1))
        else:
            d = base.lo + timedelta(days=(wd - base.lo.weekday()) % 7 + 7 * idx)
    if not base.lo <= d < base.hi:
        return None
    return c.ymd(*m.span(), d.year, d.month, d.day)


@PERIODS.rule(
    "en.periods.nth_week",
    re.compile(
        rf"{B}(?:the\s+)?(?P<n>first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)(?P<back>\s+(?:to\s+)?last)?\s+"
        rf"(?P<u>week|weekend|week-end|week\s+end|wkend)\s+(?:of|in)\s+(?:(?P<mon>{MON})(?:\s+(?P<y>(?:19|20)\d{{2}}))?|"
        rf"(?P<year>(?:19|20)\d{{2}})|(?P<rel>the|this|next|last)\s+month){E}",
        re.I,
    ),
    gate={"week", "weekend", "wkend"},
    priority=160,
)
def nth_week(m: re.Match[str], c: Ctx) -> Piece | None:
    if m["year"]:
        base: Piece | None = c.ymd(*m.span(), int(m["year"]), None, None)
    elif m["rel"]:  # "the last week of next month"
        base = c.period(*m.span(), Grain.MONTH, {"next": 1, "last": -1}.get(m["rel"].lower(), 0))
    else:
        base = c.ymd(*m.span(), int(m["y"]) if m["y"] else None, month_number(m["mon"]), None)
    if base is None or base.lo is None or base.hi is None:
        return None
    idx = _index(m)
    weekend = m["u"].lower() not in ("week",)
    # weeks run Monday-Sunday; the n-th week of a month is the n-th one that starts in it (and, for "last",
    # ends in it); a weekend is the Friday 18:00-Monday of such a week's Saturday
    first_monday = base.lo + timedelta(days=(-base.lo.weekday()) % 7)
    last_day = base.hi - timedelta(days=1)
    back = last_day.weekday() + (0 if last_day.weekday() == 6 else 7)
    last_monday = last_day - timedelta(days=back)
    if weekend:
        first_sat = base.lo + timedelta(days=(5 - base.lo.weekday()) % 7)
        last_sat = last_day - timedelta(days=(last_day.weekday() - 5) % 7)
        sat = last_sat + timedelta(days=7 * (idx + 1)) if idx < 0 else first_sat + timedelta(days=7 * idx)
        fri = sat - timedelta(hours=6)  # a weekend runs from Friday 18:00, as in Duckling
        return Piece(*m.span(), "date", fri, sat + timedelta(days=2), Grain.HOUR, Shape.INTERVAL)
    monday = last_monday + timedelta(days=7 * (idx + 1)) if idx < 0 else first_monday + timedelta(days=7 * idx)
    return c.cell(*m.span(), monday, Grain.WEEK)


@PERIODS.rule(
    "en.periods.week_of",
    re.compile(rf"{B}the\s+week\s+of\s+(?=(?:{MON}|the\s+\d))", re.I),
    gate={"week"},
    priority=150,
)
def week_of(m: re.Match[str], c: Ctx) -> Piece | None:
    return Piece(*m.span(), "date", c.today, c.today + timedelta(days=7), Grain.WEEK, holiday="week_of")


@PERIODS.rule(
    "en.periods.holiday",
    re.compile(
        rf"{B}(?:(?P<rel>last|next|this)\s+)?(?P<h>{_HOL})(?:\s+(?P<y>(?:19|20)\d{{2}}))"
        rf"?{E}",
        re.I,
    ),
    gate=HOLW,
    priority=260,
)
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


@PERIODS.rule(
    "en.periods.half_year",
    re.compile(
        rf"{B}(?:the\s+)?(?:(?P<h>first|second|1st|2nd)\s+half\s+of\s+|H(?P<hn>[12])\s*)(?P<t>(?:the|this|"
        rf"next|last)\s+year|(?:19|20)\d{{2}})?{E}",
        re.I,
    ),
    gate={"half", "h"},
    priority=140,
)
def _half_year(m: re.Match[str], c: Ctx) -> Piece | None:
    t = " ".join((m["t"] or "this year").lower().split())
    if m["h"] is None and m["t"] is None:
        return None  # a bare "H1" is not a time
    y = int(t) if t.isdigit() else c.now.year + {"next": 1, "last": -1}.get(t.split()[0], 0)
    second = (m["h"] or "").lower() in ("second", "2nd") or m["hn"] == "2"
    lo = datetime(y, 7 if second else 1, 1)
    return c.window(*m.span(), lo, shift(lo, Grain.MONTH, 6), Grain.MONTH, Shape.INTERVAL)


@PERIODS.rule(
    "en.periods.closest",
    re.compile(
        rf"{B}the\s+(?:(?P<n>second|third|fourth|2nd|3rd|4th)\s+)?closest\s+(?:(?P<wd>{WD_FULL}|{WD_ABBR})|"
        rf"(?P<h>{_HOL}))\s+to\s+(?:(?P<today>today|now)|(?P<mon>{MON})\s*(?P<d>\d{{1,2}}|{ORD})(?:st|nd|rd|th)?)"
        rf"(?:,?\s*(?P<y>(?:19|20)\d{{2}}))?{E}",
        re.I,
    ),
    gate={"closest"},
    priority=205,
)
def closest(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "the closest Monday to Oct 5th", "the second closest xmas to today": the n-th nearest such day to the
    date (on equal distance the earlier first)."""
    if m["today"]:
        target = c.today
    else:
        day = int(m["d"]) if m["d"].isdigit() else en_number(m["d"])
        found = None if day is None else c.ymd(*m.span(), int(m["y"]) if m["y"] else None, month_number(m["mon"]), day)
        if found is None or found.lo is None:
            return None
        target = found.lo
    n = 1 if m["n"] is None else int(m["n"][0]) if m["n"][0].isdigit() else en_number(m["n"]) or 1
    if m["wd"]:
        wd = weekday_index(m["wd"])
        days = [target + timedelta(days=k) for k in range(-7 * n, 7 * n + 1)]
        candidates = [d for d in days if d.weekday() == wd]
    else:
        key = next((k for pat, k in EN_NAMES.items() if re.fullmatch(pat, " ".join(m["h"].lower().split()))), None)
        dates = [holiday_date(key, y) for y in range(target.year - n, target.year + n + 1)] if key else []
        candidates = [datetime(d.year, d.month, d.day) for d in dates if d is not None]
    ranked = sorted(candidates, key=lambda d: (abs(d - target), d))
    if len(ranked) < n:
        return None
    d = ranked[n - 1]
    return c.ymd(*m.span(), d.year, d.month, d.day)
