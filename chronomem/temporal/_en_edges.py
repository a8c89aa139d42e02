"""English edges of calendar periods: "early March", "end of next week", "EOM", "by the end of next month",
"rest of the week", "all week"."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from ._en_words import MON, B, E, month_number
from ._model import Grain
from ._pieces import Ctx, Piece
from ._rules import Grammar

__all__ = ["EDGES"]

EDGES = Grammar("en.edges")

#: how a period is named relative to the current one ("coming week" is this week, as in Duckling)
_REL = (
    r"this|next|last|the|current|coming|past|previous|following|upcoming|the\s+following|the\s+previous|"
    r"the\s+next|the\s+coming|the\s+current|around\s+next"
)
_OFFSET = {"next": 1, "following": 1, "upcoming": 1, "last": -1, "past": -1, "previous": -1}
_UNITS = {"day": Grain.DAY, "week": Grain.WEEK, "month": Grain.MONTH, "quarter": Grain.QUARTER, "year": Grain.YEAR}
#: a period: "next week", "the month", "of month" (bare after "of"), a month name or a year
_PERIOD = (
    rf"(?:(?P<rel>{_REL})\s+|(?<=of\s))?(?P<u>day|week|month|quarter|year){E}|(?P<mon>{MON}){E}|"
    rf"(?P<y>(?:19|20)\d{{2}})(?!\d)"
)


def _period(m: re.Match[str], c: Ctx) -> Piece | None:
    """The period a match names (groups ``rel``/``u``, ``mon`` or ``y``), or ``None``."""
    s, e = m.span()
    if m["y"]:
        y = int(m["y"])
        return Piece(s, e, "year", datetime(y, 1, 1), datetime(y + 1, 1, 1), Grain.YEAR)
    if m["mon"]:
        return c.ymd(s, e, None, month_number(m["mon"]), None)
    rel = " ".join((m["rel"] or "").lower().split())
    return c.period(s, e, _UNITS[m["u"].lower()], _OFFSET.get(rel.split()[-1] if rel else "", 0))


def _edge(c: Ctx, s: int, e: int, base: Piece, part: str) -> Piece | None:
    """Early/mid/late part of a period: days 1-10/11-20/21-end of a month, months 1-3/5-8/9-12 of a year,
    Monday-Wednesday / Wednesday-Thursday / Friday-Sunday of a week; the end of a day is 17:00-24:00."""
    assert base.lo is not None and base.hi is not None
    if base.grain is Grain.DAY:  # the end of a day is its evening from 17:00, as "EOD"
        return c.with_pod(base, "end_of_day").moved(s, e) if part == "late" else base.moved(s, e)
    if base.grain is Grain.WEEK:
        days = {"early": (0, 3), "mid": (2, 4), "late": (4, 7)}[part]
        return c.window(s, e, base.lo + timedelta(days=days[0]), base.lo + timedelta(days=days[1]), Grain.DAY)
    if base.grain is Grain.QUARTER:
        months = {"early": 0, "mid": 1, "late": 2}[part]
        lo = base.lo.replace(month=base.lo.month + months)
        return c.cell(s, e, lo, Grain.MONTH)
    return c.month_part(s, e, base, part)


@EDGES.rule(
    "en.edges.part",
    re.compile(
        rf"{B}(?:(?:in|at)\s+)?(?:the\s+)?(?P<part>early|beginning|start|mid|middle|late|end)(?:-|\s+)"
        rf"(?:of\s+)?(?:in\s+)?(?:{_PERIOD})",
        re.I,
    ),
    gate={"early", "beginning", "start", "mid", "middle", "late", "end"},
    priority=285,
)
def _part(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "early March", "end of next week", "beginning of the month", "at the end of 2012"."""
    if m["u"] and m["u"].lower() == "day" and (m["rel"] or "the").lower() in ("the", "this", "current"):
        if m["part"].lower() != "end":
            return None  # "mid day" is noon, "early day" nothing
        return c.pod_piece(*m.span(), "end_of_day")  # "end of the day": a part of a day ("end of day tomorrow")
    w = m["part"].lower()
    part = "early" if w in ("early", "beginning", "start") else "mid" if w.startswith("mid") else "late"
    base = _period(m, c)
    return None if base is None else _edge(c, *m.span(), base, part)


@EDGES.rule(
    "en.edges.abbreviation",
    re.compile(rf"(?<![A-Za-z])(?:(?:at|in)\s+)?(?:the\s+)?(?P<x>(?i:eo)|BO)(?P<u>(?i:[wmqy])){E}"),
    gate={"eow", "eom", "eoq", "eoy", "bow", "bom", "boq", "boy"},
    priority=295,
)
def _abbreviation(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "EOM", "the BOY", "at the EOW": end or beginning of the current week, month, quarter or year
    (BOM, BOY upper-case only: "boy", "bow" are words)."""
    unit = {"w": Grain.WEEK, "m": Grain.MONTH, "q": Grain.QUARTER, "y": Grain.YEAR}[m["u"].lower()]
    part = "late" if m["x"].lower() == "eo" else "early"
    return _edge(c, *m.span(), c.period(*m.span(), unit, 0), part)


@EDGES.rule(
    "en.edges.by_end_of",
    re.compile(
        rf"{B}by\s+(?:the\s+)?(?:(?:end|close)\s+of\s+(?:the\s+)?(?:{_PERIOD}|(?P<today>today))|"
        rf"eo(?P<eo>[dwmqy]){E}|(?P<eod>cob|close\s+of\s+business){E})",
        re.I,
    ),
    gate={"by"},
    priority=305,
)
def _by_end_of(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "by EOD", "by the end of next month": from now until the period ends (grain second)."""
    if m["eo"] or m["eod"] or m["today"]:
        letter = (m["eo"] or "d").lower()
        unit = {"d": Grain.DAY, "w": Grain.WEEK, "m": Grain.MONTH, "q": Grain.QUARTER, "y": Grain.YEAR}[letter]
        base: Piece | None = c.period(*m.span(), unit, 0) if unit is not Grain.DAY else c.day(*m.span(), 0)
    else:
        base = _period(m, c)
    if base is None or base.hi is None or base.hi <= c.now:
        return None
    p = c.window(*m.span(), c.now.replace(microsecond=0), base.hi, Grain.SECOND)
    p.ranged = True
    return p


@EDGES.rule(
    "en.edges.rest_of",
    re.compile(rf"{B}(?:the\s+)?rest\s+of\s+(?:the\s+|this\s+)?(?P<u>day|week|month|year|today){E}", re.I),
    gate={"rest"},
    priority=315,
)
def _rest_of(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "rest of the week": from today to the end of the period (the rest of the day: from this hour)."""
    unit = _UNITS.get(m["u"].lower(), Grain.DAY)
    if unit is Grain.DAY:
        lo = c.now.replace(minute=0, second=0, microsecond=0)
        return c.window(*m.span(), lo, c.today + timedelta(days=1), Grain.HOUR)
    end = c.period(*m.span(), unit, 0).hi
    assert end is not None
    return c.window(*m.span(), c.today, end, Grain.DAY)


@EDGES.rule(
    "en.edges.all",
    re.compile(
        rf"{B}(?:all|the\s+whole|the\s+entire)\s+(?:(?:this|the)\s+)?(?P<u>week|month|year)(?:\s+long)?{E}", re.I
    ),
    gate={"all", "whole", "entire"},
    priority=325,
)
def _all(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "all week", "the whole month": the current period as a stretch of its days (a year: of its months)."""
    unit = _UNITS[m["u"].lower()]
    p = c.period(*m.span(), unit, 0)
    assert p.lo is not None and p.hi is not None
    return c.window(*m.span(), p.lo, p.hi, Grain.MONTH if unit is Grain.YEAR else Grain.DAY)
