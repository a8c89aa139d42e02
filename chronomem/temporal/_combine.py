"""Join neighbouring pieces into mentions: date + part of day + clock, ranges, open ends, recurrences.

The rules are shared by both languages; only connector words differ, and they sit in one table here.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta

from ._calendar import cell, midnight, shift, truncate
from ._model import Grain, Shape
from ._pieces import FINER, POD, Ctx, Mer, Piece, is_time

__all__ = ["combine", "place_clock"]

_JOIN = re.compile(r"[\s,，、的(（)）]*(?:(?:at|on|in the|in|of|@|around|about|by|from|for)\s*)?$", re.I)
_FROM = re.compile(r"\s*from\s*", re.I)
_RANGE = re.compile(r"\s*(?:开始|起)?\s*(?:一直)?(?:到|至|~|～|-|–|—|to|through|thru|till|until|til|and)\s*", re.I)
_RANGE_PRE = re.compile(r"(?:从|自|由|from|between)\s*$", re.I)
_BETWEEN = re.compile(r"between\s*$", re.I)
_AFTER_PRE = re.compile(r"(?:自从|从|自|since|starting(?:\s+(?:from|on|in))?|from|as\s+of|after|beginning)\s*$", re.I)
_AFTER_SUF = re.compile(r"\s*(?:开始|起|以来|以后|之后|往后|后|onwards?|and\s+after|and\s+later)", re.I)
_BEFORE_PRE = re.compile(r"(?:until|till|til|up\s+to|before|截止到|截至|截止|直到|到|by|prior\s+to)\s*$", re.I)
_BEFORE_SUF = re.compile(r"\s*(?:以前|之前|前|为止|or\s+earlier|and\s+before)", re.I)
_EVERY_PRE = re.compile(r"(?:每个|每|every|each)\s*$", re.I)
_AROUND_PRE = re.compile(r"(?:大约|大概|约|差不多|around|about|approximately|approx\.?|roughly|circa|~)\s*$", re.I)
_AROUND_SUF = re.compile(r"\s*(?:左右|前后|上下|ish|or\s+so)", re.I)
_INCLUSIVE = {"until", "till", "til", "up to", "截止到", "截至", "截止", "直到", "到", "by", "为止"}


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


def _clock_final(date: Piece | None, clock: Piece, ctx: Ctx, s: int, e: int) -> Piece:
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


def _reanchor(p: Piece, ctx: Ctx, year: int | None, month: int | None) -> Piece | None:
    if p.season is not None and year is not None:
        return ctx.season(p.start, p.end, year, p.season)
    if p.holiday is not None and year is not None:
        from ._holidays import holiday_piece

        return holiday_piece(ctx, p.start, p.end, p.holiday, year)
    if not p.anchorable:
        return None
    y = year if year is not None else (p.year if p.year is not None else None)
    m = month if p.month is None else p.month
    if p.month is None and month is None:
        return None
    return ctx.ymd(p.start, p.end, y, m, p.day)


def _shift_range(day: Piece, rng: Piece, s: int, e: int, ctx: Ctx) -> Piece:
    assert day.lo is not None and rng.lo is not None and rng.hi is not None
    delta = midnight(day.lo) - ctx.today
    return rng.moved(s, e, lo=rng.lo + delta, hi=rng.hi + delta, kind="final", holiday=None)


def _merge(a: Piece, b: Piece, ctx: Ctx) -> Piece | None:
    s, e = a.span(b)
    if a.kind == "date" and a.grain is Grain.DAY and a.shape is Shape.INSTANT and b.holiday == "clock_range":
        return _shift_range(a, b, s, e, ctx)
    if b.kind == "date" and b.grain is Grain.DAY and b.shape is Shape.INSTANT and a.holiday == "clock_range":
        return _shift_range(b, a, s, e, ctx)
    if a.kind == "year" and b.kind == "date" and (b.anchorable or b.season is not None or b.holiday):
        r = _reanchor(b, ctx, a.year, None)
        return None if r is None else r.moved(s, e, year=a.year, anchorable=False)
    if a.kind == "date" and a.grain is Grain.MONTH and b.kind == "date" and b.anchorable and b.month is None:
        assert a.lo is not None
        r = _reanchor(b, ctx, a.lo.year, a.lo.month)
        return None if r is None else r.moved(s, e, anchorable=False)
    if b.kind == "date" and b.grain is Grain.MONTH and a.kind == "date" and a.anchorable and a.month is None:
        assert b.lo is not None
        r = _reanchor(a, ctx, b.lo.year, b.lo.month)
        return None if r is None else r.moved(s, e, anchorable=False)
    if a.kind == "date" and a.grain is Grain.DAY and a.shape is Shape.INSTANT and b.kind == "pod":
        assert b.pod is not None
        return ctx.with_pod(a, b.pod).moved(s, e)
    if (
        a.kind == "date"
        and (a.grain is Grain.DAY or a.pod is not None)
        and b.kind == "clock"
        and a.shape in (Shape.INSTANT, Shape.INTERVAL)
    ):
        if a.shape is Shape.INTERVAL and a.pod is None:
            return None
        return _clock_final(a, b, ctx, s, e)
    if (
        a.kind == "clock"
        and b.kind == "date"
        and (b.grain is Grain.DAY or b.pod is not None)
        and (b.shape is Shape.INSTANT or b.pod)
    ):
        return _clock_final(b, a, ctx, s, e)
    if (
        a.kind == "final"
        and a.weekday
        and is_time(a)
        and b.kind == "date"
        and (b.grain is Grain.DAY and not b.weekday and b.shape is Shape.INSTANT)
    ):
        assert a.lo is not None and a.hi is not None and b.lo is not None
        delta = midnight(b.lo) - midnight(a.lo)
        return a.moved(s, e, lo=a.lo + delta, hi=a.hi + delta, weekday=False)
    if a.kind == "pod" and b.kind == "date" and b.grain is Grain.DAY and b.shape is Shape.INSTANT:
        assert a.pod is not None
        return ctx.with_pod(b, a.pod).moved(s, e)
    if a.kind == "pod" and b.kind == "clock" and b.pod is None:
        return b.moved(s, e, pod=a.pod, mer=b.mer or a.mer)
    if a.kind == "clock" and b.kind == "pod" and a.pod is None:
        return a.moved(s, e, pod=b.pod, mer=a.mer or b.mer)
    if a.holiday == "week_of" and b.kind == "date" and b.grain is Grain.DAY and b.lo is not None:
        return ctx.cell(s, e, b.lo, Grain.WEEK)
    if a.kind == "date" and a.grain is Grain.WEEK and b.kind == "date" and b.weekday:
        assert a.lo is not None and b.lo is not None
        return ctx.day(s, e, (a.lo - ctx.today).days + b.lo.weekday(), weekday=True)
    if b.kind == "date" and b.grain is Grain.WEEK and a.kind == "date" and a.weekday:
        assert a.lo is not None and b.lo is not None
        return ctx.day(s, e, (b.lo - ctx.today).days + a.lo.weekday(), weekday=True)
    if a.kind == "date" and b.kind == "date" and a.weekday and b.grain is Grain.DAY and not b.weekday:
        return _on_weekday(b, a, ctx).moved(s, e, anchorable=False)
    if a.kind == "date" and b.kind == "date" and b.weekday and a.grain is Grain.DAY and not a.weekday:
        return _on_weekday(a, b, ctx).moved(s, e, anchorable=False)
    return None


def _on_weekday(date: Piece, wd: Piece, ctx: Ctx) -> Piece:
    """ "Fri, Jul 18": a date without a year falls in the first year from the reference's on which it is that
    weekday (as in Duckling); "Sunday, Feb 10" stays in the reference's year even when already past."""
    if date.year is not None or date.month is None or date.day is None or date.lo is None or wd.lo is None:
        return date
    if date.lo.weekday() == wd.lo.weekday():
        return date
    for year in range(ctx.now.year, ctx.now.year + 28):
        try:
            d = datetime(year, date.month, date.day)
        except ValueError:
            continue
        if d.weekday() == wd.lo.weekday():
            return replace(date, lo=d, hi=d + timedelta(days=1))
    return date


def _join_pass(pieces: list[Piece], text: str, ctx: Ctx) -> list[Piece]:
    out: list[Piece] = []
    for p in pieces:
        gap = text[out[-1].end : p.start] if out else ""
        if out and (_JOIN.fullmatch(gap) or (p.holiday == "clock_range" and _FROM.fullmatch(gap))):
            merged = _merge(out[-1], p, ctx)
            if merged is not None:
                out[-1] = merged
                continue
        out.append(p)
    return out


def _as_final(p: Piece, ctx: Ctx) -> Piece:
    """Resolve a piece that stands alone: a part of day or clock time is taken on the reference day."""
    if p.kind == "pod":
        assert p.pod is not None
        return replace(ctx.with_pod(ctx.day(p.start, p.end, 0), p.pod), kind="final")
    if p.kind == "clock":
        return _clock_final(None, p, ctx, p.start, p.end)
    if p.kind == "every":
        return p
    return replace(p, kind="final") if p.kind != "final" else p


def _range_sides(a: Piece, b: Piece, ctx: Ctx) -> tuple[Piece, Piece] | None:
    """Fill in what the right side leaves out from the left one (and am/pm from right to left)."""
    if a.kind == "clock" and b.kind == "final" and b.lo is not None and is_time(b):
        b_day = Piece(a.start, a.end, "date", midnight(b.lo), midnight(b.lo) + timedelta(days=1), Grain.DAY)
        return _clock_final(b_day, a, ctx, a.start, a.end), b
    if (a.kind == "clock" and b.kind == "clock") or (a.kind in ("date", "final") and b.kind == "clock"):
        if a.kind == "clock" and a.mer is None and b.mer in ("pm", "am") and not a.h24:
            a = replace(a, mer=b.mer if a.hour <= b.hour or a.hour == 12 else ("am" if b.mer == "pm" else "pm"))
        bare = a.kind == "clock"
        if bare:  # a clock range with no day: today's, or tomorrow's once it is over ("9:30 to 11:00")
            today = Piece(a.start, a.end, "date", ctx.today, ctx.today + timedelta(days=1), Grain.DAY)
            a = _clock_final(today if a.pod is None else None, a, ctx, a.start, a.end)
        hint = a.mer if a.mer in ("pm", "night", "noon") else None
        a_day = a.lo if a.lo is not None else ctx.today
        on = Piece(a.start, a.end, "date", midnight(a_day), midnight(a_day) + timedelta(days=1), Grain.DAY)
        b2 = _clock_final(on, b, ctx, b.start, b.end)
        if b.mer is None and not b.h24:
            assert b2.lo is not None
            lo = place_clock(a_day, b, hint, True)
            b2 = replace(b2, lo=lo, hi=lo + (b2.hi - b2.lo if b2.hi is not None else timedelta(0)))
        if b2.lo is not None and a.lo is not None and midnight(b2.lo) != midnight(a.lo) and b2.lo.hour < 12:
            delta = midnight(a.lo) - midnight(b2.lo)
            b2 = replace(b2, lo=b2.lo + delta, hi=None if b2.hi is None else b2.hi + delta)
        if bare and not ctx.past and b2.hi is not None and b2.hi <= ctx.now and a.lo is not None and b2.lo:
            day = timedelta(days=1)
            a, b2 = replace(a, lo=a.lo + day, hi=a.hi and a.hi + day), replace(b2, lo=b2.lo + day, hi=b2.hi + day)
        return a, b2
    if a.weekday and b.weekday and a.lo is not None and b.lo is not None and b.lo < a.lo and b.hi is not None:
        week = timedelta(days=7)  # "周一到周五" said on a Wednesday: next Monday to the Friday after it
        return a, replace(b, lo=b.lo + week, hi=b.hi + week)
    if b.kind == "date" and b.anchorable and b.month is None and a.kind == "date" and a.lo is not None:
        r = _reanchor(b, ctx, a.lo.year, a.lo.month)
        return (a, r) if r is not None else None
    if a.kind == "date" and a.anchorable and a.month is None and b.kind == "date" and b.lo is not None:
        r = _reanchor(a, ctx, b.lo.year, b.lo.month)
        return (r, b) if r is not None else None
    return _as_final(a, ctx), _as_final(b, ctx)


def _range_pass(pieces: list[Piece], text: str, ctx: Ctx) -> list[Piece]:
    out: list[Piece] = []
    for p in pieces:
        if out and out[-1].kind != "every" and p.kind != "every" and not out[-1].ranged and not p.ranged:
            a = out[-1]
            gap = text[a.end : p.start]
            pre = _RANGE_PRE.search(text, 0, a.start)
            is_and = gap.strip().lower() == "and"
            if (
                _RANGE.fullmatch(gap)
                and (not is_and or _BETWEEN.search(text, 0, a.start))
                and a.shape not in (Shape.OPEN_AFTER, Shape.OPEN_BEFORE)
                and p.shape not in (Shape.OPEN_AFTER, Shape.OPEN_BEFORE)
            ):
                sides = _range_sides(a, p, ctx)
                if sides is not None:
                    left, right = (_as_final(x, ctx) for x in sides)
                    if left.lo is not None and right.hi is not None and left.lo < right.hi:
                        start = pre.start() if pre is not None and pre.end() == a.start else a.start
                        g = left.grain if left.grain.rank <= right.grain.rank else right.grain
                        out[-1] = Piece(start, p.end, "final", left.lo, right.hi, g, Shape.INTERVAL, ranged=True)
                        continue
        out.append(p)
    return out


def _open_pass(pieces: list[Piece], text: str, ctx: Ctx) -> list[Piece]:
    out: list[Piece] = []
    for i, raw in enumerate(pieces):
        p = _as_final(raw, ctx)
        if p.kind == "every" or p.ranged or p.lo is None or p.hi is None:
            out.append(p)
            continue
        lo_bound = out[-1].end if out else 0
        hi_bound = pieces[i + 1].start if i + 1 < len(pieces) else len(text)
        after_pre = _AFTER_PRE.search(text, lo_bound, p.start)
        before_pre = _BEFORE_PRE.search(text, lo_bound, p.start)
        after_suf = _AFTER_SUF.match(text, p.end, hi_bound)
        before_suf = _BEFORE_SUF.match(text, p.end, hi_bound)
        fine = is_time(p)
        if after_pre is not None or (after_suf is not None and before_pre is None):
            word = after_pre.group(0).strip().lower() if after_pre is not None else ""
            suffix = after_suf.group(0).strip() if after_suf is not None else ""
            later = word.startswith("after") or suffix in ("以后", "之后", "后", "往后")
            begin = p.hi if later and not fine else p.lo
            grain = p.grain
            if p.shape is Shape.DURATION and p.hi is not None:  # "after 5 days": from 5 days on, to the hour
                grain = FINER[p.grain]
                begin = truncate(p.hi, grain)
            s = after_pre.start() if after_pre is not None else p.start
            e = after_suf.end() if after_suf is not None else p.end
            out.append(Piece(s, e, "final", begin, None, grain, Shape.OPEN_AFTER, ranged=True))
        elif before_pre is not None or before_suf is not None:
            word = before_pre.group(0).strip().lower() if before_pre is not None else ""
            suffix = before_suf.group(0).strip() if before_suf is not None else ""
            inclusive = word in _INCLUSIVE or suffix == "为止"
            end_at = p.hi if inclusive and not fine else p.lo
            s = before_pre.start() if before_pre is not None else p.start
            e = before_suf.end() if before_suf is not None else p.end
            out.append(Piece(s, e, "final", None, end_at, p.grain, Shape.OPEN_BEFORE, ranged=True))
        else:
            out.append(p)
    return out


def _around_pass(pieces: list[Piece], text: str) -> list[Piece]:
    out: list[Piece] = []
    for p in pieces:
        if p.kind == "final" and p.lo is not None and p.hi is not None and p.unc is None:
            pre = _AROUND_PRE.search(text, out[-1].end if out else 0, p.start)
            suf = _AROUND_SUF.match(text, p.end)
            if pre is not None or suf is not None:
                pad = timedelta(minutes=30) if is_time(p) else p.hi - p.lo
                p = replace(
                    p,
                    start=pre.start() if pre else p.start,
                    end=suf.end() if suf else p.end,
                    unc=(p.lo - pad, p.hi + pad),
                )
        out.append(p)
    return out


def _every_pass(pieces: list[Piece], text: str, ctx: Ctx) -> list[Piece]:
    """Recurring times: "每周一", "every day at 9", "每天早上". The interval is the next occurrence."""
    out: list[Piece] = []
    for p in pieces:
        prev = out[-1] if out else None
        if prev is not None and prev.kind == "every" and _JOIN.fullmatch(text[prev.end : p.start]):
            nxt = _next_occurrence(p, ctx)
            if nxt is not None:
                out[-1] = replace(nxt, start=prev.start, end=p.end, kind="final", shape=Shape.RECURRING, ranged=True)
                continue
        if p.kind == "date" and p.weekday and _EVERY_PRE.search(text, prev.end if prev else 0, p.start):
            m = _EVERY_PRE.search(text, prev.end if prev else 0, p.start)
            assert m is not None and p.lo is not None
            nxt = ctx.weekday(p.start, p.end, p.lo.weekday(), None, "this")
            if p.pod is not None:
                nxt = ctx.with_pod(nxt, p.pod)
            out.append(replace(nxt, start=m.start(), kind="final", shape=Shape.RECURRING, ranged=True))
            continue
        out.append(p)
    return [_every_alone(p, ctx) if p.kind == "every" else p for p in out]


def _next_occurrence(p: Piece, ctx: Ctx) -> Piece | None:
    if p.kind in ("pod", "clock"):
        f = _as_final(p, ctx)
        assert f.lo is not None and f.hi is not None
        if f.hi <= ctx.now:
            f = replace(f, lo=f.lo + timedelta(days=1), hi=f.hi + timedelta(days=1))
        return f
    if p.kind == "date" and p.weekday and p.lo is not None:
        return ctx.weekday(p.start, p.end, p.lo.weekday(), None, "this")
    if p.kind in ("final", "date") and p.lo is not None and (p.pod is not None or p.grain is Grain.DAY):
        return p
    return None


def _every_alone(p: Piece, ctx: Ctx) -> Piece:
    g = p.every or Grain.DAY
    lo, hi = cell(ctx.now, g)
    return Piece(p.start, p.end, "final", lo, hi, g, Shape.RECURRING, ranged=True)


_ANCHOR = re.compile(r"\s*(?:(?P<after>from|after|later\s+than)|(?P<before>before|prior\s+to|earlier\s+than))\s*", re.I)


def _anchor_pass(pieces: list[Piece], text: str, ctx: Ctx) -> list[Piece]:
    """Offsets from a named day: "a week from Monday", "two days after tomorrow", "3 days before Xmas"."""
    out: list[Piece] = []
    for p in pieces:
        prev = out[-1] if out else None
        m = _ANCHOR.fullmatch(text, prev.end, p.start) if prev is not None else None
        if (
            prev is not None
            and m is not None
            and prev.shape is Shape.DURATION
            and prev.amount
            and (p.kind == "date" and p.lo is not None and p.grain.rank <= Grain.DAY.rank)
        ):
            sign = 1 if m["after"] else -1
            lo = shift(p.lo, prev.grain, sign * prev.amount)
            grain = Grain.DAY if prev.grain.rank >= Grain.DAY.rank else p.grain
            lo = truncate(lo, grain)
            out[-1] = Piece(prev.start, p.end, "date", lo, shift(lo, grain, 1), grain)
            continue
        out.append(p)
    return out


def _rolled(p: Piece, ctx: Ctx) -> Piece:
    """A date without a year (or month) that lies wholly before today moves on to its next occurrence, as in
    Duckling ("the 1st" said on Feb 12 is March 1st; "in March" said in June is next March). A past-tense
    sentence keeps the reference's year and month ("I moved here in March")."""
    if not p.anchorable or p.shape is not Shape.INSTANT or p.lo is None or p.hi is None or p.hi > ctx.today:
        return p
    if ctx.past:
        return p
    day = midnight(p.lo)
    try:
        if p.day is not None and p.month is None:
            nxt = next(d for k in range(1, 13) if (d := _day_in(day, k, p.day)) is not None)
        else:
            nxt = day.replace(year=day.year + 1)
    except (StopIteration, ValueError):
        return p
    delta = nxt - day
    return replace(p, lo=p.lo + delta, hi=p.hi + delta)


def _day_in(d: datetime, months: int, day: int) -> datetime | None:
    y, m = divmod(d.month - 1 + months, 12)
    try:
        return datetime(d.year + y, m + 1, day)
    except ValueError:
        return None


def combine(pieces: list[Piece], text: str, ctx: Ctx) -> list[Piece]:
    """Pieces sorted by position -> final pieces (kind ``"final"``), one per mention."""
    pieces = _anchor_pass(_join_pass(pieces, text, ctx), text, ctx)
    pieces = _every_pass(pieces, text, ctx)
    pieces = _range_pass(pieces, text, ctx)
    pieces = [_rolled(p, ctx) for p in _open_pass(pieces, text, ctx)]
    return _around_pass(pieces, text)
