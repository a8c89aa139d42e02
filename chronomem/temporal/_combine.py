"""Join neighbouring pieces into mentions: date + part of day + clock, ranges, open ends, recurrences.

Passes run in order over the pieces sorted by position; the joining and range passes apply the named
combination rules of :mod:`._joins`. The rules are shared by both languages; only connector words differ, and
they sit in one table here.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta

from ._calendar import cell, midnight, shift, truncate
from ._en_zones import apply_zones, attach_zones
from ._joins import JOINS, RANGE_ENDS
from ._pieces import FINER, Ctx, Piece, is_time
from ._placement import as_final
from ._values import Grain, Shape

__all__ = ["combine"]

_JOIN = re.compile(r"(?:'s)?[\s,，、的(（)）]*(?:(?:at|on|in the|in|of the|of|@|around|about|by|from|for)\s*)?$", re.I)
_FROM = re.compile(r"\s*from\s*", re.I)
_RANGE = re.compile(
    r"\s*(?:开始|起)?\s*(?:一直)?(?:到|至|~|～|-|–|—|to|through|thru|till|until|untill|til|and|(?:but|and)\s+before)\s*",
    re.I,
)
_RANGE_PRE = re.compile(r"(?:从|自|由|from|between|later\s+than)\s*$", re.I)
_BETWEEN = re.compile(r"between\s*$", re.I)
#: How far before a range its leading word is looked for (the word and the white space after it).
_NEAR = 40
_AFTER_PRE = re.compile(r"(?:自从|从|自|since|starting(?:\s+(?:from|on|in))?|from|as\s+of|after|beginning)\s*$", re.I)
_AFTER_SUF = re.compile(r"\s*(?:开始|起|以来|以后|之后|往后|后|onwards?|and\s+after|and\s+later)", re.I)
_BEFORE_PRE = re.compile(
    r"(?:until|untill|till|til|up\s+to|through|thru|before|截止到|截至|截止|直到|到|by|prior\s+to)\s*$", re.I
)
_BEFORE_SUF = re.compile(r"\s*(?:以前|之前|前|为止|or\s+earlier|and\s+before)", re.I)
_EVERY_PRE = re.compile(r"(?:每个|每|every|each)\s*$", re.I)
_AROUND_PRE = re.compile(r"(?:大约|大概|约|差不多|around|about|approximately|approx\.?|roughly|circa|~)\s*$", re.I)
_AROUND_SUF = re.compile(r"\s*(?:左右|前后|上下|ish|or\s+so)", re.I)
_INCLUSIVE = {
    "until",
    "untill",
    "till",
    "til",
    "up to",
    "through",
    "thru",
    "截止到",
    "截至",
    "截止",
    "直到",
    "到",
    "by",
    "为止",
}


def _join_pass(pieces: list[Piece], text: str, ctx: Ctx) -> list[Piece]:
    out: list[Piece] = []
    for p in pieces:
        gap = text[out[-1].end : p.start] if out else ""
        if out and (_JOIN.fullmatch(gap) or (p.holiday == "clock_range" and _FROM.fullmatch(gap))):
            merged = JOINS.combine(out[-1], p, ctx)
            if merged is not None:
                merged.zone = merged.zone or out[-1].zone or p.zone  # "4pm CET on Thursday"
                out[-1] = merged
                continue
        out.append(p)
    return out


def _range_pass(pieces: list[Piece], text: str, ctx: Ctx) -> list[Piece]:
    out: list[Piece] = []
    for p in pieces:
        if out and out[-1].kind != "every" and p.kind != "every" and not out[-1].ranged and not p.ranged:
            a = out[-1]
            gap = text[a.end : p.start]
            # the word just before the range ("from", "between"): searched in a bounded stretch before it, as
            # searching from the text's start for every piece took quadratic time
            near = max(0, a.start - _NEAR)
            pre = _RANGE_PRE.search(text, near, a.start)
            is_and = gap.strip().lower() == "and"
            if (
                _RANGE.fullmatch(gap)
                and (not is_and or _BETWEEN.search(text, near, a.start))
                and a.shape not in (Shape.OPEN_AFTER, Shape.OPEN_BEFORE)
                and p.shape not in (Shape.OPEN_AFTER, Shape.OPEN_BEFORE)
            ):
                sides = RANGE_ENDS.combine(a, p, ctx)
                if sides is not None:
                    left, right = (as_final(x, ctx) for x in sides)
                    if left.lo is not None and right.hi is not None and left.lo < right.hi:
                        start = pre.start() if pre is not None and pre.end() == a.start else a.start
                        g = left.grain if left.grain.rank <= right.grain.rank else right.grain
                        zone = a.zone or p.zone  # "9:30 - 11:00 CST": the zone holds for both ends
                        out[-1] = Piece(
                            start, p.end, "final", left.lo, right.hi, g, Shape.INTERVAL, ranged=True, zone=zone
                        )
                        continue
        out.append(p)
    return out


def _open_pass(pieces: list[Piece], text: str, ctx: Ctx) -> list[Piece]:
    out: list[Piece] = []
    for i, raw in enumerate(pieces):
        p = as_final(raw, ctx)
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
        f = as_final(p, ctx)
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


_ANCHOR = re.compile(
    r"\s*(?:(?P<after>from|after|later\s+than|(?P<start>starting|beginning)(?:\s+(?:from|at|on))?)|"
    r"(?P<before>before|prior\s+to|earlier\s+than))\s*",
    re.I,
)


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
            and (prev.lasting or m["start"] is None)  # "for 30 mins starting at 4pm": only a length starts
        ):
            after = m["after"] is not None
            anchored = _nth_weekday(prev, after, p) if prev.lo is None else _anchored(prev, after, p, ctx)
            if anchored is not None:
                out[-1] = anchored
                continue
        out.append(p)
    return out


def _nth_weekday(count: Piece, after: bool, p: Piece) -> Piece | None:
    """ "the third Tuesday after Christmas 2014": the n-th such weekday strictly after (before) the date."""
    if not (p.kind == "date" and p.lo is not None and p.grain is Grain.DAY and count.day is not None):
        return None
    day = midnight(p.lo)
    step = 1 if after else -1
    first = day + timedelta(days=step * (((count.day - day.weekday()) * step - 1) % 7 + 1))
    lo = first + timedelta(days=7 * step * (int(count.amount) - 1))
    return Piece(count.start, p.end, "date", lo, lo + timedelta(days=1), Grain.DAY)


def _anchored(length: Piece, after: bool, p: Piece, ctx: Ctx) -> Piece | None:
    """ "3 days before Xmas" (a day), "15 minutes from 1pm" (a clock time, to the finer of the two grains),
    "for 10 days from 18th Dec", "for 30' starting from 4pm" (a stretch starting there, grain the length's)."""
    if p.kind == "clock" or (p.kind == "final" and is_time(p) and not p.ranged):
        t = as_final(p, ctx)
        assert t.lo is not None
        if length.lasting and after:
            hi = shift(t.lo, length.grain, length.amount)
            return Piece(length.start, p.end, "final", t.lo, hi, length.grain, Shape.INTERVAL, ranged=True)
        unit = length.grain if length.amount == int(length.amount) else FINER[length.grain]  # half an hour: minutes
        grain = unit if unit.rank < t.grain.rank else t.grain
        lo = truncate(shift(t.lo, length.grain, (1 if after else -1) * length.amount), grain)
        return Piece(length.start, p.end, "final", lo, shift(lo, grain, 1), grain)
    if not (p.kind == "date" and p.lo is not None and p.grain.rank <= Grain.DAY.rank):
        return None
    if length.lasting and after:
        hi = shift(p.lo, length.grain, length.amount)
        return Piece(length.start, p.end, "final", p.lo, hi, p.grain, Shape.INTERVAL, ranged=True)
    lo = shift(p.lo, length.grain, (1 if after else -1) * length.amount)
    grain = Grain.DAY if length.grain.rank >= Grain.DAY.rank else p.grain
    lo = truncate(lo, grain)
    return Piece(length.start, p.end, "date", lo, shift(lo, grain, 1), grain)


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
    pieces = _anchor_pass(_join_pass(attach_zones(pieces, text), text, ctx), text, ctx)
    pieces = _every_pass(pieces, text, ctx)
    pieces = apply_zones(_range_pass(pieces, text, ctx), ctx)
    pieces = [_rolled(p, ctx) for p in _open_pass(pieces, text, ctx)]
    return _around_pass(pieces, text)
