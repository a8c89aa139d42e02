"""Numeric date and time formats, shared by both languages: ISO 8601, 3/5/2024, 2024-03, 15:30.

(The English "9.30am" and "3-4pm" are in :mod:`._en_clock`.)"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from ._calendar import shift
from ._en_words import meridiem
from ._model import Grain, Shape
from ._pieces import Ctx, Piece
from ._rules import DIGIT, Grammar

__all__ = ["NUMERIC"]

NUMERIC = Grammar("num")


@NUMERIC.rule(
    "num.iso_datetime",
    re.compile(
        r"(?<![\d.])(?P<y>\d{4})[-/.](?P<m>\d{1,2})[-/.](?P<d>\d{1,2})(?:(?:T|\s+)(?P<H>\d{1,2})"
        r":(?P<M>\d{2})"
        r"(?::(?P<S>\d{2}))?(?:\.\d+)?\s*(?P<z>Z|[+-]\d{2}:?\d{2})?)?(?![\d])"
    ),
    gate={DIGIT},
    priority=990,
)
def _iso(m: re.Match[str], c: Ctx) -> Piece | None:
    y, mo, d = int(m["y"]), int(m["m"]), int(m["d"])
    date = c.ymd(*m.span(), y, mo, d)
    if date is None or m["H"] is None:
        return date
    h, mi, se = int(m["H"]), int(m["M"]), int(m["S"] or 0)
    if h > 23:
        return None
    lo = datetime(y, mo, d, h, mi, se)
    if m["z"] and c.tz is not None:
        from datetime import timezone

        z = m["z"]
        off = (
            timedelta(0)
            if z.upper() == "Z"
            else ((1 if z[0] == "+" else -1) * timedelta(hours=int(z[1:3]), minutes=int(z[-2:])))
        )
        lo = lo.replace(tzinfo=timezone(off)).astimezone(c.tz).replace(tzinfo=None)
    grain = Grain.MINUTE if m["S"] is None else Grain.SECOND
    return c.window(*m.span(), lo, shift(lo, grain, 1), grain, Shape.INSTANT)


@NUMERIC.rule(
    "num.slash_date",
    re.compile(
        r"(?<![\d/.])(?P<a>\d{1,2})(?P<sep>[/.])(?P<b>\d{1,2})(?:(?P=sep)(?P<y>\d{4}|\d{2}))?"
        r"(?![\d/]|\.\d|\s*(?:h|hours?|of\s+an?)\b)"
    ),
    gate={DIGIT},
    priority=980,
)
def _slash(m: re.Match[str], c: Ctx) -> Piece | None:
    a, b = int(m["a"]), int(m["b"])
    y = m["y"]
    if m["sep"] == "." and a > 12:
        a, b = b, a  # 31.10.1974 (day first)
    if y is None and m["sep"] != "/":
        return None
    year = None if y is None else _full_year(y)
    if not (1 <= a <= 12 and 1 <= b <= 31):
        return None
    return c.ymd(*m.span(), year, a, b)


@NUMERIC.rule(
    "num.dash_date",
    re.compile(
        r"(?<![\d/.:-])(?P<a>\d{1,2})(?:(?P<dash>\s*[-–]\s*)|\s+/\s+)(?P<b>\d{1,2})"
        r"(?:(?(dash)[-–]|/)(?P<y>\d{4}|\d{2}))?(?![\d/:.-]|\s*(?:[ap]\.?m\b|h\b|[a-z%]))",
        re.I,
    ),
    gate={DIGIT},
    priority=975,
)
def _dash(m: re.Match[str], c: Ctx) -> Piece | None:
    """ "2-15", "10-31-74", "2 / 15": month first, as "2/15". Without a year, a dash between two small numbers
    is a range ("3-5"), so the day must be past 12."""
    a, b, y = int(m["a"]), int(m["b"]), m["y"]
    if not (1 <= a <= 12 and 1 <= b <= 31) or (y is None and b <= 12):
        return None
    return c.ymd(*m.span(), None if y is None else _full_year(y), a, b)


def _full_year(y: str) -> int:
    """A two-digit year is 2000-2050 or 1951-1999."""
    return int(y) + (2000 if int(y) <= 50 else 1900) if len(y) == 2 else int(y)


@NUMERIC.rule(
    "num.year_month",
    re.compile(
        r"(?<![\d/.-])(?P<y>(?:19|20)\d{2})[-/](?P<m>\d{1,2})(?![\d/-])|"
        r"(?<![\d/.-])(?P<m2>\d{1,2})/(?P<y2>(?:19|20)\d{2})(?![\d/-])"
    ),
    gate={DIGIT},
    priority=970,
)
def _ym(m: re.Match[str], c: Ctx) -> Piece | None:
    y, mo = int(m["y"] or m["y2"]), int(m["m"] or m["m2"])
    return c.ymd(*m.span(), y, mo, None) if 1 <= mo <= 12 else None


@NUMERIC.rule(
    "num.hh_mm",
    re.compile(
        r"(?<![\d:.])(?P<h>\d{1,2}):(?P<mm>\d{2})(?::(?P<ss>\d{2}))?(?:\s*(?P<mer>(?:[ap]\.\s?m\.|"
        r"[ap]\s?m)|[ap])"
        r"(?![a-z]))?(?![\d:])",
        re.I,
    ),
    gate={DIGIT},
    priority=960,
)
def _hhmm(m: re.Match[str], c: Ctx) -> Piece | None:
    mer = meridiem(m["mer"])
    h = int(m["h"])
    if mer is not None and not 1 <= h <= 12:
        return None
    return c.clock(
        *m.span(),
        h,
        int(m["mm"]),
        int(m["ss"]) if m["ss"] else None,
        mer,
        h24=m["h"].startswith("0") and len(m["h"]) == 2,
    )
