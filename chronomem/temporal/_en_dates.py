"""English named days and calendar dates: "tomorrow", "last Tuesday", "March 5th", "the 15th", "2024"."""

from __future__ import annotations

import re
from datetime import datetime

from ._calendar import shift
from ._en_words import (
    DIG,
    MON,
    MONTHW,
    NUMW,
    ORD,
    ORDW,
    PODW,
    WD_ABBR,
    WD_FULL,
    WDW,
    B,
    E,
    amount,
    month_number,
    pod_name,
    weekday_index,
)
from ._numerals import en_number
from ._pieces import Ctx, Piece
from ._rules import Grammar
from ._values import Grain, Shape

__all__ = ["DATES"]

DATES = Grammar("en.dates")
#: what starts a date after "the day after" ("the day after the 15th", "the day before Christmas")
_DATE_AHEAD = rf"the\s+\d|\d|{MON}{E}|{WD_FULL}|christmas|xmas|new\s+year|thanksgiving|halloween|easter"


@DATES.rule(
    "en.dates.weekdays_ago",
    re.compile(
        rf"{B}(?P<n>{NUMW})\s+(?P<wd>{WD_FULL})s\s+(?P<dir>ago|back|before|earlier|from\s+now|from\s+today|"
        rf"hence|later|on){E}",
        re.I,
    ),
    gate=WDW,
    priority=540,
)
def _weekdays_ago(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "2 thursdays ago/back": the second Thursday before today; "3 fridays from now": the third after it."""
    amt = amount(m["n"])
    if amt is None or amt[0] != int(amt[0]) or amt[0] < 1:
        return None
    back = m["dir"].lower() in ("ago", "back", "before", "earlier")
    p = c.weekday(*m.span(), weekday_index(m["wd"]), None, "last" if back else "next")
    assert p.lo is not None
    step = -7 if back else 7
    return c.day(*m.span(), (p.lo - c.today).days + step * (int(amt[0]) - 1), weekday=True)


@DATES.rule(
    "en.dates.relative_day",
    re.compile(
        rf"{B}(?P<w>(?:the\s+)?day\s+(?:before\s+yesterday|after\s+tomorrow)|today|tonight|tonite|"
        rf"tomorrows?|tmrw|tmr|yesterday)(?:\s+(?:in\s+the\s+)?(?P<p>{PODW})(?:ish)?)?{E}",
        re.I,
    ),
    gate={"today", "tonight", "tonite", "tomorrow", "tomorrows", "tmrw", "tmr", "yesterday", "day"},
    priority=510,
)
def _rel_day(m: re.Match[str], c: Ctx) -> Piece | None:
    w = " ".join(m["w"].lower().split())
    off = {
        "today": 0,
        "tonight": 0,
        "tonite": 0,
        "tomorrow": 1,
        "tmrw": 1,
        "tmr": 1,
        "tomorrows": 1,
        "yesterday": -1,
        "the day before yesterday": -2,
        "day before yesterday": -2,
        "the day after tomorrow": 2,
        "day after tomorrow": 2,
    }[w]
    pod = "night" if w.startswith("toni") else pod_name(m["p"])
    p = c.day(*m.span(), off)
    return c.with_pod(p, pod) if pod else p


@DATES.rule(
    "en.dates.weekday",
    re.compile(
        rf"{B}(?:(?P<rel>this\s+past|this\s+coming|last|next|this|coming|past|previous)\s+)?"
        rf"(?:(?:on|the)\s+)?(?P<wd>{WD_FULL}|(?-i:{WD_ABBR})|(?:tues?|wed|thu(?:rs?)?|fri)\.?)(?P<pl>s)?(?:\s+(?:(?:of\s+)?"
        rf"(?P<wk>next|last|this)\s+week|(?P<after>after\s+next)))?(?:\s+(?:in\s+the\s+)"
        rf"?(?P<p>{PODW}))?{E}",
        re.I,
    ),
    gate=WDW,
    priority=470,
)
def _weekday(m: re.Match[str], c: Ctx) -> Piece | None:
    wd = weekday_index(m["wd"])
    rel = " ".join((m["rel"] or "").lower().split())
    wk = (m["wk"] or "").lower()
    if wk:
        p = c.weekday(*m.span(), wd, {"next": 1, "last": -1, "this": 0}[wk])
    elif m["after"]:
        p = c.weekday(*m.span(), wd, None, "next")
        assert p.lo is not None
        p = c.day(*m.span(), (p.lo - c.today).days + 7, weekday=True)
    else:
        mode = {
            "last": "last",
            "past": "last",
            "previous": "last",
            "this past": "last",
            "this": "this",
            "next": "next",
            "coming": "next",
            "this coming": "next",
            "": "next",
        }.get(rel, "next")
        if not rel and c.past:
            mode = "last"  # "I met her on Tuesday": a bare weekday in a past-tense sentence looks back
        p = c.weekday(*m.span(), wd, None, mode)
    if m["pl"] and not rel:
        p.kind, p.shape, p.ranged = "final", Shape.RECURRING, True
        return c.weekday(*m.span(), wd, None, "this").moved(*m.span(), kind="final", shape=Shape.RECURRING, ranged=True)
    pod = pod_name(m["p"])
    return c.with_pod(p, pod) if pod else p


@DATES.rule(
    "en.dates.weekday_word",
    re.compile(
        r"^\s*(?:(?P<rel>on|next|last|this)\s+)?(?P<wd>sun|sat|mon)\.?\s*$|"
        r"(?<![A-Za-z])(?P<rel2>on|next|last|this|every|until|till|by)\s+(?P<wd2>sun|sat|mon)\.?(?=\s*(?:$|[,;!?]|\d))"
    ),
    gate={"sun", "sat", "mon"},
    priority=475,
)
def _weekday_word(m: re.Match[str], c: Ctx) -> Piece | None:
    """Lower-case "sun", "sat", "mon" are English words ("I sat", "the sun"); they are weekdays when they are
    the whole message ("sat", "mon.") or follow a day cue and end the phrase ("on sat", "next sun")."""
    wd = weekday_index(m["wd"] or m["wd2"])
    rel = (m["rel"] or m["rel2"] or "").lower()
    mode = {"last": "last", "this": "this"}.get(rel, "next")
    if rel in ("on", "") and c.past:
        mode = "last"
    return c.weekday(*m.span(), wd, None, mode)


@DATES.rule(
    "en.dates.weekday_day_of_month",
    re.compile(
        rf"{B}(?P<wd>{WD_FULL}|{WD_ABBR}),?\s+(?:the\s+)?(?P<d>\d{{1,2}})(?:st|nd|rd|th){E}(?!\s*(?:of\s+)?{MON})", re.I
    ),
    gate=WDW,
    priority=465,
)
def _weekday_day_of_month(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "Thu 15th", "Tuesday the 19th": the first month from this one whose day falls on that weekday."""
    wd, d = weekday_index(m["wd"]), int(m["d"])
    y, mo = c.now.year, c.now.month
    for _ in range(24):
        try:
            day = datetime(y, mo, d)
        except ValueError:
            day = None
        if day is not None and day >= c.today and day.weekday() == wd:
            return c.ymd(*m.span(), y, mo, d)
        y, mo = (y + 1, 1) if mo == 12 else (y, mo + 1)
    return None


@DATES.rule(
    "en.dates.day_month",
    re.compile(
        rf"{B}(?:the\s+)?(?:(?P<d>\d{{1,2}})(?:st|nd|rd|th)?(?:\s*|(?P<sep>[-/]))|(?P<dw>{ORD})\s+)"
        rf"(?:of\s+|day\s+of\s+)?(?P<mon>{MON})(?:(?(sep)(?P=sep)|,?\s*)(?P<y>\d{{4}}|\d{{2}}(?![\d:h]|\s*[ap]\.?m\b)))?"
        rf"{E}(?!\s*\d)",
        re.I,
    ),
    gate=MONTHW,
    priority=460,
)
@DATES.rule(
    "en.dates.month_day",
    re.compile(
        rf"{B}(?P<mon>{MON})\s*(?:the\s+)?(?:(?P<d>\d{{1,2}})(?:st|nd|rd|th)?|(?P<dw>{ORD}))"
        rf"(?:,?\s*(?P<y>\d{{4}}))?(?![\d:]|\s*[ap]\.?m\b)",
        re.I,
    ),
    gate=MONTHW,
    priority=450,
)
def _md(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "March 3rd, 2015", "31-Oct-74", "14th April 15" (a two-digit year after the month)."""
    mo = month_number(m["mon"])
    d = int(m["d"]) if m["d"] else en_number(m["dw"] or "")
    if d is None or not 1 <= d <= 31:
        return None
    y = m["y"]
    year = None if not y else int(y) + (0 if len(y) == 4 else 2000 if int(y) <= 50 else 1900)
    return c.ymd(*m.span(), year, mo, d)


@DATES.rule(
    "en.dates.month_day_range",
    re.compile(
        rf"{B}(?:from\s+)?(?P<mon>{MON})\s*(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s*(?:-|–|to|through|"
        rf"thru|until|"
        rf"till)\s*(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s*(?P<y>\d{{4}}))?(?![\d:])"
        rf"",
        re.I,
    ),
    gate=MONTHW,
    priority=440,
)
@DATES.rule(
    "en.dates.day_range_month",
    re.compile(
        rf"{B}(?:from\s+)?(?:the\s+)?(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s*(?:-|–|to|through|thru|"
        rf"until|till)\s*"
        rf"(?:the\s+)?(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon>{MON})"
        rf"(?:,?\s*(?P<y>\d{{4}}))?{E}",
        re.I,
    ),
    gate=MONTHW,
    priority=430,
)
def _day_range(m: re.Match[str], c: Ctx) -> Piece | None:
    mo = month_number(m["mon"])
    d1, d2 = int(m["d1"]), int(m["d2"])
    a = c.ymd(*m.span(), int(m["y"]) if m["y"] else None, mo, d1)
    b = c.ymd(*m.span(), int(m["y"]) if m["y"] else None, mo, d2)
    if a is None or b is None or b.hi is None or a.lo is None or b.hi <= a.lo:
        return None
    return Piece(*m.span(), "final", a.lo, b.hi, Grain.DAY, Shape.INTERVAL, ranged=True)


@DATES.rule(
    "en.dates.month_year",
    re.compile(rf"{B}(?P<mon>{MON})\s*,?\s*(?:of\s+)?(?P<y>(?:19|20)\d{{2}})(?!\d)", re.I),
    gate=MONTHW,
    priority=420,
)
def _month_year(m: re.Match[str], c: Ctx) -> Piece | None:
    return c.ymd(*m.span(), int(m["y"]), month_number(m["mon"]), None)


@DATES.rule(
    "en.dates.month",
    re.compile(
        rf"{B}(?:(?P<rel>last|next|this|coming|past|previous)\s+)?(?P<mon>january|february|april|"
        rf"june|july|"
        rf"august|september|october|november|december|(?-i:March|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|"
        rf"Oct|"
        rf"Nov|Dec))(?:(?<=[a-z])\.(?=\s*\d))?(?P<after>\s+after\s+next)?{E}",
        re.I,
    ),
    gate=MONTHW,
    priority=410,
)
@DATES.rule(
    "en.dates.march_may",
    re.compile(
        rf"{B}(?:(?P<rel>last|next|this|coming|past|previous)\s+|(?:in|by|since|until|till|from|to|"
        rf"of|during|"
        rf"before|after|early|late|mid|through)\s+)(?P<mon>march|may)(?P<after>\s+after\s+next)?{E}",
        re.I,
    ),
    gate=MONTHW,
    priority=400,
)
def _bare_month(m: re.Match[str], c: Ctx) -> Piece | None:
    mo = month_number(m["mon"])
    rel = (m["rel"] or "").lower()
    if m["after"]:  # "March after next": a year after "next March"
        return c.ymd(*m.span(), c.now.year + (2 if mo <= c.now.month else 1), mo, None)
    p = c.ymd(m.start("mon") if not rel else m.start(), m.end(), None, mo, None)
    if p is None or not rel:
        return p
    y = c.now.year
    if rel in ("last", "past", "previous") and mo >= c.now.month:
        y -= 1
    elif rel in ("next", "coming") and mo <= c.now.month:
        y += 1
    return c.ymd(*m.span(), y, mo, None)


@DATES.rule(
    "en.dates.the_nth",
    re.compile(
        rf"{B}(?:on\s+)?the\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th){E}|{B}on\s+the\s+(?P<dw>{ORD}){E}|"
        rf"{B}on\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th){E}(?!\s+(?:of\s+)?{MON})|"
        rf"{B}the\s+(?P<dw2>{ORD})(?=\s*(?:$|[,.;!?]|\s+(?:at|in\s+the|morning|evening)\b))",
        re.I,
    ),
    gate=DIG | ORDW,
    priority=390,
)
@DATES.rule(
    "en.dates.nth_of_month",
    re.compile(
        rf"{B}(?P<d>\d{{1,2}})(?:st|nd|rd|th)?(?:\s+day)?(?=\s+of\s+(?:the\s+)?(?:this|next|last|current|"
        rf"previous|following|coming|past)?\s*month{E})",
        re.I,
    ),
    gate=DIG,
    priority=200,
)
def _the_nth(m: re.Match[str], c: Ctx) -> Piece | None:
    word = m.groupdict().get("dw") or m.groupdict().get("dw2") or ""
    digits = m["d"] or m.groupdict().get("d2")
    d = int(digits) if digits else en_number(word)
    return c.ymd(*m.span(), None, None, d) if d is not None and 1 <= d <= 31 else None


@DATES.rule(
    "en.dates.year",
    re.compile(
        r"(?<![\d$£€.,:/-])(?<!at )(?P<y>(?:19|20)\d{2})"
        r"(?![\d%:/-]|\s*(?:dollars?|usd|rmb|yuan|euros?|"
        r"pounds?|"
        r"bucks|people|users|persons|items?|words|times|km|kg|miles|meters|feet|pages|rows|lines|"
        r"points|"
        r"calories|steps|members|students|employees|copies|units|votes|views|likes|followers|年|元|人|个|"
        r"次|"
        r"\$))(?!s)",
        re.I,
    ),
    gate=DIG,
    priority=380,
)
def _year(m: re.Match[str], c: Ctx) -> Piece | None:
    return c.ymd(*m.span(), int(m["y"]), None, None)


@DATES.rule(
    "en.dates.end_of_day",
    re.compile(rf"{B}(?:eod|cob|close\s+of\s+business|end\s+of\s+(?:the\s+)?(?:business\s+)?day){E}", re.I),
    gate={"eod", "cob", "close", "end"},
    priority=270,
)
def _end_of_day(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "EOD", "end of day", "close of business": 17:00 to midnight (as in Duckling), a part of the day that a
    named day takes ("EOD tomorrow"); alone, today's."""
    return c.pod_piece(*m.span(), "end_of_day")


@DATES.rule(
    "en.dates.next_day",
    re.compile(
        rf"{B}(?:the\s+)?(?:next|following|previous|prior)\s+day{E}|{B}the\s+day\s+(?:after|before)"
        rf"(?!\s+(?:tomorrow|yesterday|{_DATE_AHEAD})){E}",
        re.I,
    ),
    gate={"day"},
    priority=240,
)
def _next_day(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "the next day", "the day after" (tomorrow); before a date it is an offset from it (:func:`_one_unit`)."""
    w = m.group(0).lower()
    return c.day(*m.span(), -1 if ("previous" in w or "before" in w or "prior" in w) else 1)


@DATES.rule(
    "en.dates.one_unit_before_date",
    re.compile(rf"{B}the\s+(?P<u>day|week|month|year)(?=\s+(?:after|before)\s+(?:{_DATE_AHEAD}))", re.I),
    gate={"day", "week", "month", "year"},
    priority=245,
)
def _one_unit(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "the day after the 15th", "the week before Christmas": one unit, which the date after it anchors."""
    unit = {"day": Grain.DAY, "week": Grain.WEEK, "month": Grain.MONTH, "year": Grain.YEAR}[m["u"].lower()]
    p = c.window(*m.span(), c.now, shift(c.now, unit, 1), unit, Shape.DURATION)
    p.amount = 1.0
    return p


#: Roman days of a month: the ides are the 15th of March, May, July and October and the 13th of the others; the
#: nones fall eight days before the ides; the kalends are the 1st
_ROMAN = {"ides": (15, 13), "nones": (7, 5), "kalends": (1, 1), "calends": (1, 1)}


@DATES.rule(
    "en.dates.roman_day",
    re.compile(
        rf"{B}(?:the\s+)?(?P<w>ides|nones|kalends|calends)\s+of\s+(?P<mon>{MON})(?:,?\s*(?P<y>\d{{4}}))?{E}", re.I
    ),
    gate={"ides", "nones", "kalends", "calends"},
    priority=455,
)
def _roman_day(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "the ides of March" (the 15th), "the nones of June" (the 5th), "the kalends of May" (the 1st)."""
    mo = month_number(m["mon"])
    late, early = _ROMAN[m["w"].lower()]
    return c.ymd(*m.span(), int(m["y"]) if m["y"] else None, mo, late if mo in (3, 5, 7, 10) else early)


@DATES.rule(
    "en.dates.nth_weekday_from_date",
    re.compile(
        rf"{B}(?:the\s+)?(?P<n>{ORD}|\d(?:st|nd|rd|th))\s+(?P<wd>{WD_FULL}|{WD_ABBR})(?=\s+(?:after|before)\s+"
        rf"(?:{_DATE_AHEAD}))",
        re.I,
    ),
    gate=WDW,
    priority=248,
)
def _nth_weekday_from(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "the third Tuesday after Christmas 2014", "2nd friday before Easter": a count of weekdays, which the date
    after it anchors (the first one is strictly after or before the date)."""
    n = int(m["n"][0]) if m["n"][0].isdigit() else en_number(m["n"])
    if n is None or not 1 <= n <= 53:
        return None
    return Piece(*m.span(), "date", None, None, Grain.DAY, Shape.DURATION, amount=float(n), day=weekday_index(m["wd"]))
