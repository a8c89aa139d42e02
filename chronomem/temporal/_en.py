"""English grammar (and the numeric date/time formats shared with Chinese text).

Each rule is a regular expression (case-insensitive unless noted) and a handler building a :class:`Piece`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta

from ._calendar import shift
from ._en_periods import (
    decade,
    holiday,
    nth_week,
    nth_weekday,
    part,
    period,
    quarter,
    season,
    week_of,
)
from ._en_words import (
    DIG,
    HOLW,
    HOURS,
    HOURW,
    MON,
    MONTHW,
    NUMW,
    ORD,
    ORDW,
    POD,
    PODS,
    PODW,
    SEASONW,
    UNIT,
    UNITW,
    WD_ABBR,
    WD_FULL,
    WDW,
    amount,
    meridiem,
    month_number,
    pod_name,
    unit_grain,
    weekday_index,
    weeks_factor,
)
from ._holidays import EN_NAMES
from ._model import Grain, Kind
from ._numerals import en_number
from ._numeric import NUMERIC, clock_range, dotted_clock
from ._pieces import Ctx, Piece

__all__ = ["RULES"]

Handler = Callable[[re.Match[str], Ctx], Piece | None]
B, E = r"(?<![A-Za-z])", r"(?![A-Za-z])"


# --- numeric formats (shared) ------------------------------------------------------------------------


# --- English words ----------------------------------------------------------------------------------
def _clock_word(m: re.Match[str], c: Ctx) -> Piece | None:
    h = en_number(m["h"])
    if h is None:
        return None
    mer = meridiem(m.groupdict().get("mer") or m.groupdict().get("mer2"))
    if mer is not None and not 1 <= h <= 12:
        return None
    return c.clock(m.start("h"), m.end(), h, None, None, mer)


def _word_clock(m: re.Match[str], c: Ctx) -> Piece | None:
    h = en_number(m["h"])
    w = " ".join(m["mm"].lower().replace("-", " ").replace("'", " ").split())
    oh = w.startswith(("oh ", "o "))
    w = w.removeprefix("oh ").removeprefix("o ")
    mm = en_number(w)
    if h is None or mm is None:
        return None
    cued = re.search(r"(?:\bat|@|\bby|\baround|\babout)\s*$", m.string[: m.start()], re.I) is not None
    if not (m["mer"] or oh or cued):
        return None  # a bare "three twenty" is a number pair, not 3:20 (Duckling's negative corpus)
    return c.clock(*m.span(), h, mm, None, meridiem(m["mer"]))


def _half_hour(m: re.Match[str], c: Ctx) -> Piece | None:
    """British "half three": half past three."""
    h = en_number(m["h"])
    return None if h is None else c.clock(*m.span(), h, 30)


def _weekdays_ago(m: re.Match[str], c: Ctx) -> Piece | None:
    amt = amount(m["n"])
    if amt is None:
        return None
    p = c.weekday(*m.span(), weekday_index(m["wd"]), None, "last")
    assert p.lo is not None
    return c.day(*m.span(), (p.lo - c.today).days - 7 * (int(amt[0]) - 1), weekday=True)


def _past_to(m: re.Match[str], c: Ctx) -> Piece | None:
    h = {"noon": 12, "midnight": 24}.get(m["h"].lower(), en_number(m["h"]))
    w = m["mm"].lower()
    mm = 30 if w == "half" else 15 if "quarter" in w else en_number(w)
    if h is None or mm is None:
        return None
    if m["dir"].lower() in ("to", "till", "before"):
        h, mm = (h - 1) % 24, 60 - mm
    named = m["h"].lower() in ("noon", "midnight")  # "a quarter to noon" is 11:45, not 23:45
    return c.clock(*m.span(), h, mm, None, meridiem(m["mer"]), h24=named)


def _noon(m: re.Match[str], c: Ctx) -> Piece | None:
    hour = 24 if m.group(0).lower().endswith("midnight") else 12
    return c.clock(*m.span(), hour, None, None, None, h24=True)


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


def _now(m: re.Match[str], c: Ctx) -> Piece | None:
    lo = c.now.replace(microsecond=0)
    unc = (lo - timedelta(hours=1), lo) if m.group(0).lower().startswith("just") else None
    return c.window(*m.span(), lo, lo + timedelta(seconds=1), Grain.SECOND, Kind.INSTANT, unc)


def _this_pod(m: re.Match[str], c: Ctx) -> Piece | None:
    w = m.group(0).lower()
    if w.startswith("last"):
        return c.pod_piece(*m.span(), "last_night" if "night" in w else "evening", -1)
    return c.pod_piece(*m.span(), POD[m["p"].lower()], 0)


def _pod(m: re.Match[str], c: Ctx) -> Piece | None:
    return c.pod_piece(*m.span(), pod_name(m["p"]) or "morning")


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
        p.kind, p.mkind, p.ranged = "final", Kind.RECURRING, True
        return c.weekday(*m.span(), wd, None, "this").moved(*m.span(), kind="final", mkind=Kind.RECURRING, ranged=True)
    pod = pod_name(m["p"])
    return c.with_pod(p, pod) if pod else p


def _md(m: re.Match[str], c: Ctx) -> Piece | None:
    mo = month_number(m["mon"])
    d = int(m["d"]) if m["d"] else en_number(m["dw"] or "")
    if d is None or not 1 <= d <= 31:
        return None
    return c.ymd(*m.span(), int(m["y"]) if m["y"] else None, mo, d)


def _day_range(m: re.Match[str], c: Ctx) -> Piece | None:
    mo = month_number(m["mon"])
    d1, d2 = int(m["d1"]), int(m["d2"])
    a = c.ymd(*m.span(), int(m["y"]) if m["y"] else None, mo, d1)
    b = c.ymd(*m.span(), int(m["y"]) if m["y"] else None, mo, d2)
    if a is None or b is None or b.hi is None or a.lo is None or b.hi <= a.lo:
        return None
    return Piece(*m.span(), "final", a.lo, b.hi, Grain.DAY, Kind.INTERVAL, ranged=True)


def _month_year(m: re.Match[str], c: Ctx) -> Piece | None:
    return c.ymd(*m.span(), int(m["y"]), month_number(m["mon"]), None)


def _bare_month(m: re.Match[str], c: Ctx) -> Piece | None:
    mo = month_number(m["mon"])
    rel = (m["rel"] or "").lower()
    p = c.ymd(m.start("mon") if not rel else m.start(), m.end(), None, mo, None)
    if p is None or not rel:
        return p
    y = c.now.year
    if rel in ("last", "past", "previous") and mo >= c.now.month:
        y -= 1
    elif rel in ("next", "coming") and mo <= c.now.month:
        y += 1
    return c.ymd(*m.span(), y, mo, None)


def _the_nth(m: re.Match[str], c: Ctx) -> Piece | None:
    word = m.groupdict().get("dw") or m.groupdict().get("dw2") or ""
    d = int(m["d"]) if m["d"] else en_number(word)
    return c.ymd(*m.span(), None, None, d) if d is not None and 1 <= d <= 31 else None


def _year(m: re.Match[str], c: Ctx) -> Piece | None:
    return c.ymd(*m.span(), int(m["y"]), None, None)


def _offset(m: re.Match[str], c: Ctx) -> Piece | None:
    if m.groupdict().get("q"):  # "in a quarter of an hour": minutes, to the second as other fractions
        mins = 45 if m["q"].lower().startswith("three") else 15
        return c.relative(*m.span(), mins, Grain.MINUTE, 1, finer=True)
    if m["u"].lower() == "h":
        return c.relative(*m.span(), float(m["n"]), Grain.HOUR, 1, finer=True)
    amt = amount(m["n"])
    if amt is None:
        return None
    n, vague = amt
    unit = unit_grain(m["u"])
    if weeks_factor(m["u"]) != 1:  # a fortnight is 14 days (to the hour, as "14 days ago")
        n, unit = n * 14, Grain.DAY
    d = (m.groupdict().get("dir") or "in").lower()
    sign = -1 if d in ("ago", "earlier", "back", "before") else 1
    if d.endswith("today"):  # "3 years from today" names a day
        return c.cell(*m.span(), shift(c.today, unit, sign * n), Grain.DAY)
    return c.relative(*m.span(), n, unit, sign, vague, finer=True)


def _last_n(m: re.Match[str], c: Ctx) -> Piece | None:
    amt = amount(m["n"])
    if amt is None or amt[0] != int(amt[0]):
        return None
    sign = -1 if m["w"].lower() in ("last", "past", "previous") else 1
    return c.span_back(*m.span(), int(amt[0] * weeks_factor(m["u"])), unit_grain(m["u"]), sign)


def _within(m: re.Match[str], c: Ctx) -> Piece | None:
    amt = amount(m["n"])
    if amt is None:
        return None
    return c.window(
        *m.span(),
        c.now,
        shift(c.now, unit_grain(m["u"]), amt[0] * weeks_factor(m["u"])),
        Grain.SECOND,  # it starts at the reference itself (Duckling: "within 2 weeks" is to the second)
        Kind.INTERVAL,
    )


def _vague(m: re.Match[str], c: Ctx) -> Piece | None:
    w = " ".join(m.group(0).lower().split())
    if w in ("the other day", "a few days back"):
        return c.relative(*m.span(), 3, Grain.DAY, -1, vague=True)
    if w in ("a while ago", "a while back", "some time ago", "not long ago", "a little while ago"):
        return c.relative(*m.span(), 14, Grain.DAY, -1, vague=True)
    if w.startswith(("earlier", "later")):
        unit = w.split()[-1]
        if unit == "today":
            lo, hi = (c.today, c.now) if w.startswith("earlier") else (c.now, c.today + timedelta(days=1))
            return c.window(*m.span(), lo, hi, Grain.DAY)
        g = {"week": Grain.WEEK, "month": Grain.MONTH, "year": Grain.YEAR}[unit]
        p = c.period(*m.span(), g, 0)
        assert p.lo is not None and p.hi is not None
        lo, hi = (p.lo, c.now) if w.startswith("earlier") else (c.now, p.hi)
        return c.window(*m.span(), lo, hi, Grain.DAY)
    lo = c.today - timedelta(days=7)
    return c.window(*m.span(), lo, c.now, Grain.DAY, Kind.INTERVAL, (c.today - timedelta(days=30), c.now))


def _next_day(m: re.Match[str], c: Ctx) -> Piece | None:
    w = m.group(0).lower()
    return c.day(*m.span(), -1 if ("previous" in w or "before" in w or "prior" in w) else 1)


def _early_late(m: re.Match[str], c: Ctx) -> Piece | None:
    w = " ".join(m.group(0).lower().split())
    off = 1 if "tomorrow" in w else 0
    return c.pod_piece(*m.span(), "early_morning" if w.startswith("early") else "late_night", off)


def _vague_ago(m: re.Match[str], c: Ctx) -> Piece | None:
    return c.relative(*m.span(), 3, unit_grain(m["u"]), -1, vague=True, finer=True)


def _military(m: re.Match[str], c: Ctx) -> Piece | None:
    return c.clock(*m.span(), int(m["h"]), int(m["mm"]), None, None)


def _half_year(m: re.Match[str], c: Ctx) -> Piece | None:
    t = " ".join((m["t"] or "this year").lower().split())
    if m["h"] is None and m["t"] is None:
        return None  # a bare "H1" is not a time
    y = int(t) if t.isdigit() else c.now.year + {"next": 1, "last": -1}.get(t.split()[0], 0)
    second = (m["h"] or "").lower() in ("second", "2nd") or m["hn"] == "2"
    lo = datetime(y, 7 if second else 1, 1)
    return c.window(*m.span(), lo, shift(lo, Grain.MONTH, 6), Grain.MONTH, Kind.INTERVAL)


def _either_offset(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "3 or 4 days ago", "a day or two ago": the first amount, with both in the uncertainty."""
    a, b = amount(m["n1"]), amount(m["n2"])
    if a is None or b is None or not (m["u1"] or m["u2"]):
        return None
    unit = unit_grain(m["u1"] or m["u2"])
    sign = -1 if m["dir"].lower() == "ago" else 1
    p = c.relative(*m.span(), a[0], unit, sign, finer=True)
    q = c.relative(*m.span(), b[0], unit, sign, finer=True)
    assert p.lo is not None and p.hi is not None and q.lo is not None and q.hi is not None
    p.unc = (min(p.lo, q.lo), max(p.hi, q.hi))
    return p


def _every(m: re.Match[str], c: Ctx) -> Piece | None:
    w = m.group(0).lower()
    for word, g in (
        ("weekday", Grain.DAY),
        ("hour", Grain.HOUR),
        ("week", Grain.WEEK),
        ("month", Grain.MONTH),
        ("year", Grain.YEAR),
        ("annual", Grain.YEAR),
    ):
        if word in w:
            return Piece(*m.span(), "every", every=g)
    pod = next((p for p in ("morning", "afternoon", "evening", "night") if p in w), None)
    if pod is not None:
        f = c.pod_piece(*m.span(), pod, 0)
        if f.hi is not None and f.hi <= c.now:
            f = c.pod_piece(*m.span(), pod, 1)
        return f.moved(*m.span(), kind="final", mkind=Kind.RECURRING, ranged=True)
    return Piece(*m.span(), "every", every=Grain.DAY)


def _duration(m: re.Match[str], c: Ctx) -> Piece | None:
    amt = amount(m["n"])
    anchored = re.match(r"\s+(?:from|after|before)\s", m.string[m.end() :]) is not None
    if amt is None or (m["n"].lower() in ("a", "an") and not m["for"] and not anchored):
        return None
    unit = unit_grain(m["u"])
    n = amt[0] * weeks_factor(m["u"])
    p = c.window(*m.span(), c.now, shift(c.now, unit, n), unit, Kind.DURATION)
    p.amount = n
    return p


_HOL = "|".join(EN_NAMES)
_DIGW = r"(?:one|two|three|four|five|six|seven|eight|nine)"

_RULES: list[tuple[re.Pattern[str], Handler]] = [
    (
        re.compile(
            rf"{B}(?:at\s+|@\s*)?(?P<h>\d{{1,2}}|{HOURW})(?:ish)?\s*(?:o'?\s?clock(?:\s*(?P<mer>(?:[ap]\.\s?m\.|"
            rf"[ap]\s?m)))?|"
            rf"(?P<mer2>(?:[ap]\.\s?m\.|[ap]\s?m))(?![a-z]))",
            re.I,
        ),
        _clock_word,
    ),
    (
        re.compile(
            rf"{B}(?:at|@|by|around|about)\s+(?P<h>\d{{1,2}}|{HOURW})(?:\s*(?P<mer>(?:[ap]\.\s?m\.|"
            rf"[ap]\s?m)))?"
            rf"(?=\s*(?:$|[,.;!?)]|\s(?:on|tomorrow|today|tonight|this|next|in\s+the|and|to|until|till|-)"
            rf"\b))",
            re.I,
        ),
        _clock_word,
    ),
    (
        re.compile(
            rf"{B}(?P<h>\d{{1,2}}|{HOURW})(?=\s+(?:tonight|this\s+evening|this\s+morning|in\s+the\s+"
            rf"(?:morning|evening|afternoon)))",
            re.I,
        ),
        _clock_word,
    ),
    (
        re.compile(
            r"(?<![\d:])(?P<h1>\d{1,2})(?::(?P<m1>\d{2}))?\s*(?P<mer1>(?:[ap]\.\s?m\.|[ap]\s?m))?\s*(?:-|"
            r"–|to|until|till)\s*"
            r"(?P<h2>\d{1,2})(?::(?P<m2>\d{2}))?\s*(?P<mer2>(?:[ap]\.\s?m\.|[ap]\s?m))(?![a-z])"
            r"",
            re.I,
        ),
        clock_range,
    ),
    (
        re.compile(
            r"(?<![\d.:])(?P<h>\d{1,2})[.h](?P<mm>\d{2})\s*(?P<mer>(?:[ap]\.\s?m\.|[ap]\s?m))(?![a-z])|"
            r"(?<=at )(?P<h2>\d{1,2})\.(?P<mm2>\d{2})(?![\d.])",
            re.I,
        ),
        dotted_clock,
    ),
    (
        re.compile(
            rf"{B}(?P<h>{HOURW})[\s-]+(?P<mm>(?:twenty|thirty|forty|fifty)(?:[\s-]{_DIGW})?|"
            rf"ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|"
            rf"(?:o'?|oh)\s?{_DIGW})(?:\s*(?P<mer>(?:[ap]\.\s?m\.|[ap]\s?m)))?(?![\w-])(?!\s+(?:minutes|mins|people|"
            rf"years|days|"
            rf"hours|times|percent|dollars))",
            re.I,
        ),
        _word_clock,
    ),
    (re.compile(rf"{B}(?P<n>{NUMW})\s+(?P<wd>{WD_FULL})s\s+ago{E}", re.I), _weekdays_ago),
    (
        re.compile(
            rf"{B}(?<![:\d])(?P<mm>half|(?:a\s+)?quarter|\d{{1,2}}|twenty|ten|five|twenty[-\s]five)\s+"
            rf"(?P<dir>past|after|to|till|before)\s+(?P<h>\d{{1,2}}|{HOURW}|noon|midnight)"
            rf"(?:\s*(?P<mer>(?:[ap]\.\s?m\.|[ap]\s?m)))?{E}",
            re.I,
        ),
        _past_to,
    ),
    (re.compile(rf"{B}(?:at\s+)?(?:noon|midday|midnight){E}", re.I), _noon),
    (
        re.compile(
            rf"{B}(?P<w>(?:the\s+)?day\s+(?:before\s+yesterday|after\s+tomorrow)|today|tonight|tonite|"
            rf"tomorrows?|tmrw|tmr|yesterday)(?:\s+(?:in\s+the\s+)?(?P<p>{PODW}))?{E}",
            re.I,
        ),
        _rel_day,
    ),
    (
        re.compile(
            rf"{B}(?:right\s+now|just\s+now|now|at\s+the\s+moment|currently|at\s+present)"
            rf"{E}",
            re.I,
        ),
        _now,
    ),
    (
        re.compile(
            rf"{B}(?:this\s+(?P<p>morning|afternoon|evening)|last\s+night|last\s+evening)"
            rf"{E}",
            re.I,
        ),
        _this_pod,
    ),
    (
        re.compile(
            rf"{B}(?:in\s+the\s+|at\s+|during\s+the\s+|(?:on\s+)?the\s+(?=(?:morning|afternoon|evening|"
            rf"night)\s+"
            rf"of\b))(?P<p>{PODW}|daytime){E}",
            re.I,
        ),
        _pod,
    ),
    (
        re.compile(
            rf"{B}(?:(?P<rel>this\s+past|this\s+coming|last|next|this|coming|past|previous)\s+)?"
            rf"(?:(?:on|the)\s+)?(?P<wd>{WD_FULL}|(?-i:{WD_ABBR})|(?:tues?|wed|thu(?:rs?)?|fri)\.?)(?P<pl>s)?(?:\s+(?:(?:of\s+)?"
            rf"(?P<wk>next|last|this)\s+week|(?P<after>after\s+next)))?(?:\s+(?:in\s+the\s+)"
            rf"?(?P<p>{PODW}))?{E}",
            re.I,
        ),
        _weekday,
    ),
    (
        re.compile(
            rf"{B}(?:the\s+)?(?:(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s*|(?P<dw>{ORD})\s+)(?:of\s+|day\s+of\s+)?"
            rf"(?P<mon>{MON})(?:,?\s*(?P<y>\d{{4}}))?{E}(?!\s*\d)",
            re.I,
        ),
        _md,
    ),
    (
        re.compile(
            rf"{B}(?P<mon>{MON})\s*(?:the\s+)?(?:(?P<d>\d{{1,2}})(?:st|nd|rd|th)?|(?P<dw>{ORD}))"
            rf"(?:,?\s*(?P<y>\d{{4}}))?(?![\d:]|\s*[ap]\.?m\b)",
            re.I,
        ),
        _md,
    ),
    (
        re.compile(
            rf"{B}(?:from\s+)?(?P<mon>{MON})\s*(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s*(?:-|–|to|through|"
            rf"thru|until|"
            rf"till)\s*(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s*(?P<y>\d{{4}}))?(?![\d:])"
            rf"",
            re.I,
        ),
        _day_range,
    ),
    (
        re.compile(
            rf"{B}(?:from\s+)?(?:the\s+)?(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s*(?:-|–|to|through|thru|"
            rf"until|till)\s*"
            rf"(?:the\s+)?(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon>{MON})"
            rf"(?:,?\s*(?P<y>\d{{4}}))?{E}",
            re.I,
        ),
        _day_range,
    ),
    (re.compile(rf"{B}(?P<mon>{MON})\s*,?\s*(?:of\s+)?(?P<y>(?:19|20)\d{{2}})(?!\d)", re.I), _month_year),
    (
        re.compile(
            rf"{B}(?:(?P<rel>last|next|this|coming|past|previous)\s+)?(?P<mon>january|february|april|"
            rf"june|july|"
            rf"august|september|october|november|december|(?-i:March|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|"
            rf"Oct|"
            rf"Nov|Dec))(?:(?<=[a-z])\.(?=\s*\d))?{E}",
            re.I,
        ),
        _bare_month,
    ),
    (
        re.compile(
            rf"{B}(?:(?P<rel>last|next|this|coming|past|previous)\s+|(?:in|by|since|until|till|from|to|"
            rf"of|during|"
            rf"before|after|early|late|mid|through)\s+)(?P<mon>march|may){E}",
            re.I,
        ),
        _bare_month,
    ),
    (
        re.compile(
            rf"{B}(?:on\s+)?the\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th){E}|{B}on\s+the\s+(?P<dw>{ORD}){E}|"
            rf"{B}the\s+(?P<dw2>{ORD})(?=\s*(?:$|[,.;!?]|\s+(?:at|in\s+the|morning|evening)\b))",
            re.I,
        ),
        _the_nth,
    ),
    (
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
        _year,
    ),
    (
        re.compile(
            rf"{B}(?:the\s+)?(?:(?P<c>19|20)|')?(?P<d>\d)0'?s{E}|{B}the\s+(?P<word>twenties|thirties|"
            rf"forties|"
            rf"fifties|sixties|seventies|eighties|nineties){E}",
            re.I,
        ),
        decade,
    ),
    (
        re.compile(
            rf"{B}(?P<rel>this\s+past|this\s+coming|this\s+upcoming|the\s+following|the\s+previous|this|"
            rf"last|next|past|previous|coming|upcoming|current|following|the)\s+(?P<u>week-?end|week|month|year|"
            rf"yr|quarter|qtr|decade|hour|"
            rf"spring|summer|fall|autumn|winter)(?:\s+(?P<after>after\s+next|before\s+last))"
            rf"?{E}",
            re.I,
        ),
        period,
    ),
    (
        re.compile(
            rf"{B}(?P<pre>(?:in|during|over|through|since|until|by|for|this|last|next)\s+(?:the\s+)?)?"
            rf"(?P<s>spring|summer|fall|autumn|winter)(?:\s+(?:of\s+)?(?P<y>(?:19|20)\d{{2}}))"
            rf"?{E}",
            re.I,
        ),
        season,
    ),
    (
        re.compile(
            rf"{B}(?:Q(?P<q>[1-4])|(?:the\s+)?(?P<qo>first|second|third|fourth|1st|2nd|3rd|4th)\s+"
            rf"(?:quarter|qtr))(?:\s*(?:of\s+)?(?P<y>(?:19|20)\d{{2}}))?{E}",
            re.I,
        ),
        quarter,
    ),
    (
        re.compile(
            rf"{B}(?P<n>{NUMW})\s*(?P<u>{UNIT})\s+(?P<dir>ago|earlier|back|later|from\s+now|hence|"
            rf"from\s+today)"
            rf"{E}",
            re.I,
        ),
        _offset,
    ),
    (
        re.compile(
            rf"{B}in\s+(?:(?:about|another|just|only)\s+)?(?P<n>{NUMW})\s*(?:more\s+)?(?P<u>{UNIT}|h(?=\s|$))"
            rf"{E}|{B}in\s+(?:about\s+)?(?P<q>a\s+quarter|three[-\s]quarters)\s+of\s+an\s+hour{E}",
            re.I,
        ),
        _offset,
    ),
    (
        re.compile(
            rf"{B}(?:the\s+|over\s+the\s+|in\s+the\s+|for\s+the\s+)?(?P<w>last|past|next|coming|previous|"
            rf"following)\s+(?P<n>{NUMW})\s+(?P<u>{UNIT}){E}",
            re.I,
        ),
        _last_n,
    ),
    (re.compile(rf"{B}within\s+(?:the\s+next\s+)?(?P<n>{NUMW})\s+(?P<u>{UNIT}){E}", re.I), _within),
    (
        re.compile(
            rf"{B}(?:recently|lately|of\s+late|the\s+other\s+day|a\s+few\s+days\s+back|a\s+(?:little\s+)"
            rf"?while\s+"
            rf"(?:ago|back)|some\s+time\s+ago|not\s+long\s+ago|these\s+days|nowadays|(?:earlier|later)\s+"
            rf"(?:today|this\s+(?:week|month|year))){E}",
            re.I,
        ),
        _vague,
    ),
    (
        re.compile(
            rf"{B}(?:(?:in|at)\s+)?(?:the\s+)?(?P<part>early|beginning|start|mid|middle|late|end)(?:-|"
            rf"\s+)"
            rf"(?:of\s+)?(?:in\s+)?(?P<t>the\s+month|this\s+month|next\s+month|last\s+month|(?:this|next|"
            rf"last|"
            rf"the)\s+(?:year|week)|(?<=end of )(?:the\s+)?(?:day|week|month|year)|{MON}|(?:19|20)"
            rf"\d{{2}}){E}",
            re.I,
        ),
        part,
    ),
    (
        re.compile(rf"{B}(?:eod|cob|close\s+of\s+business|end\s+of\s+(?:the\s+)?(?:business\s+)?day){E}", re.I),
        lambda m, c: c.day(*m.span(), 0),
    ),
    (
        re.compile(
            rf"{B}(?:(?P<rel>last|next|this)\s+)?(?P<h>{_HOL})(?:\s+(?P<y>(?:19|20)\d{{2}}))"
            rf"?{E}",
            re.I,
        ),
        holiday,
    ),
    (
        re.compile(
            rf"{B}(?:every\s+(?:single\s+|other\s+)?(?:day|morning|afternoon|evening|night|week|month|"
            rf"year|"
            rf"hour|weekday)|each\s+(?:day|week|month|year|morning|evening)|daily|weekly|monthly|yearly|"
            rf"annually|"
            rf"nightly){E}",
            re.I,
        ),
        _every,
    ),
    (
        re.compile(
            rf"{B}(?:the\s+)?(?:next|following|previous|prior)\s+day{E}|{B}the\s+day\s+(?:after|before)"
            rf"(?!\s+(?:tomorrow|yesterday)){E}",
            re.I,
        ),
        _next_day,
    ),
    (
        re.compile(
            rf"{B}(?:early|late)\s+(?:tonight|today|tomorrow(?:\s+morning)?|this\s+morning)"
            rf"{E}",
            re.I,
        ),
        _early_late,
    ),
    (re.compile(rf"{B}(?P<u>days|weeks|months|years)\s+ago{E}", re.I), _vague_ago),
    (
        re.compile(
            rf"{B}(?:the\s+)?(?P<n>first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)"
            rf"\s+(?:(?P<wd>{WD_FULL})|day)"
            rf"\s+(?:of|in)\s+(?P<t>(?:the|this|next|last)\s+(?:month|year)|{MON})(?:\s+(?P<y>(?:19|20)"
            rf"\d{{2}}))?{E}",
            re.I,
        ),
        nth_weekday,
    ),
    (
        re.compile(
            rf"{B}(?P<d>\d{{1,2}})(?:st|nd|rd|th)(?=\s+of\s+(?:the|this|next|last)\s+month)"
            rf"",
            re.I,
        ),
        _the_nth,
    ),
    (
        re.compile(
            rf"{B}(?P<for>for\s+(?:about\s+|around\s+|nearly\s+|almost\s+|over\s+)?)?(?P<n>{NUMW})\s*"
            rf"(?P<u>{UNIT}){E}",
            re.I,
        ),
        _duration,
    ),
    (
        re.compile(
            rf"(?:(?<=at )|(?<=after )|(?<=before )|(?<=for )|(?<=during )|(?<=by ))"
            rf"(?P<p>breakfast|brunch|lunch|lunchtime|dinner|supper){E}",
            re.I,
        ),
        _pod,
    ),
    (
        re.compile(
            r"(?:(?<=at )|(?<=around )|(?<=by )|(?<=about )|(?<=approximately ))(?P<h>[01]?\d|2[0-3])"
            r"\s?(?P<mm>[0-5]\d)(?![\d:.-])"
        ),
        _military,
    ),
    (
        re.compile(
            rf"{B}(?:the\s+)?(?P<n>first|second|third|fourth|last|1st|2nd|3rd|4th)\s+(?P<u>week|weekend|"
            rf"week-end|wkend)\s+(?:of|in)\s+(?P<mon>{MON})(?:\s+(?P<y>(?:19|20)\d{{2}}))?{E}",
            re.I,
        ),
        nth_week,
    ),
    (re.compile(rf"{B}the\s+week\s+of\s+(?=(?:{MON}|the\s+\d))", re.I), week_of),
    (
        re.compile(
            rf"{B}(?:the\s+)?(?:(?P<h>first|second|1st|2nd)\s+half\s+of\s+|H(?P<hn>[12])\s*)(?P<t>(?:the|this|"
            rf"next|last)\s+year|(?:19|20)\d{{2}})?{E}",
            re.I,
        ),
        _half_year,
    ),
    (
        re.compile(
            rf"{B}(?P<n1>{NUMW})\s*(?P<u1>{UNIT})?\s+or\s+(?P<n2>{NUMW})\s*(?P<u2>{UNIT})?\s+"
            rf"(?P<dir>ago|later|from\s+now){E}",
            re.I,
        ),
        _either_offset,
    ),
    (re.compile(rf"{B}half\s+(?P<h>\d{{1,2}}|{HOURW})(?!\s*(?:an?|hours?|past|of|the)\b){E}", re.I), _half_hour),
    (
        re.compile(r"(?<![\d:.])(?P<h>1[0-2]|[1-9])(?P<mm>[0-5]\d)\s*(?P<mer>[ap]\.\s?m\.|[ap]\s?m)(?![a-z])", re.I),
        lambda m, c: c.clock(*m.span(), int(m["h"]), int(m["mm"]), None, meridiem(m["mer"])),
    ),
    (
        re.compile(rf"{B}(?P<h>\d{{1,2}}|{HOURW})\s+in\s+the\s+(?P<mer>[ap]\.\s?m\.|[ap]\s?m){E}", re.I),
        _clock_word,
    ),
    (re.compile(rf"{B}(?P<p>morning|afternoon|evening|night)(?=\s+of\s+(?:the\s+)?\d)", re.I), _pod),
]

_GATES = [
    DIG,
    DIG,
    DIG,
    DIG,
    DIG | HOURS,
    DIG | HOURS,
    DIG | HOURS,
    DIG,
    DIG,
    HOURS,
    WDW,
    {"half", "quarter", "past", "after", "to", "till", "before"},
    {"noon", "midday", "midnight"},
    {"today", "tonight", "tonite", "tomorrow", "tomorrows", "tmrw", "tmr", "yesterday", "day"},
    {"now", "currently", "moment", "present"},
    {"morning", "afternoon", "evening", "night"},
    PODS,
    WDW,
    MONTHW,
    MONTHW,
    MONTHW,
    MONTHW,
    MONTHW,
    MONTHW,
    MONTHW,
    DIG | ORDW,
    DIG,
    DIG | {"twenties", "thirties", "forties", "fifties", "sixties", "seventies", "eighties", "nineties"},
    {"weekend", "week", "month", "year", "yr", "quarter", "qtr", "decade", "hour"} | SEASONW,
    SEASONW,
    {"q", "quarter", "qtr"},
    UNITW,
    UNITW,
    UNITW,
    UNITW,
    {"recently", "lately", "late", "other", "while", "time", "long", "nowadays", "days", "earlier", "later", "back"},
    {"early", "beginning", "start", "mid", "middle", "late", "end"},
    {"eod", "cob", "close", "end"},
    HOLW,
    {"every", "each", "daily", "weekly", "monthly", "yearly", "annually", "nightly"},
    {"day"},
    {"early", "late"},
    {"days", "weeks", "months", "years"},
    {"day"} | WDW,
    DIG,
    UNITW,
    {"breakfast", "brunch", "lunch", "lunchtime", "dinner", "supper"},
    DIG,
    {"week", "weekend", "wkend"},
    {"week"},
    {"half", "h"},
    {"or"},
    {"half"},
    DIG,
    DIG | HOURS,
    {"morning", "afternoon", "evening", "night"},
]
#: (pattern, handler, gate): a rule runs only when the text holds one of its gate words ("#": a digit).
RULES: list[tuple[re.Pattern[str], Handler, frozenset[str]]] = [
    (pattern, handler, frozenset(gate)) for (pattern, handler), gate in zip(NUMERIC + _RULES, _GATES, strict=True)
]
