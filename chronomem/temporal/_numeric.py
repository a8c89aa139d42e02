"""Numeric date and time formats, shared by both languages: ISO 8601, 3/5/2024, 2024-03, 15:30,
9.30am, 3-4pm."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta

from ._calendar import shift
from ._combine import place_clock
from ._en_words import meridiem
from ._model import Grain, Kind
from ._pieces import Ctx, Piece

__all__ = ["NUMERIC", "clock_range", "dotted_clock"]

Handler = Callable[[re.Match[str], Ctx], Piece | None]


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
    return c.window(*m.span(), lo, shift(lo, grain, 1), grain, Kind.INSTANT)


def _slash(m: re.Match[str], c: Ctx) -> Piece | None:
    a, b = int(m["a"]), int(m["b"])
    y = m["y"]
    if m["sep"] == "." and a > 12:
        a, b = b, a  # 31.10.1974 (day first)
    if y is None and m["sep"] != "/":
        return None
    year = None if y is None else (int(y) + (2000 if int(y) <= 50 else 1900) if len(y) == 2 else int(y))
    if not (1 <= a <= 12 and 1 <= b <= 31):
        return None
    return c.ymd(*m.span(), year, a, b)


def _ym(m: re.Match[str], c: Ctx) -> Piece | None:
    y, mo = int(m["y"] or m["y2"]), int(m["m"] or m["m2"])
    return c.ymd(*m.span(), y, mo, None) if 1 <= mo <= 12 else None


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


NUMERIC: list[tuple[re.Pattern[str], Handler]] = [
    (
        re.compile(
            r"(?<![\d.])(?P<y>\d{4})[-/.](?P<m>\d{1,2})[-/.](?P<d>\d{1,2})(?:(?:T|\s+)(?P<H>\d{1,2})"
            r":(?P<M>\d{2})"
            r"(?::(?P<S>\d{2}))?(?:\.\d+)?\s*(?P<z>Z|[+-]\d{2}:?\d{2})?)?(?![\d])"
        ),
        _iso,
    ),
    (
        re.compile(
            r"(?<![\d/.])(?P<a>\d{1,2})(?P<sep>[/.])(?P<b>\d{1,2})(?:(?P=sep)(?P<y>\d{4}|\d{2}))?"
            r"(?![\d/]|\.\d|\s*(?:h|hours?|of\s+an?)\b)"
        ),
        _slash,
    ),
    (
        re.compile(
            r"(?<![\d/.-])(?P<y>(?:19|20)\d{2})[-/](?P<m>\d{1,2})(?![\d/-])|"
            r"(?<![\d/.-])(?P<m2>\d{1,2})/(?P<y2>(?:19|20)\d{2})(?![\d/-])"
        ),
        _ym,
    ),
    (
        re.compile(
            r"(?<![\d:.])(?P<h>\d{1,2}):(?P<mm>\d{2})(?::(?P<ss>\d{2}))?(?:\s*(?P<mer>(?:[ap]\.\s?m\.|"
            r"[ap]\s?m)|[ap])"
            r"(?![a-z]))?(?![\d:])",
            re.I,
        ),
        _hhmm,
    ),
]


def clock_range(m: re.Match[str], c: Ctx) -> Piece | None:
    mer2 = meridiem(m["mer2"])
    mer1 = meridiem(m["mer1"])
    h1, h2 = int(m["h1"]), int(m["h2"])
    if not (1 <= h1 <= 12 and 1 <= h2 <= 12):
        return None
    if mer1 is None:
        mer1 = mer2 if h1 <= h2 or h1 == 12 else ("am" if mer2 == "pm" else "pm")
    a = c.clock(m.start(), m.end("h1"), h1, int(m["m1"]) if m["m1"] else None, None, mer1)
    b = c.clock(m.start("h2"), m.end(), h2, int(m["m2"]) if m["m2"] else None, None, mer2)
    if a is None or b is None:
        return None

    lo = place_clock(c.today, a, None, False)
    step = timedelta(hours=1) if m["m2"] is None else timedelta(minutes=1)
    hi = place_clock(c.today, b, None, False) + step
    if hi <= lo:
        return None
    return Piece(
        *m.span(),
        "date",
        lo,
        hi,
        Grain.HOUR if m["m1"] is None else Grain.MINUTE,
        Kind.INTERVAL,
        holiday="clock_range",
        ranged=True,
    )


def dotted_clock(m: re.Match[str], c: Ctx) -> Piece | None:
    h, mm = (m["h"], m["mm"]) if m["h"] else (m["h2"], m["mm2"])
    mer = meridiem(m["mer"])
    if mer is not None and not 1 <= int(h) <= 12:
        return None
    return c.clock(*m.span(), int(h), int(mm), None, mer, h24=h.startswith("0") and len(h) == 2)
