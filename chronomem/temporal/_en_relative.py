"""English offsets, spans, vague phrases, durations and recurrences: "two weeks ago", "in 3 days",
"the last 3 days", "recently", "for two hours", "every Monday"."""

from __future__ import annotations

import re
from datetime import timedelta

from ._calendar import shift
from ._en_words import NUMW, UNIT, UNITW, B, E, amount, unit_grain, weeks_factor
from ._pieces import Ctx, Piece
from ._rules import Grammar
from ._values import Grain, Shape

__all__ = ["RELATIVE"]

RELATIVE = Grammar("en.relative")


@RELATIVE.rule(
    "en.relative.now",
    re.compile(
        rf"{B}(?:right\s+now|just\s+now|now|at\s+the\s+moment|currently|at\s+present|"
        rf"at\s+this\s+(?:time|moment)(?!\s+(?:of|on|in|tomorrow|yesterday|next|last)\b))"
        rf"{E}",
        re.I,
    ),
    gate={"now", "currently", "moment", "present", "time"},
    priority=500,
)
def _now(m: re.Match[str], c: Ctx) -> Piece | None:
    lo = c.now.replace(microsecond=0)
    unc = (lo - timedelta(hours=1), lo) if m.group(0).lower().startswith("just") else None
    return c.window(*m.span(), lo, lo + timedelta(seconds=1), Grain.SECOND, Shape.INSTANT, unc)


@RELATIVE.rule(
    "en.relative.ago",
    re.compile(
        rf"{B}(?P<n>{NUMW})\s*(?P<u>{UNIT})\s+(?P<dir>ago|earlier|back|later|from\s+right\s+now|from\s+now|hence|"
        rf"from\s+today)"
        rf"{E}",
        re.I,
    ),
    gate=UNITW,
    priority=330,
)
@RELATIVE.rule(
    "en.relative.in_amount",
    re.compile(
        rf"{B}in\s+(?:(?:about|another|just|only)\s+)?(?P<n>{NUMW})\s*(?:more\s+)?(?P<u>{UNIT}|h(?=\s|$))"
        rf"(?P<half>\s+and\s+an?\s+half)?{E}|"
        rf"{B}in\s+(?:about\s+)?(?P<q>a\s+quarter|three[-\s]quarters)\s+(?:of\s+an\s+)?hour{E}|"
        rf"{B}in\s+(?P<nm>\d+)\s*(?P<mark>['’′\"″])",
        re.I,
    ),
    gate=UNITW | set("'’′\"″"),
    priority=320,
)
def _offset(m: re.Match[str], c: Ctx) -> Piece | None:
    if m.groupdict().get("q"):  # "in a quarter of an hour": minutes, to the second as other fractions
        mins = 45 if m["q"].lower().startswith("three") else 15
        return c.relative(*m.span(), mins, Grain.MINUTE, 1, finer=True)
    if m.groupdict().get("mark"):  # "in 15'" minutes, 'in 1"' seconds
        unit = Grain.MINUTE if m["mark"] in "'’′" else Grain.SECOND
        return c.relative(*m.span(), int(m["nm"]), unit, 1, finer=True)
    amt = amount(m["n"])
    if amt is None:
        return None
    n, vague = amt
    if m.groupdict().get("half"):  # "in an hour and a half"
        n += 0.5
    unit = Grain.HOUR if m["u"].lower() == "h" else unit_grain(m["u"])
    if weeks_factor(m["u"]) != 1:  # a fortnight is 14 days (to the hour, as "14 days ago")
        n, unit = n * 14, Grain.DAY
    d = (m.groupdict().get("dir") or "in").lower()
    sign = -1 if d in ("ago", "earlier", "back", "before") else 1
    if d.endswith("today"):  # "3 years from today" names a day
        return c.cell(*m.span(), shift(c.today, unit, sign * n), Grain.DAY)
    if d.endswith("right now"):  # "a day from right now": the very instant
        at = shift(c.now.replace(microsecond=0), unit, n)
        return c.window(*m.span(), at, at + timedelta(seconds=1), Grain.SECOND, Shape.INSTANT)
    return c.relative(*m.span(), n, unit, sign, vague, finer=True)


@RELATIVE.rule(
    "en.relative.last_n",
    re.compile(
        rf"{B}(?:the\s+|over\s+the\s+|in\s+the\s+|for\s+the\s+)?(?P<w>last|past|next|coming|previous|"
        rf"following)\s+(?P<n>{NUMW})\s+(?P<u>{UNIT}){E}",
        re.I,
    ),
    gate=UNITW,
    priority=310,
)
def _last_n(m: re.Match[str], c: Ctx) -> Piece | None:
    amt = amount(m["n"])
    if amt is None or amt[0] != int(amt[0]):
        return None
    sign = -1 if m["w"].lower() in ("last", "past", "previous") else 1
    return c.span_back(*m.span(), int(amt[0] * weeks_factor(m["u"])), unit_grain(m["u"]), sign)


@RELATIVE.rule(
    "en.relative.within",
    re.compile(rf"{B}within\s+(?:the\s+next\s+)?(?P<n>{NUMW})\s+(?P<u>{UNIT}){E}", re.I),
    gate=UNITW,
    priority=300,
)
def _within(m: re.Match[str], c: Ctx) -> Piece | None:
    amt = amount(m["n"])
    if amt is None:
        return None
    return c.window(
        *m.span(),
        c.now,
        shift(c.now, unit_grain(m["u"]), amt[0] * weeks_factor(m["u"])),
        Grain.SECOND,  # it starts at the reference itself (Duckling: "within 2 weeks" is to the second)
        Shape.INTERVAL,
    )


@RELATIVE.rule(
    "en.relative.vague",
    re.compile(
        rf"{B}(?:recently|lately|of\s+late|the\s+other\s+day|a\s+few\s+days\s+back|a\s+(?:little\s+)"
        rf"?while\s+"
        rf"(?:ago|back)|some\s+time\s+ago|not\s+long\s+ago|these\s+days|nowadays|(?:earlier|later)\s+"
        rf"(?:today|this\s+(?:week|month|year))){E}",
        re.I,
    ),
    gate={
        "recently",
        "lately",
        "late",
        "other",
        "while",
        "time",
        "long",
        "nowadays",
        "days",
        "earlier",
        "later",
        "back",
    },
    priority=290,
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
    return c.window(*m.span(), lo, c.now, Grain.DAY, Shape.INTERVAL, (c.today - timedelta(days=30), c.now))


@RELATIVE.rule(
    "en.relative.every",
    re.compile(
        rf"{B}(?:every\s+(?:single\s+|other\s+)?(?:day|morning|afternoon|evening|night|week|month|"
        rf"year|"
        rf"hour|weekday)|each\s+(?:day|week|month|year|morning|evening)|daily|weekly|monthly|yearly|"
        rf"annually|"
        rf"nightly){E}",
        re.I,
    ),
    gate={"every", "each", "daily", "weekly", "monthly", "yearly", "annually", "nightly"},
    priority=250,
)
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
        return f.moved(*m.span(), kind="final", shape=Shape.RECURRING, ranged=True)
    return Piece(*m.span(), "every", every=Grain.DAY)


@RELATIVE.rule(
    "en.relative.units_ago",
    re.compile(rf"{B}(?P<u>days|weeks|months|years)\s+ago{E}", re.I),
    gate={"days", "weeks", "months", "years"},
    priority=220,
)
def _vague_ago(m: re.Match[str], c: Ctx) -> Piece | None:
    return c.relative(*m.span(), 3, unit_grain(m["u"]), -1, vague=True, finer=True)


@RELATIVE.rule(
    "en.relative.duration",
    re.compile(
        rf"{B}(?P<for>for\s+(?:about\s+|around\s+|nearly\s+|almost\s+|over\s+)?)?(?P<n>{NUMW})\s*"
        rf"(?P<u>{UNIT}){E}",
        re.I,
    ),
    gate=UNITW,
    priority=190,
)
def _duration(m: re.Match[str], c: Ctx) -> Piece | None:
    amt = amount(m["n"])
    anchored = re.match(r"\s+(?:from|after|before)\s", m.string[m.end() :]) is not None
    if amt is None or (m["n"].lower() in ("a", "an") and not m["for"] and not anchored):
        return None
    unit = unit_grain(m["u"])
    n = amt[0] * weeks_factor(m["u"])
    p = c.window(*m.span(), c.now, shift(c.now, unit, n), unit, Shape.DURATION)
    p.amount, p.lasting = n, bool(m["for"])
    return p


@RELATIVE.rule(
    "en.relative.for_marked",
    re.compile(
        r"(?<![A-Za-z])for\s+(?P<n>\d+)\s*(?P<mark>['’′\"″])"
        r"(?=\s*(?:$|[,.;!?)]|(?:starting|beginning|from|after|at|on|to|today|tomorrow)\b))",
        re.I,
    ),
    gate={"for"},
    priority=195,
)
def _for_marked(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "for 30'" (minutes), 'for 10"' (seconds): a length, as "for 30 minutes"; not before a noun ("5' of
    cable" are feet)."""
    unit = Grain.MINUTE if m["mark"] in "'’′" else Grain.SECOND
    n = int(m["n"])
    p = c.window(*m.span(), c.now, shift(c.now, unit, n), unit, Shape.DURATION)
    p.amount, p.lasting = float(n), True
    return p


@RELATIVE.rule(
    "en.relative.either_ago",
    re.compile(
        rf"{B}(?P<n1>{NUMW})\s*(?P<u1>{UNIT})?\s+or\s+(?P<n2>{NUMW})\s*(?P<u2>{UNIT})?\s+"
        rf"(?P<dir>ago|later|from\s+now){E}",
        re.I,
    ),
    gate={"or"},
    priority=130,
)
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


@RELATIVE.rule(
    "en.relative.asap",
    re.compile(rf"{B}(?:asap|as\s+soon\s+as\s+(?:possible|you\s+can)){E}", re.I),
    gate={"asap", "soon"},
    priority=235,
)
def _asap(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "ASAP": from now on (open after the reference, grain second)."""
    return Piece(*m.span(), "final", c.now.replace(microsecond=0), None, Grain.SECOND, Shape.OPEN_AFTER, ranged=True)
