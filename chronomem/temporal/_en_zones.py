"""Time zones named after a clock time: "4pm CET", "Thursday 8:00 PST", "9:30 - 11:00 CST", "15:00 UTC+2".

A zone in the text wins over the speaker's: the time is read on the named zone's wall clock and converted to
the speaker's. The grammar rule recognises the zone; :func:`attach_zones` hangs it on the time just before it
(a zone after no time is dropped), and :func:`apply_zones` converts once ranges are built.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta, timezone

from ._en_words import E
from ._model import Grain
from ._pieces import Ctx, Piece, is_time
from ._placement import as_final
from ._rules import Grammar

__all__ = ["ZONE", "ZONES", "apply_zones", "attach_zones"]

ZONES = Grammar("en.zones")

#: Abbreviations with one fixed offset in hours (the ambiguous and word-like ones, "ET", "CAT", "WAT", are left
#: out). CST is US Central, IST India, BST British Summer Time, as in Duckling.
_OFFSETS = {
    "utc": 0,
    "gmt": 0,
    "wet": 0,
    "bst": 1,
    "cet": 1,
    "cest": 2,
    "eet": 2,
    "eest": 3,
    "msk": 3,
    "ist": 5.5,
    "sgt": 8,
    "hkt": 8,
    "jst": 9,
    "kst": 9,
    "awst": 8,
    "acst": 9.5,
    "aest": 10,
    "aedt": 11,
    "nzst": 12,
    "nzdt": 13,
    "hst": -10,
    "akst": -9,
    "akdt": -8,
    "pst": -8,
    "pdt": -7,
    "mst": -7,
    "mdt": -6,
    "cst": -6,
    "cdt": -5,
    "est": -5,
    "edt": -4,
}
#: a zone name, for rules that must know a clock is followed by one ("at 8 GMT")
ZONE = rf"(?:{'|'.join(sorted(_OFFSETS, key=len, reverse=True))}){E}"


@ZONES.rule(
    "en.zones.zone",
    re.compile(
        rf"(?<![A-Za-z])(?P<open>\()?(?P<z>{ZONE})(?:(?P<sign>[+-−])(?P<h>\d{{1,2}})(?::?(?P<m>\d{{2}}))?)?"
        rf"(?(open)\))",
        re.I,
    ),
    gate=set(_OFFSETS),
    priority=435,
)
def _zone(m: re.Match[str], c: Ctx) -> Piece | None:
    hours = _OFFSETS[m["z"].lower()]
    if m["h"]:  # "UTC+2", "GMT-05:30"
        if hours != 0:
            return None
        sign = -1 if m["sign"] in "-−" else 1
        hours = sign * (int(m["h"]) + int(m["m"] or 0) / 60)
    if not -14 <= hours <= 14:
        return None
    return Piece(*m.span(), "zone", zone=timedelta(hours=hours))


_GAP = re.compile(r"\s*")


def attach_zones(pieces: list[Piece], text: str) -> list[Piece]:
    """Hang each zone on the clock time just before it ("4pm CET"); drop zones that follow no time."""
    out: list[Piece] = []
    for p in pieces:
        if p.kind != "zone":
            out.append(p)
        elif out and is_time(out[-1]) and out[-1].zone is None and _GAP.fullmatch(text, out[-1].end, p.start):
            out[-1] = out[-1].moved(out[-1].start, p.end, zone=p.zone)
    return out


def apply_zones(pieces: list[Piece], ctx: Ctx) -> list[Piece]:
    """Read a zoned time on its zone's wall clock and convert it to the speaker's; the grain is at most the minute
    (as in Duckling: "4pm CET" is the minute 16:00 CET)."""
    if ctx.tz is None:
        return pieces
    out = []
    for p in pieces:
        if p.zone is None:
            out.append(p)
            continue
        f = as_final(p, ctx)
        zone = timezone(p.zone)

        def speaker(d: datetime | None, zone: timezone = zone) -> datetime | None:
            return None if d is None else d.replace(tzinfo=zone).astimezone(ctx.tz).replace(tzinfo=None)

        lo, hi = speaker(f.lo), speaker(f.hi)
        grain = f.grain if f.grain.rank <= Grain.MINUTE.rank else Grain.MINUTE
        if grain is not f.grain and not f.ranged and lo is not None and f.shape.value == "instant":
            hi = lo + timedelta(minutes=1)
        out.append(replace(f, lo=lo, hi=hi, grain=grain, zone=None))
    return out
