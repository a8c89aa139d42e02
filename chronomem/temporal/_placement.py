"""Where a piece falls when it is placed: a clock time on a day (12-hour readings, am/pm from the text or
the part of the day), a clock time with no day at its next occurrence, and a lone piece on the reference day."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from ._calendar import midnight, truncate
from ._model import Grain, Shape
from ._pieces import POD, Ctx, Mer, Piece

__all__ = ["as_final", "clock_final", "place_clock"]


def place_clock(day: datetime, p: Piece, hint: Mer, explicit_day: bool) -> datetime:
    """A clock time on ``day``. 12-hour readings take the meridiem from the clock ("pm"), else from the
    part of day (下午, evening); a bare hour 1-6 is afternoon, 7-12 morning/noon (daytime reading)."""
    h = p.hour
    mer = p.mer or hint
    if p.h24 and p.mer is None and hint not in ("night",):
        pass
    elif (mer == "pm" and h < 12) or (mer == "noon" and h <= 5):
        h += 12
    elif mer == "am" and h == 12:
        h = 0
    elif mer == "night":
        h = h + 24 if h <= 4 else (h + 12 if h < 12 else (24 if h == 12 else h))
    elif mer is None and not p.h24 and 1 <= h <= 6:
        h += 12
    return midnight(day) + timedelta(hours=h, minutes=p.minute, seconds=p.second)


def _next_clock(clock: Piece, ctx: Ctx) -> datetime:
    """A clock time with no day, as in Duckling: its next occurrence whose hour has not ended ("at 3am" said
    at 04:30 is tomorrow's; "at 4:23" is today's). A 12-hour reading with no am/pm takes the first of am and
    pm: "3:30" said at 04:30 is 15:30, "八点" said at 15:00 is 20:00; past both, tomorrow's daytime reading."""
    if clock.mer is None and not clock.h24 and 1 <= clock.hour <= 12:
        first = ctx.today + timedelta(hours=clock.hour % 12, minutes=clock.minute, seconds=clock.second)
        # once both of today's readings are gone, tomorrow's daytime one ("两点半" said at 15:00: 14:30)
        tomorrow = place_clock(ctx.today + timedelta(days=1), clock, None, False)
        candidates = [first, first + timedelta(hours=12), tomorrow]
    else:
        first = place_clock(ctx.today, clock, clock.mer, False)
        candidates = [first, first + timedelta(days=1)]
    hour_now = truncate(ctx.now, Grain.HOUR)
    return next((c for c in candidates if truncate(c, Grain.HOUR) >= hour_now), candidates[-1])


def clock_final(date: Piece | None, clock: Piece, ctx: Ctx, s: int, e: int) -> Piece:
    """The clock time on ``date``'s day (with no date: its next occurrence, or the reference day in a past-tense
    sentence), as a final piece spanning ``[s, e)`` of the text."""
    day = ctx.today if date is None or date.lo is None else date.lo
    hint = clock.mer if clock.pod is None else (clock.mer or POD[clock.pod][2])
    if date is not None and date.pod is not None and clock.mer is None:
        hint = POD[date.pod][2]
    if date is not None and date.pod == "last_night":
        day = midnight(day)
    if date is None and clock.pod is None and not ctx.past:
        lo = _next_clock(clock, ctx)
    else:
        lo = place_clock(day, clock, hint, date is not None)
    hi = lo + {Grain.HOUR: timedelta(hours=1), Grain.MINUTE: timedelta(minutes=1)}.get(
        clock.grain, timedelta(seconds=1)
    )
    return Piece(
        s,
        e,
        "final",
        lo,
        hi,
        clock.grain,
        Shape.INSTANT,
        hour=clock.hour,
        minute=clock.minute,
        mer=clock.mer or hint,
        pod=date.pod if date else clock.pod,
        weekday=bool(date and date.weekday),
    )


def as_final(p: Piece, ctx: Ctx) -> Piece:
    """Resolve a piece that stands alone: a part of day or clock time is taken on the reference day."""
    if p.kind == "pod":
        assert p.pod is not None
        return replace(ctx.with_pod(ctx.day(p.start, p.end, 0), p.pod), kind="final")
    if p.kind == "clock":
        return clock_final(None, p, ctx, p.start, p.end)
    if p.kind == "every":
        return p
    if p.holiday == "clock_range" and not ctx.past and p.lo is not None and p.hi is not None and p.hi <= ctx.now:
        day = timedelta(days=1)  # a clock range with no day is today's, or tomorrow's once it is over
        return replace(p, kind="final", lo=p.lo + day, hi=p.hi + day, holiday=None)
    return replace(p, kind="final") if p.kind != "final" else p
